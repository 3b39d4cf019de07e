"""The words that both the game's text and its terminal screen say: a seat as its colour,
an account, a sum of bills, the phases' names (so that the screen takes them from here,
not from the text that draws with the screen)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ludinum.engine.game import ELIDABLE, elides, with_word
from ludinum.games.hacker.base import COLOURS_EN, COLOURS_FR, COLOURS_RICH

#: « de Orange (J7) » as French writes it, « d'Orange (J7) »: a colour that starts with a
#: vowel, after the words the engine elides (:data:`ELIDABLE`, :func:`with_word`).
_ELIDED = "|".join(c.capitalize() for c in COLOURS_FR if elides(c))
_UNELIDED_RE = re.compile(r"\b" + ELIDABLE + r"(?P<colour>" + _ELIDED + r")(?= \(J[1-9]\))")
_ELIDED_RE = re.compile(r"\b([Dd]|[Qq]u)'(?=(?:" + _ELIDED + r") \(J[1-9]\))")


def elided(text: str, lang: str) -> str:
    """``text`` with « de » / « que » elided before a colour that needs it (French only)."""
    if lang == "en":
        return text
    return _UNELIDED_RE.sub(lambda m: with_word(m.group("word"), m.group("colour")), text)


def unelided(text: str) -> str:
    """``text`` with « d'Orange (J7) » back to « de Orange (J7) », for a nickname to take
    the colour's place with its own elision (« de Gus », « d'Inès »)."""
    return _ELIDED_RE.sub(r"\1e ", text)


def name(player: int | None, lang: str, markup: bool = False) -> str:
    """A seat as its colour, « Rouge (J1) »; with ``markup``, coloured for rich."""
    if player is None:
        return "?"
    colours = COLOURS_EN if lang == "en" else COLOURS_FR
    tag = "P" if lang == "en" else "J"
    plain = f"{colours[player].capitalize()} ({tag}{player + 1})"
    if not markup:
        return plain
    style = COLOURS_RICH[player]
    return f"[{style}]{plain}[/{style}]"


def listed(said: Sequence[str], lang: str) -> str:
    """« a », « a et b », « a, b et c » ("a, b and c")."""
    if len(said) == 1:
        return said[0]
    return ", ".join(said[:-1]) + (" and " if lang == "en" else " et ") + said[-1]


def account(k: int, lang: str) -> str:
    return f"account {k + 1}" if lang == "en" else f"compte {k + 1}"


def bills(values: list[int], lang: str, tight: bool = False) -> str:
    """An account's bills and their sum, « 3 + 2 = 5 »; ``tight`` « 3+2=5 » (the
    terminal's end table, where seven accounts share 80 columns)."""
    if not values:
        return "none" if lang == "en" else "aucun"
    if len(values) == 1:  # one bill: « 3 », not « 3 = 3 »
        return str(values[0])
    plus, equals = ("+", "=") if tight else (" + ", " = ")
    return plus.join(str(v) for v in values) + f"{equals}{sum(values)}"


#: The phases in words, one name per phase: the text's header line and the board's header
#: (games/hacker/web/board.js reads them from the game's kit: :meth:`HackerText.kit`).
_PHASES_FR = {
    "setup": "mise en place",
    "trip": "voyages à la banque",
    "credit": "voyages à la banque",
    "choose": "protection",
    "guess": "protection",
    "steal": "vol d'un billet",
    "loot": "vol d'un billet",
    "over": "partie finie",
}
_PHASES_EN = {
    "setup": "setting up",
    "trip": "trips to the bank",
    "credit": "trips to the bank",
    "choose": "protection",
    "guess": "protection",
    "steal": "a bill is stolen",
    "loot": "a bill is stolen",
    "over": "game over",
}


def phase_words(lang: str = "fr") -> dict[str, str]:
    """Each phase's name in ``lang``."""
    return dict(_PHASES_EN if lang == "en" else _PHASES_FR)
