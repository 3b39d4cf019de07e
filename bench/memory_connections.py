"""Memory per WebSocket connection of one server process (issues 19 and 20; not a test:
prints figures).

Starts ``ludinum serve`` on loopback (SQLite file in a temporary folder, one process), then
from this process (another process than the server's, as a class's phones would be):

- **idle**: COUNT sockets that open and say nothing (before hello);
- **watching**: COUNT sockets that say hello as spectators of ROOMS rooms and stay.

Each is measured as the server's RSS growth divided by the sockets held, median of RUNS runs
(a fresh server for each). The sockets come from 127.0.0.1 with ``X-Forwarded-For``
addresses spread over 10.x (uvicorn trusts it from loopback), so the per-address limit of
the real service applies per simulated phone; the hello timeout is raised for the run.

Usage: ``PYTHONPATH=src .venv/bin/python bench/memory_connections.py [--count 10000]``
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(base: str, path: str, data: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(base + path, json.dumps(data).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        out: dict[str, Any] = json.loads(response.read())
        return out


async def hold(base: str, pid: int, count: int, codes: list[str], hello: bool
               ) -> dict[str, Any]:
    """Open ``count`` sockets (saying hello as spectators if ``hello``), measure, close."""
    ws_base = base.replace("http://", "ws://")
    socks: list[Any] = []
    failed = 0
    gate = asyncio.Semaphore(100)
    await asyncio.sleep(0.5)
    before = rss_kb(pid)

    async def one(i: int) -> None:
        nonlocal failed
        async with gate:
            try:
                ws = await connect(
                    f"{ws_base}/ws/{codes[i % len(codes)]}", origin=base,  # type: ignore[arg-type]
                    additional_headers={"x-forwarded-for": f"10.{i // 250 % 250}.{i % 250}.9"},
                    open_timeout=60, max_size=2**22, ping_interval=None, compression=None)
                if hello:
                    await ws.send('{"type":"hello","role":"spectator"}')
                    await asyncio.wait_for(ws.recv(), 60)  # the welcome
                    await asyncio.wait_for(ws.recv(), 60)  # the room's first frame
                socks.append(ws)
            except Exception:
                failed += 1

    started = time.monotonic()
    await asyncio.gather(*(one(i) for i in range(count)))
    opened = time.monotonic() - started
    await asyncio.sleep(2.0)
    after = rss_kb(pid)
    for ws in socks:
        with contextlib.suppress(Exception):
            await ws.close()
    return {"held": len(socks), "failed": failed, "open_s": opened,
            "kib_each": (after - before) / max(1, len(socks))}


def serve(folder: str, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "LUDINUM_HELLO_TIMEOUT": "600",
           "LUDINUM_ROOMS_BURST": "100000", "LUDINUM_MAX_CONNECTIONS": "100000"}
    return subprocess.Popen(
        [sys.executable, "-m", "ludinum", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--db", os.path.join(folder, "bench.sqlite3"), "--bot-delay", "0"],
        stdout=subprocess.DEVNULL, env=env)


def one_run(count: int, rooms: int, hello: bool) -> dict[str, Any]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        server = serve(folder, port)
        try:
            for _ in range(600):  # a busy machine may take a minute to start it
                try:
                    urllib.request.urlopen(base + "/api/games", timeout=5).read()
                    break
                except OSError:
                    time.sleep(0.2)
            codes = [str(post(base, "/api/rooms", {"game": "gnou", "players": 4})["code"])
                     for _ in range(rooms)]
            return asyncio.run(hold(base, server.pid, count, codes, hello))
        finally:
            server.terminate()
            server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--rooms", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", choices=("idle", "watching"))
    args = parser.parse_args()
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    for name, hello in (("idle", False), ("watching", True)):
        if args.only and args.only != name:
            continue
        runs = []
        for _ in range(args.runs):
            runs.append(one_run(args.count, args.rooms, hello))
            print(f"{name}: {runs[-1]['held']} held, {runs[-1]['failed']} failed, opened in "
                  f"{runs[-1]['open_s']:.1f} s, {runs[-1]['kib_each']:.1f} KiB each",
                  flush=True)
        print(f"{name}: median {statistics.median(r['kib_each'] for r in runs):.1f} KiB per "
              f"connection; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
