"""Every malformed, unknown, out-of-turn or illegal message gets an error with a code and
French and English text, and changes nothing."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ludinum.content.typography import breakable_spaces, french_spacing
from ludinum.server.catalog import Catalog
from ludinum.weblib.ratelimit import RateLimit
from tests.reading import plain_spaces
from tests.server.helpers import Conn, create_room, hello, join, make_app


@pytest.fixture
def setup(sqlite_url: str, catalog: Catalog) -> Any:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, "toy", 2, seed=3)
        _seat_a, token_a = join(client, code, "Léa")
        _seat_b, token_b = join(client, code, "Noé")
        host = hello(client, code, stack, role="host", token=host_token)
        a = hello(client, code, stack, role="player", token=token_a)
        b = hello(client, code, stack, role="player", token=token_b)
        yield client, app, code, host, a, b, stack


def state_json(app: Any, code: str) -> Any:
    return app.state.hub.rooms[code].state.to_json()


def expect(conn: Conn, code: str) -> dict[str, Any]:
    before = len(conn.messages)
    conn.sync()
    errors = conn.errors(before)
    assert errors, f"no error for {code}"
    error = errors[-1]
    assert error["code"] == code, error
    assert error["fr"] and error["en"] and error["fr"] != ""
    return error


BAD_FRAMES = [
    ("not json", "bad_json"),
    ("[1, 2]", "bad_message"),
    ('{"kind": "act"}', "bad_message"),
    ('{"type": "dance"}', "unknown_type"),
    ('{"type": "\\u202eevil\\u0000"}', "unknown_type"),
    ('{"type": "hello", "role": "player"}', "already_hello"),
    (json.dumps({"type": "act", "action": {"kind": "x"}, "pad": "x" * 9000}), "too_large"),
    ('{"type": "act", "action": 5}', "malformed_action"),
    ('{"type": "act", "action": {"kind": "play", "card": "<b>"}}', "malformed_action"),
    ('{"type": "act", "action": {"kind": "fly"}}', "not_started"),
    ('{"type": "start"}', "not_host"),
    ('{"type": "reveal", "seat": 0}', "not_your_seat"),
    ('{"type": "act", "seat": 1, "action": {"kind": "pass"}}', "not_your_seat"),
    ('{"type": "act", "seat": "zero", "action": {"kind": "pass"}}', "bad_message"),
]


@pytest.mark.parametrize(("text", "code"), BAD_FRAMES)
def test_bad_messages_change_nothing(setup: Any, text: str, code: str) -> None:
    _client, app, room_code, _host, a, _b, _stack = setup
    before = state_json(app, room_code)
    a.send_raw(text)
    said = expect(a, code)
    # What was sent is quoted with an invisible character as its code (a right-to-left
    # override came back raw in an unknown type).
    assert not any(ch in said["fr"] + said["en"] for ch in "\u202e\u0000"), said
    assert state_json(app, room_code) == before
    assert app.state.hub.rooms[room_code].seq == 0


def test_in_game_refusals(setup: Any) -> None:
    _client, app, code, host, a, b, _stack = setup
    host.send(type="start")
    host.sync()
    a.sync()
    b.sync()
    room = app.state.hub.rooms[code]
    before = state_json(app, code)
    b.send(type="act", action={"kind": "pass"})
    expect(b, "not_your_turn")
    a.send(type="act", action={"kind": "fly"})
    error = expect(a, "illegal_action")
    # In a player's words, never the move's kind (tests/hardening/test_move_refusals.py).
    assert "fly" not in error["fr"] and "n'est pas permis maintenant" in error["fr"]
    a.send(type="act", action={"kind": "play", "card": "nope"})
    expect(a, "illegal_action")
    a.send(type="act", action={"kind": "pass"}, seq=7)
    expect(a, "stale")
    host.send(type="start")
    expect(host, "already_started")
    host.send(type="kick", seat=9)
    expect(host, "bad_seat")
    host.send(type="kick", seat=10**4000)  # quoted short (40 signs), not 4,000 digits
    assert plain_spaces(expect(host, "bad_seat")["fr"]) == f"Place inconnue : 1{'0' * 38}…."
    host.send(type="bot", seat=0, level="grandmaster")
    expect(host, "bad_level")
    host.send(type="resume")
    expect(host, "not_paused")
    assert state_json(app, code) == before and room.seq == 0
    # And a good one goes through.
    # The seq a client sends back is its last frame's (numbered per client, issue 20).
    count = len(a.messages)
    shown = a.last["seq"]
    a.send(type="act", action={"kind": "pass"}, seq=shown)
    a.sync()
    assert room.seq == 1
    assert not a.errors(count)
    assert a.last["seq"] == shown + 1


def test_hello_errors(sqlite_url: str, catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, _ = create_room(client, "toy", 2)
        for message, error in [
            ({"role": "host", "token": "guess"}, "bad_token"),
            ({"role": "player", "token": "guess"}, "bad_token"),
            ({"role": "pass"}, "bad_token"),
            ({"role": "pass", "tokens": []}, "bad_message"),
            ({"role": "king"}, "bad_role"),
        ]:
            ws = stack.enter_context(client.websocket_connect(f"/ws/{code}"))
            conn = Conn(ws)
            conn.send(type="act", action={"kind": "pass"})
            expect(conn, "not_hello")
            conn.send(type="hello", **message)
            expect_refused(conn, error)
        ws = stack.enter_context(client.websocket_connect("/ws/ZZZZZZ"))
        conn = Conn(ws)
        conn.send(type="hello", role="spectator")
        expect_refused(conn, "unknown_room")


@pytest.mark.parametrize(("message", "field", "said"), [
    # A key another role sends: refused by name, not ignored (a host holds no seat).
    ({"role": "host", "tokens": ["x"]}, "tokens", "ne sert pas au rôle « host »"),
    ({"role": "spectator", "tokens": ["x"]}, "tokens", "ne sert pas au rôle « spectator »"),
    ({"role": "spectator", "token": "x"}, "token", "ne sert pas au rôle « spectator »"),
    ({"role": "pass", "token": "x"}, "token", "ne sert pas au rôle « pass »"),
    # A key of the wrong shape.
    ({"role": "pass", "tokens": "abc"}, "tokens", "est une liste de textes"),
    ({"role": "pass", "tokens": [1, 2]}, "tokens", "est une liste de textes"),
    ({"role": "pass", "tokens": ["a", "b", "c"]}, "tokens", "a de 1 à 2 éléments"),
    ({"role": "pass", "tokens": ["a" * 201]}, "tokens", "au plus 200 caractères"),
    ({"role": "player", "token": 12}, "token", "est un texte"),
    ({"role": "host", "token": ["x"]}, "token", "est un texte"),
])
def test_a_hello_of_the_wrong_shape_is_refused_by_name(
        sqlite_url: str, catalog: Catalog, message: dict[str, Any], field: str,
        said: str) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, "toy", 2)
        if message["role"] == "host" and "token" not in message:
            message = {**message, "token": host_token}  # the right key, and more
        ws = stack.enter_context(client.websocket_connect(f"/ws/{code}"))
        conn = Conn(ws)
        conn.send(type="hello", **message)
        seen = [json.loads(conn.ws.receive_text())]  # an error, or welcomed: never both
        while seen[-1]["type"] not in ("error", "welcome"):
            seen.append(json.loads(conn.ws.receive_text()))
        assert seen[-1]["type"] == "error", seen
        with pytest.raises(WebSocketDisconnect):  # then the refused hello is closed
            conn.ws.receive_text()
        errors = [m for m in seen if m["type"] == "error"]
        assert [m["code"] for m in errors] == ["bad_message"], seen
        fr = errors[0]["fr"]
        assert not breakable_spaces(fr)
        plain = plain_spaces(fr)
        assert f"« {field} »" in plain and said in plain, fr
        assert f"'{field}'" in errors[0]["en"]
        assert not any(m["type"] == "welcome" for m in seen)
        assert not app.state.hub.clients.get(code)  # nobody connected: nothing changed


def expect_refused(conn: Conn, code: str) -> None:
    """A refused hello: its error, then the server closes the socket (the page retries)."""
    seen = []
    with pytest.raises(WebSocketDisconnect):
        for _ in range(100):
            seen.append(json.loads(conn.ws.receive_text()))
    assert [m["code"] for m in seen if m["type"] == "error"] == [code]


def test_http_errors(sqlite_url: str, catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        code, _ = create_room(client, "toy", 2)
        cases = [
            (client.post("/api/rooms/ZZZZZZ/join", json={"nickname": "Léa"}), 404,
             "unknown_room"),
            (client.post(f"/api/rooms/{code}/join", json={"nickname": "connard"}), 400,
             "bad_nickname"),
            (client.post(f"/api/rooms/{code}/join", content=b"{",
                             headers={"content-type": "application/json"}), 400, "bad_json"),
            (client.post("/api/rooms", json={"game": "toy", "players": 9}), 400,
             "bad_player_count"),
            (client.post("/api/rooms", json={"game": "toy", "players": 2,
                                             "options": {"rounds": 99}}), 400, "bad_option"),
            (client.post("/api/rooms", json={"game": "toy", "players": 2,
                                             "options": {"nope": 1}}), 400, "bad_option"),
            (client.post("/api/rooms", json={"game": "chess", "players": 2}), 404,
             "unknown_game"),
            # An empty list, string or zero is no options object (only absent or null).
            (client.post("/api/rooms", json={"game": "toy", "players": 2, "options": []}),
             400, "bad_message"),
            (client.post("/api/rooms", json={"game": "toy", "players": 2, "options": ""}),
             400, "bad_message"),
        ]
        for response, status, error in cases:
            assert response.status_code == status, response.text
            body = response.json()["error"]
            assert body["code"] == error and body["fr"] and body["en"]
        join(client, code, "Léa")
        response = client.post(f"/api/rooms/{code}/join", json={"nickname": "léa"})
        assert response.json()["error"]["code"] == "name_taken"
        join(client, code, "Noé")
        response = client.post(f"/api/rooms/{code}/join", json={"nickname": "Zoé"})
        assert response.status_code == 409
        assert response.json()["error"]["code"] == "room_full"


def test_a_misspelt_field_is_refused_by_name(sqlite_url: str, catalog: Catalog) -> None:
    """« option » for « options » would make a room with the default rules, « siege » for
    « seat » another seat than the one offered: refused, naming the field, nothing made."""
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        rooms = len(app.state.hub.rooms)
        response = client.post("/api/rooms", json={"game": "toy", "players": 2,
                                                   "option": {"rounds": 2}})
        assert response.status_code == 400
        error = response.json()["error"]
        assert error["code"] == "bad_message"
        assert french_spacing("« option »") in error["fr"] and "options" in error["fr"]
        assert "'option'" in error["en"]
        assert len(app.state.hub.rooms) == rooms
        for mode in (None, 5, ["live"]):  # the mode is one of two words
            response = client.post("/api/rooms", json={"game": "toy", "players": 2,
                                                       "mode": mode})
            assert response.status_code == 400
            assert "None" not in response.json()["error"]["fr"]
        code, _ = create_room(client, "toy", 2)
        response = client.post(f"/api/rooms/{code}/join", json={"nickname": "Léa", "siege": 1})
        assert response.status_code == 400
        assert french_spacing("« siege »") in response.json()["error"]["fr"]
        seats = client.get(f"/api/rooms/{code}").json()["seats"]
        assert [s["kind"] for s in seats] == ["open", "open"]


def test_error_texts_keep_french_spacing(setup: Any) -> None:
    """An error is a text on a phone like any other: no line break before its colon or
    inside its « » (issue 16 §5), from the HTTP API and from the WebSocket alike."""
    client, _app, code, _host, a, _b, _stack = setup
    said = [client.post(f"/api/rooms/{code}/join", json={"nickname": "Zoé", "seat": 9}
                        ).json()["error"]["fr"],
            client.post("/api/rooms", json={"game": "chess", "players": 2}
                        ).json()["error"]["fr"]]
    a.send_raw('{"type": "dance"}')
    said.append(expect(a, "unknown_type")["fr"])
    for text in said:
        assert ":" in text or "«" in text, text  # texts that have something to space
        assert not breakable_spaces(text), text


def test_join_attempts_are_rate_limited(sqlite_url: str, catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog, rate_limit=RateLimit(burst=5, per_second=0.01))
    with TestClient(app) as client:
        statuses = [client.post("/api/rooms/ABCDEF/join", json={"nickname": "Léa"}).status_code
                    for _ in range(8)]
        assert statuses[:5] == [404] * 5
        assert statuses[5:] == [429] * 3
        assert client.get("/j/ABCDEF").status_code == 429


def test_a_classmate_joins_a_live_room_from_an_address_blocked_by_wrong_codes(
        sqlite_url: str, catalog: Catalog) -> None:
    """One pupil trying codes blocks the school's address; a classmate behind the same
    address who types the projector's code still joins, within a smaller budget of its
    own. Wrong codes stay refused, and spend that budget as live ones do: a blocked
    address was refused every wrong code at no cost and answered every live one, and so
    tried codes as fast as the server answered, learning which were live. Once the
    budget is spent, a live code is refused like a wrong one; a code the address made
    or already looked up costs nothing."""
    from ludinum.weblib.ratelimit import KnownCodes

    app = make_app(sqlite_url, catalog, rate_limit=RateLimit(burst=5, per_second=0.01))
    with TestClient(app) as client:
        code, _ = create_room(client, "toy", 4)
        others = [create_room(client, "toy", 4)[0] for _ in range(2)]
        # The rooms were made elsewhere (this budget never heard of them).
        app.state.known_limit = KnownCodes(burst=3, per_second=0.001, clock=lambda: 0.0)
        tries = [client.post("/api/rooms/ABCDEF/join", json={"nickname": "Léa"}).status_code
                 for _ in range(7)]
        assert tries == [404] * 5 + [429] * 2  # blocked: two of the budget's three spent
        joined = client.post(f"/api/rooms/{code}/join", json={"nickname": "Sami"})
        assert joined.status_code == 201, joined.text  # the third
        assert client.get(f"/j/{code}").status_code == 200  # already looked up: free
        assert [client.get(f"/j/{code}").status_code for _ in range(5)] == [200] * 5
        # The budget spent, a live code and a wrong one get the same answer.
        assert [client.get(f"/j/{other}").status_code for other in others] == [429, 429]
        assert client.get("/j/BCDEFG").status_code == 429
        # A room made by the address itself (the teacher behind the school's address).
        mine, _ = create_room(client, "toy", 4)
        assert client.get(f"/j/{mine}").status_code == 200


def test_a_room_seed_is_a_64_bit_integer(sqlite_url: str, catalog: Catalog) -> None:
    """A seed of 4,000 digits was stored as such in the room's row: refused, with why."""
    with TestClient(make_app(sqlite_url, catalog)) as client:
        for seed in (10 ** 4000, -1, 2 ** 63, "7", True):
            made = client.post("/api/rooms", json={"game": "toy", "players": 2, "seed": seed})
            assert made.status_code == 400, (seed, made.text)
            assert "seed" in made.json()["error"]["en"]
        made = client.post("/api/rooms", json={"game": "toy", "players": 2, "seed": 2 ** 63 - 1})
        assert made.status_code == 201, made.text


def test_starting_a_finished_game_says_it_is_over(sqlite_url: str, catalog: Catalog) -> None:
    """« start » from the host of a game played to its end was answered « La partie a
    déjà commencé. » (attack review): it says the game is over, and changes nothing."""
    from tests.server.helpers import finished_by_bots

    with TestClient(make_app(sqlite_url, catalog)) as client, \
            contextlib.ExitStack() as stack:
        _code, host = finished_by_bots(client, stack, "gnou", 2, seed=4)
        host.send(type="start", level="random")
        error = expect(host, "game_over")
        assert error["fr"] == "La partie est terminée." and error["en"] == "The game is over."
        assert host.last.get("status") == "finished"
