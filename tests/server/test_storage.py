"""Event-sourced storage on SQLite and on the real local PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect
from sqlalchemy.exc import IntegrityError

from ludinum.server.storage import Append, Storage, append_many, normalise_url


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


def test_a_batch_of_appends_writes_every_action_and_each_rooms_last_row(db_url: str) -> None:
    """The group commit's statements (on SQLite, run by its own module: issue 19): the
    actions of two rooms interleaved, each room's row as its last append leaves it, and a
    repeated key refusing the whole batch."""
    store = Storage(db_url)
    store.migrate()
    one, two = new_room(store, "DDDDDD"), new_room(store, "EEEEEE")
    step = {"status": "playing", "deadline_at": 9.5, "deadline_left": None,
            "session_at": None, "session_left": 30.0, "updated_at": 2.0}
    batch = [Append(one, 1, 0, {"kind": "pass"}, 1.0, step),
             Append(two, 1, 1, {"kind": "play", "card": "é"}, 1.5, step),
             Append(one, 2, 1, {"kind": "play", "card": "x"}, 2.0,
                    {**step, "status": "finished", "deadline_at": None})]
    with store.engine.begin() as conn:
        append_many(conn, batch)
    assert store.actions(one) == [(1, 0, {"kind": "pass"}), (2, 1, {"kind": "play", "card": "x"})]
    assert store.actions(two) == [(1, 1, {"kind": "play", "card": "é"})]
    first, second = store.room("DDDDDD"), store.room("EEEEEE")
    assert first is not None and (first.seq, first.status, first.deadline_at) == (
        2, "finished", None)
    assert second is not None and (second.seq, second.status, second.deadline_at) == (
        1, "playing", 9.5)
    again = [Append(two, 2, 0, {"kind": "pass"}, 3.0, step),
             Append(one, 2, 0, {"kind": "pass"}, 3.0, step)]
    with pytest.raises(IntegrityError), store.engine.begin() as conn:
        append_many(conn, again)
    assert len(store.actions(two)) == 1  # the whole batch refused, its first write too
    store.close()


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
