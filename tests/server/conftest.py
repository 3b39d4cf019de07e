"""Fixtures: apps on SQLite files and on the local PostgreSQL, with the toy game and the
registered games."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ludinum.games import registry
from ludinum.server.catalog import Catalog
from tests.scale import services
from tests.server import toygame


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


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh schema in the local PostgreSQL's ``test`` database (started when it is down
    and we may); under CI=true a missing PostgreSQL fails the test, elsewhere it skips."""
    with services.pg_schema() as url:
        yield url


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
    # The same for an address's budget over all its sockets (tested on its own too).
    monkeypatch.setattr(limits, "ADDRESS_MESSAGES_PER_SECOND", 1e6)
    monkeypatch.setattr(limits, "ADDRESS_HELLOS_PER_SECOND", 1e6)
    monkeypatch.setattr(limits, "KEY_HELLOS_PER_SECOND", 1e6)
