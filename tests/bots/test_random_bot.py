"""The random bot draws one number per decision, from its own generator or from one it
shares with the other bots of a simulated game."""

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


def expected(rng: random.Random, sizes: Sequence[int]) -> list[Action]:
    """One draw per decision, a forced move included (its draw picks index 0)."""
    return [ACTIONS[: n][int(rng.random() * n)] for n in sizes]


def choices(bot: RandomBot, sizes: Sequence[int]) -> list[Action]:
    menu: Any = Menu(sizes)
    return [bot.choose(menu, 0) for _ in sizes]


SIZES = [1, 1, 3, 1, 5, 2, 1, 4, 4, 1]


def test_one_draw_per_decision_forced_or_not() -> None:
    bot = RandomBot(7)
    assert choices(bot, SIZES) == expected(random.Random(7), SIZES)
    after = random.Random(7)
    for _ in SIZES:
        after.random()
    assert bot.rng.random() == after.random()  # exactly one draw per decision


def test_bots_that_share_a_generator_draw_in_the_order_they_play() -> None:
    shared = random.Random(11)
    a, b = RandomBot(shared), RandomBot(shared)
    assert a.rng is b.rng is shared
    turns = [(a, 3), (b, 1), (b, 5), (a, 2), (b, 4), (a, 1), (a, 4)]
    picks = [choices(bot, [n])[0] for bot, n in turns]
    assert picks == expected(random.Random(11), [n for _, n in turns])


def test_reset_plays_as_a_new_bot() -> None:
    bot = RandomBot(1)
    choices(bot, SIZES)
    bot.reset(9)
    assert choices(bot, SIZES) == choices(RandomBot(9), SIZES)
    shared = random.Random(4)
    bot.reset(shared)
    assert bot.rng is shared
    assert choices(bot, SIZES) == expected(random.Random(4), SIZES)


def test_a_copy_plays_on_as_the_bot_would() -> None:
    bot = RandomBot(5)
    choices(bot, [3, 1])
    twin = copy.deepcopy(bot)
    assert choices(twin, SIZES) == choices(bot, SIZES)


def test_each_pick_is_the_draw_times_the_choices_rounded_down() -> None:
    """The pick is ``int(draw * n)`` (``floor`` in the bot: the same for these non-negative
    numbers), for long and short legal lists alike."""
    bot = RandomBot(3)
    plain = random.Random(3)
    options = [Action.make("pick", choice=i) for i in range(40)]
    for n in [1, 2, 3, 5, 7, 13, 40] * 300:
        legal = options[:n]
        menu: Any = Menu([n])
        menu.legal_actions = lambda _player, legal=legal: legal
        assert bot.choose(menu, 0) is legal[int(plain.random() * n)]
