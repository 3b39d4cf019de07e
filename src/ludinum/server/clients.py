"""One connected client: a WebSocket with an outgoing queue, its role and seats.

Sending never blocks the room: messages are queued and a writer task drains the queue. A
client that falls too far behind (more than :data:`MAX_QUEUE` messages or
:data:`MAX_QUEUE_BYTES` waiting: it does not read) is closed and its queue dropped, so memory
stays bounded; its page reconnects and gets the whole room afresh with its next hello.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.websockets import WebSocketDisconnect

MAX_QUEUE = 500
MAX_QUEUE_BYTES = 4 * 1024 * 1024

log = logging.getLogger("ludinum.server")


class Client:
    def __init__(self, send: Callable[[str], Awaitable[None]], lang: str = "fr") -> None:
        self._send = send
        self.queue: asyncio.Queue[tuple[str, str] | None] = asyncio.Queue()
        self.lang = lang
        self.role: str | None = None
        self.code: str | None = None
        #: Seats this connection plays (several on a pass-and-play device).
        self.seats: tuple[int, ...] = ()
        #: Pass-and-play: the seat currently shown (None: privacy screen or public view).
        self.revealed: int | None = None
        #: Last HTML sent per slot, to send only what changed.
        self.slots: dict[str, str] = {}
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
