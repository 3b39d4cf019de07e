"""Web Runners: race to the centre of four circles with movement, bridge, damage and
retro-damage cards (seed ``000_acb6c22c0a9b4f07.txt``, rulings W1-W17)."""

from __future__ import annotations

from ludinum.bots.base import Bot
from ludinum.content.schema import ContentKind
from ludinum.games.webrunners.bot import WebRunnersBot
from ludinum.games.webrunners.content import CONTENT as _CONTENT
from ludinum.games.webrunners.data import THEME_DATA, card_message, theme_texts
from ludinum.games.webrunners.encoding import ENCODING
from ludinum.games.webrunners.game import WebRunnersGame
from ludinum.games.webrunners.search import SEARCH

GAME = WebRunnersGame()
BOTS: dict[str, type[Bot]] = {"heuristic": WebRunnersBot}
CONTENT: list[ContentKind] = list(_CONTENT)

__all__ = [
    "BOTS",
    "CONTENT",
    "ENCODING",
    "GAME",
    "SEARCH",
    "THEME_DATA",
    "WebRunnersBot",
    "card_message",
    "theme_texts",
]
