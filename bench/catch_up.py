"""What a process's event loop spends bringing a copy of a room that fell behind up to the
stored room (issue 19; not a test: prints figures). Needs the local PostgreSQL.

Two cluster hubs (two processes' worth, no Redis: the second hears nothing) on one
PostgreSQL schema; a Web Runners room of four people played MOVES random moves on the
first, then BEHIND more; the second, which loaded the room before those, catches up.
Reports, median of RUNS, the event loop's CPU time (``loop_ms``: ``time.thread_time`` on
the loop's thread, the reader threads' work excluded) and the whole process's
(``cpu_ms``) for the copy brought up with the moves it lacks (``follow``:
``ClusterHub._follow``), for the room rebuilt from its whole log in a reader thread
(``reload``: ``Hub._reload``), and for the same log replayed on the loop as ``_reload`` did
until 2026-11-29 (``reload_on_loop``).

Usage: ``PYTHONPATH=src .venv/bin/python bench/catch_up.py [--moves 600] [--behind 3]``
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.scale import services

from ludinum.server.catalog import Catalog
from ludinum.server.fanout import ClusterHub
from ludinum.server.leases import migrate_once
from ludinum.server.storage import Storage


async def play(hub: ClusterHub, code: str, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        room = hub.rooms[code]
        if not room.live:
            return
        seat = rng.choice(room.active())
        await hub.act(room, seat, rng.choice(room.state.legal_actions(seat)))


async def one(url: str, moves: int, behind: int, seed: int) -> dict[str, float]:
    hubs = []
    for _ in range(2):
        store = Storage(url)
        migrate_once(store)
        hubs.append(ClusterHub(store, Catalog.default(), None, bot_delay=0.0))
    a, b = hubs
    room, _ = await a.create_room("webrunners", 4, seed=seed)
    for seat in range(4):
        await a.join(room.code, f"Lynx {'abcd'[seat]}", seat=seat)
    await a.command(room, "start", {})
    rng = random.Random(seed)
    await play(a, room.code, moves, rng)
    out: dict[str, float] = {}
    for way in ("follow", "reload", "reload_on_loop"):
        await b.room(room.code)
        await play(a, room.code, behind, rng)
        began, cpu = time.thread_time(), time.process_time()
        if way == "follow":
            await b._follow(room.code)
        elif way == "reload":
            await b._reload(room.code)
        else:  # as _reload did before: the log read in a reader thread, replayed here
            loaded = await b.writer.read(b._read_room, room.code)
            assert loaded is not None
            b.rooms[room.code] = b._restore(*loaded)
        out[way + "_loop_ms"] = (time.thread_time() - began) * 1000
        out[way + "_cpu_ms"] = (time.process_time() - cpu) * 1000
        assert b.rooms[room.code].seq == a.rooms[room.code].seq
        b._forget(room.code)
    out["moves"] = a.rooms[room.code].seq
    for hub in hubs:
        await hub.close()
        hub.store.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=600)
    parser.add_argument("--behind", type=int, default=3)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    runs = []
    with services.pg_schema() as url:
        for i in range(args.runs):
            runs.append(asyncio.run(one(url, args.moves, args.behind, i + 1)))
            print({k: round(v, 2) for k, v in runs[-1].items()}, flush=True)
    print("median", {k: round(statistics.median(r[k] for r in runs), 2) for k in runs[0]})


if __name__ == "__main__":
    main()
