"""The WebSocket endpoint ``/ws/{code}``: one connection per page, messages to the hub.

A connection is refused when its address already holds :data:`limits.MAX_CONNECTIONS`, and
closed when it has not said hello within the hello timeout, when its hello is refused (the
page retries with a growing delay), when it floods, or when it stops reading what it is
sent (see :mod:`clients`); a page reconnects and gets the whole room again. A path's
code that cannot be one is refused by name at once (:func:`refuse_code`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from ludinum.server import limits, protocol, tokens
from ludinum.server.api import GUESSES, bad_code, too_many
from ludinum.server.clients import Client
from ludinum.server.hub import Hub
from ludinum.server.ws_protocol import send_now_of
from ludinum.weblib import i18n
from ludinum.weblib.ratelimit import RateLimit, address_of

#: Close codes: the server is refusing for now (try again later), and a policy refusal.
TRY_LATER = 1013
POLICY = 1008
#: A close: its code and its reason (the refusal's code, for a script; the page reads the
#: error sent before it).
Close = tuple[int, str]
#: Refused hellos that trying again cannot mend: the connection closes for good (1008).
FOR_GOOD = frozenset({"bad_token", "unknown_room", "bad_role", "bad_message"})
#: Seconds to wait for the close frame to go out (a phone that does not read may never).
CLOSE_WAIT = 5.0


async def endpoint(websocket: WebSocket) -> None:
    code = tokens.normalise_code(str(websocket.path_params.get("code", "")))
    if not limits.origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"),
                                 (websocket.app.state.public_url,)):
        await websocket.close(code=POLICY)  # another site's page: refused before the upgrade
        return
    connections: limits.Connections = websocket.app.state.connections
    address = address_of(websocket)
    place = connections.open(address)
    if place is None:
        await websocket.close(code=TRY_LATER)
        return
    try:
        if tokens.looks_like_code(code):
            await _serve(websocket, code, place)
        else:
            await refuse_code(websocket, code)
    finally:
        connections.close(place)


async def refuse_code(websocket: WebSocket, code: str) -> None:
    """``/ws/<code>`` with a code that cannot be one (another length, a letter no code
    has): answered at once as the pages answer it, ``bad_code`` naming at most 12
    characters of it, then closed for good (1008, reason ``bad_code``: the page stops
    trying, app.js). No room has such a code: nothing is looked up, no hello awaited, and
    no limiter counts it as a guess (``api.guessing``)."""
    said = json.dumps(protocol.error(bad_code(code)), ensure_ascii=False,
                      separators=(",", ":"))
    await websocket.accept()
    with contextlib.suppress(RuntimeError, TimeoutError, WebSocketDisconnect):
        await asyncio.wait_for(websocket.send_text(said), CLOSE_WAIT)
        await asyncio.wait_for(websocket.close(code=POLICY, reason="bad_code"), CLOSE_WAIT)


async def _serve(websocket: WebSocket, code: str, place: limits.Place) -> None:
    hub: Hub = websocket.app.state.hub
    await websocket.accept()
    client = Client(websocket.send_text, i18n.lang_of(websocket),
                    send_now_of(websocket.scope))
    writer = asyncio.create_task(client.writer())
    client.on_behind = writer.cancel  # a writer stuck sending to a phone that does not read
    reader = asyncio.create_task(_read(websocket, hub, client, code, place))
    place.on_evict = client.close  # a crowd of its address made room (limits.Connections)
    if place.evicted:
        client.close()
    close: Close = (1000, "")
    try:
        await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
        if place.evicted:
            close = (TRY_LATER, "rate_limited")  # the page comes back later
        elif client.overflowed:
            close = (TRY_LATER, "behind")  # fell behind: the page reconnects and resyncs
        elif reader.done():
            close = reader.result()
    finally:
        reader.cancel()
        hub.leave(client)
        for task in (reader, writer):
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await close_quietly(websocket, *close)


async def close_quietly(websocket: WebSocket, code: int, reason: str = "") -> None:
    """Close with ``code`` if the socket is still open. A phone that went away meanwhile
    (its close frame cannot be sent: ``WebSocketDisconnect``), or one that never reads
    it, is simply gone: nothing to log."""
    if websocket.client_state.name == "CONNECTED":
        with contextlib.suppress(RuntimeError, TimeoutError, WebSocketDisconnect):
            await asyncio.wait_for(websocket.close(code=code, reason=reason), CLOSE_WAIT)


async def _receive(websocket: WebSocket) -> str | bytes:
    """The next message: its text, or the bytes of a binary frame, which the protocol
    answers with ``bad_json`` (JSON text expected) like any unreadable message, rather than
    the connection breaking with an error in the log."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    return text if text is not None else bytes(message.get("bytes") or b"")


