"""What an update costs to build and send, per game (issue 19; not a test: prints figures).

Plays GAMES random games of each registered game in one process (no sockets), each room
with its seats' phones, a host screen and WATCHERS spectators, and after every action fans
the update out as the hub does (``frames.fan_out``). Reports, per game, medians over every
update of every run (RUNS runs):

- **diff**: the bytes of the frame a phone is sent (only what changed: the public view's
  changed keys, the seat's own changed keys, the room's changed fragments, the new log
  lines, the seat's moves);
- **full**: the bytes of the whole frame (as after a reconnection);
- **CPU per update**: process time of one fan-out, for WATCHERS and for 4 spectators, and
  their ratio (the target: 30 spectators cost at most 1.3× what 4 do).

The page draws the game from these frames (web/static/draw.js): its drawing costs the
phones, not the server.

Usage: ``PYTHONPATH=src .venv/bin/python bench/frames_cost.py [--games 3] [--runs 3]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import random

from tests.server import socketless

from ludinum.games import registry
from ludinum.server import framecache, frames, render
from ludinum.server.clients import Client


def alone(clients: list[Client], cache: framecache.FrameCache) -> None:
    """The fan-out before frames were shared: one build and encoding per client."""
    for client in clients:
        frame = frames.build(client, cache)
        if frame is not None:
            client.push_text("update", frames.encode(frame, cache))


def play(name: str, seed: int, watchers: int, shared: bool = True) -> dict[str, list[float]]:
    game = registry().get(name)
    players = max(game.min_players, min(4, game.max_players))
    room = socketless.playing_room(name, players, seed, code="BENCHX")
    phones = [socketless.client("player", s) for s in range(players)]
    watching = [socketless.client("spectator") for _ in range(watchers)]
    clients = [*phones, socketless.client("host"), *watching]
    rng = random.Random(seed)
    out: dict[str, list[float]] = {"diff": [], "full": [], "cpu_ms": []}
    step = 0
    while not room.state.is_terminal() and step < 400:
        actor = rng.choice(room.active())
        room.apply(actor, rng.choice(list(room.state.legal_actions(actor))), float(step))
        step += 1
        cache = framecache.FrameCache(room, float(step), ["random"])
        started = time.process_time()
        if shared:
            frames.fan_out(clients, cache)
        else:
            alone(clients, cache)
        out["cpu_ms"].append((time.process_time() - started) * 1000)
        sent = socketless.sent(phones[0])
        for other in clients[1:]:
            socketless.sent(other)
        if sent:
            out["diff"].append(len(sent[-1].encode()))
            probe = socketless.client("player", 0)
            full = frames.build(probe, cache, full=True)
            if full is not None:
                out["full"].append(len(frames.encode(full, cache).encode()))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--watchers", type=int, default=30)
    parser.add_argument("--alone", action="store_true",
                        help="one frame per client, as before frames were shared")
    args = parser.parse_args()
    for game in [g.name for g in registry()]:  # content loaded, caches warm
        play(game, 999, 1)
    print(f"load average {os.getloadavg()[0]:.1f}")
    print("game        diff B  full B  CPU/update (4 | many) ms  ratio")
    for game in [g.name for g in registry()]:
        sizes: dict[str, list[float]] = {"diff": [], "full": []}
        ratios: list[float] = []
        few_ms: list[float] = []
        many_ms: list[float] = []
        for run in range(args.runs):
            cpu = {}
            for watchers in (4, args.watchers):
                render.clear_caches()  # both start from the same memo (the same games)
                per: list[float] = []
                for g in range(args.games):
                    result = play(game, 1000 * run + g + 1, watchers, not args.alone)
                    per += result["cpu_ms"]
                    if watchers == 4:
                        for key in sizes:
                            sizes[key] += result[key]
                cpu[watchers] = statistics.mean(per)
            few_ms.append(cpu[4])
            many_ms.append(cpu[args.watchers])
            ratios.append(cpu[args.watchers] / cpu[4])
        print(f"{game:10} {statistics.median(sizes['diff']):7.0f} "
              f"{statistics.median(sizes['full']):7.0f}"
              f"  {statistics.median(few_ms):8.3f} | {statistics.median(many_ms):6.3f}"
              f"        {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
