"""The direct way out of ``ludinum serve``'s WebSocket protocol (server/ws_protocol.py,
issue 19): the messages of one tick go out in one write, the queue takes over while the
socket holds back, and a phone that stops reading is still closed."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import socket
import time
from collections.abc import Sequence
from pathlib import Path

import httpx2 as httpx
import pytest

from ludinum.server import clients
from ludinum.server.clients import Client
from ludinum.server.ws_protocol import READ_AHEAD, DirectWebSocketProtocol
from tests.live import LiveServer


async def _nowhere(_text: str) -> None:
    return None


class Socket:
    """A stand-in for the protocol's direct send: records each write, or refuses."""

    def __init__(self) -> None:
        self.writes: list[list[str]] = []
        self.takes = True

    def __call__(self, texts: Sequence[str]) -> bool:
        if not self.takes:
            return False
        self.writes.append(list(texts))
        return True


def queued(client: Client) -> list[str]:
    out = []
    while not client.queue.empty():
        item = client.queue.get_nowait()
        out.append("<closed>" if item is None else item[1])
    return out


def test_the_messages_of_one_tick_go_out_in_one_write() -> None:
    async def run() -> Socket:
        sock = Socket()
        client = Client(_nowhere, send_now=sock)
        client.push_text("update", "u1")
        client.push({"type": "pong", "id": 1})
        assert sock.writes == []  # at the end of the tick, not before
        await asyncio.sleep(0)
        client.push_text("update", "u2")
        await asyncio.sleep(0)
        assert client.queue.empty()
        return sock

    sock = asyncio.run(run())
    assert sock.writes == [["u1", '{"type":"pong","id":1}'], ["u2"]]


def test_while_the_socket_holds_back_messages_wait_in_the_queue_in_order() -> None:
    async def run() -> tuple[Socket, list[str]]:
        sock = Socket()
        client = Client(_nowhere, send_now=sock)
        sock.takes = False
        client.push_text("update", "u1")
        await asyncio.sleep(0)
        sock.takes = True  # it takes more now, but u1 waits in the queue: u2 goes behind
        client.push_text("update", "u2")
        await asyncio.sleep(0)
        return sock, queued(client)

    sock, waiting = asyncio.run(run())
    assert sock.writes == [] and waiting == ["u1", "u2"]


def test_what_is_said_before_closing_still_goes_out() -> None:
    async def run() -> list[str]:
        client = Client(_nowhere, send_now=Socket())
        client.push({"type": "kicked"})
        client.close()
        await asyncio.sleep(0)
        return queued(client)

    assert asyncio.run(run()) == ['{"type":"kicked"}', "<closed>"]


def test_a_full_queue_still_closes_a_client_that_does_not_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clients, "MAX_QUEUE", 5)

    async def run() -> Client:
        sock = Socket()
        sock.takes = False
        client = Client(_nowhere, send_now=sock)
        for i in range(10):
            client.push_text("update", f"u{i}")
            await asyncio.sleep(0)
        return client

    client = asyncio.run(run())
    assert client.closed and client.overflowed


def _handshake(port: int, code: str) -> socket.socket:
    """A WebSocket opened by hand, so that the test decides when (if ever) it reads."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws/{code} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                  "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                  f"Origin: http://127.0.0.1:{port}\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return sock


def _send(sock: socket.socket, message: dict[str, object]) -> None:
    """One masked text frame (a client's frames are masked)."""
    data = json.dumps(message).encode()
    mask = os.urandom(4)
    assert len(data) < 126
    sock.sendall(bytes([0x81, 0x80 | len(data)]) + mask
                 + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))


def test_the_server_writes_directly_and_still_closes_a_phone_that_stops_reading(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Served by ``ludinum serve``'s protocol: a spectator that never reads fills the
    kernel's buffers, then the transport's; the direct send then refuses, the queue
    fills, and the client is closed (its page would reconnect and resync)."""
    monkeypatch.setattr(clients, "MAX_QUEUE", 5)
    with LiveServer(str(tmp_path / "db.sqlite3")) as live, \
            httpx.Client(base_url=live.url) as http:
        assert live.server.config.ws is DirectWebSocketProtocol
        code = http.post("/api/rooms", json={"game": "gnou", "players": 2}).json()["code"]
        sock = _handshake(live.port, code)
        with contextlib.closing(sock):
            _send(sock, {"type": "hello", "role": "spectator"})
            for _ in range(100):
                if live.hub.clients.get(code):
                    break
                time.sleep(0.05)
            (watcher,) = live.hub.clients[code]
            loop = live.server_loop()
            big = "x" * 60_000

            def flood() -> None:
                for i in range(40):
                    watcher.push({"type": "pong", "id": i, "pad": big})

            for _ in range(100):
                if watcher.closed:
                    break
                loop.call_soon_threadsafe(flood)
                time.sleep(0.05)
            assert watcher.closed and watcher.overflowed


class Transport:
    """What the protocol asks of its transport when it reads."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def pause_reading(self) -> None:
        self.calls.append("pause")

    def resume_reading(self) -> None:
        self.calls.append("resume")


def test_reading_pauses_only_when_many_messages_wait() -> None:
    """uvicorn pauses the socket after each message and resumes it once the app read it;
    here it pauses once READ_AHEAD messages wait, and resumes when they are read."""
    from uvicorn.config import Config
    from uvicorn.server import ServerState

    async def app(scope: object, receive: object, send: object) -> None:
        return None

    async def run() -> list[str]:
        config = Config(app=app, ws=DirectWebSocketProtocol)
        config.load()
        protocol = DirectWebSocketProtocol(config, ServerState(), {})
        transport = Transport()
        protocol.transport = transport  # type: ignore[assignment]
        for i in range(READ_AHEAD + 3):
            protocol.curr_msg_data_type = "text"
            protocol.frames = [f"m{i}".encode()]
            protocol.send_receive_event_to_app()
            if i == 0:
                first = await protocol.receive()  # the app reads one: nothing to resume
                assert first == {"type": "websocket.receive", "text": "m0"}
        assert transport.calls == ["pause"]
        while not protocol.queue.empty():
            await protocol.receive()
        return transport.calls

    assert asyncio.run(run()) == ["pause", "resume"]
