"""A Gymnasium environment: one seat learns, bots of a chosen level play the others."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ludinum.bots.base import Bot
from ludinum.engine import Action, OptionValue, State, next_actor
from ludinum.envs.encoding import OBS_SIZE, action_bound, action_mask, encode_view


class LudinumEnv(gym.Env[npt.NDArray[np.float32], np.int64]):
    """``seat`` is the learner. Reward: ``Outcome.rewards()[seat]`` at the end (1 for a
    win, a share for a shared win, the team's result in a cooperative game), 0 before.

    The action space is ``Discrete(n)`` over the padded legal list; ``info["action_mask"]``
    and :meth:`action_masks` tell which indices are legal. An index past the end of the
    legal list is folded back onto it (``index % len(legal)``) and ``info["folded"]`` is
    true, so that uniform sampling (as the API checker does) stays a valid policy.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium declares it so)

    def __init__(
        self,
        game: str = "gnou",
        players: int | None = None,
        seat: int = 0,
        opponents: str = "medium",
        options: dict[str, OptionValue] | None = None,
        render_mode: str | None = None,
    ) -> None:
        from ludinum.games import get_game

        self.game = get_game(game)
        self.players = players or self.game.max_players
        self.game.make_config(self.players, 0, options)
        self.seat = seat
        self.level = opponents
        self.options = dict(options or {})
        self.render_mode = render_mode
        self.n_actions = action_bound(self.game, self.players)
        self.action_space = spaces.Discrete(self.n_actions)
        self.observation_space = spaces.Box(-np.inf, np.inf, (OBS_SIZE,), np.float32)
        self.state: State | None = None
        self.bots: dict[int, Bot] = {}
        self._steps = 0

    # -- helpers -------------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        assert self.state is not None
        return list(self.state.legal_actions(self.seat))

    def action_masks(self) -> npt.NDArray[np.int8]:
        return action_mask(self._legal(), self.n_actions)

    def _obs(self) -> npt.NDArray[np.float32]:
        assert self.state is not None
        return encode_view(self.state.view(self.seat))

    def _info(self, **extra: Any) -> dict[str, Any]:
        live = self.state is not None and not self.state.is_terminal()
        mask = self.action_masks() if live else np.zeros(self.n_actions, dtype=np.int8)
        return {"action_mask": mask, **extra}

    def _play_others(self) -> None:
        """Bots act until the learner is active or the game is over."""
        state = self.state
        assert state is not None
        while not state.is_terminal():
            player = next_actor(state, self._steps)
            if player == self.seat:
                return
            action = self.bots[player].choose(state, player)
            state.apply_trusted(player, action)
            self._steps += 1

    # -- Gymnasium API -------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        from ludinum.games import make_bot

        game_seed = int(self.np_random.integers(0, 2**62))
        self.state = self.game.new_state(self.players, game_seed, self.options)
        self.bots = {
            p: make_bot(self.game.name, self.level, game_seed + 1 + p)
            for p in range(self.players)
            if p != self.seat
        }
        self._steps = 0
        self._play_others()
        return self._obs(), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        state = self.state
        assert state is not None and not state.is_terminal(), "call reset() first"
        legal = self._legal()
        index = int(action)
        folded = not 0 <= index < len(legal)
        state.apply_trusted(self.seat, legal[index % len(legal)])
        self._steps += 1
        self._play_others()
        done = state.is_terminal()
        reward = state.outcome().rewards()[self.seat] if done else 0.0
        return self._obs(), float(reward), done, False, self._info(folded=folded)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return self.game.text.view(self.state.view(self.seat))
