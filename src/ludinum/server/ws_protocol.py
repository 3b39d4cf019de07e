"""The WebSocket connection as ``ludinum serve`` runs it: uvicorn's sans-I/O protocol
(websockets' ``ServerProtocol``), with a direct way out for the frames of a game.

Through ASGI, every message the server sends is an ``await`` on its connection, so a
room's update woke one writer task per screen (a queue, a task switch and four layers of
``send`` for each phone). This protocol gives the app, in the ASGI scope's extensions
(:data:`SEND_NOW`), a plain function that writes text messages to the socket at once, in
one write, when it can: the connection is open and its transport is not holding back
(below its high-water mark). When it cannot, the function returns False and the caller
queues the messages for the connection's writer task as before
(:class:`ludinum.server.clients.Client`), which waits until the socket drains; a phone that
stops reading is still closed once its queue is full. Nothing else of uvicorn's protocol
changes (handshake, keep-alive pings, close, compression when ``LUDINUM_WS_COMPRESSION``
turns it on).

Reading pauses only when :data:`READ_AHEAD` messages wait for the app (uvicorn pauses the
socket after every message and resumes it when the app reads it: two changes of the event
loop's watch list per message a phone sends).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Request

#: The scope extension holding the direct send: ``send(texts) -> bool``.
SEND_NOW = "ludinum.send_now"
#: Messages received and not yet read by the app before the socket stops being read.
READ_AHEAD = 32

SendNow = Callable[[Sequence[str]], bool]


def send_now_of(scope: Mapping[str, Any]) -> SendNow | None:
    """The connection's direct send, if the server runs this protocol (tests may serve the
    app with uvicorn's own)."""
    extensions = scope.get("extensions") or {}
    found = extensions.get(SEND_NOW)
    return found if callable(found) else None


class DirectWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol with a direct send (module docstring)."""

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:  # accepted: the app's task has not started yet
            scope["extensions"][SEND_NOW] = self.send_now

    def send_now(self, texts: Sequence[str]) -> bool:
        """Write ``texts``, one message each, in one write now, if the connection is open
        and its transport takes more; False otherwise (nothing written: the caller queues
        them)."""
        if (not self.handshake_complete or self.close_sent or self.disconnected
                or self.initial_response is not None or not self.writable.is_set()
                or self.transport.is_closing()):
            return False
        for text in texts:
            self.conn.send_text(text.encode())
        self.transport.write(b"".join(self.conn.data_to_send()))
        return True

    def send_receive_event_to_app(self) -> None:
        # uvicorn's method pauses reading after each message unless reading is already
        # paused: it is told so, and reading pauses here only once READ_AHEAD wait
        # (uvicorn's ``receive`` resumes it when the app has read them all).
        was = self.read_paused
        self.read_paused = True
        super().send_receive_event_to_app()
        self.read_paused = was
        if not was and self.queue.qsize() >= READ_AHEAD:
            self.read_paused = True
            self.transport.pause_reading()
