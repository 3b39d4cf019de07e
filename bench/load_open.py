"""Open-loop load benchmark of one ``ludinum serve`` process (not a test: prints figures).

Unlike ``bench/load_phones.py`` (each phone waits for its reply before playing again, so a
slow server is offered less work), this generator sends actions at a fixed rate whatever
the server answers: the load a class would bring, not the load the server lets in.

ROOMS rooms of Web Runners with PHONES seats, every seat a phone (a WebSocket client, no
bots), and WATCHERS spectator sockets spread over the rooms (projectors). Every tick, the
actions due at RATE per second are sent round-robin over the rooms, each by a phone of the
room whose last frame offers an action (with the frame's ``seq``: a move made stale by
another one is refused as ``stale``; a room whose move is still in flight passes its
turn), as the page sends it: one ``act`` message a move. A phone's move is accepted when
its next update comes (its frames are numbered), refused when an error about it comes (a
refusal told after an update is counted as a refusal).
With ``--ping`` each ``act`` is followed by a ``ping`` with an id, and the move is counted
at its ``pong`` (everything about it arrives before): the generator of the figures up to
2026-12-05, whose load has one message in and one out a move more than a class's pages
bring (the page never pings). Reported for the measured window:

- ``accepted_per_s`` and ``refused_per_s`` (errors: stale, not your turn, rate limited…);
- ``p50/p95/p99/max_ms`` from the ``act`` to the update that shows it (accepted only);
- ``cpu_ms_per_action``: CPU time of the server process / accepted actions;
- ``no_offer_per_s``: sends skipped because no phone of any room had an action to offer
  (a room whose move is in flight passes its turn to the next one with a move).

Usage (median of 3 runs of 20 s; a fresh server, database and rooms for each run)::

    PYTHONPATH=src .venv/bin/python bench/load_open.py --db sqlite --rate 2000 \\
        --rooms 120 --phones 4 --watchers 30 --seconds 20 --runs 3
    PYTHONPATH=src .venv/bin/python bench/load_open.py --db postgresql ...
    PYTHONPATH=src .venv/bin/python bench/load_open.py --db postgresql --processes 2 ...

With ``--processes 2`` the server is the deployment of docs/deploy.md on loopback (nginx in
front, rooms pinned by code, Redis): CPU per action is the sum of the processes'.

With ``--cpu-quota 0.5`` each server process may use half a core at most (a Linux cgroup
of its own, CFS quota over a 10 ms period; needs root): on a machine whose two cores the
generator, nginx, PostgreSQL and Redis share with the servers, what one process carries
with half a core against what two carry with half a core each says whether the design
scales with processes, which their absolute figures there cannot::

    PYTHONPATH=src .venv/bin/python bench/load_open.py --db postgresql --cpu-quota 0.5 \
        --rate 1500 --rooms 240 ...
    PYTHONPATH=src .venv/bin/python bench/load_open.py --db postgresql --cpu-quota 0.5 \
        --processes 2 --rate 1500 --rooms 240 ...

Each room has one move in flight at a time: give two processes enough rooms (240) that
the CPU, not the number of rooms, sets the pace.

The generator runs on the same machine as the server: its own CPU use is reported too
(``client_cpu_s``), and the load average before each run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import websockets  # noqa: E402
from tests.scale import services  # noqa: E402
from tests.scale.phones import open_room, start_room  # noqa: E402

TICK = 0.005


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sent_bytes(port: int) -> int:
    """TCP bytes the server sent on its port's connections (``ss``, kernel counters): what
    went on the wire, compressed or not."""
    import re
    import subprocess

    out = subprocess.run(["ss", "-tinH", "state", "established", f"( sport = :{port} )"],
                         capture_output=True, text=True, check=False).stdout
    return sum(int(n) for n in re.findall(r"bytes_sent:(\d+)", out))


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Stats:
    accepted: int = 0
    refused: int = 0
    no_offer: int = 0
    sent: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    received_bytes: int = 0

    def reset(self) -> None:
        self.accepted = self.refused = self.no_offer = self.sent = self.received_bytes = 0
        self.latencies.clear()
        self.errors.clear()


@dataclass
class OpenPhone:
    """One seat's socket: remembers its last frame and its actions awaiting their pong."""

    ws: Any
    stats: Stats
    seq: int = 0
    offers: list[dict[str, Any]] = field(default_factory=list)
    status: str = ""
    #: Each ``act`` followed by a ``ping`` (``--ping``), the move counted at its ``pong``.
    ping: bool = False
    #: ping id -> [sent at, seq it makes, update seen at, refused]
    pending: dict[int, list[Any]] = field(default_factory=dict)
    #: Without pings: the last move sent, [sent at, seq it makes, latency counted or None]
    #: (one move per frame: a phone has one move in flight at a time).
    last: list[Any] | None = None

    async def send_act(self, tag: int, rng: random.Random) -> None:
        choice = self.offers[rng.randrange(len(self.offers))]
        if self.ping:
            self.pending[tag] = [time.monotonic(), self.seq + 1, None, False]
        else:
            self.last = [time.monotonic(), self.seq + 1, None]
        self.offers = []  # one move per frame: the next one comes with the next frame
        await self.ws.send(json.dumps({"type": "act", "seat": choice["seat"],
                                       "action": choice["action"], "seq": self.seq}))
        if self.ping:
            await self.ws.send(json.dumps({"type": "ping", "id": tag}))

    def _seen(self, now: float) -> None:
        """An update came: the move in flight that it (or a later one) shows is done."""
        last = self.last
        if last is not None and last[2] is None and self.seq >= last[1]:
            last[2] = now - last[0]
            self.stats.accepted += 1
            self.stats.latencies.append(last[2])

    def _refused(self, code: str) -> None:
        self.stats.errors[code] = self.stats.errors.get(code, 0) + 1
        if self.ping:
            if self.pending:
                self.pending[min(self.pending)][3] = True
            return
        last, self.last = self.last, None
        if last is None:
            return
        if last[2] is not None:  # counted at an update another move made meanwhile
            with contextlib.suppress(ValueError):  # (not if counted before the window)
                self.stats.latencies.remove(last[2])
                self.stats.accepted -= 1
        self.stats.refused += 1

    async def read(self) -> None:
        with contextlib.suppress(websockets.exceptions.WebSocketException):
            async for text in self.ws:
                self.stats.received_bytes += len(text)
                message = json.loads(text)
                kind = message.get("type")
                if kind == "update":
                    self.seq = int(message.get("seq", self.seq))
                    self.status = str(message.get("status", self.status))
                    self.offers = list(message.get("actions") or [])
                    now = time.monotonic()
                    for item in self.pending.values():
                        if item[2] is None and self.seq >= item[1]:
                            item[2] = now
                    self._seen(now)
                elif kind == "error" and message.get("about") == "act":
                    self._refused(str(message.get("code")))
                elif kind == "pong" and message.get("id") in self.pending:
                    sent, _seq, seen, refused = self.pending.pop(message["id"])
                    if refused:
                        self.stats.refused += 1
                    else:
                        self.stats.accepted += 1
                        self.stats.latencies.append((seen or time.monotonic()) - sent)


