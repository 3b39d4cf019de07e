"""A bot's seat given to a late or returning pupil during a game (issue 21 §2).

The host offers the seat (« Donner cette place à un élève »); the pupil joins the room and
touches it: the seat becomes theirs, with everything it knows and nothing more, the bot
stops, and the seat's history stays. Saved before anyone is told, so a failed write
changes nothing and a restart keeps it; every refusal is clear and changes nothing.
"""

from __future__ import annotations

import contextlib
import random
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludinum.server import framecache, frames
from ludinum.server.catalog import Catalog
from ludinum.server.clients import Client
from ludinum.server.hub import Hub
from tests.drawing import decoded
from tests.server.conftest import catalog_with_toy
from tests.server.helpers import Conn, create_room, hello, join, make_app
from tests.server.test_play import LeakWatch, play_to_end
from tests.server.test_protocol import expect_refused
from tests.server.test_write_path import failing_store, stored

GAMES = [g.name for g in catalog_with_toy().games()]


async def _noop(_text: str) -> None:
    return None


def reference_frame(app: Any, code: str, seat: int) -> dict[str, Any]:
    """The full frame the server's own code builds for a player of ``seat`` now."""
    hub: Hub = app.state.hub
    room = hub.rooms[code]
    client = Client(_noop)
    client.role, client.code, client.seats = "player", code, (seat,)
    cache = framecache.FrameCache(room, hub.clock(), hub.catalog.bot_levels(room.game.name))
    frame = frames.build(client, cache, full=True)
    assert frame is not None
    return frame


def started(client: TestClient, stack: contextlib.ExitStack, players: int = 3,
            game: str = "toy") -> tuple[str, Conn, Conn]:
    """A turn-based room: Léa at seat 0 (she moves first in the toy game), bots elsewhere."""
    code, host_token = create_room(client, game, players, mode="turns")
    _, token = join(client, code, "Léa")
    host = hello(client, code, stack, role="host", token=host_token)
    lea = hello(client, code, stack, role="player", token=token)
    host.send(type="start", level="random")
    host.sync()
    lea.sync()
    return code, host, lea


