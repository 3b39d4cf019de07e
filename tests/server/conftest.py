"""Fixtures: apps on SQLite files and on the local PostgreSQL, with the toy game and the
registered games."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest

from ludinum.games import registry
from ludinum.server.catalog import Catalog
from tests.server import toygame

PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/test"


def catalog_with_toy() -> Catalog:
    """The toy game plus every registered game and its bots."""
    from ludinum.bots.base import RandomBot
    from ludinum.games import _loaded

    entries = [(toygame.GAME, toygame.BOTS)]
    bots = _loaded()[1]
    for game in registry():
        entries.append((game, {"random": RandomBot, **bots[game.name]}))
    return Catalog.of(entries)


@pytest.fixture
def catalog() -> Catalog:
    return catalog_with_toy()


@pytest.fixture
def sqlite_url(tmp_path: object) -> str:
    return f"sqlite:///{tmp_path}/ludinum.sqlite3"


def _pg_available() -> str | None:
    try:
        import psycopg

        with psycopg.connect("host=127.0.0.1 port=5432 user=postgres dbname=test",
                             connect_timeout=3):
            return None
    except Exception as exc:
        return str(exc)


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh schema in the local PostgreSQL's ``test`` database.

    Under CI=true a missing PostgreSQL fails the test; elsewhere the test is skipped.
    """
    problem = _pg_available()
    if problem is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL at 127.0.0.1:5432 (database test) is required in CI: "
                        f"{problem}")
        pytest.skip(f"no PostgreSQL at 127.0.0.1:5432, database test: {problem}")
    import psycopg

    schema = "ludinum_" + uuid.uuid4().hex[:12]
    with psycopg.connect("host=127.0.0.1 port=5432 user=postgres dbname=test",
                         autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{PG_ADMIN}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect("host=127.0.0.1 port=5432 user=postgres dbname=test",
                             autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest) -> str:
    name = "sqlite_url" if request.param == "sqlite" else "pg_url"
    url: str = request.getfixturevalue(name)
    return url


@pytest.fixture(autouse=True)
def fast_clients(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scripted clients play far faster than people: lift the per-connection message limit
    (tested on its own) so that whole games are not throttled."""
    from ludinum.server import limits

    class Unlimited(limits.MessageLimit):
        def __init__(self) -> None:
            super().__init__(per_second=1e6, burst=1_000_000)

    monkeypatch.setattr(limits, "MessageLimit", Unlimited)
