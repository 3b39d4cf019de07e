"""Seat squatting: the host closes the room to new players (``lock``), removes whoever
should not be there, and nobody takes a seat back until the host opens the room again.
The lock is stored with the room; host commands that would change nothing are refused."""

from __future__ import annotations

import contextlib
import html
import json

from starlette.testclient import TestClient

from ludinum.content.typography import french_spacing
from ludinum.server.catalog import Catalog
from tests.server.helpers import create_room, hello, join, make_app, restored


def _refused(conn: object, kind: str, **message: object) -> str:
    from tests.server.helpers import Conn

    assert isinstance(conn, Conn)
    before = len(conn.messages)
    conn.send(type=kind, **message)
    conn.sync()
    errors = conn.errors(before)
    assert len(errors) == 1, conn.messages[before:]
    return str(errors[0]["code"])


def test_a_locked_room_lets_nobody_in_and_keeps_who_is_seated(
    sqlite_url: str, catalog: Catalog
) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, "gnou", 3)
        _, lea = join(client, code, "Léa")
        _, squat = join(client, code, "Squat")
        host = hello(client, code, stack, role="host", token=host_token)
        host.send(type="lock")
        host.sync()
        assert host.errors() == []
        assert "Salle fermée" in html.unescape(host.page["seats"])
        assert 'data-cmd="unlock"' in host.page["seats"]
        # The squatter is removed and tries to come straight back, under another name too.
        host.send(type="kick", seat=1)
        host.sync()
        for nickname in ("Squat", "Squat Bis"):
            r = client.post(f"/api/rooms/{code}/join", json={"nickname": nickname})
            assert r.status_code == 409
            error = r.json()["error"]
            assert error["code"] == "room_locked"
            assert error["fr"] == french_spacing(
                "La salle est fermée : demande qu'on l'ouvre pour entrer.")
        with client.websocket_connect(f"/ws/{code}") as ws:  # its old key opens nothing
            ws.send_text(json.dumps({"type": "hello", "role": "player", "token": squat}))
            assert json.loads(ws.receive_text())["code"] == "bad_token"
        summary = client.get(f"/api/rooms/{code}").json()
        assert summary["locked"] is True
        assert [s["kind"] for s in summary["seats"]] == ["human", "open", "open"]
        # The join page says so before anyone types a nickname.
        page = html.unescape(client.get(f"/j/{code}").text)
        assert "La salle est fermée. Demande qu'on l'ouvre" in page and "data-join" not in page
        # Whoever is seated keeps the seat: a reload reconnects.
        player = hello(client, code, stack, role="player", token=lea)
        assert player.messages[0]["type"] == "welcome"
        assert player.messages[0]["seats"] == [0]
        # A player cannot open the room.
        assert _refused(player, "unlock") == "not_host"
        host.send(type="unlock")
        host.sync()
        assert 'data-cmd="lock"' in host.page["seats"]
        seat, _ = join(client, code, "Malo")
        assert seat == 1


def test_the_lock_survives_a_restart(db_url: str, catalog: Catalog) -> None:
    app = make_app(db_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, "gnou", 2)
        host = hello(client, code, stack, role="host", token=host_token)
        host.send(type="lock")
        host.sync()
    again = make_app(db_url, catalog)
    with TestClient(again) as client:
        restored(client, again)
        assert again.state.hub.rooms[code].locked is True
        r = client.post(f"/api/rooms/{code}/join", json={"nickname": "Léa"})
        assert r.status_code == 409 and r.json()["error"]["code"] == "room_locked"


def test_commands_that_would_change_nothing_are_refused(
    sqlite_url: str, catalog: Catalog
) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, "gnou", 3)
        join(client, code, "Léa")
        host = hello(client, code, stack, role="host", token=host_token)
        assert _refused(host, "kick", seat=2) == "bad_seat"  # a free seat: nobody to remove
        host.send(type="start", level="random")
        host.sync()
        assert _refused(host, "withdraw", seat=2) == "not_offered"
        before = len(host.messages)
        host.send(type="offer", seat=2)
        host.sync()
        host.send(type="withdraw", seat=2)
        host.sync()
        assert host.errors(before) == []
        seats = client.get(f"/api/rooms/{code}").json()["seats"]
        assert seats[0]["kind"] == "human" and not seats[2].get("offered")
        assert _refused(host, "kick", seat=2) == "bad_seat"  # a bot's seat, mid-game
        host.send(type="offer", seat=2)
        host.send(type="lock")
        host.sync()
        assert "Une place proposée ne peut pas être prise" in html.unescape(host.page["seats"])
        host.send(type="end")
        host.sync()
        assert _refused(host, "lock") == "game_over"


def test_bots_wait_for_a_screen_instead_of_playing_for_nobody(
    sqlite_url: str, catalog: Catalog
) -> None:
    """A room started with bots and left alone kept a core busy (expert bots): its bots
    stop while no screen is connected, and play on when one connects."""
    import time

    app = make_app(sqlite_url, catalog, bot_delay=0.05)
    with TestClient(app) as client:
        code, host_token = create_room(client, "hacker", 4, mode="turns")
        with contextlib.ExitStack() as stack:
            host = hello(client, code, stack, role="host", token=host_token)
            host.send(type="start", level="random")
            host.sync()
            time.sleep(0.3)
        room = app.state.hub.rooms[code]
        time.sleep(0.3)  # the loop notices nobody is left
        before = room.seq
        time.sleep(0.6)
        assert room.seq == before and room.status == "playing"
        with contextlib.ExitStack() as stack:
            hello(client, code, stack, role="spectator")
            deadline = time.monotonic() + 5
            while room.seq == before and time.monotonic() < deadline:
                time.sleep(0.05)
            assert room.seq > before
