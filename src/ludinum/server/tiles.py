"""What a phone taps, drawn as HTML the same way in every game (issue 21): a card
(:func:`card_tile`), a hand of cards (:func:`card_choices`), the plain buttons
(:func:`plain_buttons`) and a seat's badge (:func:`badge`).

Written in Python rather than as Jinja macros because a phone's decision is drawn on every
move and its cards repeat from one move to the next: a card costs a dictionary lookup once
drawn (issue 19: these macros were most of a move's drawing). Every text goes out as a
template's would: French no-break spaces (``typography.finalize``), then escaped. The
templates call them as globals (``server/render.py``).

A card tile:

- ``pick``: the card is a button that picks it (then its target is tapped): ``data-card``;
- ``action``: the card is a button that plays this action (``data-action``), ``confirm``
  asks first (a mis-tap would cost the turn);
- neither: the card is only shown; ``idle`` greys it (nothing to do with it now).

``label`` is what a screen reader says for the button (the game's full sentence); ``note``
a word on where the card is (« dans ta main »).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache

from markupsafe import Markup

from ludinum.content.typography import NBSP, NNBSP, printed
from ludinum.engine import Action, CardFace, GameText
from ludinum.server import i18n
from ludinum.server.boards import glyph, seat_name

#: A decision as the templates receive it: the action, its label, its JSON for the button.
Choice = tuple[Action, str, str]

#: Distinct tiles remembered (a game's deck × the few ways a card is offered).
TILES_CACHE = 4096


@lru_cache(maxsize=TILES_CACHE, typed=True)
def card_tile(face: CardFace, seat: int | None = None, pick: str = "", action: str = "",
              confirm: str = "", label: str = "", count: int = 1, idle: bool = False,
              note: str = "", portrait_url: str = "") -> Markup:
    """The card ``face`` as a tile; ``portrait_url`` the address of its illustration (the
    caller's ``portrait(face.portrait)``, empty when it has none)."""
    tag = "button" if pick or action else "div"
    hidden = ' aria-hidden="true"' if label else ""
    parts = [f"<{tag}", ' type="button"' if tag == "button" else "",
             f' class="card-tile tone-{printed(face.tone)}', " act" if action else "",
             " pick" if pick else "", " idle" if idle else "", '"']
    if pick:
        parts.append(f' data-card="{printed(pick)}" aria-pressed="false"'
                     f' aria-controls="targets-{printed(pick)}"')
    if action:
        parts.append(f' data-seat="{printed(seat)}" data-action="{printed(action)}"')
    if confirm:
        parts.append(f' data-confirm="{printed(confirm)}"')
    parts.append(">")
    if label:
        parts.append(f'<span class="visually-hidden">{printed(label)}</span>')
    parts.append(f'<span class="card-top"{hidden}><span class="card-family">'
                 f'<span class="card-symbol" aria-hidden="true">{printed(face.symbol)}</span> '
                 f"{printed(face.family)}</span>")
    if face.value:
        parts.append(f' <span class="card-value">{printed(face.value)}</span>')
    parts.append("</span>")
    if face.portrait and portrait_url:
        parts.append(f'<img class="card-portrait" src="{printed(portrait_url)}" alt=""'
                     ' width="56" height="56">')
    parts.append(f'<span class="card-title"{hidden}>{printed(face.title)}')
    if count > 1:
        parts.append(f' <span class="card-count">× {printed(count)}</span>')
    parts.append("</span>")
    if face.text:
        parts.append(f'<span class="card-text"{hidden}>{printed(face.text)}</span>')
    if note:
        parts.append(f'<span class="card-note"{hidden}>{printed(note)}</span>')
    parts.append(f"</{tag}>")
    return Markup("".join(parts))


def _confirm_for(confirm: Mapping[str, str], kind: str) -> str:
    return confirm.get(kind, "") or ""


def plain_buttons(choices: Sequence[Choice], seat: int, primary_first: bool = False,
                  confirm: Mapping[str, str] | None = None) -> Markup:
    """The decisions a game does not draw as a thing to tap: one large button each, with
    the game's own label. ``primary_first``: the first is the expected move (larger).
    ``confirm`` maps an action kind to the question asked before it is sent (a mis-tap
    would cost the turn)."""
    if not choices:
        return Markup("")
    asked = confirm or {}
    rows = [_button(seat, data, label, _confirm_for(asked, action.kind),
                    i == 0 and primary_first) for i, (action, label, data) in enumerate(choices)]
    return Markup('<div class="buttons">\n' + "".join(rows) + "</div>\n")


@lru_cache(maxsize=TILES_CACHE)
def _button(seat: int, data: str, label: str, question: str, primary: bool) -> str:
    asks = f' data-confirm="{printed(question)}"' if question else ""
    return (f'  <button type="button" class="act{" primary" if primary else ""}"'
            f' data-seat="{printed(seat)}" data-action="{printed(data)}"{asks}>{printed(label)}'
            "</button>\n")


def card_choices(groups: Sequence[tuple[str, Sequence[Choice]]], text: GameText, seat: int,
                 idle: Sequence[str] = (), confirm: Mapping[str, str] | None = None, *,
                 lang: str, tile: Callable[..., Markup]) -> Markup:
    """The choices that each play one card, drawn as the hand (any game): a card with one
    choice is tapped to play it (its label says what happens, and a screen reader hears
    the game's sentence); a card with several is tapped, then what to do with it.
    ``groups`` is a list of (card id, [(action, label, data)…]); ``idle`` the other cards
    in hand; ``tile`` draws a card (``render.card_tile``: with its illustration)."""
    asked = confirm or {}
    hand = printed(i18n.gettext(lang, "Tes cartes"))
    out = [f'<div class="hand" role="group" aria-label="{hand}">\n']
    picked: list[tuple[str, CardFace, Sequence[Choice]]] = []
    for ident, group in groups:
        face = text.card_face(ident, lang)
        if face is None:
            raise ValueError(f"card {ident!r} has no face to draw")
        if len(group) == 1:
            action, label, data = group[0]
            played = tile(face, seat=seat, action=data, label=label, note=label,
                          confirm=_confirm_for(asked, action.kind))
            out.append(f"{played}\n")
        else:
            out.append(tile(face, pick=ident))
            picked.append((ident, face, group))
    for ident in idle:
        idle_face = text.card_face(ident, lang)
        if idle_face:
            out.append(tile(idle_face, idle=True))
    out.append("</div>\n")
    question = printed(i18n.gettext(lang, "que veux-tu en faire ?"))
    for ident, face, group in picked:
        title = printed(face.title)
        out.append(f'<div class="card-targets" id="targets-{printed(ident)}"'
                   f' data-for="{printed(ident)}" role="group" aria-label="{title}" hidden>\n'
                   f'  <p class="prompt" tabindex="-1">«{NNBSP}{title}{NNBSP}»{NBSP}: '
                   f"{question}</p>\n")
        out.extend(_button(seat, data, label, "", False) for _action, label, data in group)
        out.append("</div>\n")
    return Markup("".join(out))


def badge(seat: int, names: Sequence[str], lang: str) -> Markup:
    """A seat drawn in HTML as on the SVG boards: its colour always with its shape and
    number, then the nickname (``Joueur 2`` without one), so that no colour is needed to
    tell seats apart."""
    return _badge(seat, tuple(names), lang)


@lru_cache(maxsize=TILES_CACHE)
def _badge(seat: int, names: tuple[str, ...], lang: str) -> Markup:
    return Markup(f'<span class="seat-badge"><span class="seat-mark seat-c{seat % 7}"'
                  f' aria-hidden="true">{glyph(seat)}</span>'
                  f' <span class="seat-nick">{seat_name(names, seat, lang=lang)}</span></span>')
