"""The conformance suite: every registered game, every player count, sampled options.

A new game is covered by registering it in ``ludinum.games``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludinum.engine import Action, Game, GameConfig, Option, OptionError, State
from ludinum.games import registry
from tests.conformance.playout import as_json, random_playout

GAMES = list(registry())
CASES = [(g, n) for g in GAMES for n in g.player_counts()]


def _ids(case: tuple[Game, int]) -> str:
    return f"{case[0].name}-{case[1]}p"


def option_strategy(option: Option) -> st.SearchStrategy[Any]:
    if option.kind == "bool":
        return st.booleans()
    if option.kind == "choice":
        return st.sampled_from(option.choices)
    if option.kind == "int":
        lo = int(option.minimum if option.minimum is not None else 0)
        hi = int(option.maximum if option.maximum is not None else lo + 10)
        return st.integers(lo, min(hi, lo + 40))
    if option.kind == "float":
        lo = option.minimum if option.minimum is not None else 0.0
        hi = option.maximum if option.maximum is not None else lo + 1.0
        return st.floats(lo, hi, allow_nan=False)
    return st.just(option.default)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_random_play_defaults_deep(case: tuple[Game, int]) -> None:
    """Default options: every check at every step, then replay determinism."""
    game, players = case
    for seed in range(3):
        state, log = random_playout(game, players, seed)
        replayed = game.replay(state.config, log)
        assert replayed.to_json() == state.to_json()
        # Replaying from the serialised log gives the same game.
        text_log = [(p, Action.from_text(a.to_text())) for p, a in log]
        assert game.replay(state.config, text_log).to_json() == state.to_json()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_play_sampled_options(game: Game, data: st.DataObject) -> None:
    players = data.draw(st.sampled_from(list(game.player_counts())), label="players")
    options = {o.name: data.draw(option_strategy(o), label=o.name) for o in game.options}
    seed = data.draw(st.integers(0, 2**31), label="seed")
    try:
        game.make_config(players, seed, options)
    except OptionError:
        return  # a combination the game refuses, with a clear error: nothing to play
    state, log = random_playout(game, players, seed, options, deep_every=7)
    assert advanced(game, state.config, log).to_json() == state.to_json()


def advanced(game: Game, config: GameConfig, log: list[tuple[int, Action]]) -> State:
    """The game of ``log`` replayed with ``advance`` (no events built)."""
    state = game.setup(config)
    for player, action in log:
        assert state.advance(player, action) is None
    return state


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_advance_is_apply_without_the_events(case: tuple[Game, int]) -> None:
    """Random play, rollouts and simulations whose bots keep no notes skip the events:
    the game they play is the same, step for step."""
    game, players = case
    for seed in range(3):
        state, log = random_playout(game, players, seed, deep_every=1000)
        assert advanced(game, state.config, log).to_json() == state.to_json()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_same_seed_same_game(game: Game) -> None:
    players = game.max_players
    a, _ = random_playout(game, players, 42, deep_every=50)
    b, _ = random_playout(game, players, 42, deep_every=50)
    assert json.dumps(a.to_json()) == json.dumps(b.to_json())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_options_are_declared_and_checked(game: Game) -> None:
    for option in game.options:
        assert option.help_fr and option.help_en, option.name
        assert option.validate(option.default) == option.default
    with pytest.raises(OptionError, match="no_such_option"):
        game.make_config(game.min_players, 0, {"no_such_option": 1})
    assert as_json(game.describe())["name"] == game.name
