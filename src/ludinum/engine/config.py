"""A game's configuration: which game, how many players, which options, which seed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ludinum.engine.errors import StateFormatError
from ludinum.engine.options import OptionValue


@dataclass(frozen=True)
class GameConfig:
    game: str
    players: int
    seed: int
    options: Mapping[str, OptionValue] = field(default_factory=dict)

    @classmethod
    def known(
        cls, game: str, players: int, seed: int, options: Mapping[str, OptionValue]
    ) -> GameConfig:
        """``GameConfig(game, players, seed, options)`` for fields already checked
        (``Game.make_config`` reusing a player count's options), without the frozen
        dataclass's ``object.__setattr__`` per field: half its cost, and a simulation
        makes one configuration per game."""
        config = object.__new__(cls)
        fields = config.__dict__
        fields["game"] = game
        fields["players"] = players
        fields["seed"] = seed
        fields["options"] = options
        return config

    def option(self, name: str) -> Any:
        return self.options[name]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
        }

    @classmethod
    def from_json(cls, data: object) -> GameConfig:
        if not isinstance(data, dict):
            raise StateFormatError("Configuration illisible.", "Unreadable configuration.")
        try:
            return cls(
                game=str(data["game"]),
                players=int(data["players"]),
                seed=int(data["seed"]),
                options=dict(data.get("options", {})),
            )
        except KeyError as exc:
            raise StateFormatError(f"Configuration incomplète : il manque « {exc.args[0]} ».",
                                   f"Incomplete configuration: '{exc.args[0]}' is missing."
                                   ) from None
        except (TypeError, ValueError, OverflowError):
            raise StateFormatError(
                "Configuration illisible : un de ses nombres n'en est pas un.",
                "Unreadable configuration: one of its numbers is not a number.") from None
