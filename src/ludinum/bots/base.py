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
from math import floor
from typing import ClassVar

from ludinum.engine import Action, Event, State, new_rng

#: What a bot draws from: a seed for a generator of its own (a live room's seat), or a
#: generator it shares with the other bots of its game, which draw from it in the order
#: they play (``ludinum simulate``: one generator seeded per game, not one per seat).
Seed = int | random.Random


def generator(seed: Seed) -> random.Random:
    """The generator a bot made with ``seed`` draws from."""
    return seed if isinstance(seed, random.Random) else new_rng(seed)


class Bot(ABC):
    level: ClassVar[str] = "bot"
    #: Probability of answering a quiz right (games with quizzes); ``None``: the bot's own.
    default_quiz_accuracy: ClassVar[float] = 0.7
    #: True when :meth:`choose` returns a forced move (the only legal action) at once,
    #: drawing nothing and noting nothing: a search's rollout then asks the bot directly
    #: instead of listing the legal actions first (the bot lists them itself).
    forced_at_once: ClassVar[bool] = False
    #: True for a bot that searches (up to some tenths of a second of CPU a move): a
    #: server has it think off its event loop (server/thinking.py). The others answer in
    #: microseconds (a heuristic: p99 under 0.5 ms in every game) and are asked on the loop.
    searches: ClassVar[bool] = False

    def __init__(self, seed: Seed = 0, quiz_accuracy: float | None = None) -> None:
        self.rng = generator(seed)
        self.quiz_accuracy = (
            self.default_quiz_accuracy if quiz_accuracy is None else float(quiz_accuracy)
        )

    @abstractmethod
    def choose(self, state: State, player: int) -> Action:
        """The action to take now for ``player`` (who is active in ``state``)."""

    def reset(self, seed: Seed) -> None:
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
    """Picks uniformly among the legal actions: one draw per decision, a forced move (one
    legal action) included, so that a seed plays the games it always played."""

    level = "random"

    def reset(self, seed: Seed) -> None:
        # Its generator is all it keeps from game to game (``generator(seed)``, inline: a
        # simulation resets every seat's bot before each game).
        self.rng = seed if isinstance(seed, random.Random) else new_rng(seed)

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        # ``floor`` is ``int`` for this non-negative float, at half the cost (once per move).
        return legal[floor(self.rng.random() * len(legal))]


def knows_answer(bot: Bot, right: int, choices: int, bonus: float = 0.0) -> int:
    """The bot's answer to a quiz: right with probability ``quiz_accuracy`` (+ ``bonus``),
    else one of the wrong choices. This accuracy model stands for the bot's knowledge and is
    the only place where a bot may use a question's answer key."""
    if bot.rng.random() < min(1.0, bot.quiz_accuracy + bonus) or choices < 2:
        return right
    wrong = bot.rng.randrange(choices - 1)
    return wrong if wrong < right else wrong + 1
