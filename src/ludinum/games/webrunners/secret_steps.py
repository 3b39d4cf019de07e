"""A step the table hears no event of, said from what the public views around it show
(``WebRunnersText.secret_step``, read by a replay): the kind of move, never a card the views
do not show.

* a green cell's discard (W5): one more card discarded, face down;
* a bridge begun (W3): the pawn on a bridge's entry, how many bridge cards are left to
  play; each card paid before the last, played face up (on top of the discard);
* White Hat's card shown while its value is chosen (W13: shown to everyone), or taken back
  (the power not spent);
* Geekcolo's search of the discard (W13): what the discard holds and what is picked stay
  the player's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ludinum.engine import counted

#: A card's printed name in a language, from its id (``text.plain_name``).
Title = Callable[[str, str], str]

_BRIDGE_CARDS = (("carte PONT", "cartes PONT"), ("bridge card", "bridge cards"))


def _pick(lang: str, fr: str, en: str) -> str:
    return en if lang == "en" else fr


def secret_line(before: Mapping[str, Any], after: Mapping[str, Any], who: str | None,
                lang: str, title: Title) -> str | None:
    """The step between the public views ``before`` and ``after`` in words, ``who`` acting
    (None: the table does not see who: « Un joueur »); None when the views show no kind of
    move this knows."""
    was, now = before.get("phase"), after.get("phase")
    pending = after.get("pending") or {}
    who = who or _pick(lang, "Un joueur", "A player")
    if was == now == "green":
        discarded = (before.get("pending") or {}).get("discarded") or 0
        if pending.get("discarded") == discarded + 1:
            return _pick(lang, f"{who} défausse une carte face cachée (case verte).",
                         f"{who} discards a card face down (green cell).")
        return None
    if now == "pay" and isinstance(pending.get("left"), int):
        n = int(pending["left"])
        left = counted(n, *_BRIDGE_CARDS, lang)
        more = f"{n} more {_BRIDGE_CARDS[1][n != 1]}"  # English: « 2 more bridge cards »
        if was != "pay":
            return _pick(lang, f"{who} va franchir un pont : {left} à jouer.",
                         f"{who} is about to cross a bridge: {left} to play.")
        card = _played(before, after)
        if card is None:
            return _pick(lang, f"{who} paie le pont avec une carte PONT : encore {left} à "
                         "jouer.", f"{who} pays the bridge with a bridge card: {more} to "
                         "play.")
        name = title(card, lang)
        return _pick(lang, f"{who} paie le pont avec « {name} » : encore {left} à jouer.",
                     f"{who} pays the bridge with “{name}”: {more} to play.")
    if now == "convert" and was != "convert" and pending.get("card") is not None:
        name = title(str(pending["card"]), lang)
        return _pick(lang, f"{who} montre la carte « {name} » (pouvoir White Hat) et choisit "
                     "ce qu'elle vaudra.", f"{who} shows the card “{name}” (White Hat power) "
                     "and chooses what it will count as.")
    if was == "convert" and now == "main":
        return _pick(lang, f"{who} renonce au pouvoir White Hat et reprend sa carte.",
                     f"{who} gives up the White Hat power and takes the card back.")
    if now == "geek" and was != "geek":
        return _pick(lang, f"{who} fouille la défausse (pouvoir Geekcolo).",
                     f"{who} searches the discard (Geekcolo power).")
    return None


def _played(before: Mapping[str, Any], after: Mapping[str, Any]) -> str | None:
    """The card the step put face up on the discard, as the public view shows it: one card
    more, its top shown; None otherwise."""
    size = before.get("discard_size")
    top = after.get("discard_top")
    if isinstance(size, int) and after.get("discard_size") == size + 1 and top is not None:
        return str(top)
    return None
