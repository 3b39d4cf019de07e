"""A restarted server replays every stored action, keeps seats and resumes timers."""

from __future__ import annotations

import contextlib
import threading
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog
from ludinum.server.hub import Hub
from tests.server.helpers import (
    create_room,
    finished_by_bots,
    hello,
    join,
    make_app,
    restored,
)


def test_restart_resumes_games_seats_and_timers(db_url: str, catalog: Catalog) -> None:
    app = make_app(db_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(
            client, "toy", 3, options={"turn_seconds": 120, "rounds": 10})
        _, token = join(client, code, "Léa")
        host = hello(client, code, stack, role="host", token=host_token)
        player = hello(client, code, stack, role="player", token=token)
        host.send(type="start", level="random")
        acted = 0
        for _ in range(2000):  # bots' moves arrive once saved: look until two turns played
            player.sync()
            if player.actions:
                player.send(type="act", action=player.actions[-1]["action"])
                player.sync()
                acted += 1
                if acted == 2:
                    break
        for _ in range(1000):  # the bots' moves after the last one are saved too
            if app.state.hub.idle(code):
                break
            time.sleep(0.01)
        room = app.state.hub.rooms[code]
        before = room.state.to_json()
        seq, deadline_at = room.seq, room.deadline_at
        seats = [s.to_json() for s in room.seats]
        kinds, story = dict(room.kinds), [e.kind for e in room.story]
        assert seq >= 4
    # A new process on the same database.
    again = make_app(db_url, catalog)
    with TestClient(again) as client, contextlib.ExitStack() as stack:
        restored(client, again)
        room = again.state.hub.rooms[code]
        assert room.state.to_json() == before
        assert room.seq == seq and room.deadline_at == deadline_at
        assert [s.to_json() for s in room.seats] == seats
        # the end screen's key moments come back with the game (Room.note)
        assert dict(room.kinds) == kinds and [e.kind for e in room.story] == story
        assert again.state.hub.timers.pending(code) == deadline_at
        player = hello(client, code, stack, role="player", token=token)
        assert player.messages[0]["type"] == "welcome" and player.messages[0]["seats"] == [0]


def test_a_timer_that_expired_while_down_fires_on_restart(sqlite_url: str,
                                                          catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, "toy", 2, options={"turn_seconds": 1})
        join(client, code, "Léa")
        join(client, code, "Noé")
        host = hello(client, code, stack, role="host", token=host_token)
        host.send(type="start")
        host.sync()
        app.state.hub.timers.cancel_all()  # the server "dies" before the timer fires
    time.sleep(1.2)
    again = make_app(sqlite_url, catalog)
    with TestClient(again) as client:
        restored(client, again)
        for _ in range(100):
            if again.state.hub.rooms[code].seq >= 1:
                break
            time.sleep(0.02)
        assert again.state.hub.rooms[code].seq >= 1


def test_finished_games_can_be_replayed_after_restart(sqlite_url: str,
                                                      catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, _ = finished_by_bots(client, stack, "toy", 2, steps=500)
        steps = app.state.hub.rooms[code].seq
    again = make_app(sqlite_url, catalog)
    with TestClient(again) as client:
        data = client.get(f"/api/rooms/{code}/replay?step=2").json()
        assert data["step"] == 2 and data["steps"] == steps
        # What was played shows only through the public events, never as the stored action.
        assert "action" not in data and isinstance(data["events"], list)
        assert "hand" not in data["view"]  # public view only
        page = client.get(f"/replay/{code}?step={steps}")
        assert page.status_code == 200 and "Partie terminée" in page.text
        assert client.get(f"/host/{code}").status_code == 200


def test_a_room_loaded_on_demand_is_replayed_off_the_event_loop(
        sqlite_url: str, catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    """A room this process did not hold (a finished game opened again, a room moved from a
    dead process): its log, hundreds of moves, is replayed in a reader thread. On the event
    loop it stopped every other room of the server for as long."""
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, _ = finished_by_bots(client, stack, "hacker", 4)
        before = app.state.hub.rooms[code].state.to_json()
        seq = app.state.hub.rooms[code].seq
    assert seq > 50
    threads: list[str] = []
    rebuilt = Hub._rebuilt

    def watched(self: Hub, *args: Any) -> Any:
        threads.append(threading.current_thread().name)
        return rebuilt(self, *args)

    monkeypatch.setattr(Hub, "_rebuilt", watched)
    again = make_app(sqlite_url, catalog)
    with TestClient(again) as client, contextlib.ExitStack() as stack:
        assert code not in again.state.hub.rooms  # finished: not loaded at start
        watcher = hello(client, code, stack, role="spectator")
        assert watcher.messages[0]["type"] == "welcome"
        room = again.state.hub.rooms[code]
        assert room.state.to_json() == before and room.seq == seq
        assert room.status == "finished"
    assert len(threads) == 1 and threads[0].startswith("ludinum-read"), threads


def live_rooms(url: str, catalog: Catalog, count: int) -> dict[str, tuple[int, Any]]:
    """``count`` Hacker rooms under way (a person's turn after the bots'), as stored:
    their moves and state."""
    app = make_app(url, catalog)
    out: dict[str, tuple[int, Any]] = {}
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        for _ in range(count):
            code, host_token = create_room(client, "hacker", 4)
            join(client, code, "Léa")
            host = hello(client, code, stack, role="host", token=host_token)
            host.send(type="start", level="random")
            for _ in range(1000):
                if app.state.hub.idle(code) and app.state.hub.rooms[code].seq > 0:
                    break
                time.sleep(0.01)
            room = app.state.hub.rooms[code]
            out[code] = (room.seq, room.state.to_json())
    return out


def test_a_restarted_server_answers_before_its_rooms_are_back(
        sqlite_url: str, catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: the live rooms were all replayed on the event loop before the server
    answered anything (seconds with a class's tables in mid-game). It now answers at once
    and brings them back in the background, each log replayed in a reader thread; a room
    asked for meanwhile is loaded first, once."""
    rooms = live_rooms(sqlite_url, catalog, 3)
    threads: list[str] = []
    gate = threading.Event()
    rebuilt = Hub._rebuilt

    def slow(self: Hub, *args: Any) -> Any:
        threads.append(threading.current_thread().name)
        gate.wait(10)  # every replay waits until the test has been answered
        return rebuilt(self, *args)

    monkeypatch.setattr(Hub, "_rebuilt", slow)
    again = make_app(sqlite_url, catalog)
    with TestClient(again) as client, contextlib.ExitStack() as stack:
        hub = again.state.hub
        assert client.get("/").status_code == 200  # served while no room is back yet
        assert hub.rooms == {}
        # Still live rooms of this process (a blocked school address naming one gets in).
        assert all(hub.holds(code) for code in rooms) and not hub.holds("ZZZZZZ")
        gate.set()
        last = list(rooms)[-1]
        watcher = hello(client, last, stack, role="spectator")  # asked for: loaded once
        assert watcher.messages[0]["type"] == "welcome"
        restored(client, again)
        assert set(hub.rooms) == set(rooms)
        for code, (seq, state) in rooms.items():
            assert hub.rooms[code].seq == seq and hub.rooms[code].state.to_json() == state
            assert hub.timers.pending(code) == hub.rooms[code].deadline_at
    assert len(threads) == len(rooms) and all(t.startswith("ludinum-read") for t in threads)


def test_a_room_that_cannot_be_replayed_does_not_keep_the_others_away(
        sqlite_url: str, catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    rooms = live_rooms(sqlite_url, catalog, 2)
    broken = next(iter(rooms))
    rebuilt = Hub._rebuilt

    def failing(self: Hub, row: Any, *args: Any) -> Any:
        if row.code == broken:
            raise ValueError("a log this code cannot replay")
        return rebuilt(self, row, *args)

    monkeypatch.setattr(Hub, "_rebuilt", failing)
    again = make_app(sqlite_url, catalog)
    with TestClient(again) as client:
        restored(client, again)
        assert set(again.state.hub.rooms) == set(rooms) - {broken}
