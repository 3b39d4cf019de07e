"""Who is acting is information like any other (issue 20): frames, status lines, seat
lists, timers and sequence numbers are derived from what each viewer may know."""

from __future__ import annotations

from typing import Any

import pytest

from ludinum.engine import Action, Game
from ludinum.games.hacker import GAME
from ludinum.games.hacker.state import HackerState
from ludinum.server import framecache, frames
from ludinum.server.clients import Client
from ludinum.server.rooms import LIVE, PLAYING, TURNS, Room
from ludinum.server.seats import Seat
from tests.hacker.helpers import credit_setup, fresh, thief_crediting

_GAME: Game = GAME


async def _no_send(_text: str) -> None:  # pragma: no cover - nothing is sent here
    return None


def _room(state: HackerState, mode: str = LIVE) -> Room:
    seats = [Seat(i) for i in range(state.n)]
    for seat in seats:
        seat.make_human(f"Joueur{seat.index + 1}", "x")
    room = Room(1, "ACTING", _GAME, state.config, mode, seats, "x", state, status=PLAYING)
    room.refresh_deadline(0.0, actor=None)
    return room


def _client(seat: int | None) -> Client:
    client = Client(_no_send)
    if seat is None:
        client.role = "host"
    else:
        client.role, client.seats = "player", (seat,)
    return client


def _frame(room: Room, client: Client, full: bool = False) -> dict[str, Any] | None:
    return frames.build(client, framecache.FrameCache(room, 0.0, ["random"]), full)


@pytest.mark.parametrize("reveal", ["victim", "blind"])
def test_the_thief_crediting_his_loot_is_not_named_to_the_table(reveal: str) -> None:
    state, victim, thief = thief_crediting(reveal)
    room = _room(state)
    name = f"Joueur{thief + 1}"
    bystander = (victim + 3) % 5
    hidden_from = [None, bystander] + ([victim] if reveal == "blind" else [])
    for viewer in hidden_from:
        frame = _frame(room, _client(viewer), full=True)
        assert frame is not None
        assert frame["active"] == [], viewer
        assert name not in frame["slots"]["status"], viewer
        assert "À qui le tour" not in frame["slots"]["status"]
        assert "▶" not in frame["slots"].get("seats", "")  # the projector's list
    told = [thief] + ([victim] if reveal == "victim" else [])
    for viewer in told:
        frame = _frame(room, _client(viewer), full=True)
        assert frame is not None and frame["active"] == [thief]
    frame = _frame(room, _client(thief), full=True)
    assert frame is not None and "est à toi" in frame["slots"]["status"]


def test_a_trip_shows_nobody_finishing_nor_dropping_a_last_virus() -> None:
    """Live trip: a seat that says « J'ai fini » or drops its last virus stays in every
    other viewer's acting list, status line and seat list, in the same update."""
    state = fresh(5, seed=6, vigilance=0.0, trip_seconds=12)
    credit_setup(state)
    room = _room(state)
    traveller = state.traveller
    a, b = ((traveller + i) % 5 for i in (1, 2))
    watcher = (traveller + 3) % 5
    viewers = {v: _client(v) for v in (None, watcher)}
    first = {v: _frame(room, c, full=True) for v, c in viewers.items()}
    room.apply(a, Action.make("done"), 1.0)
    while state.hand[b] > 0:
        target = next(x for x in range(15) if state.table.owner[x] != b)
        room.apply(b, Action.make("drop", account=target), 1.0)
    assert a not in room.active() and b not in room.active()
    for v, client in viewers.items():
        frame = _frame(room, client, full=True)
        assert frame is not None and first[v] is not None
        assert frame["active"] == first[v]["active"] == [q for q in range(5)]
        assert frame["slots"]["status"] == first[v]["slots"]["status"]
        assert frame["slots"].get("seats") == first[v]["slots"].get("seats")
    mine = _frame(room, _client(a), full=True)
    assert mine is not None and a not in mine["active"]


def test_frame_numbers_do_not_count_secret_drops() -> None:
    """Turn-based trip: the others' drops are secret moves. A viewer gets no update for
    them, and its next update is numbered one more than its last, whatever the number of
    secret moves in between; the room's summary counts public moves only."""
    state = fresh(5, seed=6, vigilance=0.0, trip_seconds=0)
    credit_setup(state)
    room = _room(state, TURNS)
    traveller = state.traveller
    droppers = [(traveller + i) % 5 for i in (1, 2, 3)]
    watcher = (traveller + 4) % 5
    client = _client(watcher)
    start = _frame(room, client, full=True)
    assert start is not None
    public = room.summary_json()["seq"]
    for q in droppers:
        target = next(x for x in range(15) if state.table.owner[x] not in (q, watcher))
        room.apply(q, Action.make("drop", account=target), 1.0)
        assert _frame(room, client) is None  # nothing this viewer may know changed
    assert room.seq == 3 and room.summary_json()["seq"] == public
    for q in droppers:
        room.apply(q, Action.make("done"), 2.0)
    room.apply(watcher, Action.make("done"), 2.0)  # the trip ends: the drops land
    frame = _frame(room, client)
    assert frame is not None
    assert frame["seq"] == start["seq"] + 1
    assert all(line["seq"] == frame["seq"] for line in frame["log"])


def test_a_device_passed_between_two_others_is_not_handed_to_the_secret_thief() -> None:
    """A pass-and-play device holding two seats that do not know the thief (a bystander,
    and the victim of a blind reveal) while the thief, on his own phone, credits his loot:
    its privacy screen never names him, and shows neither seat any action. The device goes
    round its two people as if the thief might be one of them (engine.passing): were it to
    wait, its people would know he is not."""
    state, victim, thief = thief_crediting("blind")
    room = _room(state)
    bystander = (victim + 3) % 5
    device = Client(_no_send)
    device.role, device.seats = "pass", tuple(sorted((victim, bystander)))
    frame = _frame(room, device, full=True)
    assert frame is not None
    assert frame["active"] == [] and frame["actions"] == []
    assert f"Joueur{thief + 1}" not in frame["slots"]["privacy"]
    assert f'data-reveal="{min(device.seats)}"' in frame["slots"]["privacy"]
