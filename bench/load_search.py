"""Phones' latency while tables of search bots think (not a test: prints figures).

A class where some tables play against the strongest bots: their searches (ISMCTS, about
0.3 s of CPU a move) run beside the event loop that serves every phone. This measures what
they cost the others: one ``ludinum serve`` process (SQLite), SEARCH rooms of Hacker whose
every seat is a bot at LEVEL, each watched by a spectator (a room's bots play only while a
screen is connected), and PHONES rooms of Web Runners whose 4 seats are phones playing a
random offered action as soon as their frame offers one (closed loop, ``tests/scale``).
Reported over the measured window: the phones' act→update latency p50/p95/p99/max, their
actions per second, and the bot moves the search rooms made.

Usage (``--bot-delay`` is the server's, 0.8 s by default as in ``ludinum serve``)::

    PYTHONPATH=src .venv/bin/python bench/load_search.py --search 0 --phones 10
    PYTHONPATH=src .venv/bin/python bench/load_search.py --search 8 --phones 10
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
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
from tests.scale import services  # noqa: E402
from tests.scale.phones import Phone, ahttp, open_room, start_room  # noqa: E402


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def watch(base: str, code: str, until: float, address: str) -> None:
    """A spectator of room ``code`` until ``until``: its bots play while it is there."""
    url = base.replace("http://", "ws://") + f"/ws/{code}"
    with contextlib.suppress(OSError, websockets.exceptions.WebSocketException):
        async with websockets.connect(url, origin=base,  # type: ignore[arg-type]
                                      additional_headers={"x-forwarded-for": address},
                                      max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "role": "spectator"}))
            while time.monotonic() < until:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(ws.recv(), timeout=0.5)


async def seq_of(base: str, code: str) -> int:
    _, info = await ahttp(base, "GET", f"/api/rooms/{code}", None, "10.0.9.1")
    return int(info.get("seq", 0))


async def run(base: str, args: argparse.Namespace) -> dict[str, Any]:
    searching = []
    for i in range(args.search):
        code, host, _ = await open_room(base, "hacker", 5, 0, f"10.1.{i}.1", seed=i)
        await start_room(base, code, host, f"10.1.{i}.1", level=args.level)
        searching.append(code)
    phones: list[Phone] = []
    for i in range(args.phones):
        address = f"10.2.{i}.1"
        code, host, tokens = await open_room(base, "webrunners", 4, 4, address, seed=i)
        phones += [Phone(base, code, {"type": "hello", "role": "player", "token": t},
                         address=f"10.2.{i}.{2 + s}", rng=random.Random(i * 10 + s))
                   for s, t in enumerate(tokens)]
        await start_room(base, code, host, address)
    until = time.monotonic() + args.warmup + args.seconds
    tasks = [asyncio.create_task(watch(base, c, until, f"10.3.{i}.1"))
             for i, c in enumerate(searching)]
    tasks += [asyncio.create_task(p.run(until)) for p in phones]
    await asyncio.sleep(args.warmup)
    for p in phones:
        p.latencies.clear()
    before = [await seq_of(base, c) for c in searching]
    started = time.monotonic()
    await asyncio.gather(*tasks)
    elapsed = time.monotonic() - started
    after = [await seq_of(base, c) for c in searching]
    latencies = [x * 1000 for p in phones for x in p.latencies]
    moves = sum(a - b for a, b in zip(after, before, strict=True))
    return {
        "search_rooms": args.search,
        "level": args.level,
        "phone_rooms": args.phones,
        "phone_actions_per_s": round(len(latencies) / elapsed, 1),
        "p50_ms": round(pct(latencies, 0.50), 1),
        "p95_ms": round(pct(latencies, 0.95), 1),
        "p99_ms": round(pct(latencies, 0.99), 1),
        "max_ms": round(max(latencies, default=float("nan")), 1),
        "bot_moves_per_s": round(moves / elapsed, 1),
        "load_average": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--search", type=int, default=8, help="rooms of search bots")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--phones", type=int, default=10, help="rooms of 4 phones")
    parser.add_argument("--bot-delay", type=float, default=0.8)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT / "src"), os.environ.get("PYTHONPATH", "")) if p)
    results = []
    for number in range(args.runs):
        tmp = Path(tempfile.mkdtemp(prefix="ludinum-search-"))
        server = services.Serve(str(tmp / "ludinum.sqlite3"), None,
                                "ludinum:bench:" + uuid.uuid4().hex[:8],
                                bot_delay=args.bot_delay, log=tmp / "serve.log").start()
        try:
            result = asyncio.run(run(server.url, args))
        finally:
            server.stop()
        print(f"run {number + 1}:", json.dumps(result), flush=True)
        results.append(result)
    if len(results) > 1:
        keys = ["phone_actions_per_s", "p50_ms", "p95_ms", "p99_ms", "max_ms",
                "bot_moves_per_s"]
        print("median:", json.dumps({k: statistics.median(r[k] for r in results)
                                     for k in keys}))


if __name__ == "__main__":
    main()
