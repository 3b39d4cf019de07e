"""A per-address limit on join attempts, kept in memory only (addresses are never stored)."""

from __future__ import annotations

import time
from collections.abc import Callable


class RateLimit:
    """At most ``burst`` attempts at once, refilled at ``per_second`` per address."""

    def __init__(
        self,
        burst: int = 20,
        per_second: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = 10_000,
    ) -> None:
        self.burst = burst
        self.per_second = per_second
        self.clock = clock
        self.max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, key: str) -> bool:
        now = self.clock()
        tokens, last = self._buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * self.per_second)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return False
        if len(self._buckets) >= self.max_keys and key not in self._buckets:
            self._forget_full(now)
        self._buckets[key] = (tokens - 1.0, now)
        return True

    def _forget_full(self, now: float) -> None:
        """Drop the buckets that have refilled (they carry no information any more)."""
        full = [
            k
            for k, (t, last) in self._buckets.items()
            if t + (now - last) * self.per_second >= self.burst
        ]
        for k in full:
            del self._buckets[k]
        if len(self._buckets) >= self.max_keys:
            self._buckets.clear()
