"""Load benchmark of the service with simulated phones (not a test: prints figures).

Starts ``ludinum serve`` processes on loopback on the local PostgreSQL (a fresh schema) —
one process alone, or two behind nginx sharing Redis — then:

1. **play**: ROOMS rooms of Web Runners, one phone (a Python WebSocket client) and one bot
   each, the phone playing a random offered action as soon as its frame offers one; reports
   accepted actions/s (rows appended to the database in the window), p50/p99 latency from
   the phone's ``act`` to the update that includes it, connected phones;
2. **connections**: CONNECTIONS idle spectator sockets held open; reports how many are
   connected and the server memory per connection;
3. **idle rooms**: IDLE started rooms waiting for a human who is not connected; reports
   server memory (RSS) per idle room.

Usage: ``.venv/bin/python bench/load_phones.py --processes 1 --rooms 100 --seconds 20``
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import resource
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import websockets  # noqa: E402
from sqlalchemy import create_engine, text  # noqa: E402
from tests.scale import services  # noqa: E402
from tests.scale.phones import Phone, open_room, start_room  # noqa: E402

from ludinum.server.storage import normalise_url  # noqa: E402


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def count_actions(db: str) -> int:
    engine = create_engine(normalise_url(db))
    with engine.connect() as conn:
        n = int(conn.execute(text("SELECT count(*) FROM actions")).scalar_one())
    engine.dispose()
    return n


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def play(base: str, db: str, rooms: int, seconds: float) -> dict[str, Any]:
    sem = asyncio.Semaphore(20)

    async def one(i: int) -> Phone:
        async with sem:
            address = f"10.{i // 250 % 250}.{i % 250}.1"
            code, host, tokens = await open_room(base, "webrunners", 2, 1, address, seed=i)
            await start_room(base, code, host, address)
        return Phone(base, code, {"type": "hello", "role": "player", "token": tokens[0]},
                     address=address, rng=random.Random(i))

    phones = await asyncio.gather(*(one(i) for i in range(rooms)))
    warm = 3.0
    until = time.monotonic() + warm + seconds
    tasks = [asyncio.create_task(p.run(until)) for p in phones]
    await asyncio.sleep(warm)
    for p in phones:
        p.latencies.clear()
    before, t0 = count_actions(db), time.monotonic()
    await asyncio.sleep(seconds / 2)
    connected = sum(p.connected for p in phones)
    await asyncio.sleep(seconds / 2)
    after, t1 = count_actions(db), time.monotonic()
    await asyncio.gather(*tasks)
    lat = [x for p in phones for x in p.latencies]
    return {
        "rooms": rooms,
        "accepted_per_s": (after - before) / (t1 - t0),
        "phone_actions": len(lat),
        "p50_ms": 1000 * pct(lat, 0.5),
        "p99_ms": 1000 * pct(lat, 0.99),
        "mean_ms": 1000 * statistics.fmean(lat) if lat else float("nan"),
        "connected_phones": connected,
        "finished_games": sum(p.status == "finished" for p in phones),
    }


async def connections(base: str, pids: list[int], count: int) -> dict[str, Any]:
    code, _, _ = await open_room(base, "gnou", 2, 0, "10.250.0.1")
    before = sum(rss_kb(p) for p in pids)
    url = base.replace("http://", "ws://") + f"/ws/{code}"
    socks: list[Any] = []
    failed = 0
    sem = asyncio.Semaphore(200)

    async def open_one(i: int) -> None:
        nonlocal failed
        async with sem:
            try:
                ws = await websockets.connect(url, origin=base,  # type: ignore[arg-type]
                                              additional_headers={
                                                  "x-forwarded-for": f"10.{i // 250 % 250}"
                                                                     f".{i % 250}.9"},
                                              open_timeout=20)
                await ws.send('{"type":"hello","role":"spectator"}')
                await asyncio.wait_for(ws.recv(), 20)
                socks.append(ws)
            except Exception:
                failed += 1

    t0 = time.monotonic()
    await asyncio.gather(*(open_one(i) for i in range(count)))
    opened = time.monotonic() - t0
    await asyncio.sleep(1.0)
    after = sum(rss_kb(p) for p in pids)
    for ws in socks:
        with contextlib.suppress(Exception):
            await ws.close()
    return {"connections": len(socks), "failed": failed, "open_s": opened,
            "kb_per_connection": (after - before) / max(1, len(socks))}


async def idle_rooms(base: str, pids: list[int], count: int) -> dict[str, Any]:
    before = sum(rss_kb(p) for p in pids)
    sem = asyncio.Semaphore(20)

    async def one(i: int) -> None:
        async with sem:
            address = f"10.{i // 250 % 250}.{i % 250}.7"
            code, host, _ = await open_room(base, "hacker", 4, 1, address, seed=i)
            await start_room(base, code, host, address)

    await asyncio.gather(*(one(i) for i in range(count)))
    await asyncio.sleep(3.0)  # bots move until the human's turn
    after = sum(rss_kb(p) for p in pids)
    return {"idle_rooms": count, "kb_per_room_all_processes": (after - before) / count,
            "kb_per_room_per_process": (after - before) / count / len(pids)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--connections", type=int, default=0)
    parser.add_argument("--idle", type=int, default=0)
    args = parser.parse_args()
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    redis = services.REDIS_URL if args.processes > 1 else None
    tmp = Path(tempfile.mkdtemp(prefix="ludinum-load-"))
    with services.pg_schema() as db:
        channel = "ludinum:bench:" + uuid.uuid4().hex[:8]
        servers = [services.Serve(db, redis, channel, log=tmp / f"serve{i}.log").start()
                   for i in range(args.processes)]
        nginx = None
        try:
            if args.processes > 1:
                nginx = services.Nginx(tmp / "nginx", [s.port for s in servers]).start()
                base = nginx.url
            else:
                base = servers[0].url
            pids = [s.proc.pid for s in servers if s.proc is not None]
            print(f"processes={args.processes} base={base} (PostgreSQL"
                  f"{', Redis, nginx' if nginx else ''})")
            if args.rooms:
                print("play:", asyncio.run(play(base, db, args.rooms, args.seconds)))
            if args.idle:
                print("idle rooms:", asyncio.run(idle_rooms(base, pids, args.idle)))
            if args.connections:
                print("connections:", asyncio.run(connections(base, pids, args.connections)))
        finally:
            if nginx is not None:
                nginx.stop()
            for s in servers:
                s.stop()


if __name__ == "__main__":
    main()
