"""What the quiz and the diploma need from the server: one secret shared by every process
that serves the site, and a record of the attempts already handed in (single use).

Nothing personal goes in: an attempt is a random number and an expiry date. The classroom
app gives the site a ledger kept in its database (``ludinum.server.ledger``), so a second
process honours the same secret and refuses the same used attempts; a site served alone
(tests, a bare Starlette app) falls back to :class:`MemoryLedger`, good for one process.
"""

from __future__ import annotations

import secrets
import threading
import time
from typing import Protocol

from starlette.requests import Request


class Ledger(Protocol):
    def secret(self) -> bytes:
        """The signing key, the same in every process of one server."""

    def consume(self, key: str, expires_at: float) -> bool:
        """Record ``key`` as used; True the first time, False when it was already used.
        ``expires_at`` (epoch seconds) is when the record may be forgotten."""


class MemoryLedger:
    """A ledger for one process: a random secret and the used keys in memory."""

    def __init__(self) -> None:
        self._secret = secrets.token_bytes(32)
        self._used: dict[str, float] = {}
        self._lock = threading.Lock()

    def secret(self) -> bytes:
        return self._secret

    def consume(self, key: str, expires_at: float) -> bool:
        now = time.time()
        with self._lock:
            if len(self._used) > 10_000:
                self._used = {k: t for k, t in self._used.items() if t > now}
            if key in self._used:
                return False
            self._used[key] = expires_at
            return True


_FALLBACK = MemoryLedger()


def ledger_of(request: Request) -> Ledger:
    """The app's ledger (``app.state.site_ledger``), else this process's own."""
    found: Ledger | None = getattr(request.app.state, "site_ledger", None)
    return found if found is not None else _FALLBACK
