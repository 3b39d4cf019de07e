"""One protocol for every bot of every game.

A bot sees only what its seat may know: it reads ``state.view(player)`` and
``state.legal_actions(player)``, receives the events visible to its seat through
:meth:`Bot.observe`, and a search bot may call ``state.resample(player, rng)``. It never reads
another attribute of the true state.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar

from ludinum.engine import Action, Event, State, new_rng, reseed


class Bot(ABC):
    level: ClassVar[str] = "bot"
    #: Probability of answering a quiz right (games with quizzes); ``None``: the bot's own.
    default_quiz_accuracy: ClassVar[float] = 0.7
    #: True when :meth:`choose` returns a forced move (the only legal action) at once,
    #: drawing nothing and noting nothing: a search's rollout then asks the bot directly
    #: instead of listing the legal actions first (the bot lists them itself).
    forced_at_once: ClassVar[bool] = False

    def __init__(self, seed: int = 0, quiz_accuracy: float | None = None) -> None:
        self.rng = new_rng(seed)  # random.Random(seed), made for less (one per game)
        self.quiz_accuracy = (
            self.default_quiz_accuracy if quiz_accuracy is None else float(quiz_accuracy)
        )

    @abstractmethod
    def choose(self, state: State, player: int) -> Action:
        """The action to take now for ``player`` (who is active in ``state``)."""

    def reset(self, seed: int) -> None:
        """Get ready for a new game: from now on play exactly as a new bot
        ``type(self)(seed, self.quiz_accuracy)`` would, notes forgotten (the simulator
        keeps its bots from one game to the next)."""
        type(self).__init__(self, seed, self.quiz_accuracy)

    def observe(self, player: int, events: Sequence[Event]) -> None:
        """Events visible to ``player`` after any action; bots with memory keep notes."""

    def record(self, state: State, player: int, action: Action) -> None:
        """A move this seat made that :meth:`choose` did not pick (a search bot playing with
        this bot's notes, or trying a candidate in a rollout): bots with notes count it as
        their own. Default: nothing to note."""

    def fork(self, seed: int, player: int) -> Bot:
        """A new bot of the same kind for a search's simulated play from ``player``'s
        decision. By default it remembers nothing; a bot with notes passes on what
        ``player`` may know: its own notes for that seat, the public ones for every seat."""
        return type(self)(seed, self.quiz_accuracy)


class RandomBot(Bot):
    """Picks uniformly among the legal actions.

    Its generator is seeded only when it first has a real choice to make: seeding a
    Mersenne Twister costs ≈ 3.5 µs, as much as a quarter of a short game, and a simulation
    seeds one per seat and per game (its choices depend on its game's seed only). Until
    then every forced move (one legal action) is counted instead of drawn: its draw
    (``int(r * 1)`` is 0 for any ``r``) is made when the generator is seeded, so the bot
    draws the same stream and plays the same games as one seeded at once. A seat that
    only ever meets forced moves (a sixth of the seats in the shortest game) seeds
    nothing."""

    level = "random"

    def __init__(self, seed: int = 0, quiz_accuracy: float | None = None) -> None:
        self.quiz_accuracy = (
            self.default_quiz_accuracy if quiz_accuracy is None else float(quiz_accuracy)
        )
        self._seed = seed
        #: Forced moves taken before the generator was seeded: one draw each, owed.
        self._owed = 0
        #: The generator, once seeded for this game (``_live``); kept across ``reset`` to
        #: be seeded again in place (cheaper than a new one).
        self._gen: random.Random | None = None
        self._live = False

    @property
    def rng(self) -> random.Random:
        """The bot's generator, as seeded at once it would be now (seeded on first use)."""
        return self._gen if self._live and self._gen is not None else self._start()

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._gen, self._live, self._owed = value, True, 0

    def _start(self) -> random.Random:
        """Seed the generator and make the draws the forced moves so far owe."""
        gen = self._gen
        if gen is None:
            gen = self._gen = new_rng(self._seed)
        else:
            reseed(gen, self._seed)
        for _ in range(self._owed):
            gen.random()
        self._owed = 0
        self._live = True
        return gen

    def reset(self, seed: int) -> None:
        self._seed = seed  # its generator is all it keeps: seeded when first needed
        self._owed = 0
        self._live = False

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        gen = self._gen
        if not self._live or gen is None:
            if len(legal) == 1:
                self._owed += 1  # its draw picks index 0 whatever it is: owed, not made
                return legal[0]
            gen = self._start()
        return legal[int(gen.random() * len(legal))]


def knows_answer(bot: Bot, right: int, choices: int, bonus: float = 0.0) -> int:
    """The bot's answer to a quiz: right with probability ``quiz_accuracy`` (+ ``bonus``),
    else one of the wrong choices. This accuracy model stands for the bot's knowledge and is
    the only place where a bot may use a question's answer key."""
    if bot.rng.random() < min(1.0, bot.quiz_accuracy + bonus) or choices < 2:
        return right
    wrong = bot.rng.randrange(choices - 1)
    return wrong if wrong < right else wrong + 1