async def _read(websocket: WebSocket, hub: Hub, client: Client, code: str,
                place: limits.Place) -> Close:
    """Receive until the connection ends; returns the close to send."""
    address = place.address
    limit: RateLimit = websocket.app.state.limit
    timeout: float = websocket.app.state.hello_timeout
    messages = limits.MessageLimit()
    address_messages: limits.AddressMessages = websocket.app.state.address_messages
    hellos: limits.AddressHellos = websocket.app.state.address_hellos
    loop = asyncio.get_running_loop()
    hello_by = loop.time() + timeout
    try:
        while not client.closed:
            if client.role is None:
                try:
                    async with asyncio.timeout_at(hello_by):
                        text = await _receive(websocket)
                except TimeoutError:
                    return POLICY, "no_hello"  # no hello in time: an idle socket costs a file
            else:
                text = await _receive(websocket)
            paced = messages.allow()
            # Past its address's budget, a socket at a person's pace is still answered.
            if not paced or not (address_messages.allow(address) or messages.gentle):
                if paced:  # this socket's pace was fine: its address's budget ran out
                    messages.refuse()
                if messages.exhausted:
                    return POLICY, "rate_limited"
                client.push(protocol.error(protocol.fail(
                    "rate_limited", "Trop de messages : ralentis.",
                    "Too many messages: slow down.")))
                continue
            if client.role is None:
                refused = await _before_hello(hub, client, limit, hellos, place, text,
                                              code)
                if refused is not None:
                    return refused
                continue
            await hub.handle(client, text)
    except WebSocketDisconnect:
        pass
    return 1000, ""


async def _before_hello(hub: Hub, client: Client, limit: RateLimit,
                        hellos: limits.AddressHellos, place: limits.Place,
                        text: str | bytes, code: str) -> Close | None:
    """A message before the hello. A refused hello closes the connection (the page tries
    again later); a wrong room code or token counts as a guess against the address, a
    valid one counts nothing (a class behind one address reconnects at once). While the
    address is blocked for guessing, a hello holding a key of its room still comes in (one
    pupil guessing codes must not keep the class's phones from reconnecting); any other
    is told to wait, whatever it holds, so the answer tells a guesser nothing."""
    address = place.address
    text, is_hello = _with_room(text, code)
    key: str | None = None
    if is_hello:
        # Each hello draws its room: a reconnect loop is held to its key's pace, or its
        # address's when it holds no key (limits.AddressHellos: one pupil's script does
        # not lock out the school behind the same address).
        key = await hub.hello_key(code, _fields(text))
        if not hellos.allow(address, key) or (key is None and limit.blocked(address)):
            client.push(protocol.error(too_many(), "hello"))
            return TRY_LATER, "rate_limited"
    client.last_error = None
    await hub.handle(client, text)
    if client.role is not None:
        place.key = key or ""  # the crowd it joins (limits.Connections)
    if not is_hello or client.role is not None:
        return None
    if client.last_error in GUESSES:
        limit.failed(address)
    # A wrong token or a room that does not exist (never made, or deleted at the end of its
    # retention) will not come right by trying again: the page stops (a tab left open on a
    # deleted room would otherwise spend its school address's guesses every few seconds).
    # Nor will a hello of the wrong shape (an unknown role, a key of the wrong type, a
    # language the server does not speak): it was told to try again later (1013), and a
    # script said it again and again. Anything else (storage down) may come right later.
    refusal = client.last_error or ""
    return (POLICY if refusal in FOR_GOOD else TRY_LATER), refusal


def _fields(text: str | bytes) -> dict[str, Any]:
    """A hello's fields, none when it is refused as it stands."""
    try:
        return protocol.parse(text)
    except protocol.ProtocolError:
        return {}


def _with_room(text: str | bytes, code: str) -> tuple[str | bytes, bool]:
    """A hello names the room of the URL (the client need not repeat it). A hello refused
    as it stands (a field of too many) is still a hello: its refusal closes the socket,
    which waited for the hello's time limit."""
    try:
        message = protocol.parse(text)
    except protocol.ProtocolError:
        return text, protocol.type_of(text) == "hello"
    if message.get("type") == "hello":
        message["room"] = code
        return json.dumps(message), True
    return text, False
