"""Hacker: hack the bank, sneak viruses onto the others' accounts, guess who attacked you.

Seed text ``002`` and rulings H1–H9; the rules as implemented are in
``docs/rules/hacker.md``.
"""

from __future__ import annotations

from collections.abc import Mapping

from ludinum.bots.base import Bot
from ludinum.content.schema import ContentKind
from ludinum.engine import State
from ludinum.engine.headline import Headline, even_share, seat_reward, seat_rewards
from ludinum.games.hacker.bot import HackerBot
from ludinum.games.hacker.content import LESSONS
from ludinum.games.hacker.encoding import ENCODING
from ludinum.games.hacker.game import GAME, HackerGame
from ludinum.games.hacker.search import SEARCH
from ludinum.games.hacker.state import HackerState

BOTS: dict[str, type[Bot]] = {"heuristic": HackerBot}
CONTENT: list[ContentKind] = [LESSONS]


def _first_player(state: State, _metrics: Mapping[str, float]) -> int:
    """The seat drawn to start the game (``state.first`` moves on every round, H5)."""
    assert isinstance(state, HackerState)
    return state.starter


#: What the balance lab reports first (ludinum.engine.headline): who ends the richest
#: (a shared first place is split, H9), by seat and for the player drawn to start.
HEADLINES: tuple[Headline, ...] = (
    Headline("richest", "le plus riche", "richest player", seat_rewards,
             per_seat=True, fair=even_share),
    Headline("first_player_win", "le premier joueur finit le plus riche",
             "first player ends richest", seat_reward(_first_player), fair=even_share),
)

#: The words of ``HackerState.metrics()`` keys in the lab's tables, (French, English).
METRIC_LABELS: dict[str, tuple[str, str]] = {
    "turns": ("manches", "rounds"),
    "drops": ("virus posés", "viruses dropped"),
    "noticed": ("poses remarquées (H4)", "drops noticed (H4)"),
    "guesses": ("accusations", "guesses"),
    "guesses_right": ("accusations justes", "right guesses"),
    "guess_accuracy": ("part d'accusations justes", "share of right guesses"),
    "thefts": ("billets pris par un hacker", "bills taken by a hacker"),
    "set_aside_empty": ("virus écartés (compte vide)", "viruses set aside (empty account)"),
    "set_aside_cryptage": ("virus écartés (cryptage)", "viruses set aside (cryptage)"),
    "own_virus": ("virus sur le compte de leur auteur (H6)",
                  "viruses on their owner's account (H6)"),
    "misdirected_credits": ("billets crédités sur le compte d'un autre",
                            "bills credited to another's account"),
    "self_drops": ("virus posés sur son propre compte (brouillage)",
                   "viruses dropped on one's own account (brouillage)"),
    "leader_changed_last_protection": ("le premier change à la dernière protection",
                                       "leader changed at the last protection"),
    "winner_score": ("score du gagnant", "winner's score"),
    "score_spread": ("écart entre premier et dernier", "gap between first and last"),
    "shared_win": ("victoire partagée", "shared win"),
}

__all__ = [
    "BOTS",
    "CONTENT",
    "ENCODING",
    "GAME",
    "HEADLINES",
    "METRIC_LABELS",
    "SEARCH",
    "HackerBot",
    "HackerGame",
    "HackerState",
]
