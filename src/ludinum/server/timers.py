"""Server-side timers: one pending deadline per room, scheduled on the event loop.

Deadlines are absolute times stored with the room, so a restarted server schedules what is
left of them (or fires at once if the time has passed while it was down).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


class Timers:
    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self._handles: dict[str, tuple[float, asyncio.TimerHandle]] = {}

    def set(self, key: str, at: float | None, fire: Callable[[str, float], None]) -> None:
        """Fire ``fire(key, at)`` at epoch time ``at``; ``None`` cancels. Idempotent."""
        current = self._handles.get(key)
        if current is not None and current[0] == at:
            return
        self.cancel(key)
        if at is None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, at - self.clock())
        handle = loop.call_later(delay, self._fire, key, at, fire)
        self._handles[key] = (at, handle)

    def _fire(self, key: str, at: float, fire: Callable[[str, float], None]) -> None:
        current = self._handles.get(key)
        if current is not None and current[0] == at:
            del self._handles[key]
        fire(key, at)

    def cancel(self, key: str) -> None:
        current = self._handles.pop(key, None)
        if current is not None:
            current[1].cancel()

    def pending(self, key: str) -> float | None:
        current = self._handles.get(key)
        return current[0] if current else None

    def cancel_all(self) -> None:
        for key in list(self._handles):
            self.cancel(key)
