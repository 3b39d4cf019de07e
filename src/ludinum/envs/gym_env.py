"""A Gymnasium environment: one seat learns, bots of a chosen level play the others.

Registered for every game on ``import ludinum.envs`` (``gymnasium.make("ludinum/<Name>-v0",
players=4)``, see :mod:`ludinum.envs.registration`).
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from ludinum.bots.base import Bot
from ludinum.engine import Action, OptionValue, State, next_actor
from ludinum.envs.spaces import Spaces, plain


class LudinumEnv(gym.Env[npt.NDArray[np.float32], np.int64]):
    """``seat`` is the learner; ``opponents`` the level of the bots at the other seats.
    Reward: ``Outcome.rewards()[seat]`` at the end (1 for a win, a share for a shared win,
    the team's result in a cooperative game), 0 before.

    Actions are the game's fixed action space (``action_to_string`` / ``string_to_action``);
    ``info["action_mask"]`` and :meth:`action_masks` mark the legal ones. An illegal action
    is replaced by the first legal one and ``info["illegal"]`` is true, so that uniform
    sampling (as the API checker does) stays a valid policy.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium declares it so)

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seat: int = 0,
        opponents: str = "random",
        options: dict[str, OptionValue] | None = None,
        render_mode: str | None = None,
    ) -> None:
        from ludinum.games import get_game, make_bot

        self.game = get_game(game)
        self.players = players or self.game.max_players
        self.options = dict(options or {})
        self.game.make_config(self.players, 0, self.options)
        if not 0 <= seat < self.players:
            raise ValueError(f"seat {seat} is not one of the {self.players} seats")
        make_bot(self.game.name, opponents)  # an unknown level fails here, not at reset
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is offered")
        self.seat = seat
        self.level = opponents
        self.render_mode = render_mode
        self.spaces = Spaces.of(self.game)
        self.action_space = self.spaces.action_space()
        self.observation_space = self.spaces.observation_space()  # type: ignore[assignment]
        self.state: State | None = None
        self.bots: dict[int, Bot] = {}
        self._steps = 0

    @property
    def observation_names(self) -> tuple[str, ...]:
        """The name of each observation slot (one fact each), in order."""
        return self.spaces.names

    # -- actions by number ---------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return self.spaces.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        return self.spaces.string_to_action(text)

    # -- helpers -------------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        assert self.state is not None
        return list(self.state.legal_actions(self.seat))

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions now (sb3-contrib's ``MaskablePPO`` reads this)."""
        return self.spaces.mask(self._legal())

    def _obs(self) -> npt.NDArray[np.float32]:
        assert self.state is not None
        return self.spaces.observe(self.state.view(self.seat))

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), **extra}

    def _play_others(self) -> None:
        """Bots act until the learner is to act or the game is over."""
        state = self.state
        assert state is not None
        while not state.is_terminal():
            player = next_actor(state, self._steps)
            if player == self.seat:
                return
            action = self.bots[player].choose(state, player)
            self._apply(player, action)

    def _apply(self, player: int, action: Action) -> None:
        from ludinum.engine import visible

        assert self.state is not None
        events = self.state.apply_trusted(player, action)
        self._steps += 1
        for seat, bot in self.bots.items():
            bot.observe(seat, visible(events, seat))

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
        catalogue = self.spaces.actions.actions
        chosen = catalogue[index] if 0 <= index < len(catalogue) else None
        illegal = chosen not in legal
        self._apply(self.seat, legal[0] if chosen is None or illegal else chosen)
        self._play_others()
        done = state.is_terminal()
        reward = state.outcome().rewards()[self.seat] if done else 0.0
        return self._obs(), float(reward), done, False, self._info(illegal=illegal)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return plain(self.game.text.view(self.state.view(self.seat)))
