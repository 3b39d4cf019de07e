"""The site's ledger kept in the database (see ``ludinum.site.ledger``): a secret created
once and shared by every process on the same database, and the quiz attempts and diplomas
already handed in, each a random key with its expiry date (nothing personal)."""

from __future__ import annotations

import secrets
import threading
import time

from sqlalchemy import Column, Float, String, Table, delete, insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from ludinum.server.storage import metadata

site_keys = Table(
    "site_keys",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)

used_tokens = Table(
    "used_tokens",
    metadata,
    Column("key", String(80), primary_key=True),
    Column("expires_at", Float, nullable=False),
)

SECRET_NAME = "site"
#: Expired records are deleted at most this often (seconds).
PURGE_EVERY = 600.0


class StoredLedger:
    """Blocking database calls: the site calls them from its thread pool, never from the
    event loop."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._secret: bytes | None = None
        self._lock = threading.Lock()
        self._purged = 0.0

    def secret(self) -> bytes:
        with self._lock:
            if self._secret is None:
                self._secret = self._load_or_create()
            return self._secret

    def _load_or_create(self) -> bytes:
        query = select(site_keys.c.value).where(site_keys.c.name == SECRET_NAME)
        with self.engine.begin() as conn:
            found = conn.execute(query).scalar_one_or_none()
        if found is None:
            try:
                with self.engine.begin() as conn:
                    conn.execute(insert(site_keys).values(
                        name=SECRET_NAME, value=secrets.token_hex(32)))
            except IntegrityError:
                pass  # another process created it first: read theirs
            with self.engine.begin() as conn:
                found = conn.execute(query).scalar_one()
        return bytes.fromhex(found)

    def consume(self, key: str, expires_at: float) -> bool:
        now = time.time()
        try:
            with self.engine.begin() as conn:
                if now - self._purged > PURGE_EVERY:
                    self._purged = now
                    conn.execute(delete(used_tokens).where(used_tokens.c.expires_at < now))
                conn.execute(insert(used_tokens).values(key=key, expires_at=expires_at))
        except IntegrityError:
            return False
        return True
