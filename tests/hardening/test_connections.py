"""Connections cost the server little and cannot pile up: a WebSocket must say hello in
time, one address holds a bounded number, the open-file limit is raised at start-up, and a
client that stops reading is closed (its page reconnects and resyncs)."""

from __future__ import annotations

import asyncio
import json
import resource
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ludinum.server import clients, limits
from ludinum.server.clients import Client
from tests.hardening.conftest import make_app


def within(seconds: float, work: Callable[[], Any]) -> Any:
    """``work()``'s result, failing (instead of hanging) when it takes longer."""
    out: list[Any] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            out.append(work())
        except BaseException as exc:  # handed to the test below
            errors.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still waiting after {seconds} s"
    if errors:
        raise errors[0]
    return out[0]


def test_a_websocket_that_never_says_hello_is_closed(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    with TestClient(app) as client:
        assert app.state.hello_timeout == limits.HELLO_TIMEOUT == 10.0
        app.state.hello_timeout = 0.3
        code = client.post("/api/rooms", json={"game": "gnou", "players": 2}).json()["code"]

        def idle() -> int:
            with client.websocket_connect(f"/ws/{code}") as ws:
                try:
                    ws.receive_text()
                except WebSocketDisconnect as closed:
                    return closed.code
            return 0

        assert within(5, idle) == 1008
        with client.websocket_connect(f"/ws/{code}") as ws:  # a page says hello at once
            ws.send_text('{"type":"hello","role":"spectator"}')
            assert json.loads(ws.receive_text())["type"] == "welcome"


def test_the_hello_timeout_is_configurable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    monkeypatch.setenv("LUDINUM_HELLO_TIMEOUT", "2.5")
    assert make_app(tmp_path).state.hello_timeout == 2.5


def test_connections_per_address_are_capped(tmp_path: Path) -> None:
    """Each socket alone on its key (test_school_address: a crowd makes room)."""
    app = make_app(tmp_path)
    with TestClient(app) as client:
        app.state.connections = limits.Connections(per_address=3)
        r = client.post("/api/rooms", json={"game": "gnou", "players": 3}).json()
        code = r["code"]
        keys = [{"role": "host", "token": r["host_token"]}] + [
            {"role": "player", "token": client.post(
                f"/api/rooms/{code}/join", json={"nickname": name}).json()["token"]}
            for name in ("Alice", "Bruno")]
        opened = [client.websocket_connect(f"/ws/{code}") for _ in range(3)]
        for ws, key in zip(opened, keys, strict=True):
            ws.__enter__()
            ws.send_text(json.dumps({"type": "hello", **key}))
            assert json.loads(ws.receive_text())["type"] == "welcome"
        with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(
                f"/ws/{code}") as extra:
            extra.receive_text()
        assert refused.value.code == 1013
        opened.pop().__exit__(None, None, None)  # one leaves: another may come
        with client.websocket_connect(f"/ws/{code}") as ws:
            ws.send_text('{"type":"hello","role":"spectator"}')
            assert json.loads(ws.receive_text())["type"] == "welcome"
        for ws in opened:
            ws.__exit__(None, None, None)


def test_connections_are_counted_per_address() -> None:
    count = limits.Connections(per_address=2)
    first, second = count.open("10.0.0.1"), count.open("10.0.0.1")
    assert first is not None and second is not None
    first.key, second.key = "seat 0", "seat 1"
    assert count.open("10.0.0.1") is None
    assert count.open("10.0.0.2") is not None
    count.close(first)
    assert count.open("10.0.0.1") is not None


def test_the_open_file_limit_is_raised_to_the_hard_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    lowered = min(soft, hard) - 1 if hard != resource.RLIM_INFINITY else 4096
    resource.setrlimit(resource.RLIMIT_NOFILE, (lowered, hard))
    try:
        assert limits.raise_open_files() == (hard, hard)
        assert resource.getrlimit(resource.RLIMIT_NOFILE) == (hard, hard)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_a_client_that_stops_reading_is_closed_and_its_queue_dropped() -> None:
    async def scenario() -> Client:
        never = asyncio.Event()

        async def stuck(text: str) -> None:  # a phone that never reads: sending blocks
            await never.wait()

        client = Client(stuck)
        writer = asyncio.create_task(client.writer())
        await asyncio.sleep(0)
        for i in range(10 * clients.MAX_QUEUE):
            client.push({"type": "pong", "id": i})  # not only updates pile up
        assert client.closed and client.overflowed
        assert client.queue.qsize() <= 1
        writer.cancel()
        return client

    asyncio.run(scenario())


def test_a_client_is_closed_on_queued_bytes_too() -> None:
    client = Client(lambda text: asyncio.sleep(0))
    big = "x" * (clients.MAX_QUEUE_BYTES // 10)
    for _ in range(11):
        client.push_text("update", big)
    assert client.overflowed and client.queue.qsize() <= 1


def test_a_lagging_socket_is_closed_with_try_again_later(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.setattr(clients, "MAX_QUEUE", 5)
    app = make_app(tmp_path)
    with TestClient(app) as client:
        code = client.post("/api/rooms", json={"game": "gnou", "players": 2}).json()["code"]

        def lag() -> int:
            with client.websocket_connect(f"/ws/{code}") as ws:
                ws.send_text('{"type":"hello","role":"spectator"}')
                assert json.loads(ws.receive_text())["type"] == "welcome"
                (phone,) = app.state.hub.clients[code]

                def flood() -> None:  # more to say than the phone reads, on the app's loop
                    for i in range(10):
                        phone.push({"type": "pong", "id": i})

                ws.portal.call(flood)
                try:
                    while True:
                        ws.receive_text()
                except WebSocketDisconnect as closed:
                    return closed.code

        assert within(10, lag) == 1013
        assert not app.state.hub.clients.get(code)  # forgotten: its page reconnects


def test_a_socket_stuck_sending_is_still_closed(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A phone that stops reading leaves the server's send waiting for ever: the writer is
    stopped mid-send and the socket closed all the same."""
    from starlette.websockets import WebSocket

    monkeypatch.setattr(clients, "MAX_QUEUE", 5)
    sent = WebSocket.send_text

    async def stuck_after_two(self: WebSocket, data: str) -> None:
        count = self.scope.setdefault("sent", 0)
        self.scope["sent"] = count + 1
        if count >= 2:  # the welcome and the first update, then nothing more goes out
            await asyncio.Event().wait()
        await sent(self, data)

    monkeypatch.setattr(WebSocket, "send_text", stuck_after_two)
    app = make_app(tmp_path)
    with TestClient(app) as client:
        code = client.post("/api/rooms", json={"game": "gnou", "players": 2}).json()["code"]

        def stuck() -> int:
            with client.websocket_connect(f"/ws/{code}") as ws:
                ws.send_text('{"type":"hello","role":"spectator"}')
                assert json.loads(ws.receive_text())["type"] == "welcome"
                for _ in range(20):
                    ws.send_text('{"type":"ping"}')
                try:
                    while True:
                        ws.receive_text()
                except WebSocketDisconnect as closed:
                    return closed.code

        assert within(10, stuck) == 1013
        assert not app.state.hub.clients.get(code)


def test_a_phone_gone_before_its_close_frame_leaves_no_traceback() -> None:
    """The server closes a socket whose phone disconnected meanwhile: starlette raises
    WebSocketDisconnect from ``close``; nothing is logged, nothing is raised."""
    import asyncio

    from starlette.websockets import WebSocketDisconnect, WebSocketState

    from ludinum.server.ws import close_quietly

    class Gone:
        client_state = WebSocketState.CONNECTED
        tried = 0

        async def close(self, code: int = 1000, reason: str | None = None) -> None:
            self.tried += 1
            raise WebSocketDisconnect(code=1006)

    gone = Gone()
    asyncio.run(close_quietly(gone, 1000))  # type: ignore[arg-type]
    assert gone.tried == 1
