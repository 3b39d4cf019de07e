"""A room where some people share one device passed around and others play on their own
phone. While the device goes round (``engine.passing``) the room's public screens stand
as they were when the round began (``Room.still``): what a visit did must not show at
that visit (a Hacker thief's secret credit, H5; a trip's drops landing, H2, H4). An own
phone followed the game live all the same: its board, its lines and the end moved on at
the visit where something happened, and its player, looking at who held the device,
read what the projector hides (who the thief was). Now an own phone stands still with
the projector, except while its seat decides in the round (its own secret, or a
decision it had when the round began): it moves on with its own moves only, and shows
the rest once the round is over.

Only Hacker has rounds: in the three other games who acts is always public
(``State.public_active`` is the acting list, no ``State.hidden_turns``), the device is
handed by name, the public screens never stand still and an own phone shows what the
projector shows, live (``test_no_round_in_the_other_games``)."""

from __future__ import annotations

import contextlib
import json
import random
import re
import time
from html import unescape
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog
from tests.server.helpers import Conn, create_room, hello, join, make_app
from tests.server.test_pass_public_still import drawn_pub, lines, public_view
from tests.server.test_pass_secret_turns import NAMES, pass_client, tap_device


def mixed_room(client: TestClient, stack: Any, game: str, seed: int, players: int = 4,
               options: dict[str, Any] | None = None
               ) -> tuple[str, Conn, Conn, Conn, int]:
    """A room of ``game`` started on one device (turn-based) for all its people but the
    last, who plays on their own phone: its code, the host's, the device's and the phone's
    connections, and the phone's seat."""
    code, host_token = create_room(client, game, players, mode="turns", seed=seed,
                                   options=options or {})
    joined = [join(client, code, name) for name in NAMES[:players]]
    host = hello(client, code, stack, role="host", token=host_token)
    host.send(type="start", level="random", shared=True)
    host.sync()
    device = hello(client, code, stack, role="pass", tokens=[t for _, t in joined[:-1]])
    seat, token = joined[-1]
    phone = hello(client, code, stack, role="player", token=token)
    return code, host, device, phone, seat


def shown(conn: Conn) -> str:
    """What an own phone shows of the game: its status line, what it draws its board
    from (the table's part and its own), the lines it was told, and whether it says the
    game is over."""
    return json.dumps([conn.page.get("status"), conn.drawn, lines(conn),
                       conn.page.get("debrief"), conn.last.get("outcome")], sort_keys=True)


def play_mixed(client: TestClient, stack: Any, seed: int) -> dict[str, Any]:
    """Seed ``seed``'s Hacker game of four, three on the device, one on their own phone,
    played with random taps to its end. Fails as soon as the phone, during a round, shows
    anything new that its own moves did not bring, or is offered a move the table sees
    come up during the round; once a round is over, the phone shows the table's part of
    the game as the projector does."""
    code, host, device, phone, seat = mixed_room(client, stack, "hacker", seed)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    room = hub.rooms[code]
    rng = random.Random(seed)
    standing: str | None = None  # the phone as it stood, the round begun or its last move
    deciding = False  # its seat has decided since the round began (or decides in secret)
    rounds = stood = held = 0
    for _ in range(6000):
        going = room.still is not None
        if phone.actions and room.status == "playing":
            chosen = rng.choice(phone.actions)
            phone.send(type="act", seat=chosen["seat"], action=chosen["action"],
                       seq=phone.last["seq"])
            moved = True
        elif tap_device(device, rng.choice):
            moved = False
        elif room.status != "playing":
            break
        else:
            moved = False
        for conn in (device, host, phone):
            conn.sync()
        if room.still is None:
            standing, deciding = None, False
            if going:  # a round just over: the phone shows the table's part as it is
                assert drawn_pub(phone) == drawn_pub(host) == public_view(room)
            continue
        if standing is None:  # a round begins
            rounds += 1
            deciding = seat in room.deciding()
            standing = shown(phone)
        if phone.actions:  # its own secret, or a decision it had when the round began
            assert deciding or seat not in room.public_active(None), \
                "a decision come up in the open during a round is offered to the phone"
            deciding = True
        elif moved:
            deciding = False
        if phone.actions or moved:
            standing = shown(phone)
        else:
            stood += 1
            assert shown(phone) == standing, "the own phone moved on during a round"
            assert phone.last["status"] in ("playing", "paused")
            if seat in room.deciding():  # a decision come up in the open: it waits
                held += 1
                told = len(phone.errors())
                legal = room.state.legal_actions(seat)[0].to_json()
                phone.send(type="act", seat=seat, action=legal)
                phone.sync()
                assert [e["code"] for e in phone.errors()[told:]] == ["not_your_turn"]
                assert shown(phone) == standing
    assert room.status == "finished" and room.still is None
    phone.sync()
    assert phone.page.get("debrief") and phone.last["status"] == "finished"
    return {"rounds": rounds, "stood": stood, "held": held}


@pytest.mark.parametrize("seed", [16, 9, 3])
def test_an_own_phone_stands_still_with_the_projector_while_the_device_goes_round(
    sqlite_url: str, catalog: Catalog, seed: int
) -> None:
    """Three people on the device, one on their own phone, Hacker: during every round
    the phone shows nothing new but what its own moves did (it showed the trip's drops
    landing, « Tom revient de la banque (3 virus posés) », at the visit of the last
    person on the device who had viruses, H2, H4), and a decision of its seat that comes
    up in the open waits for the round's end (refused meanwhile); after it, the game as
    the projector shows it."""
    app = make_app(sqlite_url, catalog)
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        seen = play_mixed(client, stack, seed)
    # Decisions that came up in the open during a round, and waited for its end.
    assert seen["rounds"] > 3 and seen["stood"] > 10 and seen["held"] > 5


