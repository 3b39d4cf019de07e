"""The result of a finished game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """Scores per seat and the winning seats (several when tied).

    In a cooperative game ``team`` is true: either every seat wins or none does.
    """

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    team: bool = False

    def rewards(self) -> tuple[float, ...]:
        """Per-seat reward for search and statistics: a shared win splits one point."""
        n = len(self.scores)
        if not self.winners:
            return (0.0,) * n
        if self.team:
            return (1.0,) * n
        share = 1.0 / len(self.winners)
        return tuple(share if p in self.winners else 0.0 for p in range(n))

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners), "team": self.team}
