"""Le jeu du Gnou (April, CC BY-SA): cooperative, one pawn, dangers and protections."""

from ludinum.bots.base import Bot
from ludinum.content.schema import ContentKind
from ludinum.engine.headline import Headline, metric
from ludinum.games.gnou.bot import GnouBot
from ludinum.games.gnou.content import CONTENT
from ludinum.games.gnou.encoding import ENCODING
from ludinum.games.gnou.game import GAME, GnouGame
from ludinum.games.gnou.search import SEARCH
from ludinum.games.gnou.state import GnouState

BOTS: dict[str, type[Bot]] = {"heuristic": GnouBot}
#: What the balance lab reports first (ludinum.engine.headline).
HEADLINES: tuple[Headline, ...] = (
    Headline("team_win", "victoire de l'équipe", "team win rate", metric("win")),
)

#: The words of ``GnouState.metrics()`` keys in the lab's tables, (French, English).
METRIC_LABELS: dict[str, tuple[str, str]] = {
    "quizzes": ("quiz posés", "quizzes asked"),
    "quizzes_right": ("quiz réussis", "quizzes answered right"),
    "protections_gained": ("protections gagnées", "protections won"),
    "dangers_removed": ("dangers éliminés", "dangers removed"),
    "transmissions": ("transmissions de protection", "protections passed on"),
    "pushbacks": ("reculs du pion", "pawn pushed back"),
    "rerolls": ("relances (même danger, G6)", "rerolls (same danger, G6)"),
    "turns": ("tours", "turns"),
    "win": ("victoire de l'équipe", "team win"),
    "pawn": ("dernière case du pion", "pawn's last cell"),
}

__all__ = [
    "BOTS",
    "CONTENT",
    "ENCODING",
    "GAME",
    "HEADLINES",
    "METRIC_LABELS",
    "SEARCH",
    "ContentKind",
    "GnouGame",
    "GnouState",
]
