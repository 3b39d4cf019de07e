"""The session clock on the server (« durée de la séance », issue 21, W18), with the hub's
clock faked: no test sleeps for minutes.

Shown from the lobby on (time left and rule), started with the game, stopped by a pause,
stored with the room; when it runs out, the server applies the session's end as an action
of the log, so the stored log replays to the same result; a person cannot send it.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

from starlette.testclient import TestClient

from ludinum.content.typography import french_spacing
from ludinum.engine import session_end
from ludinum.games.webrunners.session import closest
from ludinum.server.catalog import Catalog
from ludinum.server.hub import Hub, session_key
from ludinum.server.replay import Replay
from tests.server.helpers import Conn, create_room, hello, join, make_app

OPTIONS = {"session_minutes": "15", "first_player": "host"}
RULE = "À la fin de la séance, le plus proche du centre gagne."


class FakeClock:
    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def faked(app: Any, clock: FakeClock) -> Hub:
    hub: Hub = app.state.hub
    hub.clock = clock
    hub.timers.clock = clock
    return hub


def run_out(client: TestClient, hub: Hub, code: str) -> None:
    """The event loop's timer was set in real seconds: once the fake clock passed the end,
    schedule it again (it fires at once), as a restart would."""
    hub.timers.cancel(session_key(code))
    assert client.portal is not None
    client.portal.call(_schedule, hub, code)


async def _schedule(hub: Hub, code: str) -> None:
    hub._schedule(hub.rooms[code])


def wait_for(conn: Conn, predicate: Any, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        conn.sync()
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


def test_the_session_ends_the_game_with_the_closest_to_the_centre(
        sqlite_url: str, catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog)
    clock = FakeClock()
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        hub = faked(app, clock)
        code, host_token = create_room(client, "webrunners", 2, options=OPTIONS, mode="turns")
        _, token = join(client, code, "Léa")
        host = hello(client, code, stack, role="host", token=host_token)
        lea = hello(client, code, stack, role="player", token=token)
        # The lobby already says how long the session lasts and what happens then.
        assert host.last["session"] == {"left": 900.0, "running": False, "rule": RULE}
        host.send(type="start", level="random")
        host.sync()
        room = hub.rooms[code]
        assert room.session_at == clock.now + 900
        row = hub.store.room(code)
        assert row is not None and row.session_at == clock.now + 900
        lea.sync()
        assert lea.last["session"]["running"] and lea.last["session"]["rule"] == RULE
        # Ten minutes of play, then a pause of an hour: the session clock stops with it.
        clock.now += 600
        host.send(type="pause")
        host.sync()
        assert room.session_at is None and room.session_left == 300
        assert hub.store.room(code).session_left == 300  # type: ignore[union-attr]
        assert host.last["session"]["left"] == 300 and not host.last["session"]["running"]
        clock.now += 3600
        host.send(type="resume")
        host.sync()
        assert room.session_at == clock.now + 300
        # A person cannot end the session early.
        lea.sync()
        seen = len(lea.messages)
        lea.send(type="act", seat=0, action=session_end().to_json())
        lea.sync()
        assert [e["code"] for e in lea.errors(seen)] == ["clock_only"]
        assert room.status == "playing"
        # Léa plays a move; then the time runs out.
        lea.send(type="act", seat=0, action=lea.actions[0]["action"], seq=lea.last["seq"])
        lea.sync()
        clock.now += 299
        run_out(client, hub, code)
        host.sync()
        assert room.status == "playing"  # one second still to go
        clock.now += 1
        run_out(client, hub, code)
        # Frames show only what is durable: once the host is shown the end, it is stored.
        wait_for(host, lambda: host.last.get("status") == "finished")
        stored = hub.store.actions(room.id)
        assert stored[-1][2] == {"kind": "session_end"}
        state = room.state
        winners = closest(state.circle, state.cell)  # type: ignore[attr-defined]
        assert state.outcome().winners == winners
        said = [line["text"] for m in host.messages if m["type"] == "update"
                for line in m["log"]]
        assert any(t.startswith("Fin de la séance") for t in said), said[-3:]
        assert host.last["session"] is None
        row = hub.store.room(code)
        assert row is not None and row.status == "finished" and row.session_at is None
        # The stored log replays to the same end and the same winners.
        assert client.portal is not None
        replay = client.portal.call(Replay.load, hub, code)
        again, _ = replay.at(replay.length)
        assert again.is_terminal() and again.outcome() == state.outcome()
        # The debrief replays the same log; it names the session's length in words.
        debrief = client.get(f"/debrief/{code}.html")
        assert debrief.status_code == 200 and "15 minutes" in debrief.text
        assert "session_minutes" not in debrief.text


def test_a_session_that_ran_out_while_the_server_was_down_ends_at_restart(
        sqlite_url: str, catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog)
    clock = FakeClock()
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        faked(app, clock)
        code, host_token = create_room(client, "webrunners", 3, options=OPTIONS, mode="live")
        join(client, code, "Léa")
        host = hello(client, code, stack, role="host", token=host_token)
        host.send(type="start", level="random")
        host.sync()
    clock.now += 16 * 60  # the server was down past the end of the session
    again = make_app(sqlite_url, catalog)
    again_hub: Hub = again.state.hub
    again_hub.clock = clock
    again_hub.timers.clock = clock
    with TestClient(again) as client, contextlib.ExitStack() as stack:
        spectator = hello(client, code, stack, role="spectator")
        room = again_hub.rooms[code]
        wait_for(spectator, lambda: spectator.last.get("status") == "finished")
        assert again_hub.store.actions(room.id)[-1][2] == {"kind": "session_end"}
        assert room.state.outcome().winners


def test_without_a_session_nothing_is_shown_or_scheduled(sqlite_url: str,
                                                         catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, "webrunners", 2, mode="turns",
                                       options={"first_player": "host"})
        join(client, code, "Léa")
        host = hello(client, code, stack, role="host", token=host_token)
        assert host.last["session"] is None
        host.send(type="start", level="random")
        host.sync()
        room = app.state.hub.rooms[code]
        assert room.session_at is None and host.last["session"] is None
        assert app.state.hub.timers.pending(session_key(code)) is None
        response = client.post("/api/rooms", json={
            "game": "webrunners", "players": 2, "options": {"session_minutes": "10"}})
        assert response.status_code == 400
        error = response.json()["error"]
        assert error["code"] == "bad_option"
        assert french_spacing("« session_minutes »") in error["fr"]
        assert "off, 15, 20, 30, 45" in error["en"]
