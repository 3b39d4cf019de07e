"""What an update costs to draw and send, per game (issue 19; not a test: prints figures).

Plays GAMES random games of each registered game in one process (no sockets), each room
with its seats' phones, a host screen and WATCHERS spectators, and after every action fans
the update out as the hub does (``frames.fan_out``). Reports, per game, medians over every
update of every run (RUNS runs):

- **diff**: the bytes of the frame a phone is sent (only the changed fragments);
- **full**: the bytes of the whole frame (every fragment, as after a reconnection);
- **json view**: the bytes of the seat's view and legal actions as JSON (what a page that
  draws the board itself would need), for the choice between the two render paths;
- **json CPU**: what that other path would cost the server per update (:func:`json_path`):
  each distinct viewer's view, its decision's actions with their button text, its new log
  lines, encoded as JSON, with the same 4 spectators;
- **CPU per update**: process time of one fan-out, for WATCHERS and for 4 spectators, and
  their ratio (the target: 30 spectators cost at most 1.3× what 4 do).

Usage: ``PYTHONPATH=src .venv/bin/python bench/frames_cost.py [--games 3] [--runs 3]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server import socketless

from ludinum.content.typography import french_spacing
from ludinum.games import registry
from ludinum.server import frames, render
from ludinum.server.clients import Client

_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def alone(clients: list[Client], cache: frames.FrameCache) -> None:
    """The fan-out before frames were shared: one build and encoding per client."""
    for client in clients:
        frame = frames.build(client, cache)
        if frame is not None:
            client.push_text("update", frames.encode(frame, cache))


def json_path(room: Any, clients: list[Client], lang: str = "fr") -> None:
    """The server's side of a page that draws its own board: per distinct viewer (each
    seat, the public), its view, its decision's actions with their text (the game's text
    stays on the server either way) and its new log lines, encoded once. An estimate of
    the work that would remain, not a path the app has."""
    names = [s.label(lang) for s in room.seats]
    viewers = sorted({c.view_seat() for c in clients}, key=lambda s: -1 if s is None else s)
    deciding = room.deciding()
    for seat in viewers:
        view = room.state.view(seat)
        legal = room.state.legal_actions(seat) if seat is not None and seat in deciding else []
        actions = [{"action": a.to_json(), "label": label}
                   for a, label in render.labelled(room.game, view, legal, lang, names)]
        log = [french_spacing(room.game.text.with_names(room.game.text.event(e, lang),
                                                        names, lang))
               for _, e in room.events_since(room.seq - 1, seat)]
        _JSON.encode({"view": view, "actions": actions, "log": log})


def play(name: str, seed: int, watchers: int, shared: bool = True) -> dict[str, list[float]]:
    game = registry().get(name)
    players = max(game.min_players, min(4, game.max_players))
    room = socketless.playing_room(name, players, seed, code="BENCHX")
    phones = [socketless.client("player", s) for s in range(players)]
    watching = [socketless.client("spectator") for _ in range(watchers)]
    clients = [*phones, socketless.client("host"), *watching]
    rng = random.Random(seed)
    out: dict[str, list[float]] = {"diff": [], "full": [], "view": [], "cpu_ms": [],
                                   "json_ms": []}
    step = 0
    while not room.state.is_terminal() and step < 400:
        actor = rng.choice(room.active())
        room.apply(actor, rng.choice(list(room.state.legal_actions(actor))), float(step))
        step += 1
        cache = frames.FrameCache(room, float(step), ["random"])
        started = time.process_time()
        if shared:
            frames.fan_out(clients, cache)
        else:
            alone(clients, cache)
        out["cpu_ms"].append((time.process_time() - started) * 1000)
        if watchers == 4:
            started = time.process_time()
            json_path(room, clients)
            out["json_ms"].append((time.process_time() - started) * 1000)
        sent = socketless.sent(phones[0])
        for other in clients[1:]:
            socketless.sent(other)
        if sent:
            out["diff"].append(len(sent[-1].encode()))
            probe = socketless.client("player", 0)
            full = frames.build(probe, cache, full=True)
            if full is not None:
                out["full"].append(len(frames.encode(full, cache).encode()))
            view = {"view": room.state.view(0), "actions": [
                a.to_json() for a in room.state.legal_actions(0)]
                if 0 in room.deciding() else []}
            out["view"].append(len(json.dumps(view, ensure_ascii=False,
                                              separators=(",", ":")).encode()))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--watchers", type=int, default=30)
    parser.add_argument("--alone", action="store_true",
                        help="one frame per client, as before frames were shared")
    args = parser.parse_args()
    for game in [g.name for g in registry()]:  # templates compiled, caches warm
        play(game, 999, 1)
    print(f"load average {os.getloadavg()[0]:.1f}")
    print("game        diff B  full B  json view B  CPU/update (4 | many) ms  ratio"
          "  json CPU ms  HTML/json")
    for game in [g.name for g in registry()]:
        sizes: dict[str, list[float]] = {"diff": [], "full": [], "view": []}
        ratios: list[float] = []
        few_ms: list[float] = []
        json_ms: list[float] = []
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
                        json_ms += result["json_ms"]
                        for key in sizes:
                            sizes[key] += result[key]
                cpu[watchers] = statistics.mean(per)
            few_ms.append(cpu[4])
            many_ms.append(cpu[args.watchers])
            ratios.append(cpu[args.watchers] / cpu[4])
        print(f"{game:10} {statistics.median(sizes['diff']):7.0f} "
              f"{statistics.median(sizes['full']):7.0f} {statistics.median(sizes['view']):12.0f}"
              f"  {statistics.median(few_ms):8.2f} | {statistics.median(many_ms):6.2f}"
              f"        {statistics.median(ratios):.2f}"
              f"  {statistics.mean(json_ms):11.3f}"
              f"  {statistics.median(few_ms) / statistics.mean(json_ms):9.1f}")


if __name__ == "__main__":
    main()
