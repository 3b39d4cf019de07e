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
#: What ``ludinum bench`` asks of its random play with ``apply`` (checked), actions/s
#: (issue 19).
CHECKED_ACTIONS_PER_S = 150_000


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

#: The words of ``WebRunnersState.metrics()`` keys in the lab's tables, (French, English).
METRIC_LABELS: dict[str, tuple[str, str]] = {
    "turns": ("manches", "rounds"),
    "player_turns": ("tours de joueur", "player turns"),
    "capped": ("arrêtée à la limite de tours", "stopped at the round limit"),
    "winner_seat": ("siège du gagnant (0 = le premier)", "winner's seat (0 = the first)"),
    "first_player": ("siège du premier joueur", "first player's seat"),
    "winner_order": ("rang du gagnant après le premier joueur",
                     "winner's place after the first player"),
    "bridges_1": ("ponts à 1 trait franchis", "1-bar bridges crossed"),
    "bridges_2": ("ponts à 2 traits franchis", "2-bar bridges crossed"),
    "bridges_3": ("ponts à 3 traits franchis", "3-bar bridges crossed"),
    "attacks": ("attaques jouées", "attacks played"),
    "retros": ("ripostes jouées", "retro-damage cards played"),
    "blocked": ("attaques bloquées", "attacks blocked"),
    "cancelled": ("actions d'une minute annulées", "one-minute actions cancelled"),
    "powers": ("pouvoirs utilisés", "powers used"),
}

__all__ = [
    "BOTS",
    "CHECKED_ACTIONS_PER_S",
    "CONTENT",
    "ENCODING",
    "GAME",
    "HEADLINES",
    "METRIC_LABELS",
    "SEARCH",
    "THEME_DATA",
    "WebRunnersBot",
    "card_message",
    "theme_texts",
]
