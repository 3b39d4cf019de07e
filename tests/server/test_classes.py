"""Class mode (issue 22 §1, docs/class.md): one class code, pupils seated over tables, the
teacher's dashboard and controls, late joiners, permissions, bad input, restart."""

from __future__ import annotations

import contextlib
import html
import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludinum.server.app import create_app
from ludinum.server.catalog import Catalog
from ludinum.server.class_hub import STUCK_AFTER
from ludinum.server.seats import BOT, HUMAN
from tests.server.helpers import hello, make_app


def create_class(client: TestClient, game: str = "toy", size: int = 3, **extra: Any
                 ) -> tuple[str, str]:
    response = client.post("/api/classes", json={
        "game": game, "table_size": size, "bot_level": extra.pop("bot_level", "random"),
        **extra})
    assert response.status_code == 201, response.text
    return response.json()["code"], response.json()["teacher_token"]


def join(client: TestClient, code: str, nickname: str) -> str:
    response = client.post(f"/api/classes/{code}/join", json={"nickname": nickname})
    assert response.status_code == 201, response.text
    token: str = response.json()["token"]
    return token


def teacher(client: TestClient, code: str, path: str, token: str, **data: Any) -> Any:
    return client.post(f"/api/classes/{code}/{path}", json={"token": token, **data})


def me(client: TestClient, code: str, token: str) -> dict[str, Any]:
    response = client.post(f"/api/classes/{code}/me", json={"token": token})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


NAMES = ["Loutre", "Panda", "Castor", "Renard", "Koala", "Lynx", "Zèbre", "Lama", "Furet",
         "Hibou"]


def test_thirty_pupils_behind_one_address_all_get_in(sqlite_url: str, catalog: Catalog
                                                     ) -> None:
    # The app's own limits (not the tests' lifted ones): a class behind one school address.
    app = create_app(sqlite_url, catalog=catalog, bot_delay=0.0)
    with TestClient(app) as client:
        code, _ = create_class(client, "gnou", 5)
        tokens = [join(client, code, f"{name} {n}") for n in range(3) for name in NAMES]
        assert len(set(tokens)) == 30
        tables = [me(client, code, t)["table"] for t in tokens]
        assert sorted(tables) == sorted(list(range(1, 7)) * 5)


def test_start_seats_every_pupil_in_their_table_room(sqlite_url: str, catalog: Catalog
                                                     ) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, key = create_class(client, "toy", 3, options={"rounds": 2})
        tokens = [join(client, code, name) for name in NAMES[:7]]
        waiting = me(client, code, tokens[0])
        assert waiting["status"] == "gathering" and waiting["room"] is None
        assert waiting["text"].startswith("Tu es à la table ")
        response = teacher(client, code, "start", key)
        assert response.status_code == 200, response.text
        rooms = response.json()["rooms"]
        assert len(rooms) == 3  # ceil(7 / 3)
        hub = app.state.hub
        people = sorted(len(hub.rooms[r].humans()) for r in rooms)
        assert people == [2, 2, 3]
        for r in rooms:
            room = hub.rooms[r]
            assert room.status == "playing" and len(room.seats) == 3
            assert room.host_digest == app.state.classes.get(code).teacher_digest
        # The class token is the seat token: the phone goes to its seat, no extra tap.
        first = me(client, code, tokens[0])
        assert first["status"] == "playing" and first["room"] in rooms
        conn = hello(client, first["room"], stack, role="player", token=tokens[0])
        assert conn.messages[0]["type"] == "welcome" and len(conn.messages[0]["seats"]) == 1
        # The teacher's key drives every table's host screen.
        host = hello(client, rooms[0], stack, role="host", token=key)
        assert host.messages[0]["type"] == "welcome"
        # Refused: a second start.
        again = teacher(client, code, "start", key)
        assert again.status_code == 409 and again.json()["error"]["code"] == "already_started"


