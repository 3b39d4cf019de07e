"""A whole school shares one public address (NAT): one pupil's script saying hello in a
loop must not lock the class out. Hellos holding a key of their room (a seat, the host)
are counted per key first; the address's budget is only for hellos with no key, and a key
that has been quiet still comes in when it runs out (the abusers are refused, not the
class)."""

from __future__ import annotations

import contextlib
import functools
import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ludinum.server import app as app_module
from ludinum.server import limits
from ludinum.server.app import create_app
from ludinum.weblib.ratelimit import KnownCodes, RateLimit
from tests.hardening.test_guessing import hello, new_room, school_app

PHONES = 40


def app_known_burst() -> int:
    return app_module.KNOWN_BURST


def frozen_hellos(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hello budgets' clock stands still: what passes depends on counts only."""
    monkeypatch.setattr(limits, "AddressHellos", functools.partial(
        limits.AddressHellos, clock=lambda: 0.0))


def answer(client: TestClient, code: str, **message: Any) -> dict[str, Any]:
    return hello(client, code, **message)[-1]


def test_one_script_hammering_hellos_does_not_lock_the_school_out(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    frozen_hellos(monkeypatch)
    with TestClient(school_app(tmp_path)) as client:
        # The abuser's own room and seat (a valid key), and the rooms of the class.
        own, _ = new_room(client, 2)
        mine = client.post(f"/api/rooms/{own}/join", json={"nickname": "Script"}).json()
        rooms = [new_room(client, 6) for _ in range(7)]
        # The script: keyless hellos, wrong tokens and its own seat, far past any budget.
        spent = [answer(client, own, role="spectator")
                 for _ in range(limits.ADDRESS_HELLO_BURST + 20)]
        spent += [answer(client, own, role="player", token=mine["token"]) for _ in range(60)]
        assert spent[-1]["type"] == "error" and spent[-1]["code"] == "rate_limited"
        assert [a["type"] for a in spent[-20:]] == ["error"] * 20
        assert answer(client, own, role="spectator")["code"] == "rate_limited"
        # Meanwhile the class: every host screen and 40 phones join and say hello.
        kinds = [answer(client, code, role="host", token=host)["type"] for code, host in rooms]
        for i in range(PHONES):
            code = rooms[i % len(rooms)][0]
            r = client.post(f"/api/rooms/{code}/join", json={"nickname": f"Élève {i}"})
            assert r.status_code == 201, r.text
            kinds.append(answer(client, code, role="player", token=r.json()["token"])["type"])
        assert kinds == ["welcome"] * (len(rooms) + PHONES)
        # ...and the script is still refused.
        assert answer(client, own, role="player", token=mine["token"])["code"] == "rate_limited"


def test_a_phone_reconnecting_in_a_loop_is_told_to_wait(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One key reconnecting in a loop has each hello draw its room: past its own budget it
    is told to try later, and its seat is unchanged."""
    frozen_hellos(monkeypatch)
    with TestClient(school_app(tmp_path)) as client:
        code, host = new_room(client, 2)
        answers = [answer(client, code, role="host", token=host)
                   for _ in range(limits.KEY_HELLO_BURST + 2)]
        assert [a["type"] for a in answers] == (
            ["welcome"] * limits.KEY_HELLO_BURST + ["error"] * 2)
        assert answers[-1]["code"] == "rate_limited"
        assert "attends" in answers[-1]["fr"]
        assert client.get(f"/api/rooms/{code}").json()["status"] == "lobby"


def test_keyless_hellos_share_the_address_budget() -> None:
    gate = limits.AddressHellos(per_second=1.0, burst=3, clock=lambda: 0.0)
    assert [gate.allow("10.0.0.7", None) for _ in range(4)] == [True] * 3 + [False]
    assert gate.allow("10.0.0.8", None)  # another address has its own
    assert all(gate.allow("::1", None) for _ in range(50))  # this machine is not counted


def test_a_quiet_key_comes_in_when_the_address_has_run_out() -> None:
    gate = limits.AddressHellos(per_second=1.0, burst=3, clock=lambda: 0.0, key_burst=5)
    loud = [gate.allow("10.0.0.7", "loud") for _ in range(10)]
    assert loud == [True] * 3 + [False] * 7  # the address had 3, the key half its 5
    assert not gate.allow("10.0.0.7", None)
    # The address's budget is spent, yet each quiet key gets in, once.
    assert all(gate.allow("10.0.0.7", f"phone {i}") for i in range(60))
    assert not gate.allow("10.0.0.7", "loud")
    assert limits.KEY_HELLO_BURST >= 5


def welcomed(ws: Any, **message: Any) -> bool:
    ws.send_text(json.dumps({"type": "hello", **message}))
    while True:
        seen = json.loads(ws.receive_text())
        if seen["type"] in ("welcome", "error"):
            return bool(seen["type"] == "welcome")


def still_open(ws: Any) -> bool:
    """Whether the socket still answers a ping (the room's updates may come first)."""
    try:
        ws.send_text('{"type":"ping"}')
        while json.loads(ws.receive_text())["type"] != "pong":
            pass
    except WebSocketDisconnect:
        return False
    return True


def test_one_script_holding_the_schools_sockets_does_not_lock_the_class_out(
        tmp_path: Path) -> None:
    """One address holds a bounded number of sockets (the server's files): a pupil's
    script that opened them all made every phone of the school refused. At the bound, the
    newest socket of the biggest crowd (sockets with no key of their room, or many on one
    key) makes room; a phone alone on its key never does."""
    app = school_app(tmp_path)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        app.state.connections = limits.Connections(per_address=12)
        code, host = new_room(client, 6)
        own, _ = new_room(client, 2)
        mine = client.post(f"/api/rooms/{own}/join", json={"nickname": "Script"}).json()
        script = []
        for i in range(12):  # the script's sockets: spectators and one seat, many times
            ws = stack.enter_context(client.websocket_connect(f"/ws/{own}"))
            assert welcomed(ws, **({"role": "spectator"} if i % 2 else
                                   {"role": "player", "token": mine["token"]}))
            script.append(ws)
        phones = []
        for i in range(6):  # the class comes in: a socket each, on its own seat's key
            token = client.post(f"/api/rooms/{code}/join",
                                json={"nickname": f"Élève {i}"}).json()["token"]
            ws = stack.enter_context(client.websocket_connect(f"/ws/{code}"))
            assert welcomed(ws, role="player", token=token)
            phones.append(ws)
        ws = stack.enter_context(client.websocket_connect(f"/ws/{code}"))
        assert welcomed(ws, role="host", token=host)
        phones.append(ws)
        assert all(still_open(ws) for ws in phones)
        assert sum(still_open(ws) for ws in script) == 12 - len(phones)
        # The script opens more: it only crowds itself out.
        for _ in range(5):
            ws = stack.enter_context(client.websocket_connect(f"/ws/{own}"))
            welcomed(ws, role="spectator")
        assert all(still_open(ws) for ws in phones)


def test_sockets_alone_on_their_key_are_never_pushed_out() -> None:
    count = limits.Connections(per_address=3)
    places = [count.open("10.0.0.1") for _ in range(3)]
    for i, place in enumerate(places):
        assert place is not None
        place.key = f"seat {i}"
    assert count.open("10.0.0.1") is None  # every socket its own key: the newcomer waits
    assert count.open("10.0.0.2") is not None  # another address has its own
    places[2].key = places[1].key = ""  # two spectators: the newest makes room
    newcomer = count.open("10.0.0.1")
    assert newcomer is not None and places[2].evicted and not places[1].evicted
    assert not places[0].evicted


def test_a_script_hammering_a_live_code_from_a_blocked_address_does_not_lock_the_class_out(
        tmp_path: Path) -> None:
    """Blocked for wrong codes, an address still reaches a live room within a budget (a
    guesser learns a live code no faster than that). One pupil's script asking for the
    class's own code again and again spent it, and the class could not join: a code
    already answered tells nothing new and costs nothing."""
    app = create_app(f"sqlite:///{tmp_path}/ludinum.sqlite3",
                     rate_limit=RateLimit(burst=3, per_second=0.001))
    with TestClient(app) as client:
        code, _ = new_room(client, 6)
        other, _ = new_room(client, 6)
        assert [client.get(f"/api/rooms/{wrong}").status_code
                for wrong in ("AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD")] == [404] * 3 + [429]
        hammered = [client.get(f"/api/rooms/{code}").status_code
                    for _ in range(app_known_burst() + 10)]
        assert hammered == [200] * len(hammered)
        joined = [client.post(f"/api/rooms/{room}/join", json={"nickname": f"Élève {i}"})
                  .status_code for i, room in enumerate([code] * 5 + [other] * 5)]
        assert joined == [201] * 10
        assert client.get("/api/rooms/EEEEEE").status_code == 429  # still blocked


def test_a_blocked_address_learns_few_live_codes() -> None:
    known = KnownCodes(burst=2, per_second=0.001, clock=lambda: 0.0)
    assert [known.allow("10.0.0.7", c) for c in ("AAAAAA", "BBBBBB", "CCCCCC")] == [
        True, True, False]
    assert all(known.allow("10.0.0.7", "AAAAAA") for _ in range(100))  # told already
    assert known.allow("10.0.0.8", "CCCCCC")  # another address


def test_one_script_making_rooms_does_not_lock_the_schools_teachers_out(
        tmp_path: Path) -> None:
    """Rooms made per address are bounded (storage): one pupil's script making rooms spent
    the school's budget, and no teacher behind the same address could open a room. A
    browser that made a room is known by a cookie (a random name, nothing about anyone)
    and has a budget of its own; the script, keeping its cookie or not, does not."""
    with TestClient(school_app(tmp_path)) as client:
        made = client.post("/api/rooms", json={"game": "gnou", "players": 3})
        assert made.status_code == 201
        teacher = dict(client.cookies)  # the teacher's browser, some day before
        assert teacher
        client.cookies.clear()
        tries = []
        for _ in range(app_module.ROOMS_BURST + 10):  # the script keeps no cookie
            tries.append(client.post("/api/rooms", json={"game": "gnou", "players": 2}))
            client.cookies.clear()
        assert [t.status_code for t in tries[-10:]] == [429] * 10
        assert "attends" in tries[-1].json()["error"]["fr"]
        client.cookies.update(teacher)  # the teacher's browser
        page = client.post("/new/gnou", data={"players": "3"})
        assert page.status_code == 200 and "/host/" in page.text
        assert client.post("/api/classes", json={"game": "gnou", "table_size": 3,
                                                 "bot_level": "random"}
                           ).status_code == 201
        client.cookies.clear()  # a refused attempt mints no cookie
        script = client.post("/api/rooms", json={"game": "gnou", "players": 2})
        assert script.status_code == 429 and not client.cookies


def test_one_script_flooding_messages_does_not_silence_the_class(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One address shares one message budget over its sockets; one pupil's script
    flooding it had every phone of the school told « ralentis » and then closed. Past the
    budget, a socket at a person's pace is still answered; the flooding ones are not."""
    monkeypatch.setattr(limits, "ADDRESS_MESSAGES_PER_SECOND", 10.0)
    monkeypatch.setattr(limits, "AddressMessages", functools.partial(
        limits.AddressMessages, burst=10, clock=lambda: 0.0))
    monkeypatch.setattr(limits, "MessageLimit", functools.partial(
        limits.MessageLimit, clock=lambda: 0.0))
    with TestClient(school_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        own, _ = new_room(client, 2)
        code, host = new_room(client, 2)
        script = stack.enter_context(client.websocket_connect(f"/ws/{own}"))
        assert welcomed(script, role="spectator")
        for _ in range(60):
            script.send_text('{"type":"ping"}')
        answers = [json.loads(script.receive_text()) for _ in range(60)]
        assert answers[-1]["type"] == "error" and answers[-1]["code"] == "rate_limited"
        phone = stack.enter_context(client.websocket_connect(f"/ws/{code}"))
        assert welcomed(phone, role="host", token=host)
        assert all(still_open(phone) for _ in range(5))


def test_one_script_asking_for_pdfs_does_not_keep_the_teacher_from_printing(
        tmp_path: Path) -> None:
    """PDFs are built per address within a budget (each takes the processor a while): one
    pupil's script asking for them spent its school's, and the teacher could print no
    debrief. A browser that made a room (its cookie, server/makers.py) has a budget of its
    own; the script does not."""
    with TestClient(school_app(tmp_path)) as client:
        assert client.post("/api/rooms", json={"game": "gnou", "players": 2}
                           ).status_code == 201
        teacher = dict(client.cookies)
        client.cookies.clear()
        asked = [client.get("/debrief/ZZZZZZ.pdf").status_code for _ in range(30)]
        assert asked[-5:] == [429] * 5  # counted before anything is looked up or built
        client.cookies.update(teacher)
        assert client.get("/debrief/ZZZZZZ.pdf").status_code != 429


def test_a_makers_cookie_is_known_to_every_process_of_the_service(tmp_path: Path) -> None:
    """Each process signed the cookies with a secret of its own: behind several processes
    (docs/deploy.md), a teacher's browser sent to another one counted against the school's
    address again. The cookies are signed with a key drawn from the service's shared
    secret (the database's), so any process of it knows them."""
    with TestClient(school_app(tmp_path)) as client:
        assert client.post("/api/rooms", json={"game": "gnou", "players": 3}).status_code == 201
        teacher = dict(client.cookies)
    assert teacher
    with TestClient(school_app(tmp_path)) as other:  # another process, the same database
        for _ in range(app_module.ROOMS_BURST + 5):  # the script spends the address's budget
            other.post("/api/rooms", json={"game": "gnou", "players": 2})
            other.cookies.clear()
        assert other.post("/api/rooms", json={"game": "gnou", "players": 2}).status_code == 429
        other.cookies.update(teacher)
        assert other.post("/api/rooms", json={"game": "gnou", "players": 3}).status_code == 201
