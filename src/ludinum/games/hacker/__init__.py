"""Hacker: hack the bank, sneak viruses onto the others' accounts, guess who attacked you.

Seed text ``002`` and rulings H1–H9; the rules as implemented are in
``docs/rules/hacker.md``.
"""

from __future__ import annotations

from ludinum.bots.base import Bot
from ludinum.content.schema import ContentKind
from ludinum.games.hacker.bot import HackerBot
from ludinum.games.hacker.encoding import ENCODING
from ludinum.games.hacker.game import GAME, HackerGame
from ludinum.games.hacker.lessons import LESSONS
from ludinum.games.hacker.search import SEARCH
from ludinum.games.hacker.state import HackerState

BOTS: dict[str, type[Bot]] = {"heuristic": HackerBot}
CONTENT: list[ContentKind] = [LESSONS]

__all__ = [
    "BOTS",
    "CONTENT",
    "ENCODING",
    "GAME",
    "SEARCH",
    "HackerBot",
    "HackerGame",
    "HackerState",
]
