"""Simulated phones: asyncio WebSocket clients of the classroom protocol (``websockets``).

A :class:`Phone` holds one seat (or a host screen), reconnects on its own when its
connection drops (through nginx it lands on another process), plays a random action offered
by its frames, and records what the server acknowledged and how long each action took to
come back as an update. Used by the scale tests and by ``bench/load_phones.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any

import websockets

from ludinum.server import limits


def http(base: str, method: str, path: str, body: dict[str, Any] | None = None,
         address: str = "10.0.0.1") -> tuple[int, dict[str, Any]]:
    """One JSON request (blocking); ``address`` travels as X-Forwarded-For, as behind a
    proxy, so that simulated phones are distinct clients for the join rate limit."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method, headers={
        "content-type": "application/json", "x-forwarded-for": address})
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, json.loads(r.read() or b"{}")
    except urllib.error.HTTPError as exc:
        raw = exc.read()
        try:
            return exc.code, json.loads(raw or b"{}")
        except ValueError:
            return exc.code, {"raw": raw.decode(errors="replace")[:200]}


async def ahttp(base: str, method: str, path: str, body: dict[str, Any] | None = None,
                address: str = "10.0.0.1") -> tuple[int, dict[str, Any]]:
    return await asyncio.to_thread(http, base, method, path, body, address)


