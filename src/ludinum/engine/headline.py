"""Headline outcomes: the few numbers a designer asks of a game's simulations.

Each game package declares its own (``HEADLINES``, next to ``BOTS``): the thief's win
rate, the first player's share, the game length… A headline measures one finished game
(:attr:`Headline.measure`) and says how to aggregate the games: ``rate`` (a proportion per
game, 0 to 1, Wilson interval) or ``mean`` (a mean, normal interval). ``per_seat``
headlines give one value per seat. ``fair`` is the value of a balanced game for a player
count (an even share ``1/n`` for a seat or a role), so that the lab can say which settings
are fair; ``None`` when the question does not arise (game length).

The lab (``ludinum.sim``) reads headlines from the game package and never names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ludinum.engine.state import State

#: A finished game and its ``metrics()`` → one value, or one value per seat.
Measure = Callable[[State, Mapping[str, float]], "float | Sequence[float]"]
Kind = Literal["rate", "mean"]


@dataclass(frozen=True)
class Headline:
    key: str
    fr: str
    en: str
    measure: Measure
    kind: Kind = "rate"
    per_seat: bool = False
    fair: Callable[[int], float] | None = None

    def values(self, state: State, metrics: Mapping[str, float]) -> tuple[float, ...]:
        """The measure of one finished game as a tuple (one item unless per seat)."""
        value = self.measure(state, metrics)
        if isinstance(value, (int, float)):
            return (float(value),)
        return tuple(float(v) for v in value)

    def describe(self) -> dict[str, object]:
        return {"key": self.key, "label": {"fr": self.fr, "en": self.en}, "kind": self.kind,
                "per_seat": self.per_seat}


def even_share(players: int) -> float:
    """A fair share for one seat (or one role held by one seat): ``1/n``."""
    return 1.0 / players


def metric(name: str) -> Measure:
    """The game's own ``metrics()[name]``."""
    return lambda _state, metrics: metrics[name]


def seat_rewards(state: State, _metrics: Mapping[str, float]) -> tuple[float, ...]:
    """Each seat's share of the win (``Outcome.rewards``: a shared win is split)."""
    return state.outcome().rewards()


def seat_reward(seat: Callable[[State, Mapping[str, float]], int]) -> Measure:
    """The win share of the seat that ``seat`` picks (the first player…); 0 if none."""

    def measure(state: State, metrics: Mapping[str, float]) -> float:
        chosen = seat(state, metrics)
        rewards = state.outcome().rewards()
        return rewards[chosen] if 0 <= chosen < len(rewards) else 0.0

    return measure
