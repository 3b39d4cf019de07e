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

__all__ = [
    "BOTS",
    "CONTENT",
    "ENCODING",
    "GAME",
    "HEADLINES",
    "SEARCH",
    "ContentKind",
    "GnouGame",
    "GnouState",
]
