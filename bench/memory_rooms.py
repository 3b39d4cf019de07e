"""Memory per idle room loaded from storage (issue 19; not a test: prints figures).

Fills an SQLite file with ROOMS started rooms (Hacker, 4 seats: one person who is not
connected and three bots that have played until it is the person's turn), then, in a fresh
process per run, loads them the way ``ludinum serve`` does at start (``Hub.load``) and
reports the growth of its RSS per room (``/proc``), median of RUNS runs; ``--sources`` adds
a run under ``tracemalloc`` with the largest sources of the Python allocations; ``--shown``
draws every room once for a host screen and its person's phone before measuring.

Usage: ``PYTHONPATH=src .venv/bin/python bench/memory_rooms.py [--rooms 2000] [--shown]``
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import tracemalloc
from pathlib import Path
from typing import Any

from ludinum.server import framecache, frames, leases
from ludinum.server.catalog import Catalog
from ludinum.server.clients import Client
from ludinum.server.hub import Hub
from ludinum.server.storage import Storage


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def nickname(i: int) -> str:
    """A nickname per room that the filter lets through (it refuses numbers that are hate
    codes, and words that spell insults)."""
    from ludinum.weblib import names

    for attempt in range(100):
        n = i * 100 + attempt
        candidate = "Lynx " + "".join("bdfgklmrstvz"[n // 12 ** k % 12] for k in range(4))
        try:
            return names.clean(candidate)
        except names.NicknameError:
            continue
    raise RuntimeError("no nickname found")


async def fill(db: str, rooms: int, game: str) -> None:
    """ROOMS started rooms whose bots have played up to the person's turn."""
    store = Storage(db)
    leases.migrate_once(store)
    hub = Hub(store, Catalog.default(), bot_delay=0.0)
    for i in range(rooms):
        room, _ = await hub.create_room(game, 4, seed=i + 1)
        await hub.join(room.code, nickname(i), seat=0)
        await hub.command(room, "start", {"level": "random"})
        for _ in range(2000):  # the bots play until a person must
            if not room.bot_turns() or not room.live:
                break
            await asyncio.sleep(0)
    await hub.close()


async def _nowhere(_text: str) -> None:
    return None


def show(hub: Hub) -> None:
    """Every room drawn once for a host screen and for its person's phone, then both gone
    (what a room that was shown and is now idle keeps: the fragments in the shared cache)."""
    for room in hub.rooms.values():
        cache = framecache.FrameCache(room, 0.0, hub.catalog.bot_levels(room.game.name))
        for role, seats in (("host", ()), ("player", (0,))):
            client = Client(_nowhere)
            client.role, client.code, client.seats = role, room.code, seats
            hub.clients.setdefault(room.code, set()).add(client)
            frames.encode(frames.build(client, cache, full=True) or {}, cache)
        for client in list(hub.clients.get(room.code, ())):
            hub.leave(client)  # the screens close, as the server sees it


def measure(db: str, trace: bool, shown: bool) -> dict[str, object]:
    """In this process: load every live room and say what it cost (RSS, or with ``trace``
    the Python allocations that stay, whose bookkeeping would swell the RSS)."""
    hub = Hub(Storage(db), Catalog.default(), bot_delay=0.0)
    gc.collect()
    before_rss = rss_kb()
    if trace:
        tracemalloc.start(1)
        start = tracemalloc.take_snapshot()
    loaded = hub.load()
    if shown:
        show(hub)
    gc.collect()
    moves = statistics.mean(r.seq for r in hub.rooms.values()) if hub.rooms else 0
    out: dict[str, object] = {"rooms": loaded, "moves": moves,
                              "rss_per_room_kb": (rss_kb() - before_rss) / max(loaded, 1)}
    if trace:
        after = tracemalloc.take_snapshot()
        traced = sum(s.size_diff for s in after.compare_to(start, "filename"))
        out["traced_per_room_kb"] = traced / 1024 / max(loaded, 1)
        out["top"] = [(str(s.traceback[0]), s.size_diff)
                      for s in after.compare_to(start, "lineno")[:12]]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--game", default="hacker")
    parser.add_argument("--measure", help=argparse.SUPPRESS)  # a run's own process
    parser.add_argument("--trace", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--sources", action="store_true",
                        help="then one run under tracemalloc: where the bytes go")
    parser.add_argument("--shown", action="store_true",
                        help="draw each room once for a host and its person's phone")
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.trace, args.shown)))
        return
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "rooms.sqlite3")
        asyncio.run(fill(db, args.rooms, args.game))
        runs = []
        for _ in range(args.runs):
            runs.append(run(db, False, args.shown))
            print(f"rooms {runs[-1]['rooms']} ({runs[-1]['moves']:.0f} moves each): "
                  f"RSS {runs[-1]['rss_per_room_kb']:.1f} KB per room", flush=True)
        print(f"median RSS {statistics.median(r['rss_per_room_kb'] for r in runs):.1f} KB per "
              f"room; load average {os.getloadavg()[0]:.1f}", flush=True)
        if args.sources:
            traced = run(db, True, args.shown)
            print(f"Python allocations {traced['traced_per_room_kb']:.1f} KB per room")
            for where, size in traced["top"]:
                print(f"  {size / 1024 / max(int(traced['rooms']), 1):7.2f} KB/room  {where}")


def run(db: str, trace: bool, shown: bool) -> dict[str, Any]:
    """One measurement in a fresh process."""
    command = [sys.executable, __file__, "--measure", db] + (["--trace"] if trace else []) \
        + (["--shown"] if shown else [])
    out = subprocess.run(command, check=True, capture_output=True, text=True,
                         env=os.environ).stdout
    result: dict[str, Any] = json.loads(out)
    return result


if __name__ == "__main__":
    main()
