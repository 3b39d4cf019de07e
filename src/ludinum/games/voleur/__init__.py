"""Le Voleur de Données: one thief against 2 to 5 data managers (seed 004, rulings V1–V7)."""

from __future__ import annotations

from ludinum.bots.base import Bot
from ludinum.content.schema import ContentKind
from ludinum.games.voleur.bot import VoleurBot
from ludinum.games.voleur.deck import DECK_KIND
from ludinum.games.voleur.encoding import VoleurEncoding
from ludinum.games.voleur.game import VoleurGame
from ludinum.games.voleur.search import SEARCH

GAME = VoleurGame()
BOTS: dict[str, type[Bot]] = {"heuristic": VoleurBot}
CONTENT: list[ContentKind] = [DECK_KIND]
ENCODING = VoleurEncoding(GAME)

__all__ = [
    "BOTS",
    "CONTENT",
    "ENCODING",
    "GAME",
    "SEARCH",
    "VoleurBot",
    "VoleurGame",
]
