"""The WebSocket endpoint ``/ws/{code}``: one connection per page, messages to the hub."""

from __future__ import annotations

import asyncio
import contextlib
import json

from starlette.websockets import WebSocket, WebSocketDisconnect

from ludinum.server import i18n, limits, protocol, tokens
from ludinum.server.clients import Client
from ludinum.server.hub import Hub
from ludinum.server.ratelimit import RateLimit


async def endpoint(websocket: WebSocket) -> None:
    hub: Hub = websocket.app.state.hub
    limit: RateLimit = websocket.app.state.limit
    code = tokens.normalise_code(str(websocket.path_params.get("code", "")))
    if not limits.origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"),
                                 (websocket.app.state.public_url,)):
        await websocket.close(code=1008)  # another site's page: refused before the upgrade
        return
    await websocket.accept()
    messages = limits.MessageLimit()
    lang = i18n.pick(websocket.cookies.get("lang"))
    client = Client(websocket.send_text, lang)
    writer = asyncio.create_task(client.writer())
    address = websocket.client.host if websocket.client else "?"
    try:
        while not client.closed:
            text = await websocket.receive_text()
            if not messages.allow():
                if messages.exhausted:
                    break
                client.push(protocol.error(protocol.fail(
                    "rate_limited", "Trop de messages : ralentis.",
                    "Too many messages: slow down.")))
                continue
            if client.role is None:
                # The first message names the room: count it as a join attempt.
                if not limit.allow(address):
                    client.push(protocol.error(protocol.fail(
                        "rate_limited", "Trop d'essais : attends un peu.",
                        "Too many attempts: wait a little.")))
                    continue
                text = _with_room(text, code)
            await hub.handle(client, text)
    except WebSocketDisconnect:
        pass
    finally:
        hub.leave(client)
        await writer
        if not client.closed or websocket.client_state.name == "CONNECTED":
            with contextlib.suppress(RuntimeError):
                await websocket.close()


def _with_room(text: str, code: str) -> str:
    """A hello names the room of the URL (the client need not repeat it)."""
    try:
        message = protocol.parse(text)
    except protocol.ProtocolError:
        return text
    if message.get("type") == "hello":
        message["room"] = code
        return json.dumps(message)
    return text