@pytest.mark.parametrize(("game", "seed"), [("voleur", 2), ("webrunners", 4), ("gnou", 6)])
def test_no_round_in_the_other_games(
    sqlite_url: str, catalog: Catalog, game: str, seed: int
) -> None:
    """Le Voleur's measures, Web Runners' hands, Gnou's quizzes are secret, but who acts
    is not: the device is handed by name, never goes round, and the public screens never
    stand still. An own phone then draws the table's part of the game as the projector
    does after every tap: nothing more (its own part aside, which the game's views keep
    to its seat)."""
    app = make_app(sqlite_url, catalog)
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        code, host, device, phone, _ = mixed_room(client, stack, game, seed)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        room = hub.rooms[code]
        rng = random.Random(seed)
        steps = 0
        for _ in range(400):
            if phone.actions and room.status == "playing":
                chosen = rng.choice(phone.actions)
                phone.send(type="act", seat=chosen["seat"], action=chosen["action"],
                           seq=phone.last["seq"])
            elif not tap_device(device, rng.choice):
                break
            for conn in (device, host, phone):
                conn.sync()
            assert room.still is None
            assert pass_client(hub, code).still is None
            for _ in range(50):  # the bots' moves that follow, shown to both
                if hub.idle(code):
                    break
                host.sync()
            for conn in (host, phone):
                conn.sync()
            assert drawn_pub(phone) == drawn_pub(host) == public_view(room)
            steps += 1
        assert steps > 30


@pytest.mark.parametrize("seed", [3, 5])
def test_a_bot_seat_taken_during_a_round_stands_still_too(
    sqlite_url: str, catalog: Catalog, seed: int
) -> None:
    """Two people on the device, two bots; during a round the host offers a bot's seat
    and a late pupil takes it on their own phone (issue 21). The round's own screens were
    taken for the people's phones only when it began: that phone found none and followed
    the game live, the drops of the trip landing at the visit that made them (H2, H4). It
    now stands as its seat stood when the round began, like every own phone, until its
    seat decides or the round is over."""
    app = make_app(sqlite_url, catalog)
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        code, host_token = create_room(client, "hacker", 4, mode="turns", seed=seed)
        people = [join(client, code, name) for name in NAMES[:2]]
        host = hello(client, code, stack, role="host", token=host_token)
        host.send(type="start", level="random", shared=True)
        host.sync()
        device = hello(client, code, stack, role="pass", tokens=[t for _, t in people])
        room = client.app.state.hub.rooms[code]  # type: ignore[attr-defined]
        rng = random.Random(seed)
        late = phone = None
        standing = ""
        stood = moved_on = idle = 0
        for _ in range(3000):
            if room.status != "playing" or (phone is not None and room.still is None):
                break
            if room.still is not None and phone is None and 3 not in room.deciding():
                host.send(type="offer", seat=3)
                host.sync()
                late, token = join(client, code, "Inès", seat=3)
                phone = hello(client, code, stack, role="player", token=token)
                standing = shown(phone)
                seen = json.dumps(room.state.view(3), sort_keys=True)
            if not tap_device(device, rng.choice):
                idle += 1  # the bots' moves to come
                assert idle < 200, "nothing to tap on the device"
                time.sleep(0.01)
            else:
                idle = 0
            for conn in (device, host, *([phone] if phone else [])):
                conn.sync()
            if phone is not None and room.still is not None and 3 not in room.still.live:
                stood += 1
                assert shown(phone) == standing, "the late pupil's phone moved on in a round"
                now = json.dumps(room.state.view(3), sort_keys=True)
                moved_on += now != seen
        # The phone stood through moves its seat's live screen showed (drops on its
        # account, the trip's turn going on).
        assert late == 3 and stood > 0 and moved_on > 0, (late, stood, moved_on)


def plain_text(html: str) -> str:
    """An HTML fragment's words, its tags left out, every space an ordinary one."""
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


def test_a_still_phone_paused_still_says_whose_it_is(sqlite_url: str, catalog: Catalog
                                                     ) -> None:
    """The host pauses during a device's round: an own phone standing still showed the
    projector's « Pause » line, without « Tu es … » that every phone of the room shows."""
    app = make_app(sqlite_url, catalog)
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        code, host, device, phone, seat = mixed_room(client, stack, "hacker", 3)
        room = client.app.state.hub.rooms[code]  # type: ignore[attr-defined]
        rng = random.Random(3)
        for _ in range(500):
            if room.still is not None and seat not in room.still.live:
                break
            if phone.actions:
                chosen = rng.choice(phone.actions)
                phone.send(type="act", seat=chosen["seat"], action=chosen["action"],
                           seq=phone.last["seq"])
            else:
                tap_device(device, rng.choice)
            for conn in (device, host, phone):
                conn.sync()
        assert room.still is not None and seat not in room.still.live
        host.send(type="pause")
        for conn in (host, phone):
            conn.sync()
        status = plain_text(phone.page["status"])
        assert phone.last["status"] == "paused"
        assert "Pause" in status and f"Tu es {NAMES[seat]}" in status, status
        assert "Tu es" not in plain_text(host.page["status"])
