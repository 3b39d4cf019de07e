"""Event-sourced storage on SQLite and on the real local PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import event, inspect
from sqlalchemy.exc import IntegrityError

from ludinum.server.storage import Append, Storage, append_alone, append_many, normalise_url


def new_room(store: Storage, code: str, status: str = "playing", at: float = 1000.0) -> int:
    return store.create_room({
        "code": code, "game": "toy", "config": {"game": "toy", "players": 2, "seed": 5},
        "mode": "live", "status": status, "seats": [{"kind": "open"}], "host": "h" * 64,
        "seq": 0, "created_at": at, "updated_at": at,
    })


def test_migrations_create_the_tables_and_are_idempotent(db_url: str) -> None:
    store = Storage(db_url)
    store.migrate()
    store.migrate()
    tables = set(inspect(store.engine).get_table_names())
    assert {"rooms", "actions", "alembic_version"} <= tables
    store.close()


def test_actions_are_appended_in_order_with_a_unique_key(db_url: str) -> None:
    store = Storage(db_url)
    store.migrate()
    room_id = new_room(store, "AAAAAA")
    store.append(room_id, 1, 0, {"kind": "pass"}, 1.0, {"status": "playing"})
    store.append(room_id, 2, 1, {"kind": "play", "card": "x"}, 2.0,
                 {"status": "finished", "deadline_at": None})
    with pytest.raises(IntegrityError):
        store.append(room_id, 2, 0, {"kind": "pass"}, 3.0, {"status": "playing"})
    assert store.actions(room_id) == [(1, 0, {"kind": "pass"}),
                                      (2, 1, {"kind": "play", "card": "x"})]
    row = store.room("AAAAAA")
    assert row is not None and row.seq == 2 and row.status == "finished"
    store.close()


def _in_a_transaction(store: Storage, batch: list[Append]) -> None:
    with store.engine.begin() as conn:
        append_many(conn, batch)


def _alone(store: Storage, batch: list[Append]) -> None:
    assert append_alone(store.engine, batch)


@pytest.mark.parametrize(("db", "write"), [
    ("sqlite_url", _in_a_transaction), ("pg_url", _in_a_transaction), ("pg_url", _alone),
], ids=["sqlite", "postgresql", "postgresql-alone"])
def test_a_batch_of_appends_writes_every_action_and_each_rooms_last_row(
    db: str, write: Callable[[Storage, list[Append]], None], request: pytest.FixtureRequest
) -> None:
    """The group commit's statements (on SQLite, run by its own module; on PostgreSQL, one
    statement: issue 19): the actions of two rooms interleaved, each room's row as its last
    append leaves it, and a repeated key refusing the whole batch."""
    store = Storage(request.getfixturevalue(db))
    store.migrate()
    one, two = new_room(store, "DDDDDD"), new_room(store, "EEEEEE")
    step = {"status": "playing", "deadline_at": 9.5, "deadline_left": None,
            "session_at": None, "session_left": 30.0, "updated_at": 2.0}
    batch = [Append(one, 1, 0, {"kind": "pass"}, 1.0, step),
             Append(two, 1, 1, {"kind": "play", "card": "é"}, 1.5, step),
             Append(one, 2, 1, {"kind": "play", "card": "x"}, 2.0,
                    {**step, "status": "finished", "deadline_at": None})]
    write(store, batch)
    assert store.actions(one) == [(1, 0, {"kind": "pass"}), (2, 1, {"kind": "play", "card": "x"})]
    assert store.actions(two) == [(1, 1, {"kind": "play", "card": "é"})]
    first, second = store.room("DDDDDD"), store.room("EEEEEE")
    assert first is not None and (first.seq, first.status, first.deadline_at) == (
        2, "finished", None)
    assert second is not None and (second.seq, second.status, second.deadline_at) == (
        1, "playing", 9.5)
    again = [Append(two, 2, 0, {"kind": "pass"}, 3.0, step),
             Append(one, 2, 0, {"kind": "pass"}, 3.0, step)]
    with pytest.raises(IntegrityError):
        write(store, again)
    assert len(store.actions(two)) == 1  # the whole batch refused, its first write too
    second = store.room("EEEEEE")
    assert second is not None and second.seq == 1
    store.close()


def test_on_postgresql_a_batch_that_only_steps_its_rooms_is_one_statement(
    pg_url: str, sqlite_url: str
) -> None:
    """Issue 19: every statement is a round trip after which the writer thread waits for
    the interpreter lock; actions that only step their rooms go in one. A rewrite (W15) or
    another change of a room's row needs a transaction: ``append_alone`` declines, writing
    nothing; so does SQLite, whose statements cost no round trip."""
    store = Storage(pg_url)
    store.migrate()
    one, two = new_room(store, "DDDDDD"), new_room(store, "EEEEEE")
    step = {"status": "playing", "deadline_at": None, "deadline_left": None,
            "session_at": None, "session_left": None, "updated_at": 2.0}
    statements: list[str] = []

    def seen(*args: Any) -> None:
        statements.append(args[2])

    event.listen(store.engine, "before_cursor_execute", seen)
    assert append_alone(store.engine, [Append(one, 1, 0, {"kind": "pass"}, 1.0, step),
                                       Append(two, 1, 0, {"kind": "pass"}, 1.0, step)])
    assert len(statements) == 1
    assert not append_alone(store.engine, [Append(one, 2, 0, {"kind": "pass"}, 2.0, step,
                                                  rewrite={1: {"kind": "skip"}})])
    assert not append_alone(store.engine, [Append(two, 2, 0, {"kind": "pass"}, 2.0,
                                                  {"status": "finished"})])
    assert len(statements) == 1
    assert [len(store.actions(r)) for r in (one, two)] == [1, 1]
    store.close()
    lite = Storage(sqlite_url)
    lite.migrate()
    assert not append_alone(lite.engine, [Append(new_room(lite, "FFFFFF"), 1, 0,
                                                 {"kind": "pass"}, 1.0, step)])
    lite.close()


def test_an_append_can_rewrite_earlier_actions_in_its_transaction(db_url: str) -> None:
    """W15: personal answers are rewritten with the action that makes them useless."""
    store = Storage(db_url)
    store.migrate()
    room_id = new_room(store, "BBBBBB")
    store.append(room_id, 1, 0, {"kind": "accounts", "n": 4}, 1.0, {"status": "playing"})
    store.append(room_id, 2, 1, {"kind": "accounts", "n": 2}, 2.0, {"status": "playing"},
                 rewrite={1: {"kind": "accounts", "n": 1}})
    assert store.actions(room_id) == [(1, 0, {"kind": "accounts", "n": 1}),
                                      (2, 1, {"kind": "accounts", "n": 2})]
    # A refused append rewrites nothing.
    with pytest.raises(IntegrityError):
        store.append(room_id, 2, 0, {"kind": "pass"}, 3.0, {"status": "playing"},
                     rewrite={1: {"kind": "accounts", "n": 9}})
    assert store.actions(room_id)[0] == (1, 0, {"kind": "accounts", "n": 1})
    store.close()


def test_finished_games_are_deleted_after_the_retention_period(db_url: str) -> None:
    store = Storage(db_url)
    store.migrate()
    old = new_room(store, "OLDOLD", "finished", at=100.0)
    store.append(old, 1, 0, {"kind": "pass"}, 100.0, {"status": "finished"})
    new_room(store, "NEWNEW", "finished", at=5000.0)
    new_room(store, "LIVEAA", "playing", at=100.0)
    assert store.purge(finished_before=1000.0, idle_before=50.0) == 1
    assert store.room("OLDOLD") is None and store.actions(old) == []
    assert store.room("NEWNEW") is not None and store.room("LIVEAA") is not None
    assert store.purge(finished_before=1000.0, idle_before=200.0) == 1  # abandoned room
    assert store.room("LIVEAA") is None
    store.close()


def test_nothing_personal_is_stored(db_url: str) -> None:
    """Only nicknames and token digests: no IP address column anywhere."""
    store = Storage(db_url)
    store.migrate()
    columns = {c["name"] for t in ("rooms", "actions")
               for c in inspect(store.engine).get_columns(t)}
    assert not {c for c in columns if "ip" in c.split("_") or "addr" in c or "email" in c}
    store.close()


def test_urls() -> None:
    assert normalise_url("postgresql://u@h/db").startswith("postgresql+psycopg://")
    assert normalise_url("games.db").startswith("sqlite:///")
