"""The game's declared encoding (``ludinum.engine.encoding``) as NumPy arrays and
Gymnasium spaces, shared by the Gymnasium and PettingZoo environments."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ludinum.engine import Action, Game
from ludinum.engine.encoding import ActionSpace, Encoding


@dataclass(frozen=True)
class Spaces:
    """One game's fixed action space and observation layout."""

    game: Game
    encoding: Encoding
    actions: ActionSpace
    names: tuple[str, ...]

    @classmethod
    def of(cls, game: Game) -> Spaces:
        from ludinum.games import game_encoding

        encoding = game_encoding(game.name)
        view = game.new_state(game.min_players, 0).view(0)
        names = tuple(encoding.features(view).names)
        return cls(game, encoding, encoding.action_space(), names)

    def action_space(self) -> spaces.Discrete:
        return spaces.Discrete(len(self.actions))

    def observation_space(self) -> spaces.Box:
        return spaces.Box(0.0, 1.0, (len(self.names),), np.float32)

    def observe(self, view: Mapping[str, Any]) -> npt.NDArray[np.float32]:
        """The observation of one seat's ``view`` (the view only: nothing hidden)."""
        features = self.encoding.features(view)
        if tuple(features.names) != self.names:
            raise AssertionError(f"{self.game.name}: the encoding's slots changed with the view")
        return np.asarray(features.values, dtype=np.float32)

    def mask(self, legal: Sequence[Action]) -> npt.NDArray[np.int8]:
        return np.asarray(self.actions.mask(legal), dtype=np.int8)

    def action_to_string(self, index: int) -> str:
        return self.actions.action_to_string(index)

    def string_to_action(self, text: str) -> int:
        return self.actions.string_to_action(text)


def plain(markup: str) -> str:
    """Terminal text without its rich markup (``render_mode="ansi"``)."""
    from rich.errors import MarkupError
    from rich.text import Text

    try:
        return Text.from_markup(markup).plain
    except MarkupError:
        return markup
