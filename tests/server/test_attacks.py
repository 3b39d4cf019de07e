"""What an attacker on the classroom's network tried against ``ludinum serve``, and what
the server answers (docs/deploy.md « Security: what is promised and how it is tested »).

- A request whose body trickles in (its headers sent at once, then a byte now and then)
  held its connection for as long as the sender liked: 256 of them from one address (a
  pupil's script) had every other device of the school refused, the page itself.
- A code that cannot be one is named in the refusal: a right-to-left override or a
  zero-width space in it turned the error backwards or hid part of it.
- A ``ping``'s ``id`` of another type or too long was dropped without a word (the pong
  came without it), and an integer of 400 digits was echoed back whole.
- A JSON body between 16 and 64 KiB was refused with « Requête trop longue. », naming
  no limit.
"""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog
from ludinum.server.http_guard import GuardedH11Protocol
from tests.live import LiveServer, get
from tests.server.helpers import make_app


@pytest.fixture
def guarded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LiveServer]:
    monkeypatch.setattr(GuardedH11Protocol, "header_timeout", 0.5)
    monkeypatch.setattr(GuardedH11Protocol, "body_timeout", 0.5)
    monkeypatch.setattr(GuardedH11Protocol, "max_per_address", 5)
    monkeypatch.setattr(GuardedH11Protocol, "proxies", frozenset())  # count 127.0.0.1 too
    with LiveServer(f"sqlite:///{tmp_path}/db.sqlite3", http=GuardedH11Protocol) as server:
        yield server


def trickling(server: LiveServer) -> socket.socket:
    """A connection whose request's headers are in and whose body has only begun."""
    sock = socket.create_connection(("127.0.0.1", server.port))
    sock.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                 b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
    return sock


def closed_while_trickling(sock: socket.socket, seconds: float) -> bool:
    """Whether the server closes ``sock`` within ``seconds`` while a byte of its body
    comes every 0.1 s (a sender that never stops, never finishes)."""
    deadline = time.monotonic() + seconds
    sock.settimeout(0.1)
    while time.monotonic() < deadline:
        try:
            sock.sendall(b" ")
            if sock.recv(1024) == b"":
                return True
        except TimeoutError:
            continue
        except (ConnectionResetError, BrokenPipeError):
            return True
    return False


def until(done: Callable[[], bool], seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the server never got there"
        time.sleep(0.01)


def test_a_body_that_never_ends_is_closed(guarded: LiveServer) -> None:
    with contextlib.closing(trickling(guarded)) as slow:
        assert closed_while_trickling(slow, 8.0)
    # A whole body, even one sent in two parts, is read and answered as before.
    with contextlib.closing(socket.create_connection(("127.0.0.1", guarded.port))) as ok:
        body = json.dumps({"game": "gnou", "players": 2}).encode()
        ok.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                   b"Content-Type: application/json\r\nContent-Length: "
                   + str(len(body)).encode() + b"\r\n\r\n" + body[:5])
        time.sleep(0.1)
        ok.sendall(body[5:])
        ok.settimeout(5)
        assert ok.recv(64).startswith(b"HTTP/1.1 201")


def test_bodies_that_trickle_do_not_lock_the_address_out(guarded: LiveServer) -> None:
    """At the bound, a newcomer takes the place of the address's connection that has
    waited longest for its request, headers or body: one pupil's script holding the
    school's connections with bodies that never end crowds only itself out."""
    held = [trickling(guarded) for _ in range(5)]
    try:
        until(lambda: GuardedH11Protocol.open_by_address["127.0.0.1"] == 5)
        assert get(guarded, "/api/games") == 200  # the class still gets its pages
        held[0].settimeout(2)
        with contextlib.suppress(ConnectionResetError):
            assert held[0].recv(1) == b""  # the oldest made room
    finally:
        for sock in held:
            sock.close()


@pytest.fixture
def client(sqlite_url: str, catalog: Catalog) -> Iterator[TestClient]:
    with TestClient(make_app(sqlite_url, catalog)) as c:
        yield c


@pytest.mark.parametrize("typed", ["\u202eAB", "AB\u200bCD", "A\x00B"])
def test_a_code_that_cannot_be_one_is_quoted_visibly(client: TestClient, typed: str
                                                      ) -> None:
    shown = typed.encode("unicode_escape").decode().replace("\\x00", "\\u0000")
    answer = client.get(f"/api/rooms/{quote(typed)}")
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "bad_code"
    assert typed not in error["fr"] and typed not in error["en"]
    assert f"« {shown} »" in error["fr"].replace("\u202f", " ")
    with client.websocket_connect(f"/ws/{quote(typed)}") as ws:
        said = ws.receive_json()
    assert said["code"] == "bad_code" and typed not in said["fr"]


def _pong(client: TestClient, ping: dict[str, object]) -> dict[str, object]:
    code = client.post("/api/rooms", json={"game": "gnou", "players": 2}).json()["code"]
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "role": "spectator"})
        while ws.receive_json()["type"] != "update":
            pass
        ws.send_json(ping)
        answer: dict[str, object] = ws.receive_json()
        return answer