async def drain(ws: Any, stats: Stats) -> None:
    with contextlib.suppress(websockets.exceptions.WebSocketException):
        async for text in ws:
            stats.received_bytes += len(text)


async def connect(base: str, code: str, hello: dict[str, Any], address: str) -> Any:
    ws = await websockets.connect(
        base.replace("http://", "ws://") + f"/ws/{code}", origin=base,  # type: ignore[arg-type]
        additional_headers={"x-forwarded-for": address}, open_timeout=30, max_size=2**22)
    await ws.send(json.dumps(hello))
    return ws


async def run_load(base: str, pids: list[int], args: argparse.Namespace) -> dict[str, Any]:
    port = int(base.rsplit(":", 1)[1])
    stats = Stats()
    sem = asyncio.Semaphore(16)
    rooms: list[list[OpenPhone]] = []
    sockets: list[Any] = []

    async def one(i: int) -> None:
        async with sem:
            address = f"10.{i // 250 % 250}.{i % 250}.1"
            code, host, tokens = await open_room(base, "webrunners", args.phones, args.phones,
                                                 address, seed=i)
            await start_room(base, code, host, address)
            phones = []
            for k, token in enumerate(tokens):
                ws = await connect(base, code, {"type": "hello", "role": "player",
                                                "token": token}, f"10.{i % 250}.{k}.2")
                phones.append(OpenPhone(ws, stats, ping=args.ping))
                sockets.append(ws)
            rooms.append(phones)
            codes.append(code)

    codes: list[str] = []
    await asyncio.gather(*(one(i) for i in range(args.rooms)))
    readers = [asyncio.create_task(p.read()) for phones in rooms for p in phones]
    for w in range(args.watchers):
        ws = await connect(base, codes[w % len(codes)], {"type": "hello", "role": "spectator"},
                           f"10.251.{w % 250}.3")
        sockets.append(ws)
        readers.append(asyncio.create_task(drain(ws, stats)))
    await asyncio.sleep(1.0)

    rng = random.Random(5)
    tag = 0
    turn = 0

    async def send_for(seconds: float) -> None:
        nonlocal tag, turn
        start = time.monotonic()
        while (now := time.monotonic()) - start < seconds:
            # The schedule is absolute: sends a late tick missed go out at once.
            target = int((now - start) * args.rate)
            while stats.sent < target:
                stats.sent += 1
                # The next room with a move to offer: a room whose last move is still in
                # flight passes its turn (skipped until 2026-12-05, which sent less
                # than the rate by 0.3–2 % at 2,000/s).
                for _ in range(len(rooms)):
                    phones = rooms[turn % len(rooms)]
                    turn += 1
                    ready = [p for p in phones if p.offers and p.status == "playing"]
                    if ready:
                        break
                else:
                    stats.no_offer += 1
                    continue
                tag += 1
                with contextlib.suppress(websockets.exceptions.WebSocketException):
                    await ready[rng.randrange(len(ready))].send_act(tag, rng)
            await asyncio.sleep(TICK)

    await send_for(args.warmup)
    stats.reset()
    load = os.getloadavg()
    cpu0, client0, t0 = sum(map(cpu_seconds, pids)), time.process_time(), time.monotonic()
    wrote0 = sent_bytes(port)
    await send_for(args.seconds)
    cpu1, client1, t1 = sum(map(cpu_seconds, pids)), time.process_time(), time.monotonic()
    wrote1 = sent_bytes(port)
    elapsed = t1 - t0
    lat = stats.latencies
    result = {
        "rate": args.rate,
        "processes": len(pids),
        "accepted_per_s": round(stats.accepted / elapsed, 1),
        "refused_per_s": round(stats.refused / elapsed, 1),
        "no_offer_per_s": round(stats.no_offer / elapsed, 1),
        "p50_ms": round(1000 * pct(lat, 0.5), 1),
        "p95_ms": round(1000 * pct(lat, 0.95), 1),
        "p99_ms": round(1000 * pct(lat, 0.99), 1),
        "max_ms": round(1000 * max(lat), 1) if lat else float("nan"),
        "cpu_ms_per_action": round(1000 * (cpu1 - cpu0) / max(1, stats.accepted), 3),
        "server_cpu_share": round((cpu1 - cpu0) / elapsed, 2),
        "client_cpu_s": round(client1 - client0, 1),
        "received_kb_per_s": round(stats.received_bytes / elapsed / 1024, 1),
        "wire_kb_per_action": round((wrote1 - wrote0) / 1024
                                              / max(1, stats.accepted), 2),
        "errors": dict(stats.errors),
        "ping": args.ping,
        "load_before": [round(x, 2) for x in load],
    }
    for ws in sockets:
        with contextlib.suppress(Exception):
            await ws.close()
    for task in readers:
        task.cancel()
    return result


