"""The app served by uvicorn in a thread on loopback, for tests that need a real server
(browser tests, the restart of a phone's page, live play over WebSockets)."""

from __future__ import annotations

import asyncio
import http.client
import socket
import threading
import time
from typing import Any


def free_loopback_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class LiveServer:
    """The app served by uvicorn in a thread, so tests can also read the hub's states.

    ``port``: a given port (two servers one after the other on one port and one database
    play a restart), else a free one. ``options`` go to ``create_app``; the bots wait
    0.05 s and the rate limits (requests, rooms created) are generous unless told otherwise."""

    def __init__(self, db: str, port: int | None = None, **options: Any) -> None:
        import uvicorn

        from ludinum.cli.serve import WS_MAX_SIZE
        from ludinum.server.app import create_app
        from ludinum.server.ws_protocol import DirectWebSocketProtocol
        from ludinum.weblib.ratelimit import RateLimit

        http = options.pop("http", "auto")  # the HTTP protocol (serve's: http_guard)
        self.port = port if port is not None else free_loopback_port()
        self.url = f"http://127.0.0.1:{self.port}"
        options.setdefault("bot_delay", 0.05)
        options.setdefault("rate_limit", RateLimit(burst=1000, per_second=100))
        # One package of browser tests creates more rooms from 127.0.0.1 than a classroom
        # address may at once (30): generous here, the cap has its own tests.
        options.setdefault("room_limit", RateLimit(burst=1000, per_second=100))
        self.app = create_app(db, public_url=self.url, **options)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                ws=DirectWebSocketProtocol, http=http,
                                ws_max_size=WS_MAX_SIZE)  # as ``ludinum serve``'s
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                return self
            time.sleep(0.05)
        raise RuntimeError("server did not start")

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)

    @property
    def hub(self) -> Any:
        return self.app.state.hub

    def server_loop(self) -> asyncio.AbstractEventLoop:
        """The event loop serving the app (to run something on it from a test)."""
        return self.server.servers[0].get_loop()  # type: ignore[no-any-return]

    def players(self, code: str) -> int:
        """How many player connections room ``code`` has now."""
        return sum(c.role == "player" for c in self.hub.clients.get(code, ()))


def get(server: LiveServer, path: str) -> int:
    """The HTTP status of ``GET path`` on ``server``, on a connection of its own."""
    one = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    try:
        one.request("GET", path)
        answer = one.getresponse()
        answer.read()
        return answer.status
    finally:
        one.close()
