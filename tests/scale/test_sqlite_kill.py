"""``kill -9`` of the one SQLite server under play: with the group commit in its writer
thread, every action a phone saw acknowledged is in the file, and the same file serves
again at once (the kernel released the server's lock with the process)."""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from pathlib import Path

from tests.scale import services
from tests.scale.phones import Phone, ahttp, open_room, start_room
from tests.scale.test_deploy import check_log, public_moves

GAMES = ["webrunners", "webrunners", "hacker", "voleur"]


def test_kill_9_of_an_sqlite_server_under_play_loses_no_acknowledged_action(
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "ludinum.sqlite3")
    channel = "ludinum:test:" + uuid.uuid4().hex[:8]
    server = services.Serve(db, None, channel, log=tmp_path / "serve.log").start()

    async def run() -> list[tuple[str, Phone]]:
        games = []
        for i, game in enumerate(GAMES):
            players = 3 if game in ("hacker", "voleur") else 2
            address = f"10.7.{i}.1"
            code, host, tokens = await open_room(server.url, game, players, 1, address,
                                                 seed=40 + i)
            await start_room(server.url, code, host, address)
            games.append((code, Phone(server.url, code,
                                      {"type": "hello", "role": "player", "token": tokens[0]},
                                      address=f"10.8.{i}.2", rng=random.Random(i))))
        until = time.monotonic() + 5
        tasks = [asyncio.create_task(p.run(until)) for _, p in games]
        while sum(len(p.acked) for _, p in games) < 20 and time.monotonic() < until - 2:
            await asyncio.sleep(0.05)
        server.kill()  # SIGKILL, in the middle of the play
        await asyncio.gather(*tasks)
        return games

    try:
        games = asyncio.run(run())
    finally:
        server.stop()
    assert sum(len(p.acked) for _, p in games) >= 20, [p.errors[-2:] for _, p in games]
    for code, phone in games:
        check_log(db, code, [phone])
    again = services.Serve(db, None, channel, log=tmp_path / "again.log").start()
    try:
        for code, _phone in games:
            status, info = asyncio.run(ahttp(again.url, "GET", f"/api/rooms/{code}"))
            assert status == 200 and info["seq"] == public_moves(db, code)  # public moves only
    finally:
        again.stop()