def test_the_teacher_moves_a_pupil_before_the_start(sqlite_url: str, catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        code, key = create_class(client, "toy", 3)
        tokens = [join(client, code, name) for name in NAMES[:5]]
        before = me(client, code, tokens[0])["table"]
        target = 1 if before == 2 else 2
        assert teacher(client, code, "move", key, pupil=0, table=target).status_code == 200
        assert me(client, code, tokens[0])["table"] == target
        # The tables stay balanced: another pupil takes the place left.
        tables = [me(client, code, t)["table"] for t in tokens]
        assert sorted(tables.count(n) for n in (1, 2)) == [2, 3]
        # Bad moves change nothing and say why.
        for pupil, table, error in ((0, 3, "bad_table"), (9, 1, "bad_pupil"),
                                    ("x", 1, "bad_pupil"), (0, True, "bad_table")):
            response = teacher(client, code, "move", key, pupil=pupil, table=table)
            assert response.json()["error"]["code"] == error, (pupil, table)
            assert response.json()["error"]["fr"] and response.json()["error"]["en"]
        assert me(client, code, tokens[0])["table"] == target
        # A full table is refused.
        for pupil in range(1, 5):
            teacher(client, code, "move", key, pupil=pupil, table=target)
        full = [me(client, code, t)["table"] for t in tokens].count(target)
        assert full == 3
        teacher(client, code, "start", key)
        late = teacher(client, code, "move", key, pupil=0, table=1)
        assert late.json()["error"]["code"] == "already_started"


def test_a_late_joiner_takes_a_bot_seat_at_the_table_with_fewest_people(
    sqlite_url: str, catalog: Catalog
) -> None:
    app = make_app(sqlite_url, catalog, bot_delay=30.0)  # bots wait: the test looks first
    with TestClient(app) as client:
        code, key = create_class(client, "toy", 4, options={"rounds": 3})
        for name in NAMES[:5]:
            join(client, code, name)
        rooms = teacher(client, code, "start", key).json()["rooms"]
        hub = app.state.hub
        counts = {r: len(hub.rooms[r].humans()) for r in rooms}
        fewest = min(rooms, key=lambda r: (counts[r], rooms.index(r)))
        late = join(client, code, "Marmotte")
        data = me(client, code, late)
        assert data["room"] == fewest
        room = hub.rooms[fewest]
        assert counts[fewest] + 1 == len(room.humans())
        assert [s.nickname for s in room.seats if s.kind == HUMAN].count("Marmotte") == 1
        # A taken nickname is refused after the start too.
        refused = client.post(f"/api/classes/{code}/join", json={"nickname": "marmotte"})
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "name_taken"
        # Fill every bot seat, then the next pupil is refused clearly.
        def board() -> str:
            return html.unescape(teacher(client, code, "state", key).json()["html"])

        extra = sum(1 for r in rooms for s in hub.rooms[r].seats if s.kind == BOT)
        for n in range(extra):
            assert "Classe ouverte" in board() and "room-locked" not in board()
            join(client, code, f"Gnou {n}")
        full = client.post(f"/api/classes/{code}/join", json={"nickname": "Tortue"})
        assert full.status_code == 409 and full.json()["error"]["code"] == "class_full"
        assert "table" in full.json()["error"]["fr"]
        # The projector stops inviting (its address hides as for a closed class), and the
        # teacher may still close it for good.
        assert "Toutes les tables sont complètes\u00a0: personne ne peut plus entrer." in board()
        assert "room-locked" in board() and 'data-class-lock="true"' in board()


def test_no_bots_refuses_a_table_below_the_minimum(sqlite_url: str, catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        code, key = create_class(client, "toy", 3, bot_level="none")
        join(client, code, "Loutre")  # one table of one: the toy game needs two
        refused = teacher(client, code, "start", key)
        assert refused.status_code == 409
        assert refused.json()["error"]["code"] == "table_too_small"
        assert "au moins 2" in refused.json()["error"]["fr"]
        assert app.state.classes.get(code).status == "gathering"
        assert not app.state.hub.rooms
        for name in NAMES[1:4]:
            join(client, code, name)  # 4 pupils at tables of 3: two tables of 2
        rooms = teacher(client, code, "start", key).json()["rooms"]
        assert all(not app.state.hub.rooms[r].bots() for r in rooms)
        assert sorted(len(app.state.hub.rooms[r].seats) for r in rooms) == [2, 2]


def test_a_pupil_token_reaches_neither_dashboard_nor_debrief(sqlite_url: str, catalog: Catalog
                                                             ) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        code, key = create_class(client, "toy", 2)
        pupil = join(client, code, "Loutre")
        join(client, code, "Panda")
        for path, extra in (("state", {}), ("start", {}), ("move", {"pupil": 0, "table": 1}),
                            ("command", {"command": "pause"}), ("message", {"text": "Bonjour"})):
            for token in (pupil, "", None, key + "x"):
                response = teacher(client, code, path, token, **extra)  # type: ignore[arg-type]
                assert response.json()["error"]["code"] == "bad_token", (path, token)
        assert app.state.classes.get(code).status == "gathering"
        for path in ("bilan", "bilan.pdf"):
            response = client.post(f"/classe/{code}/bilan" if path == "bilan"
                                   else f"/classe/{code}/bilan.pdf", data={"cle": pupil})
            assert response.status_code == 403
            assert "Clé d" in response.text and "enseignant invalide" in response.text
        assert teacher(client, code, "state", key).status_code == 200
        # A pupil's own state needs their own token.
        wrong = client.post(f"/api/classes/{code}/me", json={"token": key})
        assert wrong.json()["error"]["code"] == "bad_token"


@pytest.mark.parametrize(("body", "error"), [
    ({"game": "nope", "table_size": 3, "bot_level": "random"}, "unknown_game"),
    ({"game": "toy", "table_size": 9, "bot_level": "random"}, "bad_player_count"),
    ({"game": "toy", "table_size": "3", "bot_level": "random"}, "bad_option"),
    ({"game": "toy", "table_size": 3, "bot_level": "genius"}, "bad_option"),
    ({"game": "toy", "table_size": 3, "bot_level": "random", "mode": "fast"}, "bad_option"),
    ({"game": "toy", "table_size": 3, "bot_level": "random",
      "options": {"rounds": "many"}}, "bad_option"),
])
def test_bad_class_settings_are_refused_with_the_reason(
    sqlite_url: str, catalog: Catalog, body: dict[str, Any], error: str
) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        response = client.post("/api/classes", json=body)
        assert response.status_code in (400, 404), response.text
        found = response.json()["error"]
        assert found["fr"] and found["en"] and found["fr"] != found["en"]
        assert found["code"] == error, found
        assert not app.state.classes.sessions


def test_bad_joins_and_messages_change_nothing(sqlite_url: str, catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        code, key = create_class(client, "toy", 2)
        for nickname in ("", "x", "a" * 30, 12, None, "06 12 34 56 78"):
            response = client.post(f"/api/classes/{code}/join", json={"nickname": nickname})
            assert response.json()["error"]["code"] == "bad_nickname"
        join(client, code, "Léa")
        taken = client.post(f"/api/classes/{code}/join", json={"nickname": "LEA"})
        assert taken.json()["error"]["code"] == "name_taken"
        unknown = client.post("/api/classes/ZZZZZZ/join", json={"nickname": "Paul"})
        assert unknown.status_code == 404 and "Aucune classe" in unknown.json()["error"]["fr"]
        join(client, code, "Paul")
        teacher(client, code, "start", key)
        for text, error in (("", "bad_message"), ("x" * 141, "too_long"),
                            ("espèce de connard", "rude_message"), (None, "bad_message")):
            response = teacher(client, code, "message", key, text=text)
            assert response.json()["error"]["code"] == error, text
        assert app.state.classes.get(code).message == ""
        bad = teacher(client, code, "command", key, command="explode")
        assert bad.json()["error"]["code"] == "bad_command"
        assert len(app.state.classes.get(code).pupils) == 2


def test_a_class_without_pupils_shows_no_empty_table(sqlite_url: str, catalog: Catalog
                                                      ) -> None:
    """Before anyone joins, the dashboard said « 0 élève inscrit · 1 table de 3 » above an
    empty « Table 1 · 0/3 »: it says how pupils come in, and shows tables once they do."""
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        code, key = create_class(client, "toy", 3)
        empty = html.unescape(teacher(client, code, "state", key).json()["html"])
        assert "Aucun élève pour l'instant" in empty
        assert "class-table" not in empty and "0 élève" not in empty
        join(client, code, "Zoé")
        one = html.unescape(teacher(client, code, "state", key).json()["html"])
        assert "1 élève inscrit" in one and 'class="class-table"' in one and "Zoé" in one


def test_commands_messages_and_the_dashboard(sqlite_url: str, catalog: Catalog) -> None:
    now = [1_000_000.0]
    app = make_app(sqlite_url, catalog, bot_delay=30.0)
    app.state.hub.clock = lambda: now[0]
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, key = create_class(client, "toy", 2, options={"rounds": 2}, mode="turns")
        tokens = [join(client, code, name) for name in NAMES[:4]]
        rooms = teacher(client, code, "start", key).json()["rooms"]
        pupil = me(client, code, tokens[0])
        phone = hello(client, pupil["room"], stack, role="player", token=tokens[0])
        board = teacher(client, code, "state", key).json()
        assert board["status"] == "playing"
        assert board["html"].count('class="class-table table-card') == 2
        assert "Bloquée" not in board["html"] and "À jouer" in board["html"]
        for name in NAMES[:4]:
            assert name in board["html"]
        now[0] += STUCK_AFTER + 1
        assert board["html"] != (stuck := teacher(client, code, "state", key).json()["html"])
        assert stuck.count(" stuck\" data-table") == 2 and stuck.count("⚠ Bloquée<") == 2
        # A message reaches the phones, filtered and shown as a banner.
        sent = teacher(client, code, "message", key, text="  Plus que   5 minutes !  ")
        text = "Plus que 5 minutes\u202f!"  # French spacing
        assert sent.json()["message"] == text
        notices = [m for m in phone.sync() if m["type"] == "notice"]
        assert notices == [{"type": "notice", "text": text}]
        assert me(client, code, tokens[1])["message"] == text
        # The dashboard shows only the commands that would do something (pause or resume,
        # not both), and follows a table paused from its own host screen.
        assert board["commands"] == ["pause", "end"]
        assert teacher(client, code, "command", key, command="pause").json()["tables"] == 2
        assert {app.state.hub.rooms[r].status for r in rooms} == {"paused"}
        assert teacher(client, code, "state", key).json()["commands"] == ["resume", "end"]
        assert teacher(client, code, "command", key, command="resume").json()["tables"] == 2
        assert {app.state.hub.rooms[r].status for r in rooms} == {"playing"}
        assert teacher(client, code, "state", key).json()["commands"] == ["pause", "end"]
        one = app.state.hub.rooms[rooms[0]]
        client.portal.call(app.state.hub.command, one, "pause", {})
        assert teacher(client, code, "state", key).json()["commands"] == [
            "pause", "resume", "end"]
        assert teacher(client, code, "command", key, command="resume").json()["tables"] == 1
        assert teacher(client, code, "command", key, command="end").json()["tables"] == 2
        assert {app.state.hub.rooms[r].status for r in rooms} == {"ended"}
        assert app.state.classes.get(code).status == "ended"
        late = client.post(f"/api/classes/{code}/join", json={"nickname": "Tortue"})
        assert late.json()["error"]["code"] == "game_over"
        over = me(client, code, tokens[0])
        assert over["room"] is None and over["text"] == "La classe est terminée."


def test_the_join_page_says_when_the_class_takes_nobody(sqlite_url: str, catalog: Catalog
                                                       ) -> None:
    """A pupil opening (or reloading) the join page of a class closed by the teacher reads
    why at once, not a form that can only fail; « Réessayer » reloads it once the teacher
    opened it. An ended class says so, with nothing to retry."""
    app = make_app(sqlite_url, catalog, bot_delay=30.0)
    with TestClient(app) as client:
        code, key = create_class(client, "toy", 2, options={"rounds": 2})
        join(client, code, NAMES[0])

        def page() -> tuple[str, bool, bool, bool]:
            """What the page says on opening, and whether it shows the form, the closed
            notice and « Réessayer »."""
            text = client.get(f"/c/{code}").text
            form, closed, retry = (" hidden" not in text.split(mark)[1].split(">")[0]
                                   for mark in ("data-class-join-form", "data-class-closed",
                                                "data-retry"))
            said = html.unescape(text.split("data-closed-text>")[1].split("<")[0])
            return said, form, closed, retry

        assert page()[:3] == ("", True, False)
        teacher(client, code, "lock", key, locked=True)
        assert page() == ("La classe est fermée\u00a0: demande à l'enseignant de l'ouvrir.",
                          False, True, True)
        client.cookies.set("lang", "en")
        assert page()[0] == "The class is closed: ask the teacher to open it."
        client.cookies.clear()
        teacher(client, code, "lock", key, locked=False)
        teacher(client, code, "start", key)
        assert page()[:3] == ("", True, False)  # a late pupil may take a bot's seat
        teacher(client, code, "command", key, command="end")
        assert page() == ("La classe est terminée.", False, True, False)


def test_a_class_comes_back_after_a_restart(db_url: str, catalog: Catalog) -> None:
    app = make_app(db_url, catalog, bot_delay=30.0)
    with TestClient(app) as client:
        code, key = create_class(client, "toy", 2, options={"rounds": 2})
        gathering, _ = create_class(client, "toy", 3)
        tokens = [join(client, code, name) for name in NAMES[:3]]
        join(client, gathering, "Koala")
        teacher(client, gathering, "move", key, pupil=0, table=1)  # wrong key: nothing
        rooms = teacher(client, code, "start", key).json()["rooms"]
        teacher(client, code, "message", key, text="Bravo")
        before = [p.to_json() for p in app.state.classes.get(code).pupils]
    again = make_app(db_url, catalog, bot_delay=30.0)
    with TestClient(again) as client:
        session = again.state.classes.get(code)
        assert session.status == "playing" and session.rooms == rooms
        assert [p.to_json() for p in session.pupils] == before
        assert session.message == "Bravo"
        assert all(again.state.hub.notices[r] == "Bravo" for r in rooms)  # the phones' banner
        assert me(client, code, tokens[2])["room"] in rooms
        assert again.state.classes.get(gathering).status == "gathering"
        assert [p.nickname for p in again.state.classes.get(gathering).pupils] == ["Koala"]
        assert teacher(client, code, "state", key).status_code == 200


def test_classes_are_purged_with_the_rooms_retention(sqlite_url: str, catalog: Catalog) -> None:
    now = [2_000_000.0]
    app = make_app(sqlite_url, catalog, retention_hours=1.0)
    app.state.hub.clock = lambda: now[0]
    with TestClient(app) as client:
        code, key = create_class(client, "toy", 2)
        kept, _ = create_class(client, "toy", 2)
        join(client, code, "Loutre")
        join(client, code, "Panda")
        teacher(client, code, "start", key)
        teacher(client, code, "command", key, command="end")
        now[0] += 2 * 3600
        assert app.state.classes.purge() == 1  # the ended class; the gathering one stays
        assert code not in app.state.classes.sessions and kept in app.state.classes.sessions
        assert client.post(f"/api/classes/{code}/me", json={"token": "x"}).status_code == 404


def test_the_pages_of_class_mode(sqlite_url: str, catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog, public_url="http://192.0.2.10:8000")
    with TestClient(app) as client:
        assert "/classe/nouvelle/toy" in client.get("/classe/nouvelle").text
        form = client.get("/classe/nouvelle/toy")
        assert form.status_code == 200 and 'name="table_size"' in form.text
        assert 'value="none"' in form.text and 'name="friends_apart"' in form.text
        bad = client.post("/classe/nouvelle/toy", data={"table_size": "3", "bot_level": "x",
                                                        "opt_rounds": "2"})
        assert bad.status_code == 400 and "Niveau de bot inconnu" in bad.text
        made = client.post("/classe/nouvelle/toy", data={
            "table_size": "3", "bot_level": "random", "friends_apart": "true",
            "mode": "turns", "opt_rounds": "2"})
        assert made.status_code == 200
        code = made.text.split('data-code="')[1].split('"')[0]
        key = made.text.split('data-teacher-token="')[1].split('"')[0]
        session = app.state.classes.get(code)
        assert session.mode == "turns" and session.friends_apart
        assert session.options["rounds"] == 2 and session.check_teacher(key) is None
        board = client.get(f"/classe/{code}/tableau")
        assert board.status_code == 200 and f"http://192.0.2.10:8000/c/{code}" in board.text
        assert "<svg" in board.text and key not in board.text
        assert client.get(f"/c/{code}").status_code == 200
        assert client.get(f"/classe/{code}/bilan").status_code == 200  # posts the stored key
        assert client.get("/c/ZZZZZZ").status_code == 404
        # The home page's code box goes to /j/, which tells a class from a room: the box
        # itself answers every code alike (it counts no guess).
        found = client.get(f"/join?code={code.lower()}", follow_redirects=False)
        assert found.headers["location"] == f"/j/{code}"
        assert client.get("/join?code=zzzzzz", follow_redirects=False).headers[
            "location"] == "/j/ZZZZZZ"
        found = client.get(f"/j/{code}", follow_redirects=False)
        assert found.status_code == 303 and found.headers["location"] == f"/c/{code}"
        client.cookies.set("lang", "en")
        assert f"Join class {code}" in client.get(f"/c/{code}").text


def ended_class(client: TestClient) -> tuple[str, str]:
    """A class of Le jeu du Gnou, three pupils at two tables, started and ended by its
    teacher: its code and teacher key."""
    code, key = create_class(client, "gnou", 2, options={"turn_limit": 2})
    for name in NAMES[:3]:
        join(client, code, name)
    teacher(client, code, "start", key)
    teacher(client, code, "command", key, command="end")
    return code, key


def test_the_class_debrief_needs_the_teacher_key(sqlite_url: str, catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        code, key = ended_class(client)
        page = client.post(f"/classe/{code}/bilan", data={"cle": key})
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert "Table 1" in page.text and "Table 2" in page.text
        assert all(name in page.text for name in NAMES[:3])
        assert key not in page.text
        pdf = client.post(f"/classe/{code}/bilan.pdf", data={"cle": key})
        assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
        assert "attachment" in pdf.headers["content-disposition"]
        assert client.post(f"/classe/{code}/bilan.pdf", data={}).status_code == 403


def test_a_class_whose_tables_were_purged_still_opens(sqlite_url: str, catalog: Catalog
                                                      ) -> None:
    now = [3_000_000.0]
    app = make_app(sqlite_url, catalog, retention_hours=1.0)
    app.state.hub.clock = lambda: now[0]
    with TestClient(app) as client:
        code, key = create_class(client, "toy", 2)
        join(client, code, "Loutre")
        join(client, code, "Panda")
        rooms = teacher(client, code, "start", key).json()["rooms"]
        hub = app.state.hub
        for room in rooms:  # each table ended from its own host screen
            client.portal.call(hub.command, hub.rooms[room], "end", {})
        now[0] += 2 * 3600
        assert hub.purge() == 1 and not hub.rooms
        board = teacher(client, code, "state", key)
        assert board.status_code == 200 and board.json()["status"] == "ended"
        assert "table-card" not in board.json()["html"]


def test_migration_0003_upgrades_a_database_of_the_previous_version(
    sqlite_url: str, catalog: Catalog
) -> None:
    from sqlalchemy import inspect

    from ludinum.server.migrate import upgrade
    from ludinum.server.storage import Storage

    old = Storage(sqlite_url)
    upgrade(old.engine, "0002")
    assert "classes" not in inspect(old.engine).get_table_names()
    old.close()
    app = make_app(sqlite_url, catalog)  # start-up runs the migrations
    with TestClient(app) as client:
        code, _ = create_class(client, "toy", 2)
        assert join(client, code, "Loutre")
        assert "classes" in inspect(app.state.hub.store.engine).get_table_names()


def test_a_late_joiner_is_never_seated_at_a_closed_table(
    sqlite_url: str, catalog: Catalog
) -> None:
    """A table whose host closed its room (« Fermer la salle »: a removed player must not
    come back) takes nobody new through the class either."""
    app = make_app(sqlite_url, catalog, bot_delay=30.0)
    with TestClient(app) as client:
        code, key = create_class(client, "toy", 4, options={"rounds": 3})
        for name in NAMES[:5]:
            join(client, code, name)
        rooms = teacher(client, code, "start", key).json()["rooms"]
        hub = app.state.hub
        for r in rooms:
            hub.rooms[r].locked = True
        refused = client.post(f"/api/classes/{code}/join", json={"nickname": "Marmotte"})
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "class_full"
        assert all(s.nickname != "Marmotte" for r in rooms for s in hub.rooms[r].seats)
        hub.rooms[rooms[-1]].locked = False
        assert me(client, code, join(client, code, "Marmotte"))["room"] == rooms[-1]


def test_a_class_takes_a_bounded_number_of_pupils(sqlite_url: str, catalog: Catalog,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A script added 3,000 names to a gathering class, whose start then opened 1,500
    rooms: a class takes MAX_PUPILS at most, and says so."""
    from ludinum.server import classes

    monkeypatch.setattr(classes, "MAX_PUPILS", 4)
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        code, key = create_class(client, "toy", 3)
        for name in NAMES[:4]:
            join(client, code, name)
        refused = client.post(f"/api/classes/{code}/join", json={"nickname": "Marmotte"})
        assert refused.status_code == 409
        assert refused.json()["error"]["code"] == "class_full"
        assert "complète (4 élèves)" in refused.json()["error"]["fr"]
        # The projector says so and stops inviting, as for a closed class.
        board = html.unescape(teacher(client, code, "state", key).json()["html"])
        assert "Classe complète (4 élèves)\u00a0: personne ne peut plus entrer." in board
        assert "room-locked" in board


def test_the_teacher_removes_a_pupil_and_closes_the_class(db_url: str, catalog: Catalog
                                                          ) -> None:
    """A pupil filling the class with names (the code is on the projector): the teacher
    closes the class, removes the names one by one (their tokens no longer work), and the
    closing holds after a restart and for late joiners; opening it lets pupils in again.
    Bad requests change nothing."""
    app = make_app(db_url, catalog, bot_delay=30.0)
    with TestClient(app) as client:
        code, key = create_class(client, "toy", 4, options={"rounds": 3})
        tokens = [join(client, code, name) for name in NAMES[:4]]
        closed = teacher(client, code, "lock", key, locked=True)
        assert closed.status_code == 200 and closed.json()["locked"] is True
        refused = client.post(f"/api/classes/{code}/join", json={"nickname": "Marmotte"})
        assert refused.status_code == 409
        assert refused.json()["error"]["code"] == "class_locked"
        board = teacher(client, code, "state", key).json()["html"]
        assert "Classe fermée" in board and 'data-remove="3"' in board
        # Wrong requests: a pupil's token, no such pupil, a non-boolean lock.
        assert teacher(client, code, "remove", tokens[0], pupil=1).json()["error"]["code"] == \
            "bad_token"
        for bad in (9, -1, "1", True):
            answer = teacher(client, code, "remove", key, pupil=bad)
            assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_pupil"
        assert teacher(client, code, "lock", key, locked="yes").status_code == 400
        removed = teacher(client, code, "remove", key, pupil=1)
        assert removed.status_code == 200 and removed.json()["removed"] == NAMES[1]
        session = app.state.classes.get(code)
        assert [p.nickname for p in session.pupils] == [NAMES[0], *NAMES[2:4]]
        gone = client.post(f"/api/classes/{code}/me", json={"token": tokens[1]})
        assert gone.json()["error"]["code"] == "bad_token"
        assert me(client, code, tokens[2])["nickname"] == NAMES[2]
    again = make_app(db_url, catalog, bot_delay=30.0)
    with TestClient(again) as client:
        session = again.state.classes.get(code)
        assert session.locked and len(session.pupils) == 3
        rooms = teacher(client, code, "start", key).json()["rooms"]
        assert teacher(client, code, "remove", key, pupil=0).json()["error"]["code"] == \
            "already_started"
        late = client.post(f"/api/classes/{code}/join", json={"nickname": "Marmotte"})
        assert late.json()["error"]["code"] == "class_locked"
        assert teacher(client, code, "lock", key, locked=False).json()["locked"] is False
        assert me(client, code, join(client, code, "Marmotte"))["room"] in rooms


@pytest.mark.parametrize(("burst", "started"), [(4, False), (5, True)])
def test_a_classes_tables_count_against_the_addresss_room_budget(
    sqlite_url: str, catalog: Catalog, burst: int, started: bool
) -> None:
    """An attack review opened 32 rooms with one class (tables of 2) and 192 with six,
    against a budget of 30 rooms per address: a class's start now counts its tables (its
    creation counted one). 12 pupils at tables of 2: 6 rooms, the 5 more counted against
    the browser that made the class (its cookie, server/makers.py: one pupil's script
    behind the same school address does not spend them), then its address."""
    from ludinum.weblib.ratelimit import RateLimit

    limit = RateLimit(burst=burst, per_second=1e-6)
    app = make_app(sqlite_url, catalog, room_limit=limit)
    with TestClient(app) as client:
        code, key = create_class(client, "toy", 2)
        for i in range(12):
            join(client, code, f"Élève {i + 1}")
        response = teacher(client, code, "start", key)
        if started:
            assert response.status_code == 200, response.text
            assert len(response.json()["rooms"]) == 6
        else:
            assert response.status_code == 429, response.text
            assert response.json()["error"]["code"] == "rate_limited"
            assert "6 tables" in response.json()["error"]["fr"]
            state = teacher(client, code, "state", key).json()
            assert state["status"] == "gathering"  # nothing opened: the class waits


def test_the_teacher_removes_every_pupil_in_one_request(
    sqlite_url: str, catalog: Catalog
) -> None:
    """An attack review filled a class with 64 names from one device in 0.25 s; the
    teacher had to press ✕ and confirm 63 times. Now one request removes every pupil
    (their pages go back to the nickname form), and the class gathers again."""
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        code, key = create_class(client, "toy", 3)
        tokens = [join(client, code, f"Intrus {i + 1}") for i in range(8)]
        board = teacher(client, code, "state", key).json()["html"]
        assert 'data-remove-all="8"' in board
        stranger = client.post(f"/api/classes/{code}/remove", json={"all": True})
        assert stranger.status_code in (400, 403), stranger.text  # the teacher's key only
        response = teacher(client, code, "remove", key, all=True)
        assert response.status_code == 200, response.text
        assert response.json()["removed_all"] == 8
        assert teacher(client, code, "state", key).json()["pupils"] == 0
        gone = client.post(f"/api/classes/{code}/me", json={"token": tokens[0]})
        assert gone.status_code != 200  # the removed pupil's page asks for a nickname
        join(client, code, "Léa")  # a real pupil joins again
        assert teacher(client, code, "state", key).json()["pupils"] == 1


@pytest.mark.parametrize(("path", "data", "field"), [
    ("remove", {"all": "yes"}, "all"),
    ("remove", {"all": 1}, "all"),
    ("remove", {"all": None, "pupil": 0}, "all"),
    ("lock", {"locked": "true"}, "locked"),
    ("lock", {}, "locked"),
    ("command", {"command": ["pause"]}, "command"),
])
def test_a_teachers_field_of_the_wrong_type_is_refused_by_name(
        sqlite_url: str, catalog: Catalog, path: str, data: dict[str, Any], field: str
) -> None:
    """A string where a boolean is expected (« "all": "yes" ») was read as false: the
    request removed one pupil, or none with « Élève inconnu », never naming ``all``. Every
    such field is refused by name (protocol.boolean, protocol.text), and nothing changes."""
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        code, key = create_class(client, "toy", 3)
        for name in NAMES[:3]:
            join(client, code, name)
        answer = teacher(client, code, path, key, **data)
        assert answer.status_code == 400, answer.text
        error = answer.json()["error"]
        assert error["code"] == "bad_message"
        assert f"«\u202f{field}\u202f»" in error["fr"] and f"'{field}'" in error["en"], error
        session = app.state.classes.sessions[code]
        assert [p.nickname for p in session.pupils] == NAMES[:3] and not session.locked
        # The right type goes through.
        assert teacher(client, code, "remove", key, all=False, pupil=2).json()["removed"] == \
            NAMES[2]


def test_a_class_with_friends_apart_of_the_wrong_type_is_not_made(
        sqlite_url: str, catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        answer = client.post("/api/classes", json={
            "game": "toy", "table_size": 3, "bot_level": "random", "friends_apart": "no"})
        assert answer.status_code == 400
        assert answer.json()["error"]["en"] == "'friends_apart' is true or false."
        assert not app.state.classes.sessions


def test_a_class_table_never_calls_the_teacher_an_animateur(
        sqlite_url: str, catalog: Catalog) -> None:
    """A class's tables are ordinary rooms whose host key is the teacher's: what they say
    of whoever runs them (a nickname changed, a pupil removed, the room closed, the game
    stopped) named « l'animateur », « the host », on a pupil's phone in a class where
    that person is the teacher. The words name nobody, and read the same in both modes."""
    app = make_app(sqlite_url, catalog, bot_delay=30.0)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, key = create_class(client, "toy", 3, options={"rounds": 3}, mode="turns")
        tokens = [join(client, code, name) for name in NAMES[:2]]
        room = teacher(client, code, "start", key).json()["rooms"][0]
        seats = app.state.hub.rooms[room].seats
        said: list[str] = []
        phones = []
        for token in tokens:
            phone = hello(client, room, stack, role="player", token=token)
            phones.append(phone)
        host = hello(client, room, stack, role="host", token=key)
        said.append(client.get(f"/host/{room}").text)
        first = next(s.index for s in seats if s.nickname == NAMES[0])
        second = next(s.index for s in seats if s.nickname == NAMES[1])
        host.send(type="rename", seat=first, nickname="Hérisson")
        host.sync()
        renamed = [m for m in phones[0].sync() if m["type"] == "renamed"]
        assert len(renamed) == 1 and "Hérisson" in renamed[0]["fr"]
        said += [renamed[0]["fr"], renamed[0]["en"]]
        offer = client.post(f"/api/rooms/{room}/join", json={"nickname": "Tortue"})
        assert offer.json()["error"]["code"] == "no_seat_offered"
        said += [offer.json()["error"]["fr"], offer.json()["error"]["en"]]
        host.send(type="kick", seat=second)
        host.sync()
        kicked = []
        while not kicked:  # the updates so far, then « kicked », then the socket closes
            message = json.loads(phones[1].ws.receive_text())
            if message["type"] == "kicked":
                kicked.append(message)
        said += [kicked[0]["fr"], kicked[0]["en"]]
        host.send(type="lock")
        host.sync()
        locked = client.post(f"/api/rooms/{room}/join", json={"nickname": "Tortue"})
        assert locked.json()["error"]["code"] == "room_locked"
        said += [locked.json()["error"]["fr"], locked.json()["error"]["en"],
                 client.get(f"/j/{room}").text]
        assert teacher(client, code, "command", key, command="end").json()["tables"] >= 1
        phones[0].sync()
        status = html.unescape(phones[0].page["status"])
        assert "Partie arrêtée" in status
        said.append(status)
        client.cookies.set("lang", "en")
        said += [client.get(f"/j/{room}").text, client.get(f"/host/{room}").text]
        for text in said:
            text = html.unescape(text)
            assert "animateur" not in text.lower(), text
            assert "the host" not in text.lower(), text


def test_the_class_debrief_says_tables_still_playing_are_in_progress(
        sqlite_url: str, catalog: Catalog) -> None:
    """Opened while the class plays, the debrief said « Partie arrêtée avant la fin. » of
    every table still playing; once the teacher ends the class, it does (a teacher's review,
    2026-12-03)."""
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        code, key = create_class(client, "gnou", 2, options={"turn_limit": 2})
        for name in NAMES[:3]:
            join(client, code, name)
        teacher(client, code, "start", key)
        page = html.unescape(client.post(f"/classe/{code}/bilan", data={"cle": key}).text)
        assert page.count("Partie en cours.") == 2 and "arrêtée" not in page
        teacher(client, code, "command", key, command="end")
        page = html.unescape(client.post(f"/classe/{code}/bilan", data={"cle": key}).text)
        assert page.count("Partie arrêtée avant la fin.") == 2 and "en cours" not in page


def test_the_class_debrief_leads_back_to_the_dashboard(sqlite_url: str, catalog: Catalog
                                                       ) -> None:
    """The class debrief, projected at the end, had no way back to the class's dashboard:
    a link to it now heads the page, in the page's language."""
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        code, key = ended_class(client)
        page = client.post(f"/classe/{code}/bilan", data={"cle": key})
        assert page.status_code == 200
        back = f'<a class="back" href="/classe/{code}/tableau">'
        assert back in page.text
        link = page.text.split(back)[1].split("</a>")[0]
        assert "Retour au tableau de la classe" in link
        assert page.text.index(back) < page.text.index("<h1>")  # the first thing reached
        client.cookies.set("lang", "en")
        english = client.post(f"/classe/{code}/bilan", data={"cle": key}).text
        assert "Back to the class dashboard" in english.split(back)[1].split("</a>")[0]


def test_a_finished_table_s_card_is_no_taller_than_a_playing_one() -> None:
    """Eight cards fit a 1280×720 projector while the tables play; a finished table's
    outcome (« L'équipe a perdu cette fois. », on two lines there) came under its moves and
    the last row went past the screen. Its outcome now takes the moves' line. And a list of
    nicknames keeps each separator with the name before it: a line began with « , Hibou
    Gris » (a review of the dashboard, 2026-12-03)."""
    from types import SimpleNamespace

    from ludinum.engine import Outcome
    from ludinum.server import render
    from ludinum.server.class_hub import TableState

    names = ["Koala Agile", "Lynx Agile", "Zèbre Agile", "Bot 4"]
    tables = [
        TableState(1, "AAAAAA", "finished", names, 7, [], False,
                   Outcome((0.0,) * 4, (), team=True)),
        TableState(2, "BBBBBB", "playing", names, 3, names[:2], False, None),
        TableState(3, "CCCCCC", "finished", names, 9, [], False, Outcome((1, 0, 1, 0), (0, 2))),
    ]
    session = SimpleNamespace(status="playing", locked=False, pupils=[],
                              closed_to_newcomers=lambda: None)
    board = html.unescape(render.fragment("fr", "class_board", session=session, tables=tables,
                                          seated=[]))
    cards = board.split('data-table="')[1:]
    finished, playing, won = cards
    assert "table-moves" not in finished and "L'équipe a perdu cette fois." in finished
    assert "3 coups joués" in playing and "table-outcome" not in playing
    assert "table-moves" not in won
    assert ('<span class="nick">Koala Agile\u00a0·</span> <span class="nick">Lynx Agile'
            in playing)
    assert '<span class="nick">Koala Agile,</span> <span class="nick">Lynx Agile</span>' in (
        playing.split('class="table-turn"')[1])
    assert ('<span class="nick">Koala Agile,</span> <span class="nick">Zèbre Agile</span>'
            in won.split('class="table-outcome"')[1])
