"""Hostile input gets a clear refusal and changes nothing: nested JSON, another site's form,
a rebound host name, booleans for integers, hostile YAML; seeds cannot be guessed from a
hand; PDFs and room creation are limited per address."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ludinum.cli.main import cli
from ludinum.content import yamldoc
from ludinum.engine import Action, ContentError, LudinumError
from ludinum.games import get_game, registry
from ludinum.server import guards
from ludinum.weblib.ratelimit import RateLimit
from tests.hardening.conftest import make_app
from tests.reading import plain_spaces
from tests.server.helpers import restored

NESTED = "[" * 5000 + "]" * 5000


def new_room(client: TestClient, players: int = 2) -> tuple[str, str]:
    r = client.post("/api/rooms", json={"game": "gnou", "players": players})
    assert r.status_code == 201, r.text
    return r.json()["code"], r.json()["host_token"]


# -- nested JSON ---------------------------------------------------------------------------
def test_deeply_nested_json_over_http_is_a_bad_request(client: TestClient) -> None:
    code, _ = new_room(client)
    for path in ("/api/rooms", f"/api/rooms/{code}/join"):
        r = client.post(path, content=NESTED, headers={"content-type": "application/json"})
        assert r.status_code == 400
        assert r.json()["error"]["code"] == "bad_json"
    assert [s["kind"] for s in client.get(f"/api/rooms/{code}").json()["seats"]] == ["open"] * 2


def test_deeply_nested_json_over_a_websocket_is_a_bad_request(client: TestClient) -> None:
    code, host = new_room(client)
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_text(NESTED[:4000] + NESTED[-4000:])  # before the hello
        assert json.loads(ws.receive_text())["code"] == "bad_json"
        ws.send_text(json.dumps({"type": "hello", "role": "host", "token": host}))
        assert json.loads(ws.receive_text())["type"] == "welcome"
        ws.send_text('{"type":"act","action":' + NESTED[:3000] + NESTED[-3000:] + "}")
        seen = []
        while not seen or seen[-1]["type"] != "error":
            seen.append(json.loads(ws.receive_text()))
        assert seen[-1]["code"] == "bad_json"
        ws.send_text('{"type":"ping"}')  # the connection still works
        assert json.loads(ws.receive_text())["type"] == "pong"


# -- another site's form, DNS rebinding ----------------------------------------------------
@pytest.mark.parametrize("media", ["text/plain", "application/x-www-form-urlencoded",
                                   "multipart/form-data; boundary=x", ""])
def test_a_cross_site_form_cannot_take_a_seat(client: TestClient, media: str) -> None:
    code, _ = new_room(client)
    r = client.post(f"/api/rooms/{code}/join", content='{"nickname": "Intrus"}',
                    headers={"content-type": media} if media else {})
    assert r.status_code == 415
    assert r.json()["error"]["code"] == "bad_media_type"
    assert r.json()["error"]["fr"].startswith("Le corps doit être du JSON")
    room = client.get(f"/api/rooms/{code}").json()
    assert "Intrus" not in json.dumps(room)
    r = client.post(f"/api/rooms/{code}/join", json={"nickname": "Léa"})
    assert r.status_code == 201


@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1:8000", "192.168.1.20:8000",
                                  "10.2.3.4", "172.16.0.9:80", "[::1]:8000", "salle-info",
                                  "ludinum.local:8000", "ecole.example.org"])
def test_the_served_addresses_are_accepted(host: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LUDINUM_HOSTS", "ecole.example.org")
    assert guards.host_allowed(host, ["https://jeux.example.fr/"])


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "EVIL.example.",
                                  "jeux.example.fr.evil.example", "localhost.evil.example"])
def test_another_host_name_is_refused(host: str) -> None:
    assert not guards.host_allowed(host, ["https://jeux.example.fr/"])


def test_a_rebound_host_name_gets_nothing(client: TestClient) -> None:
    code, _ = new_room(client)
    evil = {"host": "attacker.example"}
    for r in (client.get("/", headers=evil), client.get(f"/api/rooms/{code}", headers=evil),
              client.post(f"/api/rooms/{code}/join", json={"nickname": "Léa"}, headers=evil)):
        assert r.status_code == 421
        assert r.json()["error"]["code"] == "bad_host"
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(
            f"/ws/{code}", headers=evil) as ws:
        ws.receive_text()
    assert client.get("/", headers={"host": "192.168.0.12:8000"}).status_code == 200
    assert client.get(f"/api/rooms/{code}").json()["status"] == "lobby"


# -- seeds ---------------------------------------------------------------------------------
def test_live_rooms_get_seeds_of_128_bits_and_still_replay(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        codes = [new_room(client)[0] for _ in range(4)]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        seeds = [hub.rooms[c].config.seed for c in codes]
        assert max(s.bit_length() for s in seeds) > 100
        assert len(set(seeds)) == 4
        code = codes[0]
        for nickname in ("Léa", "Noé"):
            r = client.post(f"/api/rooms/{code}/join", json={"nickname": nickname})
            assert r.status_code == 201
        room = hub.rooms[code]
        client.portal.call(hub.command, room, "start", {"type": "start"})  # type: ignore[union-attr]
        rng = random.Random(1)
        for _ in range(12):
            state = room.state
            if state.is_terminal() or not state.active_players():
                break
            seat = state.active_players()[0]
            action = rng.choice(list(state.legal_actions(seat)))
            client.portal.call(hub.act, room, seat, action)  # type: ignore[union-attr]
        assert room.seq > 0
        before = room.state.to_json()
        seed = room.config.seed
    with TestClient(make_app(tmp_path)) as client:  # restart: the log replays to the state
        room = client.portal.call(client.app.state.hub.room, code)  # type: ignore[attr-defined,union-attr]
        assert room.config.seed == seed
        assert room.state.to_json() == before


def test_simulations_keep_their_reproducible_seeds() -> None:
    for game in registry():
        a = game.new_state(game.min_players, seed=12345)
        b = game.new_state(game.min_players, seed=12345)
        assert a.to_json() == b.to_json()
        big = game.new_state(game.min_players, seed=2**127 + 5)
        assert big.config.seed == 2**127 + 5
        assert game.new_state(game.min_players, seed=2**127 + 5).to_json() == big.to_json()


# -- strict action types -------------------------------------------------------------------
def test_a_boolean_is_not_an_integer_in_an_action() -> None:
    legal = [Action.make("answer", choice=1), Action.make("answer", choice=0)]
    assert Action.make("answer", choice=1).strictly_in(legal)
    assert Action.make("answer", choice=1) == Action.make("answer", choice=True)  # Python's
    assert not Action.make("answer", choice=True).strictly_in(legal)
    assert not Action.make("answer", choice=False).strictly_in(legal)
    assert not Action.make("give", cards=(1, True)).strictly_in([Action.make("give",
                                                                             cards=(1, 1))])
    assert Action.make("flag", on=True).strictly_in([Action.make("flag", on=True)])


@pytest.mark.parametrize("name", [g.name for g in registry()])
def test_no_game_accepts_true_for_an_integer(name: str) -> None:
    """Play each game until a legal action takes the integer 0 or 1; the same action with
    ``true``/``false`` is refused and changes nothing."""
    game = get_game(name)
    rng = random.Random(4)
    tried = 0
    for seed in range(20):
        state = game.new_state(game.min_players, seed=seed)
        for _ in range(300):
            if state.is_terminal():
                break
            seat = state.active_players()[0]
            legal = list(state.legal_actions(seat))
            for action in legal:
                for key, value in action.params:
                    if type(value) is int and value in (0, 1):
                        forged = Action.from_json({**action.to_json(), key: bool(value)})
                        before = state.to_json()
                        with pytest.raises(LudinumError):
                            state.apply(seat, forged)
                        assert state.to_json() == before
                        tried += 1
            if tried >= 3:
                return
            state.apply(seat, rng.choice(legal))
    assert tried, f"{name}: no action with an integer 0 or 1 was met"


# -- hostile YAML --------------------------------------------------------------------------
LAUGHS = "\n".join(
    [f'a: &a [{",".join(["lol"] * 9)}]']
    + [f"{b}: &{b} [{','.join(['*' + a] * 9)}]"
       for a, b in zip("abcdefgh", "bcdefghi", strict=True)]
) + "\n"


def test_a_billion_laughs_file_is_one_clear_error(tmp_path: Path) -> None:
    assert len(LAUGHS.encode()) < 400
    (tmp_path / "webrunners").mkdir()
    (tmp_path / "webrunners" / "deck.yaml").write_text(LAUGHS)
    with pytest.raises(ContentError) as refused:
        yamldoc.load(tmp_path / "webrunners" / "deck.yaml")
    assert "trop de valeurs" in str(refused.value.fr) and "aliases" in refused.value.en
    result = CliRunner().invoke(cli, ["content", "check", str(tmp_path)])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [line for line in result.output.splitlines() if "deck.yaml" in line]
    assert lines == [f"{tmp_path}/webrunners/deck.yaml:7: trop de valeurs "
                     f"(plus de {yamldoc.MAX_VALUES} avec les alias)"]
    assert "Traceback" not in result.output


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000,
                                  "".join(f"{'  ' * i}k{i}:\n" for i in range(200)) + "  v\n"])
def test_deep_nesting_is_one_clear_error(tmp_path: Path, text: str) -> None:
    (tmp_path / "deep.yaml").write_text(text)
    with pytest.raises(ContentError) as refused:
        yamldoc.load(tmp_path / "deep.yaml")
    assert "imbrication trop profonde" in refused.value.fr


def test_anchors_and_aliases_of_normal_size_still_load(tmp_path: Path) -> None:
    (tmp_path / "ok.yaml").write_text("base: &b {x: 1, y: [1, 2]}\ncopy: *b\nmore: [*b, *b]\n")
    assert yamldoc.load(tmp_path / "ok.yaml").data["more"][1]["y"] == [1, 2]


# -- PDFs and room creation, per address ---------------------------------------------------
def test_pdf_requests_are_limited_per_address(client: TestClient) -> None:
    statuses = [client.get("/debrief/ZZZZZZ.pdf").status_code
                for _ in range(guards.PDF_BURST + 1)]
    assert statuses == [404] * guards.PDF_BURST + [429]
    assert client.get("/imprimer/gnou.pdf").status_code == 429
    assert client.post("/apprendre/diplome", data={"jeton": "x", "pseudo": "Léa"}
                       ).status_code == 429  # the diploma is a PDF too
    assert client.get("/debrief/ZZZZZZ.html").status_code == 404  # pages are not PDFs
    other = {"host": "127.0.0.1"}
    assert client.get("/", headers=other).status_code == 200


def test_only_what_builds_a_pdf_counts_against_the_pdf_limit(client: TestClient) -> None:
    """The class debrief's key form (GET ``/classe/<code>/bilan.pdf``: its POST builds the
    PDF) and a method the route refuses (405) cost one PDF each: a teacher opening the
    debrief twice was refused a PDF built once (attack review)."""
    for _ in range(guards.PDF_BURST + 2):
        assert client.get("/classe/ZZZZZZ/bilan.pdf").status_code != 429
        assert client.put("/imprimer/gnou.pdf").status_code == 405
        assert client.delete("/debrief/ZZZZZZ.pdf").status_code != 429
    assert client.get("/imprimer/gnou.pdf").status_code == 200


#: What a browser's navigation (a link, a form) accepts; the pages' own fetch() and the API's
#: clients ask for JSON or anything.
BROWSER = {"accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


@pytest.mark.parametrize("lang,words", [("fr", "Ce que tu envoies est trop gros"),
                                        ("en", "What you are sending is too large")])
def test_a_file_too_large_for_a_page_form_is_said_on_a_page(tmp_path: Path, lang: str,
                                                             words: str) -> None:
    """A teacher who picks a wrong, large file on the replay page (« Revoir une partie
    simulée ») got the raw JSON of the body guard (« {"error": {"code": "too_large"… »),
    in both languages at once: a page's form is answered with the problem page, in the
    page's language, saying what is too large and by how much; the API keeps its JSON."""
    with TestClient(make_app(tmp_path), cookies={"lang": lang}) as client:
        big = {"journal": ("partie.json", b"[" * (guards.LOG_BODY + 1), "application/json")}
        answer = client.post("/replay/journal", files=big, headers=BROWSER)
        assert answer.status_code == 413
        assert answer.headers["content-type"].startswith("text/html")
        said = plain_spaces(answer.text.replace("&#39;", "'"))
        assert words in said, said[-600:]
        assert '{"error"' not in said and f'lang="{lang}"' in said
        api = client.post("/api/rooms", content=b"[" * (guards.MAX_BODY + 1),
                          headers={"content-type": "application/json"})
        assert api.status_code == 413 and api.json()["error"]["code"] == "too_large"


def test_too_many_pdfs_asked_from_a_link_is_said_on_a_page(client: TestClient) -> None:
    """The PDF guard's refusal, for a link followed in the browser (a debrief's « PDF »),
    was raw JSON; it is the problem page, 429, saying to wait."""
    for _ in range(guards.PDF_BURST):
        client.get("/debrief/ZZZZZZ.pdf", headers=BROWSER)
    answer = client.get("/debrief/ZZZZZZ.pdf", headers=BROWSER)
    assert answer.status_code == 429
    assert answer.headers["content-type"].startswith("text/html")
    assert "Trop de PDF demandés" in answer.text and '{"error"' not in answer.text
    assert client.get("/debrief/ZZZZZZ.pdf").json()["error"]["code"] == "rate_limited"


def test_room_creation_is_limited_per_address(tmp_path: Path) -> None:
    app = make_app(tmp_path, room_limit=RateLimit(burst=3, per_second=0.001))
    with TestClient(app) as client:
        statuses = [client.post("/api/rooms", json={"game": "gnou", "players": 2}).status_code
                    for _ in range(4)]
        assert statuses == [201] * 3 + [429]
        form = client.post("/new/gnou", data={"players": "2"})
        assert form.status_code == 400 and "Trop d" in form.text
        assert len(app.state.hub.rooms) == 3


def test_a_refused_creation_spends_none_of_the_room_budget(tmp_path: Path) -> None:
    # Three forms with a typo spent the three rooms the address could make: the teacher
    # was then told « Trop d'essais » for minutes (attack review).
    limit = RateLimit(burst=3, per_second=0.001)
    app = make_app(tmp_path, room_limit=limit)
    with TestClient(app) as client:
        for _ in range(5):
            assert client.post("/api/rooms", json={"game": "gnou", "players": 9}
                               ).json()["error"]["code"] == "bad_player_count"
            assert client.post("/new/gnou", data={"players": "9"}).status_code == 400
            assert client.post("/api/classes", json={"game": "gnou", "table_size": 3}
                               ).json()["error"]["code"] == "bad_option"
            r = client.post("/classe/nouvelle/gnou", data={"table_size": "99"})
            assert r.status_code == 400 and "Trop d" not in r.text
        assert client.post("/api/rooms", json={"game": "gnou", "players": 2}).status_code == 201
        assert client.post("/new/gnou", data={"players": "2"}).status_code == 200
        made = client.post("/api/classes", json={"game": "gnou", "table_size": 3,
                                                 "bot_level": "random"})
        assert made.status_code == 201
        code, teacher = made.json()["code"], made.json()["teacher_token"]
        assert client.post("/api/rooms", json={"game": "gnou", "players": 2}).status_code == 429
        # A start refused (nobody joined) spends nothing either.
        r = client.post(f"/api/classes/{code}/start", json={"token": teacher})
        assert r.status_code in (400, 409) and r.json()["error"]["code"] != "rate_limited"
        assert client.post("/api/rooms", json={"game": "gnou", "players": 2}).status_code == 429
        assert limit._tokens("testclient", limit.clock()) < 1


def test_empty_lobbies_are_ended_after_a_few_hours(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LUDINUM_LOBBY_HOURS", "3")
    app = make_app(tmp_path)
    hub = app.state.hub
    now = [time.time()]
    hub.clock = lambda: now[0]
    with TestClient(app) as client:
        empty, _ = new_room(client)
        joined, _ = new_room(client)
        watched, _ = new_room(client)
        assert client.post(f"/api/rooms/{joined}/join", json={"nickname": "Léa"}).status_code \
            == 201
        now[0] += 2.9 * 3600
        client.portal.call(hub.purge_live)  # type: ignore[union-attr]
        assert {empty, joined, watched} <= set(hub.rooms)
        with client.websocket_connect(f"/ws/{watched}") as ws:  # the projector shows it
            ws.send_text('{"type":"hello","role":"spectator"}')
            assert json.loads(ws.receive_text())["type"] == "welcome"
            now[0] += 0.2 * 3600
            client.portal.call(hub.purge_live)  # type: ignore[union-attr]
            assert empty not in hub.rooms
            assert joined in hub.rooms and watched in hub.rooms
        assert client.get(f"/api/rooms/{empty}").json()["status"] == "ended"
    with TestClient(make_app(tmp_path)) as client:  # not reloaded as a live room
        restored(client, client.app)
        assert empty not in client.app.state.hub.rooms  # type: ignore[attr-defined]
        assert joined in client.app.state.hub.rooms  # type: ignore[attr-defined]


def test_another_sites_page_cannot_post_here(client: TestClient) -> None:
    """A form on another site posting to /new/<game> used the school address's room budget
    (30, then one per 2 min): a change from another Origin is refused; our own pages and
    clients without an Origin still post."""
    for path, data in (("/new/gnou", {"players": "2", "mode": "turns"}),
                       ("/classe/nouvelle/gnou", {"table_size": "3"}),
                       ("/replay/journal", {})):
        r = client.post(path, data=data, headers={"origin": "http://evil.example"},
                        follow_redirects=False)
        assert r.status_code == 403, path
        assert r.json()["error"]["code"] == "cross_site"
    # A page whose referrer policy hides its origin (« null ») is told by the browser.
    r = client.post("/api/rooms", json={"game": "gnou", "players": 2},
                    headers={"origin": "null", "sec-fetch-site": "cross-site"})
    assert r.status_code == 403
    for ours in ({"origin": "http://testserver"},
                 {"origin": "null", "sec-fetch-site": "same-origin"}):  # our own form
        r = client.post("/new/gnou", data={"players": "2", "mode": "turns"}, headers=ours,
                        follow_redirects=False)
        assert r.status_code in (200, 303), ours
    assert client.post("/api/rooms", json={"game": "gnou", "players": 2}).status_code == 201


@pytest.mark.parametrize(("find", "put", "said"), [
    ("answer: 2\n", "answer: 2.0\n", "« answer » : 2.0 n'est pas un nombre entier"),
    ("level: 1\n", "level: 1.0\n", "« level » : 1.0 n'est pas permis (valeurs permises : 1, 2, 3)"),
])
def test_a_decimal_for_a_whole_number_is_one_clear_error(
        tmp_path: Path, find: str, put: str, said: str) -> None:
    # JSON Schema counts 2.0 as an integer; the quiz figures then indexed a list with it and
    # « content check » (and « serve --content ») stopped on a traceback (attack review).
    pack = tmp_path / "pack"
    assert CliRunner().invoke(cli, ["content", "init", str(pack)]).exit_code == 0
    quiz = pack / "gnou" / "quiz" / "utiliser.yaml"
    quiz.write_text(quiz.read_text(encoding="utf-8").replace(find, put, 1), encoding="utf-8")
    result = CliRunner().invoke(cli, ["content", "check", str(pack)])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = [line for line in result.output.splitlines() if "utiliser.yaml" in line]
    assert len(lines) == 1 and said.replace(" :", "\N{NO-BREAK SPACE}:") in lines[0].replace(
        " :", "\N{NO-BREAK SPACE}:"), result.output


@pytest.mark.parametrize("hidden", ["\x07", "\u200b", "\u202e", "\u2066"])
def test_an_invisible_character_in_a_pack_is_named_at_its_line(
        tmp_path: Path, hidden: str) -> None:
    # A zero-width space alone made a blank question, an override turned the words after it
    # backwards on every screen; a control character was refused in PyYAML's English,
    # naming the built-in file at line 1 instead of the pack's (attack review).
    pack = tmp_path / "pack"
    assert CliRunner().invoke(cli, ["content", "init", str(pack)]).exit_code == 0
    quiz = pack / "gnou" / "quiz" / "utiliser.yaml"
    text = quiz.read_text(encoding="utf-8")
    line = text[:text.index("question:")].count("\n") + 1
    quiz.write_text(text.replace("question: \"", f"question: \"{hidden}", 1), encoding="utf-8")
    result = CliRunner().invoke(cli, ["content", "check", str(pack)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.splitlines()[0] == (
        f"{quiz}:{line}: caractère invisible interdit (U+{ord(hidden):04X}), à supprimer")
    quiz.write_text("\ufeff" + text, encoding="utf-8")  # a Windows editor's byte-order mark
    assert CliRunner().invoke(cli, ["content", "check", str(pack)]).exit_code == 0


@pytest.mark.parametrize(("rel", "find", "put"), [
    ("gnou/quiz/utiliser.yaml", "\"Tu peux l'utiliser seulement pendant un mois\"",
     "\"tu peux l'utiliser comme tu veux, pour n'importe quel usage\""),
    ("site/webrunners_quiz.yaml", '"Le 15"', '"le 3018"'),
])
def test_two_choices_told_apart_by_capitals_or_spaces_are_one(
        tmp_path: Path, rel: str, find: str, put: str) -> None:
    # « Vrai » and « vrai » passed as two choices: a quiz question with two right answers,
    # or a right one that looks wrong (attack review).
    pack = tmp_path / "pack"
    assert CliRunner().invoke(cli, ["content", "init", str(pack)]).exit_code == 0
    quiz = pack / rel
    quiz.write_text(quiz.read_text(encoding="utf-8").replace(find, put, 1), encoding="utf-8")
    result = CliRunner().invoke(cli, ["content", "check", str(pack)])
    assert result.exit_code == 1, result.output
    assert "deux choix identiques" in result.output
