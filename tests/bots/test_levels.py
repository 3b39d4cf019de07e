"""Bot levels: names, aliases, quiz accuracy, and how each level is built."""

from __future__ import annotations

import pytest

from ludinum.bots.base import RandomBot
from ludinum.bots.ismcts import IsmctsBot
from ludinum.bots.levels import LEVELS, QUIZ_ACCURACY, NoisyBot
from ludinum.engine import UnknownGameError
from ludinum.games import bot_levels, make_bot, registry, search_settings

GAMES = [g.name for g in registry()]


@pytest.mark.parametrize("game", GAMES)
def test_levels_weakest_first(game: str) -> None:
    assert bot_levels(game)[:5] == list(LEVELS)


@pytest.mark.parametrize("game", GAMES)
def test_heuristic_is_an_alias_of_medium(game: str) -> None:
    assert type(make_bot(game, "heuristic")) is type(make_bot(game, "medium"))


@pytest.mark.parametrize("game", GAMES)
def test_the_levels_french_names_are_understood(game: str) -> None:
    """The pages name the levels in French (« moyen »…); a command line takes those too."""
    for french, level in (("hasard", "random"), ("au hasard", "random"),
                          ("facile", "easy"), ("Moyen", "medium"), ("difficile", "hard")):
        assert type(make_bot(game, french)) is type(make_bot(game, level)), french


@pytest.mark.parametrize("game", GAMES)
def test_each_level_is_built_as_documented(game: str) -> None:
    assert type(make_bot(game, "random")) is RandomBot
    easy = make_bot(game, "easy")
    assert isinstance(easy, NoisyBot) and 0 < easy.noise < 1
    hard = make_bot(game, "hard")
    expert = make_bot(game, "expert")
    assert isinstance(hard, IsmctsBot) and isinstance(expert, IsmctsBot)
    assert (hard.iterations, expert.iterations) == search_settings(game).iterations
    assert expert.iterations > hard.iterations
    # Expert searches at least as deep as hard, and simulates four times the actions
    # (Voleur: rollouts of 15 actions against 10; Web Runners: twice the rollouts of
    # 30 actions against 15).
    assert expert.depth >= hard.depth
    assert expert.iterations * expert.depth >= 4 * hard.iterations * hard.depth
    # Expert leaves the heuristic's move on no thinner evidence than hard.
    assert expert.z >= hard.z
    for name, value in search_settings(game).expert.items():
        assert getattr(type(expert), name) == value
    expected = {"voleur": (10, 15, 1.5, 1.5), "hacker": (15, 15, 1.5, 3.0),
                "webrunners": (15, 30, 1.5, 2.1)}
    if game in expected:
        assert (hard.depth, expert.depth, hard.z, expert.z) == expected[game]
    # Hacker's expert starts its rollout bots from its notes (who looks rich); hard's
    # remember nothing.
    assert not hard.informed_rollouts
    assert expert.informed_rollouts == (game == "hacker")
    # Hacker's expert guesses by deduction (quick decisions); hard keeps the heuristic's
    # guess unless the rollouts clearly say otherwise.
    assert not hard.quick_kinds
    assert expert.quick_kinds == (frozenset({"guess"}) if game == "hacker" else frozenset())
    assert expert.rollout == hard.rollout and expert.mode == hard.mode
    for level, accuracy in QUIZ_ACCURACY.items():
        assert make_bot(game, level).quiz_accuracy == accuracy


def test_quiz_accuracy_grows_with_the_level() -> None:
    values = [QUIZ_ACCURACY[level] for level in LEVELS[1:]]
    assert values == sorted(values) and values == [0.5, 0.7, 0.8, 0.9]


def test_quiz_accuracy_can_be_overridden() -> None:
    bot = make_bot("gnou", "expert", quiz_accuracy=0.25)
    assert bot.quiz_accuracy == 0.25
    assert isinstance(bot, IsmctsBot) and bot.policy.quiz_accuracy == 0.25


def test_unknown_level_names_the_known_ones() -> None:
    with pytest.raises(UnknownGameError) as info:
        make_bot("gnou", "grandmaster")
    assert "expert" in info.value.fr and "grandmaster" in info.value.en


#: The games whose heuristic bot declares ``forced_at_once``: the three searched by the
#: paired root search, whose rollouts use it (docs/bots.md). Checked below.
FORCED_AT_ONCE = [g for g in GAMES if make_bot(g, "medium", seed=0).forced_at_once]


def test_the_paired_search_games_declare_forced_moves_at_once() -> None:
    assert sorted(FORCED_AT_ONCE) == ["hacker", "voleur", "webrunners"]


@pytest.mark.parametrize("game", FORCED_AT_ONCE)
def test_a_bot_forced_at_once_plays_a_forced_move_without_drawing(game: str) -> None:
    """``Bot.forced_at_once`` lets a rollout skip listing the legal actions: such a bot must
    return the only legal action and leave its generator and notes as they were."""
    import copy
    import random

    from ludinum.engine import next_actor

    bot = make_bot(game, "medium", seed=3)
    rng = random.Random(5)
    forced = 0
    for seed in range(4):
        state = registry().get(game).new_state(registry().get(game).max_players, seed)
        steps = 0
        while not state.is_terminal() and steps < 400:
            for seat in state.active_players():
                only = state.legal_actions(seat)
                if len(only) == 1:
                    before = copy.deepcopy(bot.__dict__)
                    assert bot.choose(state, seat) is only[0]
                    assert bot.rng.getstate() == before["rng"].getstate()
                    assert {k: v for k, v in bot.__dict__.items() if k != "rng"} == {
                        k: v for k, v in before.items() if k != "rng"}
                    forced += 1
            player = next_actor(state, steps)
            legal = state.legal_actions(player)
            state.apply_trusted(player, legal[rng.randrange(len(legal))])
            steps += 1
    assert forced
