"""Bot levels for the web app and the CLI, built for each game from its heuristic bot.

=========  ==============================================  =============
level      play                                            quiz accuracy
=========  ==============================================  =============
random     uniform among the legal actions                 (random)
easy       the heuristic, but a random move 30 % of times  0.5
medium     the game's heuristic bot (alias ``heuristic``)  0.7
hard       ISMCTS guided by the heuristic (budget below)   0.8
expert     the same with four times the search (or what    0.9
           the game's settings say it changes)
=========  ==============================================  =============

This module knows no game: each game package declares its search budgets, its search
settings and its evaluation at the depth cap as :class:`SearchSettings` (``SEARCH``, next to
``BOTS``); the measures behind each game's values are given there and in docs/bots.md.

The quiz accuracy is the probability of answering a quiz right (``knows_answer``); it can
be overridden per bot (``make_bot(..., quiz_accuracy=…)``, ``--quiz-accuracy``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ludinum.bots.base import Bot, RandomBot, Seed
from ludinum.bots.ismcts import DELEGATED, IsmctsBot
from ludinum.engine import Action, Event, State

LEVELS = ("random", "easy", "medium", "hard", "expert")
#: A level's French name, the one the terminal lists (the pages say « au hasard »).
FRENCH_NAMES = {"random": "hasard", "easy": "facile", "medium": "moyen", "hard": "difficile"}


def level_word(level: str, lang: str) -> str:
    """A level as the terminal names it in ``lang``: « moyen » for ``medium`` in French."""
    return level if lang == "en" else FRENCH_NAMES.get(level, level)


#: Other names of the levels: ``heuristic`` for ``medium``, and the French names the pages
#: show (« au hasard », « facile », « moyen », « difficile ») typed on a command line.
ALIASES = {"heuristic": "medium", "au hasard": "random",
           **{french: level for level, french in FRENCH_NAMES.items()}}
QUIZ_ACCURACY = {"easy": 0.5, "medium": 0.7, "hard": 0.8, "expert": 0.9}
EASY_NOISE = 0.3
#: (hard, expert) iteration budgets of a game that declares none.
DEFAULT_ITERATIONS = (100, 400)
#: The paired root search (common random numbers, heuristic rollouts for every seat, cut
#: after ``depth`` actions and valued by the game's evaluation), which leaves the
#: heuristic's move only on clear evidence: the setting of the competitive games.
PAIRED: dict[str, Any] = {"mode": "paired", "default_rollout": "policy", "margin": 0.0}
#: Search settings of a game that declares none.
DEFAULT_TUNING: dict[str, Any] = {"default_rollout": "mixed", "default_depth": 30}
PRIOR = 0.5
MARGIN = 0.1

#: A state's value for every seat when a rollout stops at the depth cap (rewards in [0, 1]
#: summing to 1, read from what the determinised state shows).
Evaluation = Callable[[State], tuple[float, ...]]


@dataclass(frozen=True)
class SearchSettings:
    """How the ``hard`` and ``expert`` levels search one game, declared by the game.

    ``iterations``: the (hard, expert) budgets, chosen so that a decision stays well under a
    second in class and each level beats the one below on a ladder (docs/bots.md).
    ``tuning``: :class:`IsmctsBot` class attributes both levels use; ``expert``: what
    ``expert`` changes besides its budget. ``evaluate``: the value of a rollout cut by the
    depth cap (``None``: the provisional outcome, :func:`ludinum.bots.ismcts.provisional`).
    """

    iterations: tuple[int, int] = DEFAULT_ITERATIONS
    tuning: Mapping[str, Any] = field(default_factory=lambda: dict(DEFAULT_TUNING))
    expert: Mapping[str, Any] = field(default_factory=dict)
    evaluate: Evaluation | None = None

    def level_tuning(self, level: str) -> dict[str, Any]:
        """The class attributes of the ``hard`` or ``expert`` search bot."""
        hard, expert = self.iterations
        out: dict[str, Any] = {
            **DEFAULT_TUNING, "prior": PRIOR, "margin": MARGIN, **self.tuning,
            "default_iterations": hard if level == "hard" else expert,
        }
        evaluate = self.evaluate
        if evaluate is not None:

            def value(bot: IsmctsBot, det: State) -> tuple[float, ...]:
                return evaluate(det)

            out["evaluate"] = value
        if level == "expert":
            out.update(self.expert)
        return out


DEFAULT_SEARCH = SearchSettings()


class NoisyBot(Bot):
    """A bot that plays like ``inner_cls`` but makes a random move with probability
    ``noise`` (quiz answers excepted: they follow the quiz accuracy)."""

    level = "easy"
    noise: ClassVar[float] = EASY_NOISE
    inner_cls: ClassVar[type[Bot]] = RandomBot

    def __init__(self, seed: Seed = 0, quiz_accuracy: float | None = None) -> None:
        super().__init__(seed, quiz_accuracy)
        self.inner = self.inner_cls(self.rng, self.quiz_accuracy)  # one generator for both

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


def level_classes(
    game: str, game_bots: Mapping[str, type[Bot]], search: SearchSettings = DEFAULT_SEARCH
) -> dict[str, type[Bot]]:
    """The bot class of every level for ``game``, from the bots the game exports
    (``{"heuristic": Cls}``) and its search settings; extra game-specific levels are kept
    after the standard ones."""
    heuristic = game_bots.get("heuristic", RandomBot)
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
             "policy_cls": heuristic, **search.level_tuning("hard")},
        ),
        "expert": named(
            "ExpertBot",
            _PolicyIsmcts,
            {"level": "expert", "default_quiz_accuracy": QUIZ_ACCURACY["expert"],
             "policy_cls": heuristic, **search.level_tuning("expert")},
        ),
    }
    for name, cls in game_bots.items():
        if name not in out and name not in ALIASES:
            out[name] = cls
    return out


def canonical_level(level: str) -> str:
    """The level named ``level`` (:data:`ALIASES`: ``heuristic``, the French names)."""
    return ALIASES.get(level.strip().lower(), level)
