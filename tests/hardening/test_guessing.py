"""Room codes are guarded by counting failures, not joins: a class behind one school address
joins and reconnects at once, while someone trying codes is throttled on every route that
looks a code up (pages, API, WebSocket hello)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ludinum.server.app import create_app
from ludinum.weblib.ratelimit import RateLimit, address_key

PUPILS = 30


def school_app(tmp: Path) -> Any:
    """The default limits of ``ludinum serve`` (one address for the whole class)."""
    return create_app(f"sqlite:///{tmp}/ludinum.sqlite3", bot_delay=0.0)


def new_room(client: TestClient, players: int) -> tuple[str, str]:
    r = client.post("/api/rooms", json={"game": "gnou", "players": players})
    assert r.status_code == 201, r.text
    return r.json()["code"], r.json()["host_token"]


def hello(client: TestClient, code: str, **message: Any) -> list[dict[str, Any]]:
    """Say hello; the messages until the welcome, or until the server closes."""
    seen: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_text(json.dumps({"type": "hello", **message}))
        try:
            while not seen or seen[-1]["type"] not in ("welcome", "error"):
                seen.append(json.loads(ws.receive_text()))
        except WebSocketDisconnect:
            pass
    return seen


def test_thirty_pupils_behind_one_address_all_join(tmp_path: Path) -> None:
    with TestClient(school_app(tmp_path)) as client:
        code, _ = new_room(client, 6)
        codes = [code] + [new_room(client, 6)[0] for _ in range(4)]
        statuses = []
        for i in range(PUPILS):
            room = codes[i % len(codes)]
            statuses.append(client.get(f"/j/{room}").status_code)
            r = client.post(f"/api/rooms/{room}/join", json={"nickname": f"Élève {i}"})
            statuses.append(r.status_code)
            statuses.append(client.get(f"/play/{room}").status_code)
            token = r.json()["token"]
            assert hello(client, room, role="player", token=token)[-1]["type"] == "welcome"
        assert statuses == [200, 201, 200] * PUPILS


def test_after_a_restart_thirty_phones_behind_one_address_all_reconnect(
        tmp_path: Path) -> None:
    seats: list[tuple[str, str]] = []
    with TestClient(school_app(tmp_path)) as client:
        rooms = [new_room(client, 6)[0] for _ in range(5)]
        for i in range(PUPILS):
            room = rooms[i % len(rooms)]
            r = client.post(f"/api/rooms/{room}/join", json={"nickname": f"Élève {i}"})
            assert r.status_code == 201, r.text
            seats.append((room, r.json()["token"]))
    with TestClient(school_app(tmp_path)) as client:  # the server restarted
        kinds = [hello(client, room, role="player", token=token)[-1]["type"]
                 for room, token in seats]
        assert kinds == ["welcome"] * PUPILS


@pytest.mark.parametrize("route", ["/host/{}", "/play/{}", "/pass/{}", "/j/{}", "/watch/{}",
                                   "/replay/{}", "/debrief/{}.html", "/api/rooms/{}",
                                   "/qr/{}.svg", "/api/rooms/{}/replay", "/join?code={}"])
def test_guessing_codes_is_throttled_on_every_route(tmp_path: Path, route: str) -> None:
    app = create_app(f"sqlite:///{tmp_path}/ludinum.sqlite3",
                     rate_limit=RateLimit(burst=5, per_second=0.001))
    with TestClient(app) as client:
        code, _ = new_room(client, 2)
        guesses = [client.get(route.format(wrong)).status_code
                   for wrong in ("AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD", "EEEEEE", "FFFFFF")]
        assert guesses == [404] * 5 + [429]
        assert client.get(route.format("GGGGGG")).status_code == 429
        # Once throttled, the right code of a live room still opens (a classmate behind
        # the same school address), within a budget of its own (api.guessing).
        assert client.get(route.format(code)).status_code != 429


def test_wrong_seat_tokens_count_as_guesses_and_valid_ones_do_not(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path}/ludinum.sqlite3",
                     rate_limit=RateLimit(burst=3, per_second=0.001))
    with TestClient(app) as client:
        code, host = new_room(client, 2)
        for _ in range(10):  # the projector reconnecting, again and again
            assert hello(client, code, role="host", token=host)[-1]["type"] == "welcome"
        answers = [hello(client, code, role="host", token="guess")[-1]["code"]
                   for _ in range(4)]
        assert answers == ["bad_token"] * 3 + ["rate_limited"]
        # Blocked, the address still lets in whoever holds a key of the room (a pupil
        # guessing codes must not keep the class out); a keyless hello (a spectator's,
        # which would tell a code from a wrong one) and a new join wait.
        assert hello(client, code, role="host", token=host)[-1]["type"] == "welcome"
        assert hello(client, code, role="spectator")[-1]["code"] == "rate_limited"
        assert hello(client, "ZZZZZZ", role="host", token=host)[-1]["code"] == "rate_limited"
        r = client.post(f"/api/rooms/{code}/join", json={"nickname": "Léa"})
        assert r.status_code == 201  # the room is live: a classmate's join (api.guessing)


def test_a_refused_hello_closes_the_socket_so_the_page_retries(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path}/ludinum.sqlite3",
                     rate_limit=RateLimit(burst=1, per_second=0.001))
    with TestClient(app) as client:
        code, _host = new_room(client, 2)
        hello(client, "ZZZZZZ", role="spectator")  # one wrong code: the address is blocked
        with client.websocket_connect(f"/ws/{code}") as ws:
            ws.send_text(json.dumps({"type": "hello", "role": "host", "token": "guess"}))
            assert json.loads(ws.receive_text())["code"] == "rate_limited"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
        assert closed.value.code == 1013  # try again later



def test_class_codes_cannot_be_guessed_faster_than_room_codes(tmp_path: Path) -> None:
    """The home page's code box answers every code alike; /j/ sends a class code to its
    class page, counts unknown codes as guesses, and once an address is throttled, a class
    code is refused like any other but a live one (a classmate behind the same address,
    within its own budget: api.guessing)."""
    app = create_app(f"sqlite:///{tmp_path}/ludinum.sqlite3",
                     rate_limit=RateLimit(burst=5, per_second=0.001))
    with TestClient(app) as client:
        made = client.post("/api/classes", json={"game": "gnou", "table_size": 3,
                                                   "bot_level": "random"})
        assert made.status_code == 201, made.text
        code = made.json()["code"]
        box = [client.get(f"/join?code={c}", follow_redirects=False).headers["location"]
               for c in (code, "ZZZZZZ")]
        assert box == [f"/j/{code}", "/j/ZZZZZZ"]  # nothing told apart, nothing counted
        assert client.get(f"/j/{code}", follow_redirects=False).headers["location"] == \
            f"/c/{code}"
        guesses = [client.get(f"/j/{wrong}").status_code
                   for wrong in ("AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD", "EEEEEE")]
        assert guesses == [404] * 5
        assert client.get("/j/FFFFFF", follow_redirects=False).status_code == 429
        assert client.get(f"/j/{code}", follow_redirects=False).status_code == 303


def test_a_hello_for_a_room_that_does_not_exist_closes_for_good(tmp_path: Path) -> None:
    """A tab left open on a room deleted at the end of its retention must not spend its
    school address's guesses every few seconds: the server closes with 1008 (policy), and
    the page stops trying on ``unknown_room`` as it does on ``bad_token`` (app.js)."""
    app = create_app(f"sqlite:///{tmp_path}/ludinum.sqlite3",
                     rate_limit=RateLimit(burst=20, per_second=0.001))
    with TestClient(app) as client, client.websocket_connect("/ws/ZZZZZZ") as ws:
        ws.send_text(json.dumps({"type": "hello", "role": "spectator"}))
        assert json.loads(ws.receive_text())["code"] == "unknown_room"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
    assert closed.value.code == 1008
    script = (Path(__file__).parents[2] / "src/ludinum/web/static/app.js").read_text()
    assert 'm.code === "unknown_room"' in script


@pytest.mark.parametrize("route", ["/j/{}", "/c/{}"])
@pytest.mark.parametrize("lang,words", [("fr", "Ce code n'est pas valable"),
                                        ("en", "This code is not valid")])
def test_a_malformed_code_typed_after_j_is_said_so_and_not_counted(tmp_path: Path, lang: str,
                                                                   words: str,
                                                                   route: str) -> None:
    """/j/<code> (and a class's /c/<code>, typed from the projector) with a code that
    cannot be one (another length, a letter no code has: 0, O, 1, I, L) is no guess: the
    home page says the code is not valid, like its code box, and the limiter counts
    nothing; a well-formed unknown code still counts."""
    app = create_app(f"sqlite:///{tmp_path}/ludinum.sqlite3",
                     rate_limit=RateLimit(burst=3, per_second=0.001))
    with TestClient(app, cookies={"lang": lang}) as client:
        for bad in ("ABC", "ABCDEFG", "AB0CDE", "OOOOOO", "IIIIII", "%F0%9F%98%80", "ABCD-EFG"):
            answer = client.get(route.format(bad))
            assert answer.status_code == 400, bad
            assert words in answer.text.replace("&#39;", "'"), bad
        statuses = [client.get(route.format(wrong)).status_code
                    for wrong in ("AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD")]
        assert statuses == [404, 404, 404, 429]  # none of the malformed ones was counted


#: Every route that looks a room's code up, with how it answers: a page, or JSON (API).
ROOM_ROUTES = [("GET", "/host/{}"), ("GET", "/play/{}"), ("GET", "/pass/{}"),
               ("GET", "/watch/{}"), ("GET", "/replay/{}"), ("GET", "/debrief/{}.html"),
               ("GET", "/debrief/{}.pdf"), ("GET", "/qr/{}.svg"), ("GET", "/api/rooms/{}"),
               ("GET", "/api/rooms/{}/replay"), ("POST", "/api/rooms/{}/join")]
CLASS_ROUTES = [("GET", "/classe/{}/tableau"), ("GET", "/classe/{}/bilan"),
                ("POST", "/api/classes/{}/join"), ("POST", "/api/classes/{}/state")]
MALFORMED = ("ABC", "ABCDEFG", "AB0CDE", "OOOOOO", "IIIIII", "%F0%9F%98%80")


def _ask(client: TestClient, method: str, path: str) -> Any:
    if method == "POST":
        return client.post(path, json={"nickname": "Léa"} if path.endswith("/join") else {})
    return client.get(path)


@pytest.mark.parametrize("method,route", ROOM_ROUTES + CLASS_ROUTES)
def test_a_malformed_code_is_refused_by_name_on_every_route_and_not_counted(
        tmp_path: Path, method: str, route: str) -> None:
    """/host, /play, /pass, /watch, /replay, /debrief, /qr and the API with a code that
    cannot be one answer 400 naming it (« AB0CDE » n'est pas un code de salon), as /j/ and
    /c/ do, and the limiter counts nothing; a well-formed unknown code still counts. A
    class's routes say « code de classe »."""
    app = create_app(f"sqlite:///{tmp_path}/ludinum.sqlite3",
                     rate_limit=RateLimit(burst=3, per_second=0.001))
    kind = "classe" if route in {r for _, r in CLASS_ROUTES} else "salon"
    with TestClient(app) as client:
        for bad in MALFORMED:
            answer = _ask(client, method, route.format(bad))
            assert answer.status_code == 400, (bad, answer.status_code)
            said = answer.text.replace("&#39;", "'").replace("\u202f", " ").replace(
                "\\u202f", " ").replace("\\u00ab", "«").replace("\\u00bb", "»")
            assert f"n'est pas un code de {kind}" in said, said[:300]
            if bad == "AB0CDE":
                assert "AB0CDE" in said  # the bad code named
        statuses = [_ask(client, method, route.format(wrong)).status_code
                    for wrong in ("AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD")]
        assert statuses[-1] == 429 and 429 not in statuses[:-1], statuses


def test_a_malformed_class_code_says_class_code_not_room_code(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path}/ludinum.sqlite3")
    with TestClient(app, cookies={"lang": "fr"}) as client:
        said = client.get("/c/GJ569").text.replace("&#39;", "'")
        assert "code de classe" in said and "code de salon" not in said
        said = client.get("/j/GJ569").text.replace("&#39;", "'")
        assert "code de salon" in said
    with TestClient(app, cookies={"lang": "en"}) as client:
        assert "a class code has 6" in client.get("/c/GJ569").text


def test_a_malformed_code_on_the_websocket_is_refused_by_name_and_not_counted(
        tmp_path: Path) -> None:
    """/ws/<code> with a code that cannot be one is answered at once, before any hello and
    any lookup, as the pages answer it: an error ``bad_code`` naming it, then a close 1008
    (policy: the page stops, app.js) whose reason says ``bad_code``. No room has such a
    code, so it is no guess: the limiter counts nothing (it counted one ``unknown_room``
    each), and a well-formed unknown code still counts."""
    app = create_app(f"sqlite:///{tmp_path}/ludinum.sqlite3",
                     rate_limit=RateLimit(burst=3, per_second=0.001))
    with TestClient(app) as client:
        for bad in (*MALFORMED, "A" * 5000):
            with client.websocket_connect(f"/ws/{bad}") as ws:
                said = json.loads(ws.receive_text())
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_text()
            assert said["type"] == "error" and said["code"] == "bad_code", (bad, said)
            assert "n'est pas un code de salon" in said["fr"].replace("\u202f", " "), said
            assert "is not a room code" in said["en"], said
            assert (closed.value.code, closed.value.reason) == (1008, "bad_code"), bad
            if bad == "AB0CDE":
                assert "« AB0CDE »" in said["fr"].replace("\u202f", " ")
            else:
                assert len(said["fr"]) < 200  # at most 12 characters of it are said
        answers = [hello(client, wrong, role="spectator")[-1]["code"]
                   for wrong in ("AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD")]
        assert answers == ["unknown_room"] * 3 + ["rate_limited"]
    script = (Path(__file__).parents[2] / "src/ludinum/web/static/app.js").read_text()
    assert 'm.code === "bad_code"' in script  # the page stops trying, as on unknown_room


def test_a_guesser_rotating_the_ipv6_addresses_of_its_network_is_one_address(
        tmp_path: Path) -> None:
    """A device on IPv6 may use any address of its /64 network (privacy addresses, or a
    script binding each): each was counted apart, so rotating them guessed room codes
    without end. An IPv6 address counts as its /64 (a school's phones share it, like a
    school behind one IPv4 address, for which the limits are made); another network is
    not blocked; an IPv4 address written as IPv6 (« ::ffff:10.0.0.7 ») is the IPv4 one."""
    app = create_app(f"sqlite:///{tmp_path}/ludinum.sqlite3",
                     rate_limit=RateLimit(burst=3, per_second=0.001))
    with TestClient(app, client=("2001:db8:5:6::1", 40000)) as client:
        statuses = []
        for i, wrong in enumerate(("AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD", "EEEEEE")):
            client._transport.client = (f"2001:db8:5:6:{i}::{i + 7:x}", 40000)  # type: ignore[attr-defined]
            statuses.append(client.get(f"/j/{wrong}").status_code)
        assert statuses == [404, 404, 404, 429, 429]
        client._transport.client = ("2001:db8:5:7::1", 40000)  # type: ignore[attr-defined]
        assert client.get("/j/FFFFFF").status_code == 404  # a neighbouring network
    assert address_key("::ffff:10.0.0.7") == "10.0.0.7"
    assert address_key("2001:db8:5:6:a:b:c:d") == address_key("2001:db8:5:6::1")
    assert [address_key(a) for a in ("::1", "127.0.0.1", "10.1.2.3", "testclient")] == [
        "::1", "127.0.0.1", "10.1.2.3", "testclient"]


@pytest.mark.parametrize(("hello", "refusal"), [
    ({"role": "god"}, "bad_role"), ({"role": ["host"]}, "bad_role"),
    ({"role": "spectator", "lang": "de"}, "bad_message"),
    ({"role": "host", "token": 123}, "bad_message"),
    ({"role": "host", "token": "guess"}, "bad_token"),
])
def test_a_hello_that_trying_again_cannot_mend_closes_for_good_with_its_reason(
        tmp_path: Path, hello: dict[str, Any], refusal: str) -> None:
    """A hello refused for its own shape (an unknown role, a key of the wrong type, a
    language the server does not speak) was closed with 1013, « try again later », so a
    client said the same hello again and again; it is closed with 1008 like a wrong token,
    and every close after a refused hello says its refusal as the close reason."""
    app = create_app(f"sqlite:///{tmp_path}/ludinum.sqlite3")
    with TestClient(app) as client:
        code, _ = new_room(client, 2)
        with client.websocket_connect(f"/ws/{code}") as ws:
            ws.send_text(json.dumps({"type": "hello", **hello}))
            assert json.loads(ws.receive_text())["code"] == refusal
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
    assert (closed.value.code, closed.value.reason) == (1008, refusal)


def test_a_hello_with_a_field_of_too_many_is_answered_and_closed_as_a_hello(
        tmp_path: Path) -> None:
    """A hello with an unknown field was not taken for a hello: its error said nothing of
    what it answered (no ``about``) and the socket stayed open until the hello's time
    limit (attack review). It is a hello refused for its shape: closed for good (1008)."""
    app = create_app(f"sqlite:///{tmp_path}/ludinum.sqlite3")
    with TestClient(app) as client:
        code, _ = new_room(client, 2)
        with client.websocket_connect(f"/ws/{code}") as ws:
            ws.send_text(json.dumps({"type": "hello", "role": "spectator", "colour": "red"}))
            error = json.loads(ws.receive_text())
            assert (error["code"], error.get("about")) == ("bad_message", "hello"), error
            assert "colour" in error["fr"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
    assert (closed.value.code, closed.value.reason) == (1008, "bad_message")