#: The CFS period of ``--cpu-quota`` (µs): short, so that a process over its share waits
#: a few milliseconds at a time, not up to the default period's 100 ms.
QUOTA_PERIOD_US = 10_000


@contextlib.contextmanager
def cpu_quota(pids: list[int], cores: float | None) -> Iterator[None]:
    """Each of ``pids`` (all its threads) in a cgroup of its own that may use ``cores`` of
    a core at most, for the duration (cgroup v1's ``cpu`` controller, else v2's)."""
    if cores is None:
        yield
        return
    v1 = Path("/sys/fs/cgroup/cpu")
    root = v1 if (v1 / "cpu.cfs_quota_us").exists() else Path("/sys/fs/cgroup")
    made = []
    try:
        for pid in pids:
            group = root / f"ludinum-bench-{pid}"
            group.mkdir()
            made.append(group)
            quota = int(cores * QUOTA_PERIOD_US)
            if root == v1:
                (group / "cpu.cfs_period_us").write_text(str(QUOTA_PERIOD_US))
                (group / "cpu.cfs_quota_us").write_text(str(quota))
            else:
                (group / "cpu.max").write_text(f"{quota} {QUOTA_PERIOD_US}")
            (group / "cgroup.procs").write_text(str(pid))
        yield
    finally:
        for group in made:
            with contextlib.suppress(OSError):
                for pid in (group / "cgroup.procs").read_text().split():
                    (root / "cgroup.procs").write_text(pid)  # back where it came from
                group.rmdir()


