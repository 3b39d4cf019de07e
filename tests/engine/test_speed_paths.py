"""The engine's fast paths give the same results as the plain ones (no timing here)."""

from __future__ import annotations

import random

import pytest

from ludinum.engine import (
    OptionError,
    PlayerCountError,
    clone_rng,
    new_rng,
    reseed,
    rng_from_json,
    rng_to_json,
    shuffle,
)
from ludinum.games import registry


def test_shuffle_is_random_shuffle() -> None:
    """Same permutation and same generator state afterwards as ``Random.shuffle``: a pile
    shuffled either way gives the same game for a seed."""
    for seed in range(200):
        for size in (0, 1, 2, 5, 7, 16, 33):
            mine, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(size)), list(range(size))
            shuffle(mine, a)
            theirs.shuffle(b)
            assert a == b
            assert mine.getstate() == theirs.getstate()


def test_new_rng_and_clones_are_random_random() -> None:
    """``new_rng(seed)`` gives ``random.Random(seed)``'s state (every game's
    and bot's generator); clones and stored generators keep the state and the draws."""
    for seed in (0, 1, 7, -5, 2**63 - 1, 2**80 + 3, True, "texte"):
        plain = random.Random(seed)
        assert new_rng(seed).getstate() == plain.getstate()  # type: ignore[arg-type]
        plain.random()
        for copy in (clone_rng(plain), rng_from_json(rng_to_json(plain))):
            twin = random.Random()
            twin.setstate(plain.getstate())
            assert copy.getstate() == twin.getstate()
            assert [copy.random() for _ in range(3)] == [twin.random() for _ in range(3)]


def test_reseed_in_place_is_random_random() -> None:
    """``reseed(rng, seed)`` leaves a used generator (draws made, a Gaussian pending) in
    ``random.Random(seed)``'s state, the same object: a simulation's bots take theirs up
    again for each game."""
    used = new_rng(3)
    used.gauss(0.0, 1.0)  # leaves a second Gaussian pending
    for seed in (0, 1, -5, 2**63 - 1, 2**80 + 3):
        assert reseed(used, seed) is used
        plain = random.Random(seed)
        assert used.getstate() == plain.getstate()
        assert [used.gauss(0.0, 1.0) for _ in range(3)] == [plain.gauss(0.0, 1.0) for _ in range(3)]


def test_a_known_configuration_is_the_plain_one() -> None:
    """``GameConfig.known`` (configurations of checked options) equals, hashes, prints and
    stays frozen as ``GameConfig(...)``."""
    import dataclasses

    from ludinum.engine import GameConfig

    options = {"variant": "galopant"}
    fast = GameConfig.known("gnou", 4, 7, options)
    plain = GameConfig("gnou", 4, 7, options)
    assert fast == plain and repr(fast) == repr(plain) and fast.to_json() == plain.to_json()
    assert dataclasses.astuple(fast) == dataclasses.astuple(plain)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.seed = 8  # type: ignore[misc]


@pytest.mark.parametrize("game", list(registry()), ids=lambda g: g.name)
def test_checked_options_are_reused_but_never_shared(game: object) -> None:
    """A configuration's options, resolved and checked once per player count, are copied
    into each new configuration: changing one changes no other."""
    from ludinum.engine import Game

    assert isinstance(game, Game)
    players = game.max_players
    first = game.make_config(players, 1)
    second = game.make_config(players, 2)
    assert first.options == second.options == game.options.resolve(None)
    assert first.options is not second.options
    assert (first.seed, second.seed) == (1, 2)


def test_refused_configurations_are_refused_every_time() -> None:
    game = next(iter(registry()))
    bool_option = next((o for o in game.options if o.kind == "bool"), None)
    for _ in range(2):
        with pytest.raises(PlayerCountError):
            game.make_config(True, 0)  # type: ignore[arg-type]  # a boolean is no count
        with pytest.raises(OptionError):
            game.make_config(game.max_players, 0, {"no_such_option": 1})
        if bool_option is not None:
            game.make_config(game.max_players, 0, {bool_option.name: True})
            with pytest.raises(OptionError):
                game.make_config(game.max_players, 0, {bool_option.name: 1})


def test_a_content_loader_answers_the_same_folder_as_its_cache(tmp_path: object) -> None:
    """A loader remembers its last folder and answer (every new state asks again): the
    same object as the cache's, another folder's own, and nothing after ``cache_clear``."""
    from pathlib import Path

    from ludinum.content.pack import Loader

    assert isinstance(tmp_path, Path)
    calls: list[Path] = []

    def load(folder: Path) -> list[str]:
        calls.append(folder)
        return [folder.name]

    loader = Loader("gnou", load, 2)
    one, two = tmp_path / "one", tmp_path / "two"
    first = loader(one)
    assert loader(one) is first and loader(two) == ["two"] and loader(one) is first
    assert calls == [one, two]
    loader.cache_clear()
    assert loader(one) == first and loader(one) is not first
    assert calls == [one, two, one]


@pytest.mark.parametrize("game", list(registry()), ids=lambda g: g.name)
def test_an_action_from_the_legal_list_is_refused_as_before(game: object) -> None:
    """``apply`` takes an action of the seat's own legal list at once; the same object
    offered to another seat, to a seat that does not exist, or once the game is over is refused
    by the same check as before, and nothing changes."""
    from ludinum.engine import Game, GameOverError, NotYourTurnError, State

    assert isinstance(game, Game)
    state: State = game.new_state(game.max_players, 3)
    rng = random.Random(3)
    last = None
    while not state.is_terminal():
        active = state.active_players()
        p = rng.choice(active)
        legal = state.legal_actions(p)
        action = rng.choice(legal)
        idle = [q for q in range(game.max_players) if q not in active]
        before = state.to_json()
        if idle:
            with pytest.raises(NotYourTurnError):
                state.apply(idle[0], action)
        with pytest.raises(NotYourTurnError):
            state.apply(-1, action)
        assert state.to_json() == before
        state.apply(p, action)
        last = (p, action)
    assert last is not None
    before = state.to_json()
    with pytest.raises(GameOverError):
        state.apply(*last)
    assert state.to_json() == before


@pytest.mark.parametrize("game", [g.name for g in registry()])
def test_a_boolean_is_no_seat(game: str) -> None:
    from ludinum.engine import NotYourTurnError

    state = registry().get(game).new_state(registry().get(game).min_players, seed=1)
    seat = state.active_players()[0]
    action = state.legal_actions(seat)[0]
    before = state.to_json()
    with pytest.raises(NotYourTurnError) as refused:
        state.apply(bool(seat) if seat in (0, 1) else True, action)
    assert "True" in refused.value.en or "False" in refused.value.en
    assert state.to_json() == before
