"""The HTTP connection as ``ludinum serve`` accepts it: uvicorn's h11 protocol with two
limits it lacks, so that one device cannot take every file of the server (a classroom's
phones could then no longer connect, nor reconnect).

- **Headers in time**: a request's headers must be complete within
  :data:`HEADER_TIMEOUT` seconds of its first byte (of the connection, for a connection that
  sends nothing). A request whose headers never end (« slowloris ») is closed; uvicorn alone
  keeps it open for ever.
- **Body in time**: a request's body must be complete within :data:`BODY_TIMEOUT` seconds
  of its headers, or the connection is closed (the app sees the client gone: nothing done).
  A body sent a byte now and then held its connection for ever too. Time the server itself
  keeps the body waiting (uvicorn stops reading while the app has not taken what came)
  is not counted against the client.
- **Connections per address**: one client address holds at most :data:`MAX_PER_ADDRESS`
  TCP connections at once, HTTP and WebSocket alike (the WebSockets keep their own, lower
  cap: :class:`ludinum.server.limits.Connections`). One more takes the place of the
  address's connection that has waited longest for a request's headers or the rest of its
  body (a school shares one address: one pupil's script holding every connection with
  headers, or bodies, that never end had the whole school refused, its pages too); with
  none waiting, it is closed at once. The
  proxies uvicorn trusts (``forwarded_allow_ips``: this machine's loopback by default) are
  not counted: behind nginx (docs/deploy.md) every phone arrives from nginx's address, and
  nginx keeps its own limits (``client_header_timeout``); the WebSockets' cap still counts
  each phone's own address there.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from ludinum.server.limits import MAX_CONNECTIONS, setting
from ludinum.weblib.ratelimit import address_key

#: Seconds a request has to send its headers (``$LUDINUM_HEADER_TIMEOUT``).
HEADER_TIMEOUT = 10.0
#: Seconds a request has to send its body once its headers are in (``$LUDINUM_BODY_TIMEOUT``):
#: a game log of 1 MiB (the largest body, ``guards.LOG_BODY``) at 20 KB/s.
BODY_TIMEOUT = 60.0
#: TCP connections open at once from one address (``$LUDINUM_MAX_TCP``): the WebSockets'
#: cap and room for the pages and API calls of the same phones.
MAX_PER_ADDRESS = MAX_CONNECTIONS + 56


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, with a time limit on request headers and a cap on the
    connections of one address (module docstring)."""

    #: Connections counted per address, for the whole process (all listening sockets).
    open_by_address: ClassVar[Counter[str]] = Counter()
    #: Those waiting for a request's headers, per address, the longest waiting first.
    waiting: ClassVar[dict[str, dict[GuardedH11Protocol, None]]] = {}
    header_timeout: ClassVar[float] = setting("LUDINUM_HEADER_TIMEOUT", HEADER_TIMEOUT)
    body_timeout: ClassVar[float] = setting("LUDINUM_BODY_TIMEOUT", BODY_TIMEOUT)
    max_per_address: ClassVar[int] = int(setting("LUDINUM_MAX_TCP", MAX_PER_ADDRESS))

    #: Addresses not counted (trusted proxies); None: uvicorn's ``forwarded_allow_ips``.
    proxies: ClassVar[frozenset[str] | None] = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._address: str | None = None
        self._headers_due: asyncio.TimerHandle | None = None
        self._body_due: asyncio.TimerHandle | None = None
        self._upgraded = False

    def _trusted(self) -> frozenset[str]:
        if self.proxies is not None:
            return self.proxies
        allowed = self.config.forwarded_allow_ips
        listed = allowed.split(",") if isinstance(allowed, str) else allowed
        return frozenset(a.strip() for a in listed if a.strip() and a.strip() != "*")

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else "?"
        if address in self._trusted():  # a proxy: its phones are counted by their own caps
            self._await_headers()
            return
        address = address_key(address)  # an IPv6 address: its /64 (ratelimit.address_key)
        if self.open_by_address[address] >= self.max_per_address:
            longest = next(iter(self.waiting.get(address, ())), None)
            if longest is None:
                transport.abort()  # connection_lost follows: nothing was counted
                return
            longest._release()  # counted no more: its connection_lost changes nothing
            longest.transport.abort()
        self.open_by_address[address] += 1
        self._address = address
        self._await_headers()

    def connection_lost(self, exc: Exception | None) -> None:
        self._release()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._upgraded:
            # Now a WebSocket (its own protocol reads what follows): h11 still reads the
            # upgrade request's body as to come, and its 60 s armed here closed every
            # WebSocket a minute after it opened.
            return
        if self.conn.their_state is h11.IDLE:
            self._await_headers()  # a request has begun, or a keep-alive one may
        elif self.conn.their_state is h11.SEND_BODY:
            self._await_body()  # its headers are in, its body is not
        else:
            self._headers_in()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        # The connection becomes a WebSocket, counted by the WebSocket cap from now on, and
        # no longer timed as a request: its frames come when a game has something to say.
        self._upgraded = True
        self._release()
        super().handle_websocket_upgrade(event)

    def _await_headers(self) -> None:
        if self._headers_due is None and not self.transport.is_closing():
            self._headers_due = self.loop.call_later(self.header_timeout, self._headers_late)
            if self._address is not None:
                self.waiting.setdefault(self._address, {})[self] = None

    def _await_body(self) -> None:
        """The headers are in and the body is coming: the connection still waits for its
        request (it may make room for another of its address), now against the body's
        time (:data:`BODY_TIMEOUT`, from the headers)."""
        if self._headers_due is not None:
            self._headers_due.cancel()
            self._headers_due = None
        if self._body_due is None and not self.transport.is_closing():
            self._body_due = self.loop.call_later(self.body_timeout, self._body_late)
            if self._address is not None:
                self.waiting.setdefault(self._address, {})[self] = None

    def _headers_in(self) -> None:
        for due in (self._headers_due, self._body_due):
            if due is not None:
                due.cancel()
        self._headers_due = self._body_due = None
        self._not_waiting()

    def _not_waiting(self) -> None:
        if self._address is None:
            return
        waiting = self.waiting.get(self._address)
        if waiting is not None:
            waiting.pop(self, None)
            if not waiting:
                del self.waiting[self._address]

    def _headers_late(self) -> None:
        self._headers_due = None
        self._not_waiting()
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()

    def _body_late(self) -> None:
        self._body_due = None
        if self.conn.their_state is not h11.SEND_BODY or self.transport.is_closing():
            return
        if self.flow.read_paused:  # the app has not taken what came: the server's time
            self._body_due = self.loop.call_later(self.body_timeout, self._body_late)
            return
        self._not_waiting()
        self.transport.close()  # the app reads the client gone (guards: nothing done)

    def _release(self) -> None:
        self._headers_in()
        address, self._address = self._address, None
        if address is not None:
            self.open_by_address[address] -= 1
            if self.open_by_address[address] <= 0:
                del self.open_by_address[address]
