"""The class dashboard is projected in class: it shows of each table only what every player
there may know (docs/class.md). Its « Bloquée » counts from the last change anyone could
see, never from a secret move (a virus dropped in turn-based Hacker, H3), so its state and
its timing say nothing of who moved in secret, nor when."""

from __future__ import annotations

import contextlib
import random
import re
from typing import Any

from starlette.testclient import TestClient

from ludinum.engine import Action
from ludinum.games.hacker.base import SETUP, TRIP
from ludinum.server.catalog import Catalog
from ludinum.server.class_hub import STUCK_AFTER
from ludinum.server.rooms import Room
from tests.server.helpers import hello, make_app
from tests.server.test_classes import NAMES, create_class, join, teacher
from tests.server.test_pass_secret_turns import REVEAL, tap_device


def cards(html: str) -> dict[int, str]:
    """Each table's card on the dashboard, by table number."""
    found = re.findall(r'<li class="class-table table-card[^"]*" data-table="(\d+)".*?</li>',
                       html, re.S)
    bodies = re.split(r'<li class="class-table table-card', html)[1:]
    return {int(n): body for n, body in zip(found, bodies, strict=True)}


def state_line(card: str) -> str:
    match = re.search(r'<p class="table-state"[^>]*>(.*?)</p>', card, re.S)
    assert match is not None
    return match.group(1)


def moves_line(card: str) -> str:
    match = re.search(r'<p class="table-moves">(.*?)</p>', card, re.S)
    assert match is not None
    return match.group(1)


def public_side(room: Room) -> tuple[Any, ...]:
    """What a spectator of the table is shown: the public view, who is publicly acting,
    the public log and the moves counted from it."""
    return (room.state.view(None), room.public_active(None),
            [(seq, e.kind, e.data) for seq, e in room.events_since(0, None)],
            room.public_seq)


def device_table(client: TestClient, hub: Any, stack: contextlib.ExitStack[Any]
                 ) -> tuple[str, str, Room, Any]:
    """A class of one Hacker table of four pupils on one device passed around, started:
    the class code, the teacher's key, the table's room and the device's connection."""
    code, key = create_class(client, "hacker", 4, bot_level="none", mode="turns")
    tokens = [join(client, code, name) for name in NAMES[:4]]
    table = teacher(client, code, "start", key).json()["rooms"][0]
    room: Room = hub.rooms[table]
    return code, key, room, hello(client, table, stack, role="pass", tokens=tokens)


def test_a_secret_drop_does_not_show_on_the_dashboard(sqlite_url: str, catalog: Catalog
                                                      ) -> None:
    now = [1_000_000.0]
    app = make_app(sqlite_url, catalog)
    hub = app.state.hub
    hub.clock = lambda: now[0]
    with TestClient(app) as client:
        code, key = create_class(client, "hacker", 3, bot_level="none", mode="turns")
        for name in NAMES[:6]:
            join(client, code, name)
        started = teacher(client, code, "start", key).json()["rooms"]
        rooms: list[Room] = [hub.rooms[c] for c in started]
        assert len(rooms) == 2

        def act(room: Room, seat: int, action: Action) -> None:
            client.portal.call(hub.act, room, seat, action)

        def board() -> dict[int, str]:
            return cards(teacher(client, code, "state", key).json()["html"])

        for room in rooms:  # everyone credits their setup bills (public moves)
            while room.state.phase == SETUP:
                seat = room.state.active_players()[0]
                act(room, seat, room.state.legal_actions(seat)[0])
            assert room.state.phase == TRIP
        start = now[0]
        seen = [public_side(room) for room in rooms]
        first = board()

        # Table 1: a player drops a virus in secret, 30 s into the trip. Table 2: nobody.
        now[0] += 30
        secret, other = rooms
        traveller = secret.state.traveller
        dropper = next(p for p in secret.state.active_players() if p != traveller)
        drop = next(a for a in secret.state.legal_actions(dropper) if a.kind == "drop")
        act(secret, dropper, drop)
        # Nothing anyone else sees has changed at either table: the two are alike.
        assert [public_side(room) for room in rooms] == seen
        assert board() == first

        # 61 s after the last change anyone could see, both tables are stuck, alike: the
        # dashboard does not single out the table where someone moved in secret.
        now[0] = start + STUCK_AFTER + 1
        assert [public_side(room) for room in rooms] == seen
        later = board()
        assert "Bloquée" in state_line(later[1])
        assert state_line(later[1]) == state_line(later[2])
        for n in (1, 2):  # the moves counted are the public ones: the drop is not one
            assert moves_line(later[n]) == moves_line(first[n])

        # Reloaded from storage (a failed write, another process's change), the secret
        # table keeps counting from the last public change.
        client.portal.call(hub._reload, secret.code)
        assert "Bloquée" in state_line(board()[1])

        # Still useful: a change everyone sees (the trip ends: « J'ai fini » from both, the
        # return announced) takes table 2 out of « Bloquée » at once.
        for seat in [p for p in other.state.active_players() if p != other.state.traveller]:
            act(other, seat, Action.make("done"))
        assert other.state.phase != TRIP
        assert state_line(board()[2]) == "En jeu"
        assert "Bloquée" in state_line(board()[1])