@pytest.mark.parametrize("tag", [{"a": 1}, [1], 1.5, True, "x" * 65, 10**400,
                                 -(2**53) - 1])
def test_a_ping_id_of_the_wrong_kind_is_refused_by_name(client: TestClient, tag: object
                                                         ) -> None:
    answer = _pong(client, {"type": "ping", "id": tag})
    assert answer["type"] == "error" and answer["code"] == "bad_message"
    assert "« id »" in str(answer["fr"]).replace("\u202f", " ")
    assert "'id'" in str(answer["en"])


@pytest.mark.parametrize("tag", [0, 17, 2**53, -(2**53), "", "a" * 64, "probe-1"])
def test_a_ping_id_is_echoed(client: TestClient, tag: object) -> None:
    assert _pong(client, {"type": "ping", "id": tag}) == {"type": "pong", "id": tag}
    # No id, or null (as every optional field: ``protocol.optional_int``): a plain pong.
    assert _pong(client, {"type": "ping"}) == {"type": "pong"}
    assert _pong(client, {"type": "ping", "id": None}) == {"type": "pong"}


def test_an_api_body_over_its_limit_says_the_limit(client: TestClient) -> None:
    big = {"game": "gnou", "players": 2, "options": {"x": "y" * 20_000}}
    answer = client.post("/api/rooms", json=big)
    assert answer.status_code == 413
    error = answer.json()["error"]
    assert error["code"] == "too_large"
    assert "16 Ko au plus" in error["fr"].replace("\u00a0", " ")
    assert "16 KB at most" in error["en"].replace("\u00a0", " ")


def test_too_many_rooms_says_what_is_too_many(sqlite_url: str, catalog: Catalog) -> None:
    """Past the room budget of an address, the refusal said « Trop d'essais : attends un
    peu. », as for wrong codes: a teacher making a 31st room had tried nothing wrong."""
    from ludinum.weblib.ratelimit import RateLimit

    app = make_app(sqlite_url, catalog, room_limit=RateLimit(burst=1, per_second=0.001))
    with TestClient(app) as c:
        # The browser that made a room has a budget of its own, then its address's.
        made = [c.post("/api/rooms", json={"game": "gnou", "players": 2}).status_code
                for _ in range(2)]
        assert made == [201, 201]
        for answer in (c.post("/api/rooms", json={"game": "gnou", "players": 2}),
                       c.post("/api/classes", json={"game": "gnou", "table_size": 3,
                                                    "bot_level": "random"})):
            assert answer.status_code == 429
            error = answer.json()["error"]
            assert error["code"] == "rate_limited"
            assert "parties créées" in error["fr"] and "games made" in error["en"]
            assert "essais" not in error["fr"]
        page = c.post("/new/gnou", data={"players": "2"})
        assert "parties créées" in page.text and "essais" not in page.text


@pytest.mark.parametrize(("typed", "named"), [
    ("Çağla", "ğ"), ("İlker", "İ"), ("Nguyễn", "ễ"), ("ab\u200bcd", "\\u200b"),
    ("\u202eevil", "\\u202e"), ("<b>Léo</b>", "<"), ("Léo 😀", "😀")])
def test_a_refused_nickname_names_the_sign_refused(client: TestClient, typed: str,
                                                  named: str) -> None:
    """« Un pseudo fait de 2 à 20 lettres… » told « Çağla » that ğ was no letter, and
    never which sign of a nickname was refused."""
    code = client.post("/api/rooms", json={"game": "gnou", "players": 2}).json()["code"]
    answer = client.post(f"/api/rooms/{code}/join", json={"nickname": typed})
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "bad_nickname"
    assert f"«\u202f{named}\u202f»" in error["fr"] and f"“{named}”" in error["en"]
    assert all(s["kind"] == "open" for s in client.get(f"/api/rooms/{code}").json()["seats"])


@pytest.mark.parametrize("typed", ["a", "a" * 21, "a" * 500, "   "])
def test_a_nickname_of_the_wrong_length_says_the_length(client: TestClient, typed: str
                                                         ) -> None:
    code = client.post("/api/rooms", json={"game": "gnou", "players": 2}).json()["code"]
    error = client.post(f"/api/rooms/{code}/join", json={"nickname": typed}).json()["error"]
    assert error["code"] == "bad_nickname" and "2 à 20" in error["fr"]


def test_a_websocket_message_over_its_limit_closes_the_socket(tmp_path: Path) -> None:
    """A message over 64 KiB (``serve.WS_MAX_SIZE``) is not read: the socket is closed
    with 1009, message too big (docs/protocol.md), and the server goes on serving."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    from ludinum.cli.serve import WS_MAX_SIZE

    with LiveServer(f"sqlite:///{tmp_path}/db.sqlite3") as server:
        with connect(f"ws://127.0.0.1:{server.port}/ws/ABCDEF") as ws:
            ws.send(json.dumps({"type": "hello", "pad": "x" * WS_MAX_SIZE}))
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        assert get(server, "/") == 200
