"""Le Voleur de Données: one thief against 2 to 5 data managers (seed 004, rulings V1–V7)."""

from __future__ import annotations

from collections.abc import Mapping

from ludinum.bots.base import Bot
from ludinum.content.schema import ContentKind
from ludinum.engine import State
from ludinum.engine.headline import Headline, even_share, metric
from ludinum.games.voleur.bot import VoleurBot
from ludinum.games.voleur.deck import DECK_KIND
from ludinum.games.voleur.encoding import VoleurEncoding
from ludinum.games.voleur.game import VoleurGame
from ludinum.games.voleur.search import SEARCH

GAME = VoleurGame()
BOTS: dict[str, type[Bot]] = {"heuristic": VoleurBot}
CONTENT: list[ContentKind] = [DECK_KIND]
ENCODING = VoleurEncoding(GAME)


def _proof_points(state: State, metrics: Mapping[str, float]) -> float:
    """The managers' proof points: ``foil_points`` per foiled attack (V7)."""
    return metrics["foiled"] * float(state.config.options["foil_points"])


#: What the balance lab reports first (ludinum.engine.headline). The thief is one seat of
#: n: a fair game gives him an even share, 1/n (a shared first place counts for him, V7).
HEADLINES: tuple[Headline, ...] = (
    Headline("thief_win", "victoire du voleur", "thief win rate", metric("thief_win"),
             fair=even_share),
    Headline("thief_points", "points de données volées", "data points stolen",
             metric("thief_score"), kind="mean"),
    Headline("proof_points", "points de preuve des gestionnaires", "managers' proof points",
             _proof_points, kind="mean"),
)

__all__ = [
    "BOTS",
    "CONTENT",
    "ENCODING",
    "GAME",
    "HEADLINES",
    "SEARCH",
    "VoleurBot",
    "VoleurGame",
]
