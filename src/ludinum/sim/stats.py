"""Small statistics for simulation summaries: proportions and means with 95% intervals."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (works near 0 and 1)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def is_share(values: Sequence[float]) -> bool:
    """Whether ``values`` are 0/1 outcomes (a game won or not, capped or not…): their mean
    is a proportion, to be given a Wilson interval rather than a normal one."""
    return bool(values) and all(v in (0.0, 1.0) for v in values)


def value_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and 95% interval of per-game values: a Wilson interval (within [0, 1]) when
    every value is 0 or 1 (:func:`is_share`), the normal approximation otherwise."""
    if is_share(values):
        n = len(values)
        lo, hi = wilson(sum(values), n, z)
        return (sum(values) / n, lo, hi)
    return mean_ci(values, z)


def quantile(sorted_values: Sequence[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return float(sorted_values[index])