@contextlib.contextmanager
def database(kind: str, tmp: Path) -> Iterator[str]:
    if kind == "sqlite":
        yield str(tmp / "ludinum.sqlite3")
    else:
        with services.pg_schema() as url:
            yield url


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--rate", type=float, default=2000.0)
    parser.add_argument("--rooms", type=int, default=120)
    parser.add_argument("--phones", type=int, default=4)
    parser.add_argument("--watchers", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--ping", action="store_true",
                        help="follow each act with a ping and count the move at its pong "
                             "(the generator of the figures up to 2026-12-05: one message "
                             "in and out a move more than the page sends)")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes; more than 1: PostgreSQL, Redis and nginx "
                             "(deploy/nginx.conf.template, rooms pinned by code)")
    parser.add_argument("--cpu-quota", type=float, default=None, metavar="CORES",
                        help="the share of a core each server process may use at most "
                             "(a cgroup each, needs root): scaling with processes on a "
                             "machine whose cores the rest of the set-up shares")
    args = parser.parse_args()
    if args.processes > 1 and args.db != "postgresql":
        parser.error("--processes > 1 needs --db postgresql")
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT / "src"), os.environ.get("PYTHONPATH", "")) if p)
    results = []
    for run in range(args.runs):
        tmp = Path(tempfile.mkdtemp(prefix="ludinum-open-"))
        with database(args.db, tmp) as db:
            redis = services.need_redis() if args.processes > 1 else None
            channel = "ludinum:bench:" + uuid.uuid4().hex[:8]
            servers = [services.Serve(db, redis, channel, log=tmp / f"serve{i}.log").start()
                       for i in range(args.processes)]
            nginx = (services.Nginx(tmp / "nginx", [s.port for s in servers]).start()
                     if args.processes > 1 else None)
            try:
                pids = [s.proc.pid for s in servers if s.proc is not None]
                base = nginx.url if nginx is not None else servers[0].url
                with cpu_quota(pids, args.cpu_quota):
                    result = asyncio.run(run_load(base, pids, args))
                result["cpu_quota"] = args.cpu_quota
            finally:
                if nginx is not None:
                    nginx.stop()
                for server in servers:
                    server.stop()
        print(f"run {run + 1} ({args.db}):", json.dumps(result), flush=True)
        results.append(result)
    if len(results) > 1:
        keys = ["accepted_per_s", "refused_per_s", "p50_ms", "p95_ms", "p99_ms", "max_ms",
                "cpu_ms_per_action"]
        print("median:", json.dumps({k: statistics.median(r[k] for r in results)
                                     for k in keys}))


if __name__ == "__main__":
    main()
