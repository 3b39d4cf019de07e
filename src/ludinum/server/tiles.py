"""One card drawn as HTML, the same way in every game's hand and on the table (issue 21).

Written in Python rather than as a Jinja macro because a phone's hand is drawn on every
move and its cards repeat from one move to the next: a card costs a dictionary lookup once
drawn (issue 19: the hand's macro calls were a fifth of a move's drawing). Every text goes
out as a template's would: French no-break spaces (``typography.finalize``), then escaped.

- ``pick``: the card is a button that picks it (then its target is tapped): ``data-card``;
- ``action``: the card is a button that plays this action (``data-action``), ``confirm``
  asks first (a mis-tap would cost the turn);
- neither: the card is only shown; ``idle`` greys it (nothing to do with it now).

``label`` is what a screen reader says for the button (the game's full sentence); ``note``
a word on where the card is (« dans ta main »).
"""

from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup, escape

from ludinum.content.typography import finalize
from ludinum.engine import CardFace

#: Distinct tiles remembered (a game's deck × the few ways a card is offered).
TILES_CACHE = 4096


def _out(value: object) -> str:
    """``value`` as ``{{ value }}`` prints it in a template (spaced, then escaped)."""
    return str(escape(finalize(value)))


@lru_cache(maxsize=TILES_CACHE, typed=True)
def card_tile(face: CardFace, seat: int | None = None, pick: str = "", action: str = "",
              confirm: str = "", label: str = "", count: int = 1, idle: bool = False,
              note: str = "", portrait_url: str = "") -> Markup:
    """The card ``face`` as a tile; ``portrait_url`` the address of its illustration (the
    caller's ``portrait(face.portrait)``, empty when it has none)."""
    tag = "button" if pick or action else "div"
    hidden = ' aria-hidden="true"' if label else ""
    parts = [f"<{tag}", ' type="button"' if tag == "button" else "",
             f' class="card-tile tone-{_out(face.tone)}', " act" if action else "",
             " pick" if pick else "", " idle" if idle else "", '"']
    if pick:
        parts.append(f' data-card="{_out(pick)}" aria-pressed="false"'
                     f' aria-controls="targets-{_out(pick)}"')
    if action:
        parts.append(f' data-seat="{_out(seat)}" data-action="{_out(action)}"')
    if confirm:
        parts.append(f' data-confirm="{_out(confirm)}"')
    parts.append(">")
    if label:
        parts.append(f'<span class="visually-hidden">{_out(label)}</span>')
    parts.append(f'<span class="card-top"{hidden}><span class="card-family">'
                 f'<span class="card-symbol" aria-hidden="true">{_out(face.symbol)}</span> '
                 f"{_out(face.family)}</span>")
    if face.value:
        parts.append(f' <span class="card-value">{_out(face.value)}</span>')
    parts.append("</span>")
    if face.portrait and portrait_url:
        parts.append(f'<img class="card-portrait" src="{_out(portrait_url)}" alt=""'
                     ' width="56" height="56">')
    parts.append(f'<span class="card-title"{hidden}>{_out(face.title)}')
    if count > 1:
        parts.append(f' <span class="card-count">× {_out(count)}</span>')
    parts.append("</span>")
    if face.text:
        parts.append(f'<span class="card-text"{hidden}>{_out(face.text)}</span>')
    if note:
        parts.append(f'<span class="card-note"{hidden}>{_out(note)}</span>')
    parts.append(f"</{tag}>")
    return Markup("".join(parts))
