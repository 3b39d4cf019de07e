"""How soon a restarted server answers, with many games under way (issue 19; not a test:
prints figures).

Fills an SQLite file with ROOMS Web Runners rooms of four people, each played MOVES random
legal moves (a class's tables in mid-game when the server died), then starts
``ludinum serve`` on it RUNS times and reports, median of the runs:

- ``first_answer_s``: from the process's start to its first answer to ``GET /`` (what a
  teacher reloading the page waits for after a restart);
- ``last_room_s``: to the first answer to the watch page of the room stored last;
- ``all_rooms_s``: to the answer of the last room's watch page, asked for one after the
  other in the order stored, after the first answer (every table of the class back).

Usage: ``PYTHONPATH=src .venv/bin/python bench/startup.py [--rooms 120] [--moves 300]``
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from ludinum.server import leases
from ludinum.server.catalog import Catalog
from ludinum.server.hub import Hub
from ludinum.server.rooms import LIVE_STATUSES
from ludinum.server.storage import Storage


async def fill(db: str, rooms: int, moves: int) -> list[str]:
    store = Storage(db)
    leases.migrate_once(store)
    hub = Hub(store, Catalog.default(), bot_delay=0.0)
    codes = []
    for i in range(rooms):
        room, _ = await hub.create_room("webrunners", 4, seed=i + 1)
        for seat in range(4):
            await hub.join(room.code, f"Lynx {'abcdefghij'[seat]}{'klmnopqrst'[i % 10]}",
                           seat=seat)
        await hub.command(room, "start", {})
        rng = random.Random(i)
        for _ in range(moves):
            if not room.live:
                break
            seat = rng.choice(room.active())
            await hub.act(room, seat, rng.choice(room.state.legal_actions(seat)))
        codes.append(room.code)
    await hub.close()
    store.close()
    return codes


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=30) as reply:
            return bool(reply.status == 200)
    except OSError:
        return False


def one_run(db: str, codes: list[str]) -> dict[str, float]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = Path(tempfile.mkstemp(suffix=".log")[1]).open("w")  # noqa: SIM115 (closed below)
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "ludinum", "serve", "--db", db, "--host", "127.0.0.1",
         "--port", str(port), "--public-url", base],
        stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "LANG": "C.UTF-8"})
    out: dict[str, float] = {}
    try:
        while not answers(base + "/"):
            if proc.poll() is not None:
                raise RuntimeError(Path(log.name).read_text())
            time.sleep(0.01)
        out["first_answer_s"] = time.perf_counter() - start
        if not answers(f"{base}/watch/{codes[-1]}"):
            raise RuntimeError(f"the room {codes[-1]} did not answer")
        out["last_room_s"] = time.perf_counter() - start
        for code in codes:
            if not answers(f"{base}/watch/{code}"):
                raise RuntimeError(f"the room {code} did not answer")
        out["all_rooms_s"] = time.perf_counter() - start
    finally:
        proc.terminate()
        proc.wait()
        log.close()
        Path(log.name).unlink()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=120)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--db", help="an SQLite file filled by an earlier run (its rooms "
                        "are used as they are), or filled now and kept")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or str(Path(folder) / "rooms.sqlite3")
        if Path(db).exists():
            codes = [row.code for row in Storage(db).rooms_with_status(LIVE_STATUSES)]
        else:
            codes = asyncio.run(fill(db, args.rooms, args.moves))
        runs = [one_run(db, codes) for _ in range(args.runs)]
        for run in runs:
            print({k: round(v, 3) for k, v in run.items()}, flush=True)
        print({k: round(statistics.median(r[k] for r in runs), 3) for k in runs[0]},
              f"load average {os.getloadavg()[0]:.1f}", flush=True)


if __name__ == "__main__":
    main()
