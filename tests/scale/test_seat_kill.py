"""``kill -9`` right after a bot's seat was given to a late pupil (issue 21 §2): the join
was acknowledged, so it is in the file; the server started again on it gives the pupil
the seat, and a seat the host offered stays offered."""

from __future__ import annotations

import asyncio
import json
import uuid
from pathlib import Path
from typing import Any

import websockets

from tests.scale import services
from tests.scale.phones import ahttp, open_room, start_room

ADDRESS = "10.9.0.1"


async def say(base: str, code: str, hello: dict[str, Any], *messages: dict[str, Any]
              ) -> list[dict[str, Any]]:
    """Connect, say hello then ``messages``, and return what came back before the pong."""
    url = base.replace("http://", "ws://") + f"/ws/{code}"
    got = []
    async with websockets.connect(url, origin=base,  # type: ignore[arg-type]
                                  additional_headers={"x-forwarded-for": ADDRESS}) as ws:
        for message in (hello, *messages, {"type": "ping"}):
            await ws.send(json.dumps(message))
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if message.get("type") == "pong":
                return got
            got.append(message)


def test_kill_9_after_a_seat_handover_keeps_the_pupil_in_the_seat(tmp_path: Path) -> None:
    db = str(tmp_path / "ludinum.sqlite3")
    channel = "ludinum:test:" + uuid.uuid4().hex[:8]
    server = services.Serve(db, None, channel, bot_delay=0.5,
                            log=tmp_path / "serve.log").start()

    async def before() -> tuple[str, str, str]:
        code, host, _tokens = await open_room(server.url, "webrunners", 4, 1, ADDRESS, seed=5)
        await start_room(server.url, code, host, ADDRESS)
        host_hello = {"type": "hello", "role": "host", "token": host}
        got = await say(server.url, code, host_hello, {"type": "offer", "seat": 1},
                        {"type": "offer", "seat": 2})
        assert not [m for m in got if m["type"] == "error"], got
        status, joined = await ahttp(server.url, "POST", f"/api/rooms/{code}/join",
                                     {"nickname": "Loutre", "seat": 1}, ADDRESS)
        assert status == 201, joined
        return code, host, str(joined["token"])

    try:
        code, _host, token = asyncio.run(before())
        server.kill()  # SIGKILL at once after the acknowledged join
    finally:
        server.stop()
    again = services.Serve(db, None, channel, bot_delay=0.5, log=tmp_path / "again.log").start()
    try:
        got = asyncio.run(say(again.url, code, {"type": "hello", "role": "player",
                                                "token": token}))
        welcome = next(m for m in got if m["type"] == "welcome")
        assert welcome["seats"] == [1], got
        seats = welcome["room"]["seats"]
        assert seats[1]["kind"] == "human" and seats[1]["name"] == "Loutre"
        assert not seats[1]["offered"] and seats[2]["kind"] == "bot" and seats[2]["offered"]
        status, joined = asyncio.run(ahttp(again.url, "POST", f"/api/rooms/{code}/join",
                                           {"nickname": "Autre", "seat": 2}, ADDRESS))
        assert status == 201, joined  # the other offer survived the kill too
    finally:
        again.stop()
