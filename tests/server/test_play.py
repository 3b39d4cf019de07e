"""Whole games through the WebSocket for every game (the toy game and every registered one):
humans and bots, to the end; no frame sent to a player carries another seat's secrets."""

from __future__ import annotations

import contextlib
import json
import random
import re
from typing import Any

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from ludinum.engine import Action
from ludinum.server import framecache, frames
from ludinum.server.catalog import Catalog
from tests.live import LiveServer
from tests.server.conftest import catalog_with_toy
from tests.server.helpers import (
    Conn,
    create_room,
    hello,
    join,
    leaves,
    make_app,
    real_hello,
)
from tests.server.test_no_raw_data import keys

GAMES = [g.name for g in catalog_with_toy().games()]


class LeakWatch:
    """Records, for every frame built, what the receiving seat may not know."""

    def __init__(self) -> None:
        self.known: dict[int, set[str]] = {}
        self.checked = 0
        self.leaks: list[str] = []

    def check(self, client: Any, cache: framecache.FrameCache, frame: dict[str, Any]) -> None:
        room = cache.room
        seat = client.view_seat()
        if client.role == "host" or client.role == "spectator":
            seat = None
        # A view's keys are what it shows too (the Voleur's public deck composition is
        # keyed by card): the frames now carry the views themselves (issue 19).
        views = (room.state.view(seat), room.state.view(None))
        own = set().union(*(leaves(v) | set(keys(v)) for v in views))
        key = -1 if seat is None else seat
        known = self.known.setdefault(key, set())
        known |= own
        secret: set[str] = set()
        for q in range(room.config.players):
            if q != seat:
                secret |= leaves(room.state.view(q)) - known
        text = str(frame)
        for s in secret:
            if re.search(r"(?<![\w-])" + re.escape(s) + r"(?![\w-])", text):
                self.leaks.append(f"seat {seat} saw {s!r} (seq {room.seq})")
        self.checked += 1


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> LeakWatch:
    watcher = LeakWatch()
    original = frames.build

    def build(client: Any, cache: framecache.FrameCache, full: bool = False) -> Any:
        frame = original(client, cache, full)
        if frame is not None:
            watcher.check(client, cache, frame)
        return frame

    monkeypatch.setattr(frames, "build", build)
    return watcher


def play_to_end(conns: list[Conn], rng: random.Random, host: Conn, limit: int = 5000) -> None:
    for _ in range(limit):
        moved = False
        for conn in conns:
            conn.sync()
            if conn.actions:
                choice = conn.actions[rng.randrange(len(conn.actions))]
                # With the version it was chosen on: if a bot moved meanwhile, the server
                # answers "stale" instead of judging the move on a state the phone never saw.
                conn.send(type="act", seat=choice["seat"], action=choice["action"],
                          seq=conn.last["seq"])
                moved = True
        host.sync()
        if host.last.get("status") == "finished":
            return
        if not moved:
            import time

            time.sleep(0.002)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", GAMES)
def test_whole_game_with_humans_and_bots(
    game: str, sqlite_url: str, catalog: Catalog, watch: LeakWatch
) -> None:
    """Two people and bots play to the end, in turn-based mode; the debrief appears.

    Served by uvicorn on loopback and played through real WebSocket connections."""
    g = catalog.game(game)
    players = max(g.min_players, min(3, g.max_players))
    with LiveServer(sqlite_url, catalog=catalog, bot_delay=0.0) as live, \
            httpx.Client(base_url=live.url) as client, contextlib.ExitStack() as stack:
        app = live.app
        code, host_token = create_room(client, game, players, mode="turns", seed=11)
        host = real_hello(live.url, code, stack, role="host", token=host_token)
        people = []
        for name in ("Léa", "Noé"):
            _, token = join(client, code, name)
            people.append(real_hello(live.url, code, stack, role="player", token=token))
        host.send(type="start", level="random")
        play_to_end(people, random.Random(5), host)
        room = app.state.hub.rooms[code]
        assert room.status == "finished" and room.state.is_terminal()
        assert "debrief" in host.messages[-1]["slots"] or any(
            "debrief" in m.get("slots", {}) and m["slots"]["debrief"]
            for m in host.messages if m["type"] == "update")
        for conn in people:
            conn.sync()
            assert not [e for e in conn.errors() if e["code"] not in ("not_your_turn", "stale")]
            assert conn.last["outcome"]["scores"]
        # The page draws the board (issue 19): no frame carries a drawing of it, and
        # what the page draws it with comes once, revalidated by its digest.
        updates = [m for m in host.messages if m["type"] == "update"]
        assert not [m for m in updates if "<svg" in json.dumps(m.get("slots", {}))]
        assert any(m.get("draw", {}).get("pub") for m in updates)
        kit = client.get(f"/kit/{game}/fr.js")
        assert kit.status_code == 200 and kit.text.startswith("Ludinum.kit(")
        again = client.get(f"/kit/{game}/fr.js", headers={"if-none-match": kit.headers["etag"]})
        assert again.status_code == 304
        stored = app.state.hub.store.actions(room.id)
        assert len(stored) == room.seq > 0
        replayed = g.replay(room.config, [(s, Action.from_json(a)) for _, s, a in stored])
        assert replayed.to_json() == room.state.to_json()
    assert watch.checked > 0
    assert not watch.leaks, watch.leaks[:5]


@pytest.mark.parametrize("game", GAMES)
def test_spectators_and_hosts_see_only_public_events(
    game: str, sqlite_url: str, catalog: Catalog
) -> None:
    app = make_app(sqlite_url, catalog)
    g = catalog.game(game)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, game, g.min_players, mode="turns", seed=2)
        host = hello(client, code, stack, role="host", token=host_token)
        spectator = hello(client, code, stack, role="spectator")
        host.send(type="start", level="random")
        for _ in range(2000):
            host.sync()
            if host.last.get("status") == "finished":
                break
        spectator.sync()
        for conn in (host, spectator):
            lines = [line for m in conn.messages if m["type"] == "update" for line in m["log"]]
            assert lines, "the log shows public events"
            assert not [line for line in lines if line["private"]]
            assert all(m["actions"] == [] for m in conn.messages if m["type"] == "update")


def test_the_leak_watch_sees_a_leak(
    sqlite_url: str, catalog: Catalog, watch: LeakWatch, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check above is not vacuous: frames built from seat 0's view for everyone fail it."""
    original = framecache.FrameCache.view
    monkeypatch.setattr(framecache.FrameCache, "view", lambda self, seat: original(self, 0))
    with pytest.raises(AssertionError, match="saw"):
        test_whole_game_with_humans_and_bots("toy", sqlite_url, catalog, watch)
