"""Server timers: a deadline fires its action; pause stops it; resume restarts it."""

from __future__ import annotations

import contextlib
import time

from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog
from tests.server.helpers import Conn, create_room, hello, join, make_app


def wait_for(conn: Conn, predicate: object, seconds: float = 5.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        conn.sync()
        if predicate():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise AssertionError("timed out")


def test_a_deadline_applies_its_action(sqlite_url: str, catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, "toy", 2, options={"turn_seconds": 1})
        _, token_a = join(client, code, "Léa")
        _, _token_b = join(client, code, "Noé")
        host = hello(client, code, stack, role="host", token=host_token)
        a = hello(client, code, stack, role="player", token=token_a)
        host.send(type="start")
        host.sync()
        a.sync()
        assert a.last["deadline"]["kind"] == "turn" and a.last["deadline"]["player"] == 0
        assert 0 < a.last["deadline"]["left"] <= 1
        room = app.state.hub.rooms[code]
        row = app.state.hub.store.room(code)
        assert row.deadline_at is not None  # stored as an absolute time
        # The phone hears of the timer's action once it is saved: wait for its frame.
        # (frames are numbered per client, issue 20: wait for the log line itself)
        wait_for(a, lambda: any("passe" in line["text"] for m in a.messages
                                if m["type"] == "update" for line in m["log"]))
        # Pause: nothing fires while paused, the time left is kept.
        host.send(type="pause")
        host.sync()
        seq = room.seq
        assert room.deadline_left is not None and room.deadline_at is None
        time.sleep(1.3)
        assert room.seq == seq
        host.send(type="resume")
        host.sync()
        wait_for(a, lambda: room.seq > seq)


def test_turn_based_rooms_never_time_out(sqlite_url: str, catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, "toy", 2, options={"turn_seconds": 1},
                                       mode="turns")
        join(client, code, "Léa")
        join(client, code, "Noé")
        host = hello(client, code, stack, role="host", token=host_token)
        host.send(type="start")
        host.sync()
        time.sleep(1.3)
        host.sync()
        assert app.state.hub.rooms[code].seq == 0
        assert host.last["deadline"] is None
