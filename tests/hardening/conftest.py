"""An app on an SQLite file with the registered games (no other service needed)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludinum.server.app import create_app
from ludinum.weblib.ratelimit import RateLimit


def make_app(tmp: Path, **kw: Any) -> Any:
    kw.setdefault("bot_delay", 0.0)
    kw.setdefault("rate_limit", RateLimit(burst=10_000, per_second=1000))
    return create_app(f"sqlite:///{tmp}/ludinum.sqlite3", **kw)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path)) as c:
        yield c