def refused(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    error: dict[str, Any] = response.json()["error"]
    assert error["code"] == code and error["fr"] and error["en"], error
    return error


def test_a_late_pupil_takes_an_offered_bot_seat_and_plays_it(
        sqlite_url: str, catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host, lea = started(client, stack)
        hub: Hub = app.state.hub
        room = hub.rooms[code]
        assert [s.kind for s in room.seats] == ["human", "bot", "bot"]
        # Without an offer, a late pupil gets a clear refusal (no free seat once started).
        error = refused(client.post(f"/api/rooms/{code}/join", json={"nickname": "Tom"}),
                        409, "no_seat_offered")
        assert "demande qu'on te donne une place" in error["fr"]
        host.send(type="offer", seat=1)
        host.sync()
        assert not host.errors()
        assert room.seats[1].offered and stored(app, code)[1] == ["human", "bot", "bot"]
        assert hub.store.room(code).seats[1]["offered"] is True  # type: ignore[union-attr]
        assert "proposée aux élèves" in host.page["seats"]
        page = client.get(f"/j/{code}").text
        assert 'data-offered-seat="1"' in page and 'data-offered-seat="2"' not in page
        seat, token = join(client, code, "Tom", seat=1)
        assert seat == 1
        assert [s.kind for s in room.seats] == ["human", "human", "bot"]
        assert not room.seats[1].offered and 1 not in hub.bots.get(code, {})
        assert stored(app, code)[1] == ["human", "human", "bot"]
        host.sync()
        assert "Tom" in host.page["seats"]
        tom = hello(client, code, stack, role="player", token=token)
        first = next(m for m in tom.messages if m["type"] == "update")
        expected = reference_frame(app, code, 1)
        # The pupil's frames are the seat's frames: its hand, its history, nothing more.
        assert first["slots"] == expected["slots"] and first["actions"] == expected["actions"]
        assert first["draw"] == decoded(expected["draw"])
        hand = room.state.view(1)["hand"]
        assert all(card in str(first["draw"]["own"]["hand"]) for card in hand)  # its own
        # Léa moves; then it is Tom's turn: the bot does not play it, Tom does.
        lea.sync()
        lea.send(type="act", seat=0, action=lea.actions[0]["action"], seq=lea.last["seq"])
        lea.sync()
        tom.sync()
        assert room.state.active_players() == (1,) and room.bot_turns() == []
        before = room.seq
        tom.send(type="act", seat=1, action=tom.actions[0]["action"], seq=tom.last["seq"])
        tom.sync()
        assert not tom.errors() and room.seq > before
        assert hub.store.actions(room.id)[before][1] == 1  # Tom's move, from seat 1


@pytest.mark.parametrize("game", GAMES)
def test_no_frame_of_a_handed_over_seat_carries_another_seats_secrets(
        sqlite_url: str, catalog: Catalog, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    """The frame privacy check of test_play, on a game where a bot's seat is given to a
    pupil after a few moves and the game is played to its end."""
    watcher = LeakWatch()
    original = frames.build

    def build(client: Any, cache: framecache.FrameCache, full: bool = False) -> Any:
        frame = original(client, cache, full)
        if frame is not None:
            watcher.check(client, cache, frame)
        return frame

    monkeypatch.setattr(frames, "build", build)
    app = make_app(sqlite_url, catalog)
    players = catalog.game(game).max_players
    rng = random.Random(7)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, game, min(players, 3), mode="turns", seed=11)
        _, token = join(client, code, "Léa")
        host = hello(client, code, stack, role="host", token=host_token)
        lea = hello(client, code, stack, role="player", token=token)
        host.send(type="start", level="random")
        host.sync()
        room = app.state.hub.rooms[code]
        for _ in range(3):  # a few moves, so that the seat has a history
            lea.sync()
            if lea.actions and room.status == "playing":
                choice = lea.actions[rng.randrange(len(lea.actions))]
                lea.send(type="act", seat=0, action=choice["action"], seq=lea.last["seq"])
        lea.sync()
        if room.status != "playing":
            pytest.skip("the game ended before the handover")
        host.send(type="offer", seat=1)
        host.sync()
        assert not host.errors()
        _, tom_token = join(client, code, "Tom", seat=1)
        tom = hello(client, code, stack, role="player", token=tom_token)
        play_to_end([lea, tom], rng, host)
    assert watcher.checked > 0 and not watcher.leaks, watcher.leaks[:5]


def test_refusals_are_clear_and_change_nothing(sqlite_url: str, catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, "toy", 3, mode="turns")
        _, token = join(client, code, "Léa")
        host = hello(client, code, stack, role="host", token=host_token)
        lea = hello(client, code, stack, role="player", token=token)
        room = app.state.hub.rooms[code]
        host.send(type="offer", seat=1)  # in the lobby a pupil simply joins
        host.sync()
        assert host.errors()[-1]["code"] == "not_started"
        host.send(type="start", level="random")
        host.sync()
        seen = len(host.messages)
        host.send(type="offer", seat=0)  # a person's seat is not a bot's
        host.send(type="offer", seat=9)
        host.send(type="offer", seat="1")
        host.sync()
        assert [e["code"] for e in host.errors(seen)] == ["not_a_bot", "bad_seat", "bad_message"]
        lea.send(type="offer", seat=1)  # a player's token does not drive the room
        lea.sync()
        assert lea.errors()[-1]["code"] == "not_host"
        assert not any(s.offered for s in room.seats)
        # A seat not offered, a look-alike nickname, a rude one: refused, seat still a bot's.
        refused(client.post(f"/api/rooms/{code}/join", json={"nickname": "Tom", "seat": 2}),
                409, "seat_not_offered")
        host.send(type="offer", seat=2)
        host.sync()
        refused(client.post(f"/api/rooms/{code}/join", json={"nickname": "LÉA", "seat": 2}),
                409, "name_taken")
        refused(client.post(f"/api/rooms/{code}/join", json={"nickname": "", "seat": 2}),
                400, "bad_nickname")
        assert room.seats[2].kind == "bot" and room.seats[2].offered
        # Withdrawn: refused again.
        host.send(type="withdraw", seat=2)
        host.sync()
        refused(client.post(f"/api/rooms/{code}/join", json={"nickname": "Tom", "seat": 2}),
                409, "seat_not_offered")
        # Handing the seat to a bot of a level closes the offer too.
        host.send(type="offer", seat=2)
        host.send(type="bot", seat=2, level="random")
        host.sync()
        assert not room.seats[2].offered
        host.send(type="offer", seat=2)
        host.sync()
        host.send(type="end")
        host.sync()
        assert stored(app, code)[0] == "ended"
        refused(client.post(f"/api/rooms/{code}/join", json={"nickname": "Tom", "seat": 2}),
                409, "game_over")
        assert "La partie est terminée" in client.get(f"/j/{code}").text
        assert "data-offered-seat" not in client.get(f"/j/{code}").text
        host.send(type="offer", seat=1)
        host.sync()
        assert host.errors()[-1]["code"] == "game_over"


def test_a_removed_pupil_comes_back_and_the_old_token_stays_dead(
        sqlite_url: str, catalog: Catalog) -> None:
    # Once she is removed every seat is a bot: paced bots and the longest game leave her
    # time to come back before the end, however loaded the machine is (20 moves × 0.3 s).
    app = make_app(sqlite_url, catalog, bot_delay=0.3)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, "toy", 2, mode="turns", options={"rounds": 10})
        _, old = join(client, code, "Léa")
        host = hello(client, code, stack, role="host", token=host_token)
        host.send(type="start", level="random")
        host.sync()
        room = app.state.hub.rooms[code]
        host.send(type="kick", seat=0)
        host.sync()
        assert room.seats[0].kind == "bot"
        store = app.state.hub.store
        for _ in range(200):  # the bot plays her seat meanwhile
            if any(a[1] == 0 for a in store.actions(room.id)):
                break
            time.sleep(0.05)
        host.send(type="offer", seat=0)
        host.sync()
        _, new = join(client, code, "Léa", seat=0)  # her nickname is hers again
        assert room.seats[0].kind == "human" and room.seats[0].nickname == "Léa"
        assert not room.state.is_terminal()
        moves = [a for a in store.actions(room.id) if a[1] == 0]
        assert moves  # the seat's history stays
        # The token she held before removal opens nothing; the new one opens seat 0.
        ws = stack.enter_context(client.websocket_connect(f"/ws/{code}"))
        stale = Conn(ws)
        stale.send(type="hello", role="player", token=old)
        expect_refused(stale, "bad_token")
        back = hello(client, code, stack, role="player", token=new)
        assert back.messages[0]["seats"] == [0]
        update = next(m for m in back.messages if m["type"] == "update")
        assert update["slots"] == reference_frame(app, code, 0)["slots"]


def test_a_handover_that_cannot_be_saved_changes_nothing_and_a_restart_keeps_one(
        sqlite_url: str, catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host, _lea = started(client, stack)
        with failing_store(monkeypatch):  # an offer that cannot be saved is not made
            host.send(type="offer", seat=1)
            host.sync()
        assert host.errors()[-1]["code"] == "storage_unavailable"
        assert not app.state.hub.rooms[code].seats[1].offered
        assert app.state.hub.store.room(code).seats[1]["offered"] is False
        host.send(type="offer", seat=1)
        host.sync()
        with failing_store(monkeypatch):
            response = client.post(f"/api/rooms/{code}/join", json={"nickname": "Tom", "seat": 1})
        refused(response, 503, "storage_unavailable")
        room = app.state.hub.rooms[code]  # reloaded from disk: memory agrees with it
        assert room.seats[1].kind == "bot" and room.seats[1].offered
        assert stored(app, code)[1] == ["human", "bot", "bot"]
        _, token = join(client, code, "Tom", seat=1)
    again = make_app(sqlite_url, catalog)  # a new server on the same file
    with TestClient(again) as client, contextlib.ExitStack() as stack:
        tom = hello(client, code, stack, role="player", token=token)
        assert tom.messages[0]["seats"] == [1] and not tom.errors()
        room = again.state.hub.rooms[code]
        assert [s.kind for s in room.seats] == ["human", "human", "bot"]
        assert not room.seats[1].offered and room.seats[1].nickname == "Tom"