def test_a_secret_drop_does_not_show_in_the_class_debrief_opened_during_play(
        sqlite_url: str, catalog: Catalog) -> None:
    """The class debrief opens while the tables play (the dashboard's « Bilan de la
    classe »), projected like the dashboard: each table's « N actions jouées » counted
    every stored move, so a virus dropped in secret (H3) showed as one more action at its
    table. It counts the moves anyone could see, as the dashboard's « coups joués »."""
    app = make_app(sqlite_url, catalog)
    hub = app.state.hub
    with TestClient(app) as client:
        code, key = create_class(client, "hacker", 3, bot_level="none", mode="turns")
        for name in NAMES[:6]:
            join(client, code, name)
        rooms: list[Room] = [hub.rooms[c] for c in
                             teacher(client, code, "start", key).json()["rooms"]]

        def act(room: Room, seat: int, action: Action) -> None:
            client.portal.call(hub.act, room, seat, action)

        def counts() -> list[str]:
            page = client.post(f"/classe/{code}/bilan", data={"cle": key})
            assert page.status_code == 200, page.text[-300:]
            return re.findall(r"\((\d+) actions jouées\)", page.text)

        for room in rooms:
            while room.state.phase == SETUP:
                seat = room.state.active_players()[0]
                act(room, seat, room.state.legal_actions(seat)[0])
        before = counts()
        assert len(before) == 2 and before[0] == before[1]
        secret = rooms[0]
        dropper = next(p for p in secret.state.active_players()
                       if p != secret.state.traveller)
        act(secret, dropper, next(a for a in secret.state.legal_actions(dropper)
                                  if a.kind == "drop"))
        assert counts() == before
        assert int(before[0]) == rooms[0].public_seq == rooms[1].public_seq


def test_a_device_going_round_shows_on_the_dashboard_by_its_steps_only(
        sqlite_url: str, catalog: Catalog) -> None:
    """A table playing on one device passed around (``/pass/<code>``): while it goes round
    (``engine.passing``) the table's public screens stand as they were when the round began
    (``rounds.PublicStill``), but the dashboard's « Bloquée » counted from the last public
    change of the game, which moved at the visit where it happened (a « J'ai fini » during
    a trip, the trip's drops landing): the projected dashboard told at whose visit. The
    table sees the device handed on, not what each visit did: during a round the quiet
    time counts from the device's last step (a privacy card's name tapped, « Cacher mon
    jeu »), the same whatever the visit did, and a table whose device goes round with
    people acting is never « Bloquée »."""
    now = [1_000_000.0]
    app = make_app(sqlite_url, catalog)
    hub = app.state.hub
    hub.clock = lambda: now[0]
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, key, room, device = device_table(client, hub, stack)
        rng = random.Random(5)

        def shown() -> str:
            return state_line(cards(teacher(client, code, "state", key).json()["html"])[1])

        steps = visits = 0
        for _ in range(3000):
            privacy = device.page.get("privacy", "")
            step = bool(REVEAL.search(privacy)) or 'data-cmd="hand_on"' in privacy
            going = room.still is not None
            before = (room.public_at, room.public_seq, room.public_active(None))
            now[0] += 10  # a tap every 10 s
            if not tap_device(device, rng.choice):
                break
            device.sync()
            if step:  # the device handed on, seen by the whole table
                assert room.public_at == now[0]
                assert "Bloquée" not in shown()
                steps += going
            elif going and room.still is not None:  # a move at a visit, during a round
                assert room.public_at == before[0], "the dashboard moved at a visit"
                if (room.public_seq, room.public_active(None)) != before[1:]:
                    # Something happened at this visit: 61 s after the device was taken,
                    # the table is « Bloquée » as if the visit had done nothing.
                    visits += 1
                    now[0] = before[0] + STUCK_AFTER + 1
                    assert "Bloquée" in shown()
        assert room.status == "finished"
        assert steps > 10 and visits > 2, (steps, visits)


def test_a_table_whose_game_ended_during_a_round_is_paused_with_the_others(
        sqlite_url: str, catalog: Catalog) -> None:
    """A table on one device passed around whose game ended during a round (seed 16: the
    thief's last credit, H5) shows « En jeu » on the dashboard until the round is over.
    « Tout mettre en pause » left it playing while the other tables paused (its status
    was « finished »): the projected dashboard told its end, at the thief's visit. Now it
    pauses with the others, « Tout reprendre » resumes it, and its end shows once the
    device has gone round."""
    app = make_app(sqlite_url, catalog)
    hub = app.state.hub
    create_room = hub.create_room

    async def seeded(*args: Any, **kw: Any) -> Any:
        return await create_room(*args, **{**kw, "seed": 16})

    hub.create_room = seeded
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, key, room, device = device_table(client, hub, stack)
        rng = random.Random(16)
        for _ in range(4000):
            if room.end_unshown() or not tap_device(device, rng.choice):
                break
            device.sync()
        assert room.end_unshown(), "the game did not end during a round"

        def shown() -> tuple[str, list[str]]:
            data = teacher(client, code, "state", key).json()
            return state_line(cards(data["html"])[1]), data["commands"]

        assert shown() == ("En jeu", ["pause", "end"])
        assert teacher(client, code, "command", key, command="pause").json()["tables"] == 1
        device.sync()
        assert shown() == ("En pause", ["resume", "end"])
        assert device.last["status"] == "paused"
        assert teacher(client, code, "command", key, command="resume").json()["tables"] == 1
        device.sync()
        assert shown() == ("En jeu", ["pause", "end"])
        for _ in range(100):
            if room.still is None or not tap_device(device, rng.choice):
                break
            device.sync()
        assert room.still is None and shown()[0] == "Terminée"
