"""Leases: which process plays an automatic move (a bot's move or a timer's action).

Several ``ludinum serve`` processes may hold the same room in memory. Before a process plays
a bot's move or a timer's action at version ``seq`` of a game, it takes the lease
``ludinum:lease:{code}:{seq}`` in Redis with ``SET key token NX PX ttl`` (the standard Redis
lease); only the holder moves. The lease expires on its own, so a process killed while
holding one delays the move by at most ``ttl``, after which another process takes it.

The lease is an optimisation of work, not the safety net: the unique ``(room, seq)`` key of
the actions table makes a second append of the same version fail, and automatic moves are
never retried after such a conflict (see :mod:`ludinum.server.fanout`), so a bot or a timer
moves once per game version whatever happens to Redis.

Schema migrations are serialised across processes the same way with a PostgreSQL advisory
lock (``pg_advisory_lock``), so that processes starting together do not race on them.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from sqlalchemy import text

from ludinum.server.storage import Storage

log = logging.getLogger("ludinum.server")

#: Advisory lock key of schema migrations ("LUDI" in ASCII).
MIGRATION_LOCK = 0x4C554449


class LocalLeases:
    """One process: every lease is granted (the event loop already serialises moves)."""

    ttl = 0.0

    async def acquire(self, code: str, seq: int) -> bool:
        return True


class RedisLeases:
    """Leases in Redis: ``SET NX PX`` with this process's token; re-entrant for the holder."""

    def __init__(self, redis: Any, ttl: float = 3.0, prefix: str = "ludinum:lease:") -> None:
        self.redis = redis
        self.ttl = ttl
        self.prefix = prefix
        self.token = secrets.token_hex(8)

    async def acquire(self, code: str, seq: int) -> bool:
        """True when this process holds the lease of ``(code, seq)`` (until ``ttl``).

        If Redis cannot be reached, the lease is granted: the unique key of the actions
        table still refuses a second move of the same version.
        """
        key = f"{self.prefix}{code}:{seq}"
        try:
            if await self.redis.set(key, self.token, nx=True, px=int(self.ttl * 1000)):
                return True
            holder = await self.redis.get(key)
        except Exception as exc:
            log.warning("lease %s: Redis unavailable (%s); relying on the actions key", key, exc)
            return True
        if isinstance(holder, bytes):
            holder = holder.decode()
        return bool(holder == self.token)


def migrate_once(store: Storage) -> None:
    """Run the schema migrations; on PostgreSQL, one process at a time. On SQLite, first
    take the file's lock: one server per SQLite file (``Storage.lock``)."""
    if store.engine.dialect.name != "postgresql":
        store.lock()
        store.migrate()
        return
    with store.engine.connect() as conn:
        conn.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
        try:
            store.migrate()
        finally:
            conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
            conn.commit()
