"""PettingZoo environments: every seat is an agent (``player_0``…).

- :func:`raw_env` / :func:`env`: AEC (the agent to act is the seat the simulator picks,
  ``next_actor``); :func:`env` adds PettingZoo's usual checking wrappers.
- :func:`parallel_env`: every seat that has a decision acts in the same step, which is how
  the games with simultaneous decisions are played (several seats active at once); in a
  turn-based game only the seat to play has legal actions in its mask.

Observations are ``{"observation": the seat's encoded view, "action_mask": legal actions}``
over the game's fixed action space (PettingZoo's convention for masks). Rewards come at
the end, from ``Outcome.rewards()``. An illegal action is replaced by the seat's first legal
action and the agent's info says ``illegal``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from ludinum.engine import Action, OptionValue, State, next_actor
from ludinum.envs.spaces import Spaces, plain


class _Seats:
    """What both kinds of environment share: the game, its spaces, one state."""

    def _setup(
        self,
        game: str,
        players: int | None,
        options: dict[str, OptionValue] | None,
        render_mode: str | None,
    ) -> None:
        from ludinum.games import get_game

        self.game = get_game(game)
        self.players = players or self.game.max_players
        self.options = dict(options or {})
        self.game.make_config(self.players, 0, self.options)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is offered")
        self.render_mode = render_mode
        self.spaces = Spaces.of(self.game)
        self.possible_agents = [f"player_{p}" for p in range(self.players)]
        self.agent_name_mapping = {a: p for p, a in enumerate(self.possible_agents)}
        self._obs_space = spaces.Dict(
            {
                "observation": self.spaces.observation_space(),
                "action_mask": spaces.Box(0, 1, (len(self.spaces.actions),), np.int8),
            }
        )
        self._act_space = self.spaces.action_space()
        self.state: State | None = None
        self._steps = 0
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    @property
    def observation_names(self) -> tuple[str, ...]:
        """The name of each observation slot (one fact each), in order."""
        return self.spaces.names

    def action_to_string(self, action: int) -> str:
        return self.spaces.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        return self.spaces.string_to_action(text)

    def _seat(self, agent: str) -> int:
        return self.agent_name_mapping[agent]

    def _new_game(self, seed: int | None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(self._rng.integers(0, 2**62))
        self.state = self.game.new_state(self.players, game_seed, self.options)
        self._steps = 0

    def _observation(self, agent: str) -> dict[str, Any]:
        assert self.state is not None
        seat = self._seat(agent)
        return {
            "observation": self.spaces.observe(self.state.view(seat)),
            "action_mask": self.spaces.mask(self.state.legal_actions(seat)),
        }

    def _play(self, seat: int, action: int | np.integer[Any] | None) -> bool:
        """Apply ``seat``'s action number (its first legal action if illegal); True if the
        number was illegal."""
        assert self.state is not None
        legal = self.state.legal_actions(seat)
        catalogue = self.spaces.actions.actions
        index = -1 if action is None else int(action)
        chosen: Action | None = catalogue[index] if 0 <= index < len(catalogue) else None
        illegal = chosen is None or chosen not in legal
        self.state.apply_trusted(seat, legal[0] if illegal or chosen is None else chosen)
        self._steps += 1
        return illegal

    def _final_rewards(self) -> dict[str, float]:
        assert self.state is not None
        rewards = self.state.outcome().rewards()
        return {a: float(rewards[self._seat(a)]) for a in self.possible_agents}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return plain(self.game.text.view(self.state.view(None)))

    def close(self) -> None:
        pass


class LudinumAECEnv(_Seats, AECEnv):  # type: ignore[misc]
    """The AEC environment (one agent acts at a time)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "ludinum_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: dict[str, OptionValue] | None = None,
        render_mode: str | None = None,
    ) -> None:
        AECEnv.__init__(self)
        self._setup(game, players, options, render_mode)

    def observe(self, agent: str) -> dict[str, Any]:
        return self._observation(agent)

    def _select(self) -> None:
        assert self.state is not None
        if self.state.active_players():
            self.agent_selection = self.possible_agents[next_actor(self.state, self._steps)]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def step(self, action: int | None) -> None:
        assert self.state is not None
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        illegal = self._play(self._seat(agent), action)
        self.infos[agent] = {"illegal": illegal}
        self._clear_rewards()
        if self.state.is_terminal():
            self.rewards.update(self._final_rewards())
            for a in self.agents:
                self.terminations[a] = True
        else:
            self._select()
        self._accumulate_rewards()


class LudinumParallelEnv(_Seats, ParallelEnv):  # type: ignore[misc]
    """The parallel environment: the seats with a decision act in the same step."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "ludinum_v0"}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: dict[str, OptionValue] | None = None,
        render_mode: str | None = None,
    ) -> None:
        self._setup(game, players, options, render_mode)
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        return {a: self._observation(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Any],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Every seat active at the start of the step that was given an action plays it,
        in the simulator's order. A seat whose action was legal when the step began but no
        longer is once the seats before it have played (its decision changed or went away:
        a response window closed by another seat's answer) plays nothing this step and its
        info says ``stale``: it decides again on its new mask. Actions of seats with no
        decision are ignored."""
        state = self.state
        assert state is not None and not state.is_terminal(), "call reset() first"
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        catalogue = self.spaces.actions.actions
        waiting = [p for p in state.active_players() if self.possible_agents[p] in actions]
        fresh = {p: set(state.legal_actions(p)) for p in waiting}
        while waiting and not state.is_terminal():
            active = state.active_players()
            ready = [p for p in waiting if p in active]
            if not ready:
                break
            pick = next_actor(state, self._steps)
            seat = pick if pick in ready else ready[0]
            waiting.remove(seat)
            agent = self.possible_agents[seat]
            index = int(actions[agent])
            chosen = catalogue[index] if 0 <= index < len(catalogue) else None
            if chosen in fresh[seat] and chosen not in state.legal_actions(seat):
                infos[agent]["stale"] = True
                continue
            infos[agent]["illegal"] = self._play(seat, index)
        for p in waiting:
            infos[self.possible_agents[p]]["stale"] = True
        agents = list(self.agents)
        observations = {a: self._observation(a) for a in agents}
        done = state.is_terminal()
        rewards = self._final_rewards() if done else {a: 0.0 for a in agents}
        terminations = {a: done for a in agents}
        truncations = {a: False for a in agents}
        if done:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


def raw_env(game: str, **kwargs: Any) -> LudinumAECEnv:
    """The AEC environment of ``game`` with no wrapper."""
    return LudinumAECEnv(game, **kwargs)


def env(game: str, **kwargs: Any) -> AECEnv:
    """The AEC environment of ``game`` with PettingZoo's checking wrappers."""
    wrapped = wrappers.AssertOutOfBoundsWrapper(raw_env(game, **kwargs))
    return wrappers.OrderEnforcingWrapper(wrapped)


def parallel_env(game: str, **kwargs: Any) -> LudinumParallelEnv:
    """The parallel environment of ``game``."""
    return LudinumParallelEnv(game, **kwargs)


def aec_env(game: str, **kwargs: Any) -> LudinumAECEnv:
    """The AEC environment (former name of :func:`raw_env`)."""
    return raw_env(game, **kwargs)
