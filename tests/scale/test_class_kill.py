"""``kill -9`` of the one SQLite server right after a class started (docs/class.md): the
class, its pupils, their tables and the rooms of the tables come back with the server."""

from __future__ import annotations

import uuid
from pathlib import Path

from tests.scale import services
from tests.scale.phones import http

NAMES = ["Loutre", "Panda", "Castor", "Renard", "Koala", "Lynx", "Zèbre"]


def test_a_class_survives_kill_9(tmp_path: Path) -> None:
    db = str(tmp_path / "ludinum.sqlite3")
    channel = "ludinum:test:" + uuid.uuid4().hex[:8]
    server = services.Serve(db, None, channel, log=tmp_path / "serve.log").start()
    try:
        status, made = http(server.url, "POST", "/api/classes", {
            "game": "gnou", "table_size": 3, "bot_level": "random", "mode": "turns"})
        assert status == 201, made
        code, key = made["code"], made["teacher_token"]
        tokens = []
        for name in NAMES:  # one school address for every pupil
            status, joined = http(server.url, "POST", f"/api/classes/{code}/join",
                                  {"nickname": name})
            assert status == 201, joined
            tokens.append(joined["token"])
        status, started = http(server.url, "POST", f"/api/classes/{code}/start",
                               {"token": key})
        assert status == 200, started
        seats = {t: http(server.url, "POST", f"/api/classes/{code}/me", {"token": t})[1]["room"]
                 for t in tokens}
    finally:
        server.kill()  # SIGKILL: no shutdown, no flush beyond what was acknowledged
    again = services.Serve(db, None, channel, log=tmp_path / "again.log").start()
    try:
        status, board = http(again.url, "POST", f"/api/classes/{code}/state", {"token": key})
        assert status == 200 and board["status"] == "playing" and board["pupils"] == 7
        assert board["html"].count('class="class-table table-card') == 3
        for token, room in seats.items():
            status, me = http(again.url, "POST", f"/api/classes/{code}/me", {"token": token})
            assert status == 200 and me["room"] == room == started["rooms"][me["table"] - 1]
        for room in started["rooms"]:
            status, info = http(again.url, "GET", f"/api/rooms/{room}")
            assert status == 200 and info["status"] == "playing"
            people = [s["name"] for s in info["seats"] if s["kind"] == "human"]
            assert people and set(people) <= set(NAMES)
    finally:
        again.stop()
