"""Web Runners: race to the centre of four circles with movement, bridge, damage and
retro-damage cards (seed ``000_acb6c22c0a9b4f07.txt``, rulings W1-W17)."""

from __future__ import annotations

from collections.abc import Mapping

from ludinum.bots.base import Bot
from ludinum.content.schema import ContentKind
from ludinum.engine import State
from ludinum.engine.headline import Headline, even_share, metric
from ludinum.games.webrunners.bot import WebRunnersBot
from ludinum.games.webrunners.content import CONTENT as _CONTENT
from ludinum.games.webrunners.data import THEME_DATA, card_message, theme_texts
from ludinum.games.webrunners.encoding import ENCODING
from ludinum.games.webrunners.game import WebRunnersGame
from ludinum.games.webrunners.search import SEARCH

GAME = WebRunnersGame()
BOTS: dict[str, type[Bot]] = {"heuristic": WebRunnersBot}
CONTENT: list[ContentKind] = list(_CONTENT)


def _first_player_wins(_state: State, metrics: Mapping[str, float]) -> float:
    """The player who moves first (drawn by the first-player questions, W15) wins."""
    return 1.0 if metrics["winner_order"] == 0 else 0.0


#: What the balance lab reports first (ludinum.engine.headline).
HEADLINES: tuple[Headline, ...] = (
    Headline("first_player_win", "victoire du premier joueur", "first player's win rate",
             _first_player_wins, fair=even_share),
    Headline("turns", "durée (manches)", "game length (rounds)", metric("turns"),
             kind="mean"),
    Headline("capped", "parties arrêtées à la limite", "games stopped at the cap",
             metric("capped")),
)

__all__ = [
    "BOTS",
    "CONTENT",
    "ENCODING",
    "GAME",
    "HEADLINES",
    "SEARCH",
    "THEME_DATA",
    "WebRunnersBot",
    "card_message",
    "theme_texts",
]
