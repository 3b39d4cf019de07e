"""Inputs that once broke a connection or answered HTTP 500: a binary WebSocket frame, a
lone UTF-16 surrogate, NaN, a game log nested too deep or holding a huge number, and a host
rewriting the seats of a game that is over. Each gets a clear refusal and changes nothing."""

from __future__ import annotations

import html
import json

import pytest
from starlette.testclient import TestClient

from ludinum.engine import Action, LudinumError
from ludinum.games import get_game
from tests.hardening.test_inputs import new_room
from tests.reading import unescaped


def test_a_binary_frame_is_answered_not_a_broken_connection(client: TestClient) -> None:
    code, host = new_room(client)
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_bytes(b"\x01\x02")  # before the hello
        error = json.loads(ws.receive_text())
        assert error["type"] == "error" and error["code"] == "bad_json"
        assert "texte JSON attendu" in error["fr"]
        ws.send_text(json.dumps({"type": "hello", "role": "host", "token": host}))
        assert json.loads(ws.receive_text())["type"] == "welcome"
        ws.send_bytes(b'{"type":"ping"}')  # after it too
        while (message := json.loads(ws.receive_text()))["type"] != "error":
            pass
        assert message["code"] == "bad_json"
        ws.send_text('{"type":"ping","id":1}')  # the connection still works
        while (message := json.loads(ws.receive_text()))["type"] != "pong":
            pass
        assert message["id"] == 1


