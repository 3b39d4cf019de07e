"""The Gymnasium and PettingZoo wrappers pass the libraries' own API checkers."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from ludinum.envs.encoding import action_bound, encode_view
from ludinum.envs.gym_env import LudinumEnv
from ludinum.envs.pz_env import LudinumAECEnv
from ludinum.games import get_game, registry

GAMES = [g.name for g in registry()]


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env(game: str) -> None:
    env = LudinumEnv(game, players=get_game(game).min_players, opponents="random")
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test(game: str) -> None:
    env = LudinumAECEnv(game, players=get_game(game).min_players)
    api_test(env, num_cycles=60)


def test_masked_random_agent_plays_gnou_to_the_end() -> None:
    env = LudinumEnv("gnou", players=3, opponents="medium")
    _obs, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    done = False
    total = 0.0
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        _obs, reward, done, _trunc, info = env.step(int(rng.choice(legal)))
        assert not info["folded"]
        total += reward
    assert total in (0.0, 1.0)


def test_same_seed_same_episode() -> None:
    def episode() -> list[float]:
        env = LudinumEnv("gnou", players=2)
        obs, _info = env.reset(seed=11)
        out = [float(obs.sum())]
        done = False
        while not done:
            obs, reward, done, _t, _info = env.step(0)
            out.append(float(obs.sum()) + reward)
        return out

    assert episode() == episode()


def test_encoding_is_stable_and_reads_only_the_view() -> None:
    game = get_game("gnou")
    state = game.new_state(4, 1)
    a = encode_view(state.view(0))
    assert a.dtype == np.float32 and a.shape == (512,)
    import random

    assert np.array_equal(a, encode_view(state.resample(0, random.Random(5)).view(0)))
    assert action_bound(game, 4) >= 16
