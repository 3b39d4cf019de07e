"""While a device passed around the table goes round (``engine.passing``), what it shows
between two visits stands as it was when the round began (``frames.Still``): were it to
move on, the table would see when a secret or a hidden phase ended, at whose visit (a
Hacker thief's credit after a wrong guess, H5; a trip's drops landing, H2, H4). The
room's public screens, the projector (``/host/<code>``) and the spectators'
(``/watch/<code>``), beside the table, followed the game live all the same and told the
table what the shared screen hides. Now they stand as well, one still for the room's
public viewer (``Room.still``), and catch up with the round's public lines once it is
over, as the shared screen does."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog
from tests.server.helpers import Conn, create_room, hello, join, make_app
from tests.server.test_pass_secret_turns import (
    NAMES,
    REVEAL,
    pass_client,
    shared_hacker,
    tap_device,
    twin_chooser,
)


def screen(conn: Conn) -> str:
    """What a public screen shows of the game: its status line, the seats it marks as
    acting, the status it is told and what it draws its board from."""
    return json.dumps([conn.page.get("status"), conn.last.get("active"),
                       conn.last.get("status"), conn.drawn], sort_keys=True)


def lines(conn: Conn) -> list[str]:
    """Every log line a screen was sent, in order."""
    return [line["text"] for m in conn.messages if m["type"] == "update" for line in m["log"]]


def public_view(room: Any) -> dict[str, Any]:
    """The public view as the pages draw it (in French, through JSON)."""
    view = room.game.text.localised(room.state.view(None), "fr")
    return {k: v for k, v in json.loads(json.dumps(view)).items() if v is not None}


def drawn_pub(conn: Conn) -> dict[str, Any]:
    return {k: v for k, v in conn.drawn["pub"].items() if v is not None}


def play_watched(client: TestClient, stack: Any, seed: int, options: dict[str, Any] | None
                 = None, choose: Any = None) -> dict[str, Any]:
    """A Hacker game of four people on one shared device, its host screen and a spectator
    connected, played to its end with random taps (or ``choose``'s): how many rounds the
    device went, and what the two public screens showed under each privacy card naming a
    person during a round. Fails as soon as a public screen moves on or is told a line
    during a round, or shows anything else than the game as it is once it is over."""
    code, host, watch, device = shared_hacker(client, stack, seed, options, watched=True)
    assert watch is not None
    hub = client.app.state.hub  # type: ignore[attr-defined]
    room = hub.rooms[code]
    rng = random.Random(seed)
    standing: dict[str, tuple[str, int]] | None = None  # the public screens, round begun
    steps: list[tuple[str, str, str]] = []  # (the device's card, host, watch) in rounds
    rounds = ended = 0
    for _ in range(4000):
        pick = rng.choice if choose is None else (lambda offered: choose(room.state, offered))
        if not tap_device(device, pick) and room.status == "finished":
            break
        for conn in (device, host, watch):
            conn.sync()
        going = bool(pass_client(hub, code).passing.owed)
        now = {"host": (screen(host), len(lines(host))),
               "watch": (screen(watch), len(lines(watch)))}
        if going:
            if standing is None:
                standing, rounds = now, rounds + 1
            assert now == standing, "a public screen moved on during a round"
            assert host.last["status"] in ("playing", "paused")
            assert not host.page.get("debrief") and not watch.page.get("debrief")
            card = device.page.get("privacy", "")
            if REVEAL.search(card):  # a handover by name, the same in games alike
                steps.append((card, now["host"][0], now["watch"][0]))
        elif standing is not None:  # the round is over: the game as it is now
            standing, ended = None, ended + 1
            if room.status == "playing":
                assert drawn_pub(host) == drawn_pub(watch) == public_view(room)
                assert host.last["active"] == list(room.public_active(None))
        if not going and room.status == "finished":
            break
    assert room.status == "finished"
    for conn in (host, watch):
        conn.sync()
    assert host.page.get("debrief") and watch.page.get("debrief")
    assert drawn_pub(host) == public_view(room)
    # Every public line told, once: those of the rounds came when each was over.
    late = hello(client, code, stack, role="spectator")
    told = lines(late)
    assert told and lines(host)[-len(told):] == told and lines(watch)[-len(told):] == told
    assert lines(host) == lines(watch)
    return {"rounds": rounds, "ended": ended, "steps": steps, "room": room}


def test_the_public_screens_stand_still_while_the_device_goes_round(
    sqlite_url: str, catalog: Catalog
) -> None:
    """Seed 16: thieves' secret credits after wrong guesses (H5) and trips (H2, H4), the
    last credit ending the game during a round. While the device goes round, the host and
    the spectator screens show the status line, the seats acting and the board as they
    were when the round began, and are told no line; once it is over they show the game
    as it is with the round's public lines (the end included, after the round)."""
    app = make_app(sqlite_url, catalog)
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        seen = play_watched(client, stack, 16)
    assert seen["rounds"] > 3 and seen["ended"] >= seen["rounds"] - 1
    # Rounds of several handovers each.
    assert len(seen["steps"]) > 2 * seen["rounds"]


def test_the_public_screens_tell_apart_no_two_games_the_table_cannot(
    sqlite_url: str, catalog: Catalog
) -> None:
    """The two Hacker games of ``twin_move`` (one player with no virus left, or with
    viruses and done, H2, H4) show the same host and spectator screens at every step of
    the device while it goes round: the drops land once the round is over, not at the
    visit of the last player who had some."""
    seen = []
    for swapped in (False, True):
        app = make_app(sqlite_url, catalog)
        with contextlib.ExitStack() as stack:
            client = stack.enter_context(TestClient(app))
            seen.append(play_watched(client, stack, 9, options={"vigilance": 0},
                                     choose=twin_chooser(swapped)))
    # The same names called on the privacy cards, and the same public screens meanwhile.
    assert len(seen[0]["steps"]) > 20
    assert seen[0]["steps"] == seen[1]["steps"]


def test_an_ordinary_room_s_host_screen_follows_every_move(
    sqlite_url: str, catalog: Catalog
) -> None:
    """A room with no shared device: the host screen follows the game, its board the game
    as it is after each move of the phone and the bots' that follow, its lines told as
    they come (no still without a device)."""
    app = make_app(sqlite_url, catalog)
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        code, host_token = create_room(client, "hacker", 4, mode="turns", seed=16)
        _, token = join(client, code, NAMES[0])
        host = hello(client, code, stack, role="host", token=host_token)
        phone = hello(client, code, stack, role="player", token=token)
        host.send(type="start", level="random")
        host.sync()
        hub = client.app.state.hub  # type: ignore[attr-defined]
        room = hub.rooms[code]
        rng = random.Random(16)
        moved = 0
        for _ in range(300):
            phone.sync()
            if room.status != "playing":
                break
            if phone.actions:
                told = len(lines(host))
                chosen = rng.choice(phone.actions)
                phone.send(type="act", seat=chosen["seat"], action=chosen["action"],
                           seq=phone.last["seq"])
                phone.sync()
                for _ in range(200):  # the moves that follow (bots, a trip's end), shown
                    host.sync()
                    if hub.idle(code) and drawn_pub(host) == public_view(room):
                        break
                assert room.still is None
                assert drawn_pub(host) == public_view(room)
                moved += len(lines(host)) > told
            else:
                host.sync()
        assert moved > 5


def test_the_host_pauses_and_stops_a_game_during_a_round(
    sqlite_url: str, catalog: Catalog
) -> None:
    """The host's controls keep working while the device goes round: « Pause » shows over
    the public screens as they stood (a pause tells nothing), the seat tools stay, and a
    game the host stops during a round shows as it is, on every public screen."""
    app = make_app(sqlite_url, catalog)
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        code, host, watch, device = shared_hacker(client, stack, 16, watched=True)
        assert watch is not None
        hub = client.app.state.hub  # type: ignore[attr-defined]
        room = hub.rooms[code]
        rng = random.Random(16)
        for _ in range(4000):  # random taps until a round has moved the game on
            if pass_client(hub, code).passing.owed and drawn_pub(host) != public_view(room):
                break
            tap_device(device, rng.choice)
            for conn in (device, host, watch):
                conn.sync()
        else:
            raise AssertionError("no round moved the game on")
        board, active = json.dumps(host.drawn, sort_keys=True), host.last["active"]
        assert 'data-cmd="rename"' in host.page["seats"]  # the seat tools, under way
        host.send(type="pause")
        for conn in (host, watch):
            conn.sync()
            assert conn.last["status"] == "paused" and "Pause" in conn.page["status"]
            assert json.dumps(conn.drawn, sort_keys=True) == board
            assert conn.last["active"] == active
        assert not host.errors()
        host.send(type="resume")
        for conn in (host, watch):
            conn.sync()
            assert conn.last["status"] == "playing"
            assert json.dumps(conn.drawn, sort_keys=True) == board
        host.send(type="end")
        for conn in (host, watch, device):
            conn.sync()
            assert conn.last["status"] == "ended" and "arrêtée" in conn.page["status"]
        assert drawn_pub(host) == drawn_pub(watch) == public_view(room) != json.loads(board)["pub"]
        assert not host.errors() and room.still is None