def test_a_lone_surrogate_is_bad_json_everywhere(client: TestClient) -> None:
    lone = '"\\ud800"'
    for path, body in (("/api/rooms", '{"game":' + lone + ',"players":3}'),
                       ("/api/rooms", '{"game":"hacker","players":4,"mode":' + lone + "}"),
                       ("/api/rooms", '{"game":"hacker","players":4,"options":{' + lone
                        + ":1}}"),
                       ("/api/classes", '{"game":"gnou","table_size":3,"bot_level":'
                        + lone + "}")):
        r = client.post(path, content=body, headers={"content-type": "application/json"})
        assert r.status_code == 400, (path, body, r.text)
        assert r.json()["error"]["code"] == "bad_json"
    # a pair is one character, and stays welcome
    r = client.post("/api/rooms", content='{"game":"gnou","players":2,"mode":"\\ud83d\\ude00"}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_option"
    code, _ = new_room(client)
    with client.websocket_connect(f"/ws/{code}") as ws:
        for text in ('{"type":"ping","id":' + lone + "}", '{"type":' + lone + "}"):
            ws.send_text(text)
            assert json.loads(ws.receive_text())["code"] == "bad_json"
        ws.send_text('{"type":"ping"}')
        assert json.loads(ws.receive_text())["type"] == "pong"


def test_nan_and_infinity_pass_no_range(client: TestClient) -> None:
    for value in ("NaN", "Infinity", "-Infinity"):
        r = client.post("/api/rooms", content='{"game":"hacker","players":4,"options":'
                        '{"vigilance":' + value + "}}",
                        headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_json"
    from ludinum.engine import OptionError
    from ludinum.games import get_game

    for value in (float("nan"), float("inf")):  # what a form's text could become
        try:
            get_game("hacker").make_config(4, 0, {"vigilance": value})
        except OptionError as exc:
            assert "nombre de 0 à 1" in exc.fr and "number from 0 to 1" in exc.en
            assert "float" not in exc.fr
        else:
            raise AssertionError(f"{value} accepted")


def test_a_game_log_too_deep_or_with_a_huge_number_is_refused(client: TestClient) -> None:
    base = {"format": "ludinum-game-log/1",
            "config": {"game": "hacker", "players": 3, "seed": 1, "options": {}}}
    for text in (b"[" * 2000 + b"]" * 2000,
                 json.dumps({**base, "actions": [[1e400, {"kind": "x"}]]}).encode()):
        r = client.post("/replay/journal", files={"journal": ("a.json", text)})
        assert r.status_code == 400, r.text[:300]


def test_the_seats_of_a_game_that_is_over_stay_as_they_were(client: TestClient) -> None:
    code, host = new_room(client)
    r = client.post(f"/api/rooms/{code}/join", json={"nickname": "Alice"})
    assert r.status_code == 201
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_text(json.dumps({"type": "hello", "role": "host", "token": host}))
        assert json.loads(ws.receive_text())["type"] == "welcome"
        for message in ({"type": "start", "level": "random"}, {"type": "end"}):
            ws.send_text(json.dumps(message))
        refused = []
        for kind in ("kick", "bot"):
            ws.send_text(json.dumps({"type": kind, "seat": 0, "level": "random"}))
            while (message := json.loads(ws.receive_text()))["type"] != "error":
                pass
            refused.append(message["code"])
        assert refused == ["game_over", "game_over"]
    seats = client.get(f"/api/rooms/{code}").json()["seats"]
    assert seats[0]["kind"] == "human" and seats[0]["name"] == "Alice"


def test_an_unknown_address_or_method_is_refused_in_the_apps_words(client: TestClient) -> None:
    """No framework one-liner in English ("Not Found"): the problem page in French (or the
    API's error shape under /api/)."""
    for path in ("/nope", "/cartes/zzz", "/apprendre/zz", "/static/nope.js"):
        r = client.get(path)
        assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
        page = html.unescape(r.text)
        assert "Cette page n'existe pas" in page and "Not Found" not in page
    r = client.get("/api/nope")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    r = client.put("/api/rooms")
    assert r.status_code == 405 and r.json()["error"]["en"] == "This address is not used that way."


def test_a_nickname_typed_with_combining_accents_is_the_same_nickname() -> None:
    from ludinum.weblib.names import clean

    assert clean("Le\u0301a") == "Léa" == clean("Léa")  # NFC: one letter, not two
    assert clean("Zoe\u0308") == "Zoë"


def test_start_with_an_unknown_bot_level_is_refused(client: TestClient) -> None:
    code, host = new_room(client)
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_text(json.dumps({"type": "hello", "role": "host", "token": host}))
        assert json.loads(ws.receive_text())["type"] == "welcome"
        ws.send_text(json.dumps({"type": "start", "level": "godlike"}))
        while (message := json.loads(ws.receive_text()))["type"] != "error":
            pass
        assert message["code"] == "bad_level"
    assert client.get(f"/api/rooms/{code}").json()["status"] == "lobby"  # nothing changed
    r = client.post("/api/classes", json={"game": "gnou", "table_size": 3})
    assert r.status_code == 400 and "None" not in r.text
    assert r.json()["error"]["fr"] == "Choisis le niveau des bots."


def test_a_long_value_is_not_sent_back_whole(client: TestClient) -> None:
    """An error names what is wrong without echoing 16 KB of it."""
    long = "x" * 15_000
    for body in ({"game": long, "players": 2}, {"game": "gnou", "players": 2, "mode": long},
                 {"game": "gnou", "players": 2, "options": {"handicap": long}}):
        r = client.post("/api/rooms", json=body)
        assert r.status_code in (400, 404), r.text[:200]
        assert len(r.content) < 1_000, (list(body), len(r.content))
        assert "xxxxxxxx…" in r.json()["error"]["fr"]


def test_a_huge_player_count_is_not_sent_back_whole(client: TestClient) -> None:
    """A player count of 4,000 digits (the room form's field, the API, a class's table
    size) was quoted whole in « se joue de 2 à 6 joueurs (demandé : 9999…) »: 4 KB on
    the teacher's page, in one unbreakable line. It is quoted as any value sent is, short."""
    huge = int("9" * 4_000)
    answers = [client.post("/api/rooms", json={"game": "gnou", "players": huge}),
               client.post("/api/classes", json={"game": "gnou", "table_size": huge,
                                                  "bot_level": "random"})]
    for r in answers:
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_player_count"
        assert len(r.content) < 1_000, len(r.content)
        assert "9999…" in r.json()["error"]["fr"]
    page = client.post("/new/gnou", data={"players": "9" * 4_000})
    assert page.status_code == 400 and "un nombre entier de 2 à 6" in page.text
    assert "9" * 100 not in page.text


@pytest.mark.parametrize("game", ["gnou", "hacker", "voleur", "webrunners"])
def test_a_refused_move_is_not_quoted_whole(game: str) -> None:
    """A move of 3,000 characters (its kind, or a parameter of a move the seat may make)
    was quoted whole in « Action refusée : « xxx… » », back to the phone that sent it
    (a kind with an invisible character is refused before, by name): quoted short."""
    state = get_game(game).new_state(3, seed=1)
    seat = state.active_players()[0]
    legal = state.legal_actions(seat)[0]
    odd = [Action.from_json({"kind": "x" * 3_000}),
           Action.from_json({**legal.to_json(), "extra": "y" * 3_000})]
    for action in odd:
        with pytest.raises(LudinumError) as refused:
            state.apply(seat, action)
        for said in (refused.value.fr, refused.value.en):
            assert len(said) < 300, said[:100]


def test_a_player_count_or_bot_level_of_the_wrong_kind_says_what_is_expected(
        client: TestClient) -> None:
    """« Nombre de joueurs invalide. », « Taille de table invalide. » said a value was
    wrong, not what was expected nor what came; a bot level sent as a list was quoted as
    Python writes it (« ['a'] »). Now the field, its range and the value sent, short."""
    page = client.post("/new/hacker", data={"players": "beaucoup"})
    said = unescaped(page.text)
    assert page.status_code == 400
    assert "Nombre de joueurs : un nombre entier de 3 à 7 (reçu : « beaucoup »)." in said
    page = client.post("/classe/nouvelle/hacker", data={"table_size": "x" * 5_000,
                                                          "bot_level": "random"})
    said = unescaped(page.text)
    assert "un nombre entier de 3 à 7" in said and "x" * 100 not in said
    api = client.post("/api/classes", json={"game": "hacker", "table_size": "4",
                                              "bot_level": "random"}).json()["error"]
    assert api["en"] == "'table_size' is a whole number from 3 to 7 (got '\"4\"')."
    api = client.post("/api/classes", json={"game": "hacker", "table_size": 4,
                                              "bot_level": ["a"]}).json()["error"]
    assert "['a']" not in api["fr"] and '["a"]' in api["fr"]


def host_says(ws: object, message: dict[str, object]) -> dict[str, object]:
    """Send a host command and read up to its answer: an error, or the pong after it."""
    ws.send_text(json.dumps(message))  # type: ignore[attr-defined]
    ws.send_text(json.dumps({"type": "ping", "id": "after"}))  # type: ignore[attr-defined]
    said: dict[str, object] = {"type": "done"}
    while (answer := json.loads(ws.receive_text()))["type"] != "pong":  # type: ignore[attr-defined]
        if answer["type"] == "error":
            said = answer
    return said


def test_start_with_shared_not_a_boolean_is_refused(client: TestClient) -> None:
    # « shared »: "yes" or 1 started a live game with timers, as if it were false (the page
    # sends true: the game played on one device, turn-based; attack review).
    code, host = new_room(client)
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_text(json.dumps({"type": "hello", "role": "host", "token": host}))
        assert json.loads(ws.receive_text())["type"] == "welcome"
        for shared in ("yes", 1, 0, [True], None):
            said = host_says(ws, {"type": "start", "shared": shared})
            assert said["code"] == "bad_message" and "shared" in str(said["en"]), said
            assert client.get(f"/api/rooms/{code}").json()["status"] == "lobby"
        assert host_says(ws, {"type": "start", "shared": False}) == {"type": "done"}
    assert client.get(f"/api/rooms/{code}").json()["status"] == "playing"


def test_kick_with_an_unknown_bot_level_is_refused(client: TestClient) -> None:
    # During a game a removed player's seat goes to a bot of « level »: an unknown one was
    # silently the default level (« bot » refused it; attack review).
    code, host = new_room(client)
    client.post(f"/api/rooms/{code}/join", json={"nickname": "Ada"})
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_text(json.dumps({"type": "hello", "role": "host", "token": host}))
        assert json.loads(ws.receive_text())["type"] == "welcome"
        assert host_says(ws, {"type": "start"}) == {"type": "done"}
        for level in ("godlike", 3, ["random"]):
            said = host_says(ws, {"type": "kick", "seat": 0, "level": level})
            assert said["code"] == "bad_level", said
            assert client.get(f"/api/rooms/{code}").json()["seats"][0]["kind"] == "human"
        assert host_says(ws, {"type": "kick", "seat": 0, "level": "random"}) == {"type": "done"}
    seat = client.get(f"/api/rooms/{code}").json()["seats"][0]
    assert seat["kind"] == "bot", seat


def test_a_class_request_with_a_field_it_does_not_know_is_refused_by_name(
        client: TestClient) -> None:
    # As a room's (api.only): « option » for « options » made a class with the default
    # rules, « friends_apart »: "no" a class with friends apart (attack review).
    made = {"game": "gnou", "table_size": 3, "bot_level": "random"}
    for extra in ({"option": {"quiz_seconds": 0}}, {"age": 9}):
        r = client.post("/api/classes", json={**made, **extra})
        assert r.status_code == 400, r.text
        assert r.json()["error"]["code"] == "bad_message"
        assert f"'{next(iter(extra))}'" in r.json()["error"]["en"]
    r = client.post("/api/classes", json={**made, "friends_apart": "no"})
    assert r.status_code == 400 and "friends_apart" in r.json()["error"]["en"], r.text
    r = client.post("/api/classes", json=made)
    assert r.status_code == 201, r.text
    code, teacher = r.json()["code"], r.json()["teacher_token"]
    r = client.post(f"/api/classes/{code}/join", json={"nickname": "Léa", "email": "a@b.fr"})
    assert r.status_code == 400 and "'email'" in r.json()["error"]["en"], r.text
    pupil = client.post(f"/api/classes/{code}/join", json={"nickname": "Léa"}).json()["token"]
    assert client.post(f"/api/classes/{code}/me",
                       json={"token": pupil, "name": "Léa Martin"}).status_code == 400
    r = client.post(f"/api/classes/{code}/lock", json={"token": teacher, "lock": True})
    assert r.status_code == 400 and "'lock'" in r.json()["error"]["en"], r.text
    state = client.post(f"/api/classes/{code}/state", json={"token": teacher}).json()
    assert state["pupils"] == 1
    assert client.post(f"/api/classes/{code}/lock",
                       json={"token": teacher, "locked": True}).json()["locked"] is True


def test_the_openapi_schema_lists_every_api_route(client: TestClient) -> None:
    # The schema fuzzing (test_fuzz) reads it: a route missing from it is never attacked
    # (the class's « remove » and « lock » were not; attack review).
    from starlette.routing import Route

    paths = client.get("/openapi.json").json()["paths"]
    for route in client.app.routes:  # type: ignore[attr-defined]
        if isinstance(route, Route) and route.path.startswith("/api/"):
            for method in (route.methods or set()) - {"HEAD"}:
                assert method.lower() in paths.get(route.path, {}), (method, route.path)


@pytest.mark.parametrize(("field", "value", "named"), [
    ("mode", "tour", "tour"),
    ("opt_brouillage", "peut-être", "brouillage"),
    ("opt_vigilanse", "0.5", "vigilanse"),
])
@pytest.mark.parametrize("page", ["/new/hacker", "/classe/nouvelle/hacker"])
def test_a_form_value_no_field_offers_is_refused_by_name(
        client: TestClient, page: str, field: str, value: str, named: str) -> None:
    # A hand-made form: an unknown mode made a live room, a checkbox's « peut-être » turned
    # the option on, a misspelt option was dropped for its default (attack review).
    # Each page's own fields only: another is refused by name too (test_form_fields).
    own = {"players": "4"} if page.startswith("/new/") else {"table_size": "4",
                                                              "bot_level": "random"}
    form = {**own, field: value}
    r = client.post(page, data=form)
    assert r.status_code == 400, r.text[-300:]
    assert named in html.unescape(r.text.split('role="alert">', 1)[1].split("<", 1)[0])
    assert not client.app.state.hub.rooms  # type: ignore[attr-defined]
    assert not client.app.state.classes.sessions  # type: ignore[attr-defined]
    del form[field]
    assert client.post(page, data=form).status_code == 200  # made without it


@pytest.mark.parametrize("hidden", ["\u202e", "\u2066", "\u200f", "\x07", "\x1b[2J",
                                    # Format characters that show as nothing (a second
                                    # attack review): zero-width space, word joiner, BOM,
                                    # soft hyphen, a tag letter (hidden ASCII text).
                                    "\u200b", "\u2060", "\ufeff", "\u00ad", "\U000e0041",
                                    "\u200d"])
def test_a_class_message_with_an_invisible_character_is_refused(
        client: TestClient, hidden: str) -> None:
    # The message shows on every pupil's phone: a right-to-left override turned the rest of
    # it backwards, a control character showed as nothing (attack review).
    r = client.post("/api/classes", json={"game": "gnou", "table_size": 3,
                                          "bot_level": "random"})
    code, teacher = r.json()["code"], r.json()["teacher_token"]
    r = client.post(f"/api/classes/{code}/message",
                    json={"token": teacher, "text": f"Rangez {hidden}vos affaires"})
    assert r.status_code == 400, r.text
    assert r.json()["error"]["code"] == "bad_message"
    assert "invisible" in r.json()["error"]["en"]
    r = client.post(f"/api/classes/{code}/message",
                    json={"token": teacher, "text": "Rangez vos affaires 👋"})
    assert r.json()["message"] == "Rangez vos affaires 👋"
    # A zero-width joiner inside an emoji (a family, a rainbow flag) is part of it.
    for emoji in ("👨\u200d👩\u200d👧", "🏳\ufe0f\u200d🌈"):
        r = client.post(f"/api/classes/{code}/message",
                        json={"token": teacher, "text": f"Bravo {emoji}"})
        assert r.json()["message"] == f"Bravo {emoji}", r.text


@pytest.mark.parametrize("hidden", ["\u202e", "\u200b", "\x00", "\ufeff"])
def test_an_unknown_name_is_quoted_with_its_invisible_characters_shown(
        client: TestClient, hidden: str) -> None:
    """An error quotes what was sent (« Option inconnue : « x » »): a right-to-left
    override quoted as is turned the rest of the error backwards on the page, a zero-width
    character quoted nothing; they are quoted as their code (« \\u202e »), and a
    16 KB name is cut (engine.errors.echoed)."""
    r = client.post("/api/rooms", json={"game": "gnou", "players": 3,
                                        "options": {f"tour{hidden}s": 3}})
    assert r.status_code == 400
    error = r.json()["error"]
    for words in (error["fr"], error["en"]):
        assert hidden not in words
        assert f"tour\\u{ord(hidden):04x}s" in words
    r = client.post("/api/rooms", json={"game": "gnou", "players": 3,
                                        "options": {"x" * 5000: 3}})
    assert r.status_code == 400 and len(r.text) < 1000


@pytest.mark.parametrize(("message", "typo"), [
    ({"type": "start", "levle": "expert"}, "levle"),
    ({"type": "act", "seat": 0, "action": {"kind": "roll"}, "sequence": 3}, "sequence"),
    ({"type": "kick", "seats": 0}, "seats"),
    ({"type": "pause", "seat": 0}, "seat"),
])
def test_a_message_with_a_field_it_does_not_know_is_refused_by_name(
        client: TestClient, message: dict[str, object], typo: str) -> None:
    # As an HTTP body's (api.only): « levle » for « level » started the game with the
    # default bots, and every other misspelt field was dropped without a word (attack review).
    code, host = new_room(client)
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_text(json.dumps({"type": "hello", "role": "host", "token": host}))
        assert json.loads(ws.receive_text())["type"] == "welcome"
        said = host_says(ws, message)
        assert said.get("code") == "bad_message" and f"'{typo}'" in str(said["en"]), said
    assert client.get(f"/api/rooms/{code}").json()["status"] == "lobby"


@pytest.mark.parametrize("lang", ["de", 5, None, ["en"]])
def test_a_hello_in_a_language_the_server_does_not_speak_is_refused(
        client: TestClient, lang: object) -> None:
    # It was answered in French without a word (attack review); the pages send fr or en.
    code, host = new_room(client)
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_text(json.dumps({"type": "hello", "role": "host", "token": host, "lang": lang}))
        said = json.loads(ws.receive_text())
        assert said["type"] == "error" and said["code"] == "bad_message", said
        assert "'lang'" in said["en"]
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_text(json.dumps({"type": "hello", "role": "host", "token": host, "lang": "en"}))
        assert json.loads(ws.receive_text())["lang"] == "en"


def test_moving_a_pupil_to_a_table_that_is_not_a_number_says_so(client: TestClient) -> None:
    # « "1" » was told « Il n'y a que 1 table. » (attack review): neither the reason nor French.
    r = client.post("/api/classes", json={"game": "gnou", "table_size": 3,
                                          "bot_level": "random"})
    code, teacher = r.json()["code"], r.json()["teacher_token"]
    client.post(f"/api/classes/{code}/join", json={"nickname": "Léa"})
    move = f"/api/classes/{code}/move"
    for table in ("1", 1.5, True):
        r = client.post(move, json={"token": teacher, "pupil": 0, "table": table})
        assert r.json()["error"]["en"] == "'table' is the number of a table (from 1).", r.text
    r = client.post(move, json={"token": teacher, "pupil": 0, "table": 2})
    assert r.json()["error"]["fr"] == "Il n'y a qu'une table.", r.text
    assert client.post(move, json={"token": teacher, "pupil": 0, "table": 1}).json()["ok"]


def test_a_debrief_in_a_format_there_is_none_of_is_no_page(client: TestClient) -> None:
    # It said « Aucun salon » of a room that exists (attack review).
    code, _ = new_room(client)
    r = client.get(f"/debrief/{code}.exe")
    assert r.status_code == 404 and "Cette page n&#39;existe pas." in r.text, r.text[-400:]
    assert "Aucun salon" not in r.text


@pytest.mark.parametrize(("path", "kind"), [
    ("/api/rooms", b"application/json"), ("/api/rooms/ABCDEF/join", b"application/json"),
    ("/new/gnou", b"application/x-www-form-urlencoded"),
    ("/replay/journal", b"multipart/form-data; boundary=zz")])
def test_a_phone_leaving_in_the_middle_of_its_body_is_no_server_error(
        client: TestClient, caplog: pytest.LogCaptureFixture, path: str, kind: bytes) -> None:
    """A phone that loses the Wi-Fi while it sends a join (Content-Length 40, 3 bytes
    sent, then gone) left « Exception in ASGI application » and a traceback in the
    server's log (starlette's ClientDisconnect, attack review): there is nobody left to
    answer, nothing is done, nothing is logged."""
    app = client.app
    sent: list[dict[str, object]] = []
    parts = [{"type": "http.request", "body": b'{"n', "more_body": True},
             {"type": "http.disconnect"}]

    async def receive() -> dict[str, object]:
        return parts.pop(0) if parts else {"type": "http.disconnect"}

    async def send(message: dict[str, object]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "client": ("192.0.2.9", 5000),
             "server": ("127.0.0.1", 8000),
             "headers": [(b"host", b"127.0.0.1:8000"), (b"content-type", kind),
                         (b"content-length", b"40")]}
    rooms = len(client.app.state.hub.rooms)  # type: ignore[attr-defined]
    with caplog.at_level("INFO"):
        client.portal.call(app, scope, receive, send)  # type: ignore[arg-type]
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]
    assert not [m for m in sent if m.get("status") == 500]
    assert len(client.app.state.hub.rooms) == rooms  # type: ignore[attr-defined]


def test_a_refused_method_names_the_methods_the_address_takes(client: TestClient) -> None:
    """A 405 says which methods the address takes (``Allow``, RFC 9110 §15.5.6): the app's
    own refusal dropped the header the framework had set, for the pages and the API."""
    for method, path, allowed in (("PUT", "/api/rooms", {"POST"}),
                                  ("DELETE", "/api/games", {"GET", "HEAD"}),
                                  ("OPTIONS", "/", {"GET", "HEAD"}),
                                  ("PATCH", "/new/gnou", {"GET", "HEAD", "POST"})):
        r = client.request(method, path)
        assert r.status_code == 405, (method, path)
        assert {m.strip() for m in r.headers["allow"].split(",")} == allowed, (method, path)
