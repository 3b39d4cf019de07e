"""Test helpers: an app with the toy game, and WebSocket connections that sync with ping."""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.testclient import TestClient

from ludinum.server import patches
from ludinum.server.app import create_app
from ludinum.server.catalog import Catalog
from ludinum.weblib.ratelimit import RateLimit


def leaves(value: Any) -> set[str]:
    """The distinctive strings of a view (identifiers, names, texts)."""
    out: set[str] = set()
    if isinstance(value, dict):
        for v in value.values():
            out |= leaves(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            out |= leaves(v)
    elif isinstance(value, str) and len(value) >= 4 and not value.isdigit():
        out.add(value)
    return out


def make_app(url: str, catalog: Catalog, **kw: Any) -> Any:
    kw.setdefault("bot_delay", 0.0)
    kw.setdefault("rate_limit", RateLimit(burst=10_000, per_second=1000))
    return create_app(url, catalog=catalog, **kw)


def restored(client: Any, app: Any) -> None:
    """Wait until a restarted app (``client``: its TestClient, entered) has brought back
    the live rooms it found in storage: it serves first and restores them in the
    background (``Hub.load_later``)."""
    client.portal.call(app.state.hub.restored)


class Conn:
    """One WebSocket, with everything it received kept for inspection."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.messages: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.last: dict[str, Any] = {}
        #: Each slot's HTML as a page holds it: slots sent whole, then parts applied
        #: (server/patches.py), as ``app.js`` does.
        self.page: dict[str, str] = {}
        #: What the page draws its board from, as ``app.js`` ``redraw`` keeps it: the
        #: public view's keys, the seat's own, and the other parts (the frames' ``draw``).
        self.drawn: dict[str, Any] = {"pub": {}, "own": {}}

    def send(self, **message: Any) -> None:
        self.ws.send_text(json.dumps(message))

    def send_raw(self, text: str) -> None:
        self.ws.send_text(text)

    def sync(self) -> list[dict[str, Any]]:
        """Every message received until the server answers a ping (bounded)."""
        self.send(type="ping")
        out = []
        for _ in range(100_000):
            text = self.ws.receive_text()
            message = json.loads(text)
            if message["type"] == "pong":
                return out
            if message["type"] == "error" and message.get("code") == "rate_limited":
                raise AssertionError(f"throttled: {message}")
            self.texts.append(text)
            self.messages.append(message)
            out.append(message)
            if message["type"] == "update":
                self.last = message
                self.page.update(message["slots"])
                for slot, parts in message.get("parts", {}).items():
                    self.page[slot] = patches.apply(self.page[slot], parts)
                self._draw(message.get("draw") or {})
        raise AssertionError("no pong")

    def _draw(self, draw: dict[str, Any]) -> None:
        if draw.get("reset"):
            self.drawn = {"pub": {}, "own": {}}
        self.drawn["pub"].update(draw.get("pub") or {})
        self.drawn["own"].update(draw.get("own") or {})
        for key in draw.get("unown") or []:
            self.drawn["own"].pop(key, None)
        self.drawn.update({k: draw[k] for k in ("lines", "names", "wait", "seat") if k in draw})

    def errors(self, since: int = 0) -> list[dict[str, Any]]:
        return [m for m in self.messages[since:] if m["type"] == "error"]

    @property
    def actions(self) -> list[dict[str, Any]]:
        return list(self.last.get("actions", []))


def create_room(client: TestClient, game: str, players: int, **extra: Any) -> tuple[str, str]:
    response = client.post("/api/rooms", json={"game": game, "players": players, **extra})
    assert response.status_code == 201, response.text
    data = response.json()
    return data["code"], data["host_token"]


def join(client: TestClient, code: str, nickname: str, **extra: Any) -> tuple[int, str]:
    response = client.post(f"/api/rooms/{code}/join", json={"nickname": nickname, **extra})
    assert response.status_code == 201, response.text
    data = response.json()
    return data["seat"], data["token"]


def hello(client: TestClient, code: str, stack: Any, **message: Any) -> Conn:
    ws = stack.enter_context(client.websocket_connect(f"/ws/{code}"))
    conn = Conn(ws)
    conn.send(type="hello", **message)
    conn.sync()
    return conn


class RealSocket:
    """A real WebSocket client (loopback) with the test client's method names and a timeout,
    for long games where every message must cross a real connection."""

    def __init__(self, url: str) -> None:
        from websockets.sync.client import connect

        # Entered as a context manager, as websockets asks (a bare connect() is deprecated).
        self._opened = connect(url, max_size=2**24)
        self.ws = self._opened.__enter__()

    def send_text(self, text: str) -> None:
        self.ws.send(text)

    def receive_text(self) -> str:
        message = self.ws.recv(timeout=30)
        return message if isinstance(message, str) else message.decode()

    def __enter__(self) -> RealSocket:
        return self

    def __exit__(self, *exc: object) -> None:
        self._opened.__exit__(None, None, None)


def real_hello(base: str, code: str, stack: Any, **message: Any) -> Conn:
    ws = stack.enter_context(RealSocket(base.replace("http://", "ws://") + f"/ws/{code}"))
    conn = Conn(ws)
    conn.send(type="hello", **message)
    conn.sync()
    return conn


def form_code(html: str) -> tuple[str, str]:
    code = re.search(r'data-code="(\w+)"', html)
    token = re.search(r'data-host-token="([^"]+)"', html)
    assert code and token
    return code.group(1), token.group(1)


def finished_by_bots(client: TestClient, stack: Any, game: str, players: int,
                     steps: int = 3000, **extra: Any) -> tuple[str, Conn]:
    """A room of ``game`` played to its end by random bots in every seat, watched by its
    host screen: the code and the host's connection."""
    code, host_token = create_room(client, game, players, mode="turns", **extra)
    host = hello(client, code, stack, role="host", token=host_token)
    host.send(type="start", level="random")
    for _ in range(steps):
        host.sync()
        if host.last.get("status") == "finished":
            break
    assert host.last.get("status") == "finished"
    return code, host
