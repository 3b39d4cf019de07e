"""One connected client: a WebSocket with an outgoing queue, its role and seats.

Sending never blocks the room. Where the server runs its own WebSocket protocol
(``server/ws_protocol.py``), the messages of one event-loop tick are written together at
the tick's end, in one write to the socket (a phone's update and the ``pong`` that follows
it are one packet); when the socket holds back, they wait in the queue, which a writer
task drains as the socket empties. Elsewhere every message goes through the queue. A
client that falls too far behind (more than :data:`MAX_QUEUE` messages or
:data:`MAX_QUEUE_BYTES` waiting: it does not read) is closed and its queue dropped, so memory
stays bounded; its page reconnects and gets the whole room afresh with its next hello.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from starlette.websockets import WebSocketDisconnect

from ludinum.engine.passing import PassRound

MAX_QUEUE = 500
MAX_QUEUE_BYTES = 4 * 1024 * 1024

log = logging.getLogger("ludinum.server")


class _Pending(threading.local):
    """The clients given messages during this tick of this thread's event loop, written at
    its end by one callback (one per tick rather than one per client: a room's update
    reaches a handful of them)."""

    def __init__(self) -> None:
        self.clients: list[Client] = []


_PENDING = _Pending()


def _to_flush(client: Client) -> None:
    pending = _PENDING.clients
    if not pending:
        asyncio.get_running_loop().call_soon(_flush_all, pending)
    pending.append(client)


def _flush_all(pending: list[Client]) -> None:
    clients = pending[:]
    pending.clear()
    for client in clients:
        client._flush()


class Client:
    def __init__(self, send: Callable[[str], Awaitable[None]], lang: str = "fr",
                 send_now: Callable[[Sequence[str]], bool] | None = None) -> None:
        self._send = send
        #: Writes messages at once when the socket takes them (server/ws_protocol.py); the
        #: queue and the writer task are for when it does not, and keep the order.
        self._send_now = send_now
        #: Messages of this tick, written together at its end (:meth:`_flush`).
        self._tick: list[tuple[str, str]] | None = None
        self.queue: asyncio.Queue[tuple[str, str] | None] = asyncio.Queue()
        self.lang = lang
        self.role: str | None = None
        self.code: str | None = None
        #: Seats this connection plays (several on a pass-and-play device).
        self.seats: tuple[int, ...] = ()
        #: The token digest each of :attr:`seats` had when this connection proved it held
        #: it (its hello): a seat whose digest changed since (its player removed, by this
        #: process or another) is no longer this connection's.
        self.keys: tuple[str | None, ...] = ()
        #: Pass-and-play: the seat currently shown (None: privacy screen or public view).
        self.revealed: int | None = None
        #: Pass-and-play: where the device goes next (``engine.passing``).
        self.passing = PassRound()
        #: Pass-and-play: the seat shown has nothing to decide (a round's visit): it stays
        #: shown until its person gives the device on (``hand_on``).
        self.idle = False
        #: Pass-and-play: the seat shown was just hidden by its person (its next frame
        #: says ``hide``).
        self.hidden = False
        #: Pass-and-play: the seat shown ended its visit by its own move, and reads its
        #: result until its person hides it (``hand_on``): the screen as it stood right
        #: after that move (``rounds.Done``; None: no such step).
        self.done: Any = None
        #: Pass-and-play: while the device goes round (``PassRound.owed``), the screen
        #: shown between two visits, as it was when the round began (``rounds.Still``).
        self.still: Any = None
        #: Last HTML sent per slot, to send only what changed.
        self.slots: dict[str, str] = {}
        #: What the page last drew from (``framecache.Drawn``; None: nothing yet).
        self.drawn: Any = None
        #: Seq of the last event sent to the log.
        self.log_seq = -1
        #: Number of the last update sent to this client (its frames' ``seq``): it counts
        #: only what this client was shown, never the room's secret moves (issue 20).
        self.frame_seq = -1
        self.closed = False
        #: Closed because it fell too far behind (its page must reconnect to resync).
        self.overflowed = False
        #: Called when it falls behind: its endpoint stops the writer, even mid-send.
        self.on_behind: Callable[[], object] | None = None
        #: Code of the last error sent (the WebSocket endpoint reads it after a hello).
        self.last_error: str | None = None
        self._queued_bytes = 0

    def push(self, message: dict[str, Any]) -> None:
        if message.get("type") == "error":
            self.last_error = str(message.get("code"))
        self.push_text(str(message.get("type")),
                       json.dumps(message, ensure_ascii=False, separators=(",", ":")))

    def push_text(self, kind: str, text: str) -> None:
        """Queue a message already encoded as JSON text (``kind``: its type)."""
        if self.closed:
            return
        if self._send_now is not None:
            if self._tick is None:
                self._tick = []
                _to_flush(self)
            self._tick.append((kind, text))
            return
        self._enqueue(kind, text)

    def _flush(self) -> None:
        """The tick's messages in one write, or into the queue if the socket holds back
        (or messages already wait there: they go first)."""
        tick, self._tick = self._tick, None
        if not tick or self.closed or self._send_now is None:
            return
        if self.queue.empty() and self._send_now([text for _kind, text in tick]):
            return
        for kind, text in tick:
            self._enqueue(kind, text)

    def _enqueue(self, kind: str, text: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUE or self._queued_bytes + len(text) > MAX_QUEUE_BYTES:
            self._overflow()
            return
        self._queued_bytes += len(text)
        self.queue.put_nowait((kind, text))

    def _overflow(self) -> None:
        """Too far behind: drop what waits and close (the page reconnects and resyncs)."""
        log.info("a client fell too far behind: closed")
        while not self.queue.empty():
            self.queue.get_nowait()
        self._queued_bytes = 0
        self.overflowed = True
        self.close()
        if self.on_behind is not None:
            self.on_behind()

    def close(self) -> None:
        if not self.closed:
            # What this tick said before closing (« you were removed ») still goes out,
            # through the queue, before the writer stops.
            tick, self._tick = self._tick, None
            for kind, text in tick or ():
                self._enqueue(kind, text)
            self.closed = True
            self.queue.put_nowait(None)

    async def writer(self) -> None:
        while True:
            item = await self.queue.get()
            if item is None:
                return
            text = item[1]
            del item
            self._queued_bytes = max(0, self._queued_bytes - len(text))
            try:
                await self._send(text)
            except WebSocketDisconnect:
                # The phone went away (closed tab, lost Wi-Fi): ordinary, it may come back.
                log.debug("a client left while being sent a message")
                self.closed = True
                return
            except Exception:
                log.warning("a client's connection failed", exc_info=True)
                self.closed = True
                return
            # Sent: not kept while waiting for the next one (a full frame with its board is
            # tens of KB, and every idle connection would hold its last one; issue 20).
            del text

    def view_seat(self) -> int | None:
        """The seat whose private view this client may see now."""
        if self.role == "player" and self.seats:
            return self.seats[0]
        if self.role == "pass":
            return self.revealed
        return None
