"""The random bot seeds its generator at its first real choice: same draws, same games."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from ludinum.bots.base import RandomBot
from ludinum.engine import Action

ACTIONS = tuple(Action.make("pick", choice=i) for i in range(5))


class Menu:
    """A stand-in state whose legal list has the given sizes, one per decision."""

    def __init__(self, sizes: Sequence[int]) -> None:
        self.sizes = list(sizes)

    def legal_actions(self, player: int) -> Sequence[Action]:
        return ACTIONS[: self.sizes.pop(0)]


def eager_choices(seed: int, sizes: Sequence[int]) -> list[Action]:
    """What a bot seeded at once picks: one draw per decision, forced or not."""
    rng = random.Random(seed)
    return [ACTIONS[: n][int(rng.random() * n)] for n in sizes]


def lazy_choices(bot: RandomBot, sizes: Sequence[int]) -> list[Action]:
    menu: Any = Menu(sizes)
    return [bot.choose(menu, 0) for _ in sizes]


SIZES = [1, 1, 3, 1, 5, 2, 1, 4, 4, 1]


def test_forced_moves_first_then_the_same_draws() -> None:
    for start in range(len(SIZES)):
        sizes = [1] * start + SIZES
        assert lazy_choices(RandomBot(7), sizes) == eager_choices(7, sizes)


def test_reset_replays_like_a_new_bot_and_the_generator_is_the_eager_one() -> None:
    bot = RandomBot(1)
    lazy_choices(bot, SIZES)
    bot.reset(9)
    assert lazy_choices(bot, SIZES) == eager_choices(9, SIZES)
    bot.reset(4)
    lazy_choices(bot, [1, 1, 1])  # three forced moves: three draws owed
    eager = random.Random(4)
    for _ in range(3):
        eager.random()
    assert bot.rng.random() == eager.random()


def test_a_copy_and_a_bot_that_only_met_forced_moves() -> None:
    bot = RandomBot(5)
    lazy_choices(bot, [1, 1])
    twin = copy.deepcopy(bot)
    assert lazy_choices(twin, SIZES) == eager_choices(5, [1, 1, *SIZES])[2:]
    assert lazy_choices(bot, SIZES) == lazy_choices(RandomBot(5), [1, 1, *SIZES])[2:]
