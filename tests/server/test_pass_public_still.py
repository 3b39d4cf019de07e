"""While a device passed around the table goes round (``engine.passing``), what it shows
between two visits stands as it was when the round began (``rounds.Still``): were it to
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
import re
from typing import Any

from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog
from tests.server.helpers import Conn, create_room, hello, join, make_app
from tests.server.test_pass_secret_turns import (
    DONE,
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
        _, host, watch, device, room = play_until(client, stack, moved_on)
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


def play_until(client: TestClient, stack: Any, stop: Any, seed: int = 16
               ) -> tuple[str, Conn, Conn, Conn, Any]:
    """Seed ``seed``'s Hacker game on one shared device, watched, played with random taps
    until ``stop(hub, code, room, host)``: the room's code, its host, spectator and device
    connections, and the room."""
    code, host, watch, device = shared_hacker(client, stack, seed, watched=True)
    assert watch is not None
    hub = client.app.state.hub  # type: ignore[attr-defined]
    room = hub.rooms[code]
    rng = random.Random(seed)
    for _ in range(4000):
        if stop(hub, code, room, host):
            break
        tap_device(device, rng.choice)
        for conn in (device, host, watch):
            conn.sync()
    else:
        raise AssertionError(f"not reached: {stop.__doc__}")
    for conn in (device, host, watch):
        conn.sync()
    return code, host, watch, device, room


def moved_on(hub: Any, code: str, room: Any, host: Conn) -> bool:
    """A round has moved the game on: the host's screen stands as it was."""
    return bool(pass_client(hub, code).passing.owed) and drawn_pub(host) != public_view(room)


def closing(hub: Any, code: str, room: Any, host: Conn) -> bool:
    """The game ended during a round (seed 16: the thief's last credit, H5)."""
    return room.status == "finished" and bool(pass_client(hub, code).passing.owed)


def test_the_host_pauses_a_game_that_ended_during_a_round_as_any_other(
    sqlite_url: str, catalog: Catalog
) -> None:
    """The game ended during a round (seed 16: the thief's last credit, H5): the public
    screens still show it under way, as when the round began (were they to show the end
    at once, the table would know that the person holding the device was the thief). The
    host's « Pause » then does what it does during any round: « Pause » over the screens
    as they stood, on the device too, « Reprendre » takes it off (it was refused with
    « La partie est finie : … », which told the room the end before the round was
    over), « Verrouiller » closes the room. A seat tool refused says nothing of the end,
    in French nor in English. Once the device has gone round, every screen shows the
    end."""
    app = make_app(sqlite_url, catalog)
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        code, host, watch, device, room = play_until(client, stack, closing)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        board = screen(host)
        drawn = json.dumps(host.drawn, sort_keys=True)
        assert host.last["status"] == "playing" and not host.page.get("debrief")
        assert 'data-cmd="bot"' in host.page["seats"]  # the seat tools, still shown
        host.send(type="pause")
        for conn in (host, watch, device):
            conn.sync()
        assert not host.errors()
        for conn in (host, watch):
            assert conn.last["status"] == "paused" and "Pause" in conn.page["status"]
            assert json.dumps(conn.drawn, sort_keys=True) == drawn
            assert not conn.page.get("debrief")
        assert device.last["status"] == "paused" and "Pause" in device.page["status"]
        assert not REVEAL.search(device.page.get("privacy", ""))  # nobody takes it now
        # Paused twice, resumed twice: the answers of a game paused under way.
        host.send(type="pause")
        host.sync()
        assert [e["code"] for e in host.errors()] == ["not_playing"]
        host.send(type="resume")
        for conn in (host, watch, device):
            conn.sync()
        assert screen(host) == board and host.last["status"] == "playing"
        assert screen(watch) == screen(host)
        host.send(type="resume")
        host.sync()
        assert [e["code"] for e in host.errors()] == ["not_playing", "not_paused"]
        host.send(type="lock")  # closed to newcomers, as during any round
        host.sync()
        assert len(host.errors()) == 2 and room.locked
        host.send(type="bot", seat=1, level="random")
        host.sync()
        refused = host.errors()[-1]
        assert refused["code"] == "round_going_on"
        for words in (refused["fr"].lower(), refused["en"].lower()):
            assert not re.search(r"fini|termin|over|end", words), words
        for conn in (host, watch):
            conn.sync()
            assert screen(conn) == screen(host) == board
        assert room.status == "finished" and pass_client(hub, code).passing.owed
        # The device goes round to the end: then every screen shows it.
        rng = random.Random(16)
        for _ in range(100):
            if not pass_client(hub, code).passing.owed:
                break
            tap_device(device, rng.choice)
            for conn in (device, host, watch):
                conn.sync()
        for conn in (host, watch, device):
            conn.sync()
            assert conn.last["status"] == "finished"
            assert "Partie terminée" in conn.page["status"]
        assert room.still is None and host.page.get("debrief") and watch.page.get("debrief")
        assert drawn_pub(host) == drawn_pub(watch) == public_view(room)


