"""The write path: memory and disk agree after a failed write, the event loop never waits on
the database, the writes of one loop tick share one transaction, one server per SQLite file.

Failures are made two ways: an injected failing store (the statements of a write raise, as
on a full disk) and a real SQLite file locked by another program (``BEGIN EXCLUSIVE``).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient

from ludinum.server import hub as hub_module
from ludinum.server import storage as storage_module
from ludinum.server import writer as writer_module
from ludinum.server.catalog import Catalog
from ludinum.server.hub import Hub
from ludinum.server.storage import Storage, StorageLocked, acquire_lock, release_lock
from tests.server.helpers import Conn, create_room, hello, join, make_app, restored


def disk_full(*_args: Any, **_kw: Any) -> None:
    raise OperationalError("INSERT", {}, Exception("database or disk is full"))


@contextlib.contextmanager
def failing_store(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every write of the hub fails while inside (an injected failing store)."""
    with monkeypatch.context() as patch:
        patch.setattr(writer_module, "append_many", disk_full)  # actions, batched
        patch.setattr(storage_module, "append_many", disk_full)  # an action alone
        patch.setattr(hub_module, "update_room_in", disk_full)
        yield


@contextlib.contextmanager
def locked_file(path: Path) -> Iterator[None]:
    """Another program holds the SQLite file's write lock."""
    other = sqlite3.connect(str(path), isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


def unavailable(conn: Conn) -> dict[str, Any]:
    errors = conn.errors()
    assert errors, conn.messages[-3:]
    error = errors[-1]
    assert error["code"] == "storage_unavailable", error
    assert "Enregistrement impossible" in error["fr"] and "Cannot save" in error["en"]
    return error


def stored(app: Any, code: str) -> tuple[str, list[Any], list[Any]]:
    hub: Hub = app.state.hub
    row = hub.store.room(code)
    assert row is not None
    return row.status, [s["kind"] for s in row.seats], hub.store.actions(row.id)


def playing_room(client: TestClient, stack: contextlib.ExitStack) -> tuple[str, Conn, Conn]:
    code, host_token = create_room(client, "toy", 2, mode="turns")
    _, token = join(client, code, "Léa")
    host = hello(client, code, stack, role="host", token=host_token)
    player = hello(client, code, stack, role="player", token=token)
    host.send(type="start", level="random")
    host.sync()
    player.sync()
    return code, host, player


# -- an injected failing store -------------------------------------------------------------
def test_a_join_that_cannot_be_saved_leaves_the_seat_free(
    sqlite_url: str, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        code, _ = create_room(client, "toy", 2)
        with failing_store(monkeypatch):
            response = client.post(f"/api/rooms/{code}/join", json={"nickname": "Léa"})
        assert response.status_code == 503
        assert response.json()["error"]["code"] == "storage_unavailable"
        room = app.state.hub.rooms[code]
        assert [s.kind for s in room.seats] == ["open", "open"]  # memory agrees with disk
        assert stored(app, code)[1] == ["open", "open"]
        # Once storage is back, the same nickname gets the same seat.
        assert join(client, code, "Léa")[0] == 0


def test_a_start_that_cannot_be_saved_leaves_the_lobby(
    sqlite_url: str, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, "toy", 2)
        join(client, code, "Léa")
        host = hello(client, code, stack, role="host", token=host_token)
        with failing_store(monkeypatch):
            host.send(type="start", level="random")
            host.sync()
        unavailable(host)
        room = app.state.hub.rooms[code]
        assert room.status == "lobby" and [s.kind for s in room.seats] == ["human", "open"]
        assert stored(app, code)[:2] == ("lobby", ["human", "open"])
        host.send(type="start", level="random")
        host.sync()
        assert app.state.hub.rooms[code].status == "playing"
        assert stored(app, code)[:2] == ("playing", ["human", "bot"])


def test_an_action_that_cannot_be_saved_changes_nothing(
    sqlite_url: str, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, _host, player = playing_room(client, stack)
        room = app.state.hub.rooms[code]
        before, seq = room.state.to_json(), room.seq
        action = player.actions[0]["action"]
        updates = len([m for m in player.messages if m["type"] == "update"])
        threads: list[str] = []
        rebuilt = Hub._rebuilt

        def watched(self: Hub, *args: Any) -> Any:
            threads.append(threading.current_thread().name)
            return rebuilt(self, *args)

        with failing_store(monkeypatch):
            monkeypatch.setattr(Hub, "_rebuilt", watched)
            player.send(type="act", action=action)
            player.sync()
        unavailable(player)
        # The room was read again and its log replayed off the event loop (issue 19: on
        # the loop, a long game's replay stopped every other room meanwhile).
        assert threads and all(t.startswith("ludinum-read") for t in threads), threads
        # No frame showed the refused action; the live room is the stored one.
        assert len([m for m in player.messages if m["type"] == "update"]) == updates
        room = app.state.hub.rooms[code]
        assert room.seq == seq and room.state.to_json() == before
        assert stored(app, code)[2] == []
        player.send(type="act", action=action)
        player.sync()
        assert not player.errors()[1:]
        assert [seat for _seq, seat, _a in stored(app, code)[2]][:1] == [0]


# -- a real SQLite file locked by another program --------------------------------------------
@pytest.fixture
def short_busy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LUDINUM_BUSY_TIMEOUT", "0.3")


def test_a_locked_sqlite_file_refuses_join_start_and_action_cleanly(
    tmp_path: Path, catalog: Catalog, short_busy: None
) -> None:
    path = tmp_path / "ludinum.sqlite3"
    app = make_app(f"sqlite:///{path}", catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        lobby, host_token = create_room(client, "toy", 2)
        code, _host, player = playing_room(client, stack)
        room = app.state.hub.rooms[code]
        before, seq = room.state.to_json(), room.seq
        host = hello(client, lobby, stack, role="host", token=host_token)
        with locked_file(path):
            response = client.post(f"/api/rooms/{lobby}/join", json={"nickname": "Noé"})
            assert response.status_code == 503
            assert response.json()["error"]["code"] == "storage_unavailable"
            host.send(type="start")
            host.sync()
            unavailable(host)
            player.send(type="act", action=player.actions[0]["action"])
            player.sync()
            unavailable(player)
        hub: Hub = app.state.hub
        assert [s.kind for s in hub.rooms[lobby].seats] == ["open", "open"]
        assert hub.rooms[lobby].status == "lobby"
        assert hub.rooms[code].seq == seq and hub.rooms[code].state.to_json() == before
        assert stored(app, lobby)[:2] == ("lobby", ["open", "open"])
        assert stored(app, code)[2] == []
        # The lock gone, everything goes through.
        assert join(client, lobby, "Noé")[0] == 0
        player.send(type="act", action=player.actions[0]["action"])
        player.sync()
        assert len(stored(app, code)[2]) >= 1


def test_a_locked_sqlite_file_does_not_freeze_the_other_rooms(
    tmp_path: Path, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a write waits for the lock (in the writer thread), the event loop answers
    everyone else: another room's page and its sockets."""
    # Long enough never to expire here: the write goes through once the lock is released.
    monkeypatch.setenv("LUDINUM_BUSY_TIMEOUT", "60")
    path = tmp_path / "ludinum.sqlite3"
    app = make_app(f"sqlite:///{path}", catalog)
    hub: Hub = app.state.hub
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, _host, player = playing_room(client, stack)
        other, other_host = create_room(client, "toy", 2)
        watcher = hello(client, other, stack, role="host", token=other_host)
        with locked_file(path):
            player.send(type="act", action=player.actions[0]["action"])
            for _ in range(1000):  # the action reached the writer
                if not hub.idle(code) and hub.rooms[code].seq == 1:
                    break
                watcher.sync()
            assert client.get(f"/api/rooms/{other}").status_code == 200
            watcher.sync()  # answered while the write still waits for the lock
            assert not hub.idle(code), "the write finished before the other room was served"
        player.sync()


# -- restore -----------------------------------------------------------------------------
def test_a_restored_playing_room_gives_bots_to_seats_nobody_holds(
    sqlite_url: str, catalog: Catalog
) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        code, _ = create_room(client, "toy", 3, mode="turns")
        join(client, code, "Léa")
        hub: Hub = app.state.hub
        # A store left by an older version: playing, with seats nobody took.
        hub.store.update_room(hub.rooms[code].id, {"status": "playing"})
    again = make_app(sqlite_url, catalog)
    with TestClient(again) as client:
        restored(client, again)
        room = again.state.hub.rooms[code]
        assert [s.kind for s in room.seats] == ["human", "bot", "bot"]
        assert all(s.bot_level for s in room.seats[1:])


# -- group commit --------------------------------------------------------------------------
def test_the_actions_of_one_loop_tick_share_one_transaction(
    sqlite_url: str, catalog: Catalog
) -> None:
    store = Storage(sqlite_url)
    store.migrate()
    hub = Hub(store, catalog, bot_delay=60.0)

    async def run() -> list[int]:
        codes = []
        for _ in range(12):
            room, _ = await hub.create_room("toy", 2, {}, mode="turns")
            await hub.join(room.code, "Léa")
            await hub.command(room, "start", {})
            codes.append(room.code)
        batches = hub.writer.batches
        rooms = [hub.rooms[c] for c in codes]
        await asyncio.gather(*(hub.act(r, 0, r.state.legal_actions(0)[0]) for r in rooms))
        assert hub.writer.batches == batches + 1  # twelve actions, one commit
        await hub.close()
        return [len(store.actions(r.id)) for r in rooms]

    assert asyncio.run(run()) == [1] * 12
    store.close()


# -- one server per SQLite file --------------------------------------------------------------
def test_a_second_server_on_the_same_sqlite_file_refuses_to_start(
    sqlite_url: str, catalog: Catalog
) -> None:
    first = make_app(sqlite_url, catalog)
    with TestClient(first):
        second = make_app(sqlite_url, catalog)
        with pytest.raises(StorageLocked, match="Un autre serveur Ludinum"), TestClient(second):
            pass
    # The first one stopped: the file is free again.
    with TestClient(make_app(sqlite_url, catalog)) as client:
        assert client.get("/api/games").status_code == 200


def test_serve_on_a_sqlite_file_in_use_says_so_in_one_line(tmp_path: Path) -> None:
    db = tmp_path / "classe.sqlite3"
    acquire_lock(str(db))
    try:
        done = subprocess.run(
            [sys.executable, "-m", "ludinum", "serve", "--db", str(db), "--port", "8769",
             "--host", "127.0.0.1"],
            capture_output=True, text=True, timeout=60, cwd=tmp_path,
            env={"PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src"),
                 "PATH": "/usr/bin:/bin"},
        )
    finally:
        release_lock(str(db))
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("ludinum : erreur : Un autre serveur Ludinum utilise déjà")


# -- no database call on the event loop -----------------------------------------------------
def test_no_database_statement_runs_on_the_event_loop_while_serving(
    sqlite_url: str, catalog: Catalog
) -> None:
    """Rooms created, joined, started, played, paused, ended, reopened from storage and
    replayed: every statement runs in the writer or a reader thread."""
    from sqlalchemy import event

    on_loop: list[str] = []

    def check(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return  # a worker thread
        on_loop.append(statement.split(None, 3)[:3].__str__())

    app = make_app(sqlite_url, catalog)
    hub: Hub = app.state.hub
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        event.listen(hub.store.engine, "before_cursor_execute", check)
        code, host, player = playing_room(client, stack)
        for _ in range(3):
            if player.actions:
                player.send(type="act", action=player.actions[0]["action"])
            player.sync()
        host.send(type="pause")
        host.sync()
        host.send(type="resume")
        host.sync()
        host.send(type="end")
        host.sync()
        hub._forget(code)  # gone from memory: the next look-ups read storage
        assert client.get(f"/api/rooms/{code}").status_code == 200
        assert client.get(f"/replay/{code}").status_code == 200
        assert client.get(f"/api/rooms/{code}/replay?step=1").status_code == 200
        event.remove(hub.store.engine, "before_cursor_execute", check)
    assert on_loop == []


def test_one_rooms_failed_write_costs_no_other_room_its_writes(
    db_url: str, catalog: Catalog
) -> None:
    """A batch whose one room fails (here its version is already stored) is written again
    room by room: the other rooms' writes are committed; the failed room's later writes,
    built on the refused one, fail with it until the hub has reloaded it. On PostgreSQL
    each try is one statement (``append_alone``: the moves only step their rooms)."""
    from ludinum.server.storage import Append
    from ludinum.server.writer import Writer

    store = Storage(db_url)
    store.migrate()
    ids = [store.create_room({
        "code": code, "game": "toy", "config": {"game": "toy", "players": 2, "seed": 1},
        "mode": "live", "status": "playing", "seats": [], "host": "h" * 64, "seq": 0,
        "created_at": 1.0, "updated_at": 1.0}) for code in ("AAAAAA", "BBBBBB")]
    store.append(ids[0], 1, 0, {"kind": "pass"}, 1.0, {"status": "playing"})
    writer = Writer(store)

    def step(room: int, seq: int) -> Any:
        return Append(room, seq, 0, {"kind": "pass"}, 2.0, {
            "status": "playing", "deadline_at": None, "deadline_left": None,
            "session_at": None, "session_left": None, "updated_at": 2.0})

    async def run() -> list[object]:
        futures = [writer.write("AAAAAA", step(ids[0], 1)),  # version 1 is already stored
                   writer.write("BBBBBB", step(ids[1], 1)),
                   writer.write("AAAAAA", step(ids[0], 2))]
        outcomes = await asyncio.gather(*futures, return_exceptions=True)
        assert writer.failed("AAAAAA") and not writer.failed("BBBBBB")
        late = await asyncio.gather(writer.write("AAAAAA", step(ids[0], 3)),
                                    return_exceptions=True)
        writer.clear("AAAAAA")
        await writer.write("AAAAAA", step(ids[0], 2))
        return [*outcomes, *late]

    outcomes = asyncio.run(run())
    writer.close()
    assert [type(o).__name__ for o in outcomes] == [
        "IntegrityError", "NoneType", "IntegrityError", "IntegrityError"]
    assert [seq for seq, _s, _a in store.actions(ids[1])] == [1]
    assert [seq for seq, _s, _a in store.actions(ids[0])] == [1, 2]
    store.close()


def test_a_room_that_cannot_be_read_answers_503_not_unknown(
    sqlite_url: str, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(sqlite_url, catalog)
    hub: Hub = app.state.hub
    with TestClient(app) as client:
        code, _ = create_room(client, "toy", 2)
        hub._forget(code)  # not in memory: a look-up reads storage
        with monkeypatch.context() as patch:
            patch.setattr(hub.store, "room", disk_full)
            response = client.get(f"/api/rooms/{code}")
            assert response.status_code == 503
            assert response.json()["error"]["code"] == "storage_unavailable"
            assert client.get(f"/play/{code}").status_code == 503
        assert client.get(f"/play/{code}").status_code == 200


def test_a_bot_loop_waits_for_its_rooms_recovery_without_spinning(
    sqlite_url: str, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a room's failed write is being recovered (its reload reading storage), the
    room's bots wait for the reload, then play: a loop that looked again at once, again
    and again, held the interpreter that the reload's reader thread needs."""
    store = Storage(sqlite_url)
    store.migrate()
    hub = Hub(store, catalog, bot_delay=0.0)
    checks = 0
    failed = hub.writer.failed

    def counted(code: str) -> bool:
        nonlocal checks
        checks += 1
        return failed(code)

    async def run() -> tuple[int, int, int]:
        with monkeypatch.context() as patch:
            patch.setattr(hub, "_wake_bots", lambda room: None)  # the loop started below
            room, _ = await hub.create_room("toy", 2, {}, mode="turns")
            await hub.join(room.code, "Léa")
            await hub.command(room, "start", {})
            if 0 in room.deciding():  # Léa's turn first: the bot's comes next
                await hub.act(room, 0, room.state.legal_actions(0)[0])
        assert 1 in room.bot_turns()
        seq = room.seq
        reload = asyncio.Event()
        recovery = hub._recovering[room.code] = asyncio.create_task(reload.wait())
        recovery.add_done_callback(lambda _t: hub._recovering.pop(room.code, None))  # as _recover
        monkeypatch.setattr(hub.writer, "failed", counted)
        bots = asyncio.create_task(hub._run_bots(room.code))
        await asyncio.sleep(0.3)
        during = checks
        held = room.seq
        reload.set()
        for _ in range(200):
            if room.seq > seq:
                break
            await asyncio.sleep(0.01)
        bots.cancel()
        await hub.close()
        return during, held - seq, room.seq - seq

    during, while_held, after = asyncio.run(run())
    store.close()
    assert while_held == 0 and after >= 1  # no move during the reload, the bot's after it
    assert during <= 3, during  # thousands of looks while it spun
