"""A PettingZoo AEC environment: every seat is an agent (``player_0``…)."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ludinum.engine import Action, OptionValue, State, next_actor
from ludinum.envs.encoding import OBS_SIZE, action_bound, action_mask, encode_view


class LudinumAECEnv(AECEnv):  # type: ignore[misc]
    """Observations are ``{"observation": hashed view, "action_mask": legal indices}`` (the
    PettingZoo convention for masks). The agent to act is the active seat (with several
    active seats, they take turns as in the simulator). Rewards come at the end, from
    ``Outcome.rewards()``. An index past the legal list is folded back onto it."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "ludinum_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "gnou",
        players: int | None = None,
        options: dict[str, OptionValue] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        from ludinum.games import get_game

        self.game = get_game(game)
        self.players = players or self.game.max_players
        self.options = dict(options or {})
        self.game.make_config(self.players, 0, self.options)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(self.players)]
        self.agent_name_mapping = {a: p for p, a in enumerate(self.possible_agents)}
        self.n_actions = action_bound(self.game, self.players)
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (OBS_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.n_actions,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(self.n_actions)
        self.state: State | None = None
        self._steps = 0
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def _seat(self, agent: str) -> int:
        return self.agent_name_mapping[agent]

    def _legal(self, seat: int) -> list[Action]:
        assert self.state is not None
        return list(self.state.legal_actions(seat))

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.state is not None
        seat = self._seat(agent)
        live = not self.state.is_terminal()
        mask = action_mask(self._legal(seat), self.n_actions) if live else np.zeros(
            self.n_actions, dtype=np.int8
        )
        return {"observation": encode_view(self.state.view(seat)), "action_mask": mask}

    def _select(self) -> None:
        assert self.state is not None
        if self.state.active_players():
            self.agent_selection = self.possible_agents[next_actor(self.state, self._steps)]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(self._rng.integers(0, 2**62))
        self.state = self.game.new_state(self.players, game_seed, self.options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self._select()

    def step(self, action: int | None) -> None:
        assert self.state is not None
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat(agent)
        legal = self._legal(seat)
        index = int(action) if action is not None else 0
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_trusted(seat, legal[index % len(legal)])
        self._steps += 1
        self._clear_rewards()
        if self.state.is_terminal():
            rewards = self.state.outcome().rewards()
            for a in self.agents:
                self.rewards[a] = float(rewards[self._seat(a)])
                self.terminations[a] = True
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return self.game.text.view(self.state.view(None))

    def close(self) -> None:
        pass


def aec_env(**kwargs: Any) -> LudinumAECEnv:
    return LudinumAECEnv(**kwargs)