def test_the_host_ends_a_game_that_ended_during_a_round(
    sqlite_url: str, catalog: Catalog
) -> None:
    """« Terminer » on a game that ended during a round shows the end at once on the
    public screens (the game is over: finished, not stopped), and on the device once the
    thief has read his move's result (« Ton tour est fini »): nobody visited after him."""
    app = make_app(sqlite_url, catalog)
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        code, host, watch, device, room = play_until(client, stack, closing)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        # The last mover reads the result of their move (« Ton tour est fini ») first.
        assert DONE in device.page["privacy"]
        host.send(type="end")
        for conn in (host, watch, device):
            conn.sync()
        assert DONE in device.page["privacy"] and device.last["status"] == "playing"
        for conn in (host, watch):
            assert conn.last["status"] == "finished" and conn.page.get("debrief")
        device.send(type="hand_on")
        for conn in (host, watch, device):
            conn.sync()
            assert conn.last["status"] == "finished"
            assert "Partie terminée" in conn.page["status"]
        assert not host.errors()
        assert room.status == "finished" and room.still is None
        assert not pass_client(hub, code).passing.owed
        assert host.page.get("debrief") and watch.page.get("debrief")
        assert not device.page.get("privacy")
        assert drawn_pub(host) == drawn_pub(watch) == public_view(room)


def test_a_round_s_end_reaches_each_public_screen_in_one_frame(
    sqlite_url: str, catalog: Catalog
) -> None:
    """Each tap of the device ending a round (its last visit hidden, a move ending it)
    sends the host and the spectator at most one frame each, the game as it is (none when
    the round changed nothing they show): not the screen as it stood, then another."""
    app = make_app(sqlite_url, catalog)
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        code, host, watch, device = shared_hacker(client, stack, 16, watched=True)
        assert watch is not None
        hub = client.app.state.hub  # type: ignore[attr-defined]
        room = hub.rooms[code]
        rng = random.Random(16)
        ends = moved = 0
        for _ in range(4000):
            going = bool(pass_client(hub, code).passing.owed)
            if not tap_device(device, rng.choice):
                break
            device.sync()
            frames = {name: [m for m in conn.sync() if m["type"] == "update"]
                      for name, conn in (("host", host), ("watch", watch))}
            if going and not pass_client(hub, code).passing.owed:
                ends += 1
                assert [len(f) for f in frames.values()] in ([0, 0], [1, 1]), (ends, frames)
                moved += len(frames["host"])
                assert drawn_pub(host) == drawn_pub(watch) == public_view(room)
            if room.status == "finished" and not pass_client(hub, code).passing.owed:
                break
        assert ends > 3 and moved > 2


def test_a_device_leaving_during_a_round_sends_each_public_screen_one_frame(
    sqlite_url: str, catalog: Catalog
) -> None:
    """The device closes while it goes round (its seats shown offline): the public screens
    stop standing still and get one frame each, the game as it is with its seats offline;
    they were sent the screen as it stood with the seats offline, then the game as it is,
    in the same tick."""
    app = make_app(sqlite_url, catalog)
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        _, host, watch, device, room = play_until(client, stack, moved_on)
        seats = host.page["seats"]
        device.ws.close()
        sent: dict[str, list[dict[str, Any]]] = {"host": [], "watch": []}
        for _ in range(100):  # until the server has seen the device go
            for name, conn in (("host", host), ("watch", watch)):
                sent[name] += [m for m in conn.sync() if m["type"] == "update"]
            if room.still is None and all(sent.values()):
                break
        assert [len(frames) for frames in sent.values()] == [1, 1]
        assert drawn_pub(host) == drawn_pub(watch) == public_view(room)
        assert host.page["seats"] != seats
