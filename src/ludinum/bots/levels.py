"""Bot levels for the web app and the CLI, built for each game from its heuristic bot.

=========  ==============================================  =============
level      play                                            quiz accuracy
=========  ==============================================  =============
random     uniform among the legal actions                 (random)
easy       the heuristic, but a random move 30 % of times  0.5
medium     the game's heuristic bot (alias ``heuristic``)  0.7
hard       ISMCTS guided by the heuristic (budget below)   0.8
expert     the same with four times the search (Hacker:    0.9
           also guesses by deduction, ``quick_kinds``)
=========  ==============================================  =============

Search budgets (hard / expert): Gnou 200 / 800 ISMCTS iterations; Hacker and Voleur 100 / 400
rollouts of the paired root search (``IsmctsBot`` with ``mode="paired"``); Web Runners 100 /
200 rollouts, the expert's twice as long (the same four times the simulated actions).

The quiz accuracy is the probability of answering a quiz right (``knows_answer``); it can
be overridden per bot (``make_bot(..., quiz_accuracy=…)``, ``--quiz-accuracy``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ludinum.bots.base import Bot, RandomBot
from ludinum.bots.evaluation import hacker_value, race_value, score_value
from ludinum.bots.ismcts import DELEGATED, IsmctsBot
from ludinum.engine import Action, Event, State

LEVELS = ("random", "easy", "medium", "hard", "expert")
ALIASES = {"heuristic": "medium"}
QUIZ_ACCURACY = {"easy": 0.5, "medium": 0.7, "hard": 0.8, "expert": 0.9}
EASY_NOISE = 0.3
#: (hard, expert) iteration budgets per game, chosen so that a decision stays well under a
#: second in class and each level beats the one below on a ladder a session can play
#: (measured, docs/bots.md).
ITERATIONS: dict[str, tuple[int, int]] = {
    "gnou": (200, 800), "webrunners": (100, 200), "hacker": (100, 400), "voleur": (100, 400),
}
DEFAULT_ITERATIONS = (100, 400)


def iterations_for(game: str) -> tuple[int, int]:
    return ITERATIONS.get(game, DEFAULT_ITERATIONS)


#: Search settings per game (measured, see docs/bots.md). Gnou's games are short: tree
#: search, full rollouts with the heuristic bot. The competitive games: the paired root
#: search (common random numbers, heuristic rollouts for every seat, cut after ``depth``
#: actions and valued by the game's evaluation), which leaves the heuristic's move only on
#: clear evidence.
PAIRED: dict[str, Any] = {"mode": "paired", "default_rollout": "policy", "margin": 0.0}
TUNING: dict[str, dict[str, Any]] = {
    "gnou": {"default_rollout": "policy", "default_depth": 400, "fresh_policy": False},
    "webrunners": {**PAIRED, "default_depth": 15,
                   "evaluate": lambda self, det: race_value(det)},
    "hacker": {**PAIRED, "default_depth": 15,
               "evaluate": lambda self, det: hacker_value(det, 3.0)},
    "voleur": {**PAIRED, "default_depth": 10,
               "evaluate": lambda self, det: score_value(det, 7.0)},
}
DEFAULT_TUNING: dict[str, Any] = {"default_rollout": "mixed", "default_depth": 30}
#: What ``expert`` changes besides the budget (ladders in docs/bots.md). Voleur: longer
#: rollouts (15 actions, about one round at 4 players): with ``hard``'s 10, four times the
#: rollouts gained +0.025 [−0.028, +0.078] over ``hard`` (300 games), not a level apart.
#: Hacker: four times the rollouts with the same evidence gate made more moves away from
#: the heuristic and lost to ``hard`` (−0.043 [−0.093, +0.008], 300 games): the rollouts'
#: model (memoryless opponents, owners drawn uniformly) was biased. ``z`` doubled keeps the
#: gain needed to leave the heuristic what it is for ``hard`` (the standard error halves);
#: its rollout bots start from its notes (``informed_rollouts``: simulated players drop on
#: the accounts that look rich, as real ones do). Neither made a level apart (≈ +0.015
#: over 1,200 games). What does: sound determinisations (``games/hacker/sampler.py``) and
#: guesses by deduction, the suspect most often guilty over 1,200 determinisations
#: (``quick_kinds``: valued two actions later, the theft and the thief's credit, with no
#: evidence gate), where ``hard`` keeps the heuristic's rule of thumb (docs/bots.md).
#: Web Runners: four times the rollouts lost
#: (−0.020 at ``z`` 1.5, −0.005 at 3, 200 games each); twice the rollouts, twice as long
#: (30 actions, the same number of simulated actions) and ``z`` = 1.5·√2 (the same gain
#: needed as ``hard``) beats it: +0.055 [−0.009, +0.119] then +0.075 [+0.011, +0.139]
#: (two runs of 200 games), +0.065 [+0.020, +0.110] over both.
EXPERT_TUNING: dict[str, dict[str, Any]] = {
    "voleur": {"default_depth": 15},
    "hacker": {"z": 3.0, "informed_rollouts": True, "quick_kinds": frozenset({"guess"}),
               "quick_depth": 2, "quick_iterations": 1200},
    "webrunners": {"z": 2.1, "default_depth": 30},
}
PRIOR = 0.5
MARGIN = 0.1


class NoisyBot(Bot):
    """A bot that plays like ``inner_cls`` but makes a random move with probability
    ``noise`` (quiz answers excepted: they follow the quiz accuracy)."""

    level = "easy"
    noise: ClassVar[float] = EASY_NOISE
    inner_cls: ClassVar[type[Bot]] = RandomBot

    def __init__(self, seed: int = 0, quiz_accuracy: float | None = None) -> None:
        super().__init__(seed, quiz_accuracy)
        self.inner = self.inner_cls(self.rng.getrandbits(63), self.quiz_accuracy)

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if (
            len(legal) > 1
            and not all(a.kind in DELEGATED for a in legal)
            and self.rng.random() < self.noise
        ):
            return legal[self.rng.randrange(len(legal))]
        return self.inner.choose(state, player)

    def observe(self, player: int, events: Sequence[Event]) -> None:
        self.inner.observe(player, events)


class _PolicyIsmcts(IsmctsBot):
    """ISMCTS whose policy bot also receives the seat's events (its notes help it answer
    delegated decisions the way the heuristic would)."""

    def observe(self, player: int, events: Sequence[Event]) -> None:
        self.policy.observe(player, events)


def level_classes(game: str, game_bots: Mapping[str, type[Bot]]) -> dict[str, type[Bot]]:
    """The bot class of every level for ``game``, from the bots the game exports
    (``{"heuristic": Cls}``); extra game-specific levels are kept after the standard ones."""
    heuristic = game_bots.get("heuristic", RandomBot)
    tuning = {**DEFAULT_TUNING, "prior": PRIOR, "margin": MARGIN, **TUNING.get(game, {})}
    hard_iterations, expert_iterations = iterations_for(game)
    prefix = "".join(part.capitalize() for part in game.split("_"))

    def named(suffix: str, base: type[Bot], attrs: dict[str, object]) -> type[Bot]:
        return type(f"{prefix}{suffix}", (base,), attrs)

    out: dict[str, type[Bot]] = {
        "random": RandomBot,
        "easy": named(
            "EasyBot",
            NoisyBot,
            {"level": "easy", "default_quiz_accuracy": QUIZ_ACCURACY["easy"],
             "inner_cls": heuristic},
        ),
        "medium": named(
            "MediumBot",
            heuristic,
            {"level": "medium", "default_quiz_accuracy": QUIZ_ACCURACY["medium"]},
        ),
        "hard": named(
            "HardBot",
            _PolicyIsmcts,
            {"level": "hard", "default_quiz_accuracy": QUIZ_ACCURACY["hard"],
             "policy_cls": heuristic, "default_iterations": hard_iterations, **tuning},
        ),
        "expert": named(
            "ExpertBot",
            _PolicyIsmcts,
            {"level": "expert", "default_quiz_accuracy": QUIZ_ACCURACY["expert"],
             "policy_cls": heuristic, "default_iterations": expert_iterations, **tuning,
             **EXPERT_TUNING.get(game, {})},
        ),
    }
    for name, cls in game_bots.items():
        if name not in out and name not in ALIASES:
            out[name] = cls
    return out


def canonical_level(level: str) -> str:
    """``heuristic`` is an alias of ``medium``."""
    return ALIASES.get(level, level)
