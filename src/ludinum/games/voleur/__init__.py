"""Le Voleur de Données: one thief against 2 to 5 data managers (seed 004, rulings V1–V7)."""

from __future__ import annotations

from collections.abc import Mapping

from ludinum.bots.base import Bot
from ludinum.content.schema import ContentKind
from ludinum.engine import State
from ludinum.engine.headline import Headline, even_share, metric
from ludinum.games.voleur.bot import VoleurBot
from ludinum.games.voleur.content import DECK_KIND
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

#: The words of ``VoleurState.metrics()`` keys in the lab's tables, (French, English).
METRIC_LABELS: dict[str, tuple[str, str]] = {
    "turns": ("tours", "rounds"),
    "thief_win": ("victoire du voleur", "thief wins"),
    "thief_sole_win": ("victoire du voleur seul", "thief wins alone"),
    "shared_win": ("première place partagée", "shared first place"),
    "thief_score": ("score du voleur", "thief's score"),
    "best_manager_score": ("meilleur score d'un gestionnaire", "best manager's score"),
    "attacks": ("attaques jouées", "attacks played"),
    "foiled": ("attaques contrées", "attacks foiled"),
    "stolen_cards": ("cartes de données volées", "data cards stolen"),
    "thief_discards": ("défausses du voleur", "thief's discards"),
    "skipped_turns": ("tours passés (attaque subie)", "turns missed (attack suffered)"),
}


def content_metric_labels() -> dict[str, tuple[str, str]]:
    """The words of each attack card's own metrics (``played_<card>``, ``foiled_<card>``),
    by the card's name in the deck in use."""
    from ludinum.games.voleur.content import load_deck

    labels: dict[str, tuple[str, str]] = {}
    deck = load_deck()
    for index in deck.attacks:
        card = deck.cards[index]
        fr, en = card.name("fr"), card.name("en")
        labels[f"played_{card.id}"] = (f"« {fr} » jouée", f"“{en}” played")
        labels[f"foiled_{card.id}"] = (f"« {fr} » contrée", f"“{en}” foiled")
    return labels


__all__ = [
    "BOTS",
    "CONTENT",
    "ENCODING",
    "GAME",
    "HEADLINES",
    "METRIC_LABELS",
    "SEARCH",
    "VoleurBot",
    "VoleurGame",
]
