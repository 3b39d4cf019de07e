"""Game logs uploaded to the replay page (``/replay/journal``) are replayed in a worker
thread: each browser has a budget of them, then its address (``FairLimit``, as rooms and
PDFs), refused with a clear 429; and an upload over the size limit is refused before its
body is read, whether it declares its length or streams without one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from starlette.testclient import TestClient

from ludinum.server import app as app_module
from ludinum.server import guards, replay_logs
from tests.hardening.conftest import make_app
from tests.reading import plain_spaces

NOT_A_LOG = {"journal": ("x.json", b'{"x": 1}', "application/json")}
BROWSER = {"accept": "text/html"}


def maker(client: TestClient) -> dict[str, str]:
    """A browser's cookie: the one a browser gets by making a room (server/makers.py)."""
    client.cookies.clear()
    assert client.post("/api/rooms", json={"game": "gnou", "players": 2}).status_code == 201
    cookie = dict(client.cookies)
    assert cookie
    return cookie


@pytest.fixture
def counted_reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many uploads were read (replayed in a worker thread)."""
    reads: list[int] = []
    read = replay_logs.read

    def counted(catalog: Any, raw: bytes) -> Any:
        reads.append(len(raw))
        return read(catalog, raw)

    monkeypatch.setattr(replay_logs, "read", counted)
    yield reads


def upload(client: TestClient) -> Any:
    return client.post("/replay/journal", files=NOT_A_LOG, headers=BROWSER)


def test_one_browser_has_a_budget_of_uploads_and_another_is_still_served(
        tmp_path: Path, counted_reads: list[int]) -> None:
    """One browser uploads ``UPLOAD_BURST`` logs at once; the next is refused with 429
    (not read), in French, while another browser behind the same school address is still
    served. A script holding no cookie spends only the address's budget."""
    burst = app_module.UPLOAD_BURST
    with TestClient(make_app(tmp_path)) as client:
        pupil, teacher = maker(client), maker(client)
        client.cookies.clear()
        client.cookies.update(pupil)
        assert [upload(client).status_code for _ in range(burst)] == [400] * burst
        assert len(counted_reads) == burst
        refused = upload(client)
        assert refused.status_code == 429
        said = plain_spaces(refused.text)
        assert "Trop de journaux de partie déposés depuis ce navigateur" in said
        assert len(counted_reads) == burst  # refused before it was read
        english = client.post("/replay/journal", files=NOT_A_LOG,
                              headers={**BROWSER, "accept-language": "en"})
        assert english.status_code == 429
        assert "Too many game logs uploaded from this browser" in english.text
        client.cookies.clear()  # a script without a cookie: the address's budget is spent
        keyless = upload(client)
        assert keyless.status_code == 429
        assert "depuis ce réseau" in plain_spaces(keyless.text)
        client.cookies.update(teacher)  # the teacher's browser, same address: served
        assert upload(client).status_code == 400
        assert len(counted_reads) == burst + 1


def test_an_upload_over_the_size_limit_is_refused_with_a_length(
        tmp_path: Path, counted_reads: list[int]) -> None:
    big = {"journal": ("x.json", b" " * (guards.LOG_BODY + 1), "application/json")}
    with TestClient(make_app(tmp_path)) as client:
        answer = client.post("/replay/journal", files=big, headers=BROWSER)
        assert answer.status_code == 413 and "1024" in answer.text
        assert counted_reads == []
        # Refused before the budget is counted: the browser still has all of it.
        burst = app_module.UPLOAD_BURST
        assert [upload(client).status_code for _ in range(burst)] == [400] * burst


def test_a_streamed_upload_over_the_size_limit_is_refused_before_it_is_all_read(
        tmp_path: Path, counted_reads: list[int]) -> None:
    """A body sent without a length (chunked) is counted while it streams: refused the
    moment it passes the limit, the rest never asked for."""
    app = make_app(tmp_path)
    chunk = 8192
    chunks = 4 * guards.LOG_BODY // chunk  # 4 MiB offered
    pulled = 0
    boundary = b"xyz"
    head = (b"--xyz\r\nContent-Disposition: form-data; name=\"journal\"; "
            b"filename=\"x.json\"\r\nContent-Type: application/json\r\n\r\n")
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        pulled += 1
        body = head if pulled == 1 else b" " * chunk
        return {"type": "http.request", "body": body, "more_body": pulled < chunks}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
        "method": "POST", "scheme": "http", "path": "/replay/journal", "raw_path":
        b"/replay/journal", "query_string": b"", "root_path": "",
        "headers": [(b"host", b"localhost"), (b"accept", b"text/html"),
                    (b"content-type", b"multipart/form-data; boundary=" + boundary),
                    (b"transfer-encoding", b"chunked")],
        "client": ("10.9.8.7", 5000), "server": ("localhost", 80), "state": {},
    }
    anyio.run(app, scope, receive, send)
    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 413
    assert pulled <= guards.LOG_BODY // chunk + 2, pulled  # not the 512 chunks offered
    assert counted_reads == []


def test_a_long_game_s_log_is_taken_though_larger_than_other_bodies(
        tmp_path: Path, counted_reads: list[int]) -> None:
    """A Web Runners game of random bots that reaches a high round limit writes a log far
    larger than any other request's body (:data:`guards.MAX_BODY`): the replay page takes
    it (:data:`guards.LOG_BODY`), and every other path keeps the smaller limit."""
    from ludinum.sim.runner import SimSpec, play_one

    spec = SimSpec("webrunners", 4, ("random",) * 4, options={"max_rounds": 1000})
    kept = tmp_path / "logs"
    kept.mkdir()
    raw = b""
    for index in range(40):  # the first long game (most end within 200 rounds)
        play_one(spec, index, str(kept))
        raw = (kept / f"game-{index:06d}.json").read_bytes()
        if len(raw) > 2 * guards.MAX_BODY:
            break
    assert guards.MAX_BODY < len(raw) <= guards.LOG_BODY, len(raw)
    with TestClient(make_app(tmp_path)) as client:
        answer = client.post("/replay/journal", files={"journal": ("long.json", raw,
                             "application/json")}, headers=BROWSER, follow_redirects=False)
        assert answer.status_code == 303, answer.text
        assert counted_reads == [len(raw)]
        # Elsewhere, as large a body is refused before it is read.
        refused = client.post("/api/rooms", content=raw,
                              headers={"content-type": "application/json"})
        assert refused.status_code == 413