@dataclass
class Phone:
    base: str
    code: str
    hello: dict[str, Any]
    address: str = "10.0.0.2"
    play: bool = True
    rng: random.Random = field(default_factory=random.Random)
    #: Filled while running.
    frames: list[dict[str, Any]] = field(default_factory=list)
    keep_frames: bool = False
    acked: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    reconnects: int = 0
    status: str = ""
    seq: int = 0
    last: dict[str, Any] = field(default_factory=dict)
    connected: bool = False
    #: Leave the decisions timed for this phone's seat to the server's timer, and count
    #: the versions that passed while only that timer could move.
    wait_timers: bool = False
    timer_moves: int = 0
    _timed_at: int | None = None
    _pings: int = 0
    _pongs: int = 0
    _bucket: limits.MessageLimit = field(default_factory=lambda: limits.MessageLimit(
        limits.MESSAGES_PER_SECOND * 0.9, limits.MESSAGE_BURST // 2))

    @property
    def ws_url(self) -> str:
        return self.base.replace("http://", "ws://") + f"/ws/{self.code}"

    async def run(self, until: float, stop: asyncio.Event | None = None) -> None:
        """Play until the game is over, ``stop`` is set or the monotonic time ``until``."""
        while time.monotonic() < until and self.status not in ("finished", "ended"):
            if stop is not None and stop.is_set():
                return
            with contextlib.suppress(OSError, websockets.exceptions.WebSocketException):
                await self._session(until, stop)
            self.connected = False
            if self.status in ("finished", "ended"):
                return
            self.reconnects += 1
            await asyncio.sleep(0.1 + self.rng.random() * 0.2)

    async def _session(self, until: float, stop: asyncio.Event | None) -> None:
        origin = self.base
        async with websockets.connect(
            self.ws_url, origin=origin,  # type: ignore[arg-type]
            additional_headers={"x-forwarded-for": self.address},
            open_timeout=5, close_timeout=1, max_size=2**22,
        ) as ws:
            await ws.send(json.dumps(self.hello))
            self.connected = True
            # The action sent and not yet settled:
            # [sent at, seq it makes, choice, update at, number of its ping].
            pending: list[Any] | None = None
            self._pings = self._pongs = 0
            while time.monotonic() < until:
                if stop is not None and stop.is_set():
                    return
                try:
                    text = await asyncio.wait_for(ws.recv(), timeout=0.5)
                except TimeoutError:
                    if pending is not None and time.monotonic() - pending[0] > 5:
                        raise OSError("no answer") from None
                    continue
                message = json.loads(text)
                if self.keep_frames:
                    self.frames.append(message)
                kind = message.get("type")
                if kind == "error":
                    self.errors.append(message)
                    if message.get("about") == "act":
                        # Refused (another move came first): choose again from the last frame.
                        pending = await self._maybe_act(ws, None)
                    if message.get("code") in ("bad_token", "unknown_room"):
                        raise OSError(message.get("code"))
                    continue
                if kind == "pong":
                    # Everything about our action came before its pong: no error, accepted.
                    self._pongs += 1
                    if pending is not None and self._pongs >= pending[4]:
                        done = pending[3] if pending[3] is not None else time.monotonic()
                        self.latencies.append(done - pending[0])
                        self.acked.append((pending[2]["seat"], pending[2]["action"]))
                        pending = None
                    pending = await self._maybe_act(ws, pending)
                    continue
                if kind != "update":
                    continue
                self.last = message
                self.status = str(message.get("status"))
                seq = int(message.get("seq", 0))
                if pending is not None and pending[3] is None and seq >= pending[1]:
                    pending[3] = time.monotonic()
                self.seq = seq
                if self.status in ("finished", "ended"):
                    return
                if self.wait_timers and self._timed(message, seq):
                    continue
                if pending is None:
                    pending = await self._maybe_act(ws, pending)

    def _timed(self, frame: dict[str, Any], seq: int) -> bool:
        if self._timed_at is not None and seq > self._timed_at:
            self.timer_moves += 1
            self._timed_at = None
        deadline = frame.get("deadline")
        if deadline and deadline.get("running") and frame.get("active") == [
                deadline.get("player")] and deadline.get("player") in frame.get("you", []):
            self._timed_at = seq
            return True
        return False

    async def _maybe_act(self, ws: Any, pending: list[Any] | None) -> list[Any] | None:
        actions = self.last.get("actions") or []
        if not self.play or not actions or pending is not None or self.status != "playing":
            return pending
        # A phone stays under the server's per-connection message limit (act + ping).
        while not (self._bucket.allow() and self._bucket.allow()):
            await asyncio.sleep(2.0 / limits.MESSAGES_PER_SECOND)
        choice = actions[self.rng.randrange(len(actions))]
        seq = int(self.last.get("seq", 0))
        await ws.send(json.dumps({"type": "act", "seat": choice["seat"],
                                  "action": choice["action"], "seq": seq}))
        await ws.send('{"type":"ping"}')
        self._pings += 1
        return [time.monotonic(), seq + 1, choice, None, self._pings]


async def open_room(base: str, game: str, players: int, humans: int, address: str,
                    seed: int | None = None, options: dict[str, Any] | None = None,
                    ) -> tuple[str, str, list[str]]:
    """A room with ``humans`` joined seats (the others will be bots at start)."""
    body: dict[str, Any] = {"game": game, "players": players}
    if seed is not None:
        body["seed"] = seed
    if options:
        body["options"] = options
    status, data = await ahttp(base, "POST", "/api/rooms", body, address)
    assert status == 201, data
    code, host = str(data["code"]), str(data["host_token"])
    tokens = []
    for i in range(humans):
        status, joined = await ahttp(base, "POST", f"/api/rooms/{code}/join",
                                     {"nickname": f"Élève{i + 1}"}, address)
        assert status == 201, joined
        tokens.append(str(joined["token"]))
    return code, host, tokens


async def start_room(base: str, code: str, host_token: str, address: str,
                     level: str = "random") -> None:
    """Connect as the host, start the game (bots in the empty seats), disconnect."""
    url = base.replace("http://", "ws://") + f"/ws/{code}"
    async with websockets.connect(url, origin=base,  # type: ignore[arg-type]
                                  additional_headers={"x-forwarded-for": address}) as ws:
        await ws.send(json.dumps({"type": "hello", "role": "host", "token": host_token}))
        await ws.send(json.dumps({"type": "start", "level": level}))
        await ws.send(json.dumps({"type": "ping"}))
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert message.get("type") != "error", message
            if message.get("type") == "pong":
                return


async def wait_finished(base: str, code: str, until: float, address: str = "10.0.0.9"
                        ) -> str:
    status = ""
    while time.monotonic() < until:
        with contextlib.suppress(Exception):
            _, info = await ahttp(base, "GET", f"/api/rooms/{code}", None, address)
            status = str(info.get("status"))
            if status in ("finished", "ended"):
                return status
        await asyncio.sleep(0.2)
    return status
