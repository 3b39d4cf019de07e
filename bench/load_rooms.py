"""Load benchmark of the classroom server (not a test): prints figures, asserts nothing.

Starts ``ludinum serve`` on loopback in a subprocess (SQLite file in a temporary folder),
then drives ROOMS concurrent rooms whose every seat is a scripted WebSocket client that
plays a random legal action as soon as its frame offers one (a "bot" on the client side, so
that every action travels the whole path: socket, engine, storage commit, fan-out of frames
to every seat and to a host screen). Reports:

- action-to-update latency (client sends ``act`` → receives the frame that includes it),
  p50 / p99;
- accepted actions per second over the run (the server's own counter);
- memory per idle room: the server's RSS growth for IDLE started rooms with no client.

Usage: ``.venv/bin/python bench/load_rooms.py [--rooms 50] [--seconds 20] [--game gnou]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(base: str, path: str, data: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(base + path, json.dumps(data).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        out: dict[str, Any] = json.loads(response.read())
        return out


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (from /proc)."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.errors = 0
        self.codes: dict[str, int] = {}
        self.games = 0


async def seat_client(base_ws: str, code: str, token: str, rng: random.Random, stats: Stats,
                      stop: float, done: asyncio.Event) -> None:
    async with connect(f"{base_ws}/ws/{code}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "role": "player", "token": token}))
        pending: tuple[float, int] | None = None
        seq = -1
        async for text in ws:
            message = json.loads(text)
            kind = message["type"]
            if kind == "error":
                stats.errors += 1
                code_ = str(message.get("code", "?"))
                stats.codes[code_] = stats.codes.get(code_, 0) + 1
                pending = None
            if kind != "update" and kind != "error":
                continue
            if kind == "update":
                seq = message["seq"]
                if pending is not None and seq > pending[1]:
                    stats.latencies.append(time.perf_counter() - pending[0])
                    stats.actions += 1
                    pending = None
                if message["status"] in ("finished", "ended"):
                    done.set()
                    return
            if done.is_set() or time.monotonic() > stop:
                return
            actions = message.get("actions") if kind == "update" else None
            if pending is None and actions:
                choice = actions[rng.randrange(len(actions))]
                pending = (time.perf_counter(), seq)
                await ws.send(json.dumps({"type": "act", "seat": choice["seat"],
                                          "action": choice["action"], "seq": seq}))


async def host_client(base_ws: str, code: str, token: str, done: asyncio.Event,
                      started: asyncio.Event) -> None:
    async with connect(f"{base_ws}/ws/{code}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "role": "host", "token": token}))
        await started.wait()
        await ws.send(json.dumps({"type": "start", "level": "random"}))
        while not done.is_set():
            try:
                await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue


async def room_loop(base: str, game: str, players: int, stats: Stats, stop: float,
                    seed: int) -> None:
    base_ws = base.replace("http://", "ws://")
    rng = random.Random(seed)
    while time.monotonic() < stop:
        room = await asyncio.to_thread(post, base, "/api/rooms",
                                       {"game": game, "players": players, "mode": "turns"})
        code, host_token = room["code"], room["host_token"]
        tokens = []
        for i in range(players):
            joined = await asyncio.to_thread(post, base, f"/api/rooms/{code}/join",
                                             {"nickname": f"Joueur {i + 1}"})
            tokens.append(joined["token"])
        done, started = asyncio.Event(), asyncio.Event()
        host = asyncio.create_task(host_client(base_ws, code, host_token, done, started))
        seats = [asyncio.create_task(seat_client(base_ws, code, t, rng, stats, stop, done))
                 for t in tokens]
        await asyncio.sleep(0.2)
        started.set()
        await asyncio.gather(*seats)
        done.set()
        await host
        stats.games += 1


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def load(base: str, args: argparse.Namespace, stats: Stats) -> float:
    stop = time.monotonic() + args.seconds
    start = time.monotonic()
    await asyncio.gather(*(room_loop(base, args.game, args.players, stats, stop, i)
                           for i in range(args.rooms)))
    return time.monotonic() - start


def idle_rooms(base: str, pid: int, game: str, players: int, count: int) -> float:
    time.sleep(1.0)
    before = rss_kb(pid)
    for _ in range(count):
        room = post(base, "/api/rooms", {"game": game, "players": players, "mode": "turns"})
        post(base, f"/api/rooms/{room['code']}/join", {"nickname": "Léa"})
    time.sleep(1.0)
    after = rss_kb(pid)
    return (after - before) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--game", default="gnou")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--idle", type=int, default=500)
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    folder = tempfile.mkdtemp(prefix="ludinum-bench-")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen(
        [sys.executable, "-m", "ludinum", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--db", os.path.join(folder, "bench.sqlite3"), "--bot-delay", "0",
         "--join-rate", "100000"],
        stdout=subprocess.DEVNULL, env=env)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/api/games", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        per_room = idle_rooms(base, server.pid, args.game, args.players, args.idle)
        stats = Stats()
        server_cpu = cpu_seconds(server.pid)
        client_cpu = time.process_time()
        elapsed = asyncio.run(load(base, args, stats))
        server_cpu = cpu_seconds(server.pid) - server_cpu
        client_cpu = time.process_time() - client_cpu
        lat = stats.latencies
        print(f"game {args.game}, {args.players} seats per room, {args.rooms} concurrent "
              f"rooms, {elapsed:.1f} s, server on 1 process (uvicorn, SQLite WAL)")
        print(f"accepted actions: {stats.actions} ({stats.actions / elapsed:.0f}/s), "
              f"games finished: {stats.games}, errors: {stats.errors} {stats.codes}")
        if lat:
            print(f"action-to-update latency: p50 {percentile(lat, 0.5) * 1000:.1f} ms, "
                  f"p99 {percentile(lat, 0.99) * 1000:.1f} ms, "
                  f"mean {statistics.fmean(lat) * 1000:.1f} ms")
        if stats.actions:
            print(f"CPU: server {server_cpu:.1f} s ({server_cpu / stats.actions * 1000:.2f} ms "
                  f"per accepted action, ceiling {stats.actions / server_cpu:.0f} actions/s "
                  f"per core), load clients {client_cpu:.1f} s")
        print(f"memory per idle room (RSS growth over {args.idle} started-less rooms with "
              f"one player): {per_room:.1f} KB")
        print(f"server RSS at the end: {rss_kb(server.pid) / 1024:.0f} MB")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
