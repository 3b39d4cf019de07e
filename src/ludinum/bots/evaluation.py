"""Values of a state for every seat, used when a search's rollout stops at its depth cap.

Each returns per-seat rewards in [0, 1] that sum to 1, read from public information of the
(determinised) state only. The shared building blocks live here; each game declares its own
evaluation in its search settings (``SEARCH`` in the game's package).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ludinum.engine import State


def softmax(values: Sequence[float], temperature: float) -> tuple[float, ...]:
    """Each seat's share of exp(value / temperature): a smooth 'who is ahead'."""
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


def score_value(state: State, temperature: float) -> tuple[float, ...]:
    """Games with running scores: a softmax over the current scores."""
    return softmax(state.outcome().scores, temperature)
