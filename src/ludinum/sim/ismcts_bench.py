"""ISMCTS speed per game: seconds for 1,000 iterations at the largest player count.

Measured on a few decision points of a seeded random game, with the ``hard`` level's
settings (rollout policy, depth cap) and early settling off, so that every search runs
its whole budget. Times are CPU seconds of this process (``time.process_time``), so
that a busy machine does not inflate them; the wall-clock mean is reported too. Also
reported: the cost of one determinisation (``resample``) and of one
``clone``, to tell a slow search from a slow game.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ludinum.bots.ismcts import DELEGATED, IsmctsBot
from ludinum.engine import Game, State, next_actor


def decision_points(
    game: Game, players: int, count: int, seed: int = 1, share: float = 0.3
) -> list[tuple[State, int]]:
    """Positions of seeded random games where the acting seat has a searched choice (each
    such position kept with probability ``share``)."""
    rng = random.Random(seed)
    found: list[tuple[State, int]] = []
    while len(found) < count:
        state = game.new_state(players, seed)
        seed += 1
        steps = 0
        while not state.is_terminal() and len(found) < count:
            player = next_actor(state, steps)
            legal = state.legal_actions(player)
            searched = len(legal) > 1 and not all(a.kind in DELEGATED for a in legal)
            if searched and rng.random() < share:
                found.append((state.clone(), player))
            state.apply_trusted(player, legal[rng.randrange(len(legal))])
            steps += 1
    return found


def ismcts_speed(
    game: Game, players: int, iterations: int = 1000, points: int = 3
) -> dict[str, Any]:
    from ludinum.games import make_bot

    rows = decision_points(game, players, points)
    warm = make_bot(game.name, "hard")
    assert isinstance(warm, IsmctsBot)
    warm.iterations = 10
    warm.search(*rows[0], {})  # content caches loaded before timing
    seconds: list[float] = []
    walls: list[float] = []
    for index, (state, player) in enumerate(rows):
        bot = make_bot(game.name, "hard", seed=index)
        assert isinstance(bot, IsmctsBot)
        bot.iterations = iterations
        bot.settle_early = False  # type: ignore[misc]
        started = time.process_time()
        wall = time.perf_counter()
        bot.search(state, player, {})
        seconds.append(time.process_time() - started)
        walls.append(time.perf_counter() - wall)
    state, player = rows[0]
    rng = random.Random(0)
    started = time.process_time()
    for _ in range(200):
        state.resample(player, rng)
    resample_ms = (time.process_time() - started) / 200 * 1000
    started = time.process_time()
    for _ in range(200):
        state.clone()
    clone_ms = (time.process_time() - started) / 200 * 1000
    probe = make_bot(game.name, "hard")
    assert isinstance(probe, IsmctsBot)
    return {
        "game": game.name,
        "players": players,
        "iterations": iterations,
        "positions": len(seconds),
        "seconds_mean": sum(seconds) / len(seconds),
        "seconds_max": max(seconds),
        "wall_seconds_mean": sum(walls) / len(walls),
        "resample_ms": resample_ms,
        "clone_ms": clone_ms,
        "rollout": probe.rollout,
        "depth": probe.depth,
    }
