"""One device cannot take every file of the server with HTTP connections (``ludinum serve``'s
protocol, server/http_guard.py): a request whose headers never end is closed once its time
is up, and one address holds a bounded number of connections; the others still connect."""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ludinum.server.http_guard import GuardedH11Protocol
from tests.live import LiveServer, get


@pytest.fixture
def guarded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LiveServer]:
    monkeypatch.setattr(GuardedH11Protocol, "header_timeout", 0.5)
    monkeypatch.setattr(GuardedH11Protocol, "max_per_address", 5)
    monkeypatch.setattr(GuardedH11Protocol, "proxies", frozenset())  # count 127.0.0.1 too
    with LiveServer(f"sqlite:///{tmp_path}/db.sqlite3", http=GuardedH11Protocol) as server:
        yield server


def closed(sock: socket.socket, seconds: float) -> bool:
    """Whether the server closed ``sock`` within ``seconds`` (it reads an end of file)."""
    sock.settimeout(seconds)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_headers_that_never_end_are_closed_in_time(guarded: LiveServer) -> None:
    with contextlib.closing(socket.create_connection(("127.0.0.1", guarded.port))) as slow:
        slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and nothing more
        started = time.monotonic()
        assert closed(slow, 5.0)
        assert time.monotonic() - started < 4.0
    with contextlib.closing(socket.create_connection(("127.0.0.1", guarded.port))) as mute:
        assert closed(mute, 5.0)  # a connection that says nothing at all, too
    # A normal request, and a kept-alive connection between requests, are not cut.
    kept = http.client.HTTPConnection("127.0.0.1", guarded.port, timeout=5)
    try:
        for _ in range(2):
            kept.request("GET", "/api/games")
            answer = kept.getresponse()
            assert answer.status == 200 and answer.read()
            time.sleep(0.8)
    finally:
        kept.close()


def until(done: Callable[[], bool], seconds: float = 5.0) -> None:
    """Wait for the server to have done something (polling; fails after ``seconds``)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the server never got there"
        time.sleep(0.01)


def test_one_address_holds_a_bounded_number_of_connections(guarded: LiveServer) -> None:
    """At the bound, a newcomer takes the place of the address's connection that has
    waited longest for its request: a school shares one address, and one pupil's script
    holding every connection with headers that never end had the whole school refused."""
    held = [socket.create_connection(("127.0.0.1", guarded.port)) for _ in range(5)]
    try:
        for sock in held:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        until(lambda: GuardedH11Protocol.open_by_address["127.0.0.1"] == 5)
        assert get(guarded, "/api/games") == 200  # the class still gets its pages
        assert closed(held[0], 0.4)  # the oldest waiting made room, before its timeout
        assert GuardedH11Protocol.open_by_address["127.0.0.1"] <= 5
    finally:
        for sock in held:
            sock.close()
    until(lambda: GuardedH11Protocol.open_by_address["127.0.0.1"] <= 1)
    assert get(guarded, "/api/games") == 200


def test_a_websocket_leaves_the_http_count(guarded: LiveServer) -> None:
    """An upgraded connection is counted by the WebSockets' own cap, not this one: five
    open sockets still leave room for pages."""
    from websockets.sync.client import connect

    post = http.client.HTTPConnection("127.0.0.1", guarded.port, timeout=5)
    post.request("POST", "/api/rooms", json.dumps({"game": "gnou", "players": 2}),
                 {"content-type": "application/json"})
    code = json.loads(post.getresponse().read())["code"]
    post.close()
    with contextlib.ExitStack() as stack:
        for _ in range(5):
            ws = stack.enter_context(connect(f"ws://127.0.0.1:{guarded.port}/ws/{code}"))
            ws.send(json.dumps({"type": "hello", "role": "spectator"}))
            assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
        assert get(guarded, "/api/games") == 200


def test_a_websocket_outlives_the_body_s_time(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """h11 reads an upgrade request's body as still to come: the body's time limit was
    armed on every WebSocket and closed it a minute after it opened (a classroom's phones
    and projector reconnected every minute). Its time shortened to 0.5 s here, a socket
    still answers after 1.5 s."""
    from websockets.sync.client import connect

    monkeypatch.setattr(GuardedH11Protocol, "body_timeout", 0.5)
    monkeypatch.setattr(GuardedH11Protocol, "header_timeout", 0.5)
    with LiveServer(f"sqlite:///{tmp_path}/db.sqlite3", http=GuardedH11Protocol) as server:
        post = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        post.request("POST", "/api/rooms", json.dumps({"game": "gnou", "players": 2}),
                     {"content-type": "application/json"})
        code = json.loads(post.getresponse().read())["code"]
        post.close()
        with connect(f"ws://127.0.0.1:{server.port}/ws/{code}") as ws:
            ws.send(json.dumps({"type": "hello", "role": "spectator"}))
            assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
            time.sleep(1.5)
            ws.send(json.dumps({"type": "ping"}))
            kinds = [json.loads(ws.recv(timeout=5))["type"]]
            while kinds[-1] != "pong":  # after the updates queued before it
                kinds.append(json.loads(ws.recv(timeout=5))["type"])


def test_a_trusted_proxy_is_not_counted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                        ) -> None:
    """Behind nginx every phone arrives from nginx's address (loopback, trusted by uvicorn
    for its forwarded headers): that address is not capped, or 256 phones would fill a
    process."""
    monkeypatch.setattr(GuardedH11Protocol, "max_per_address", 2)
    with LiveServer(f"sqlite:///{tmp_path}/db.sqlite3", http=GuardedH11Protocol) as server:
        held = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(4)]
        try:
            assert get(server, "/api/games") == 200
        finally:
            for sock in held:
                sock.close()
