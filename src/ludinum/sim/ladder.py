"""The strength ladder: every bot level against the others, over seeded games.

Competitive games: for a pair of levels (A, B) the seats alternate A, B, A, B… and every
game seed is played twice, the second time with the seats swapped (B, A, B, A…), so that
seat advantages and lucky deals cancel out. Per game, ``margin`` is the mean reward of A's
seats minus the mean reward of B's seats (rewards from ``Outcome.rewards()``: a win is 1, a
shared win is split); A beats B when the 95 % interval of the mean margin is above 0.

Cooperative games (Gnou): all seats play the same level; the team win rate of each level
is compared with the level below (difference of two proportions, 95 % interval).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludinum import __version__
from ludinum.engine import OptionValue
from ludinum.sim.runner import GameRecord, SimSpec, run
from ludinum.sim.stats import Z95, mean_ci, wilson


@dataclass(frozen=True)
class LadderSpec:
    game: str
    players: int
    levels: tuple[str, ...]
    games: int
    seed: int = 0
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    adjacent: bool = False


def seats_for(players: int, first: str, second: str) -> tuple[str, ...]:
    """Alternating seats: first, second, first…"""
    return tuple(first if seat % 2 == 0 else second for seat in range(players))


def pairs(levels: Sequence[str], adjacent: bool) -> list[tuple[str, str]]:
    """(stronger candidate, weaker) pairs: each level against every level below it."""
    out = []
    for hi in range(1, len(levels)):
        for lo in range(hi - 1, -1, -1):
            if adjacent and lo != hi - 1:
                continue
            out.append((levels[hi], levels[lo]))
    return out


def _seat_rewards(records: Sequence[GameRecord], bots: Sequence[str], level: str) -> list[float]:
    seats = [s for s, b in enumerate(bots) if b == level]
    return [sum(r.rewards[s] for s in seats) / len(seats) for r in records]


def duel(
    spec: LadderSpec,
    a: str,
    b: str,
    workers: int | None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """``a`` against ``b``: ``spec.games`` games in all (half with the seats swapped)."""
    half = max(1, spec.games // 2)
    one = seats_for(spec.players, a, b)
    two = seats_for(spec.players, b, a)
    rec_one = run(SimSpec(spec.game, spec.players, one, spec.seed, spec.options), half, workers,
                  progress)
    rec_two = run(SimSpec(spec.game, spec.players, two, spec.seed, spec.options), half, workers,
                  progress)
    a_rewards = _seat_rewards(rec_one, one, a) + _seat_rewards(rec_two, two, a)
    b_rewards = _seat_rewards(rec_one, one, b) + _seat_rewards(rec_two, two, b)
    margins = [x - y for x, y in zip(a_rewards, b_rewards, strict=True)]
    n = len(margins)
    mean, lo, hi = mean_ci(margins)
    a_rate = sum(a_rewards) / n
    b_rate = sum(b_rewards) / n
    return {
        "a": a,
        "b": b,
        "games": n,
        "a_win_rate": a_rate,
        "b_win_rate": b_rate,
        "margin": mean,
        "margin_ci95": [lo, hi],
        "a_beats_b": lo > 0,
        "mean_actions": sum(r.actions for r in (*rec_one, *rec_two)) / n,
    }


def team(
    spec: LadderSpec,
    level: str,
    workers: int | None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Every seat at ``level`` (cooperative games): the team's win rate."""
    bots = (level,) * spec.players
    records = run(SimSpec(spec.game, spec.players, bots, spec.seed, spec.options), spec.games,
                  workers, progress)
    wins = sum(1 for r in records if r.winners)
    lo, hi = wilson(wins, len(records))
    return {"level": level, "games": len(records), "win_rate": wins / len(records),
            "win_rate_ci95": [lo, hi]}


def compare_rates(upper: Mapping[str, Any], lower: Mapping[str, Any]) -> dict[str, Any]:
    """Difference of two team win rates with a 95 % (Wald) interval."""
    p1, n1 = float(upper["win_rate"]), int(upper["games"])
    p2, n2 = float(lower["win_rate"]), int(lower["games"])
    diff = p1 - p2
    half = Z95 * math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
    return {"a": upper["level"], "b": lower["level"], "margin": diff,
            "margin_ci95": [diff - half, diff + half], "a_beats_b": diff - half > 0}


def ladder(
    spec: LadderSpec,
    cooperative: bool,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """The whole ladder as JSON data (with what produced it, for reproducibility)."""
    out: dict[str, Any] = {
        "game": spec.game,
        "version": __version__,
        "players": spec.players,
        "levels": list(spec.levels),
        "games_per_match": spec.games,
        "seed": spec.seed,
        "options": dict(spec.options),
        "cooperative": cooperative,
    }
    if cooperative:
        teams = [team(spec, level, workers, progress) for level in spec.levels]
        out["teams"] = teams
        out["duels"] = [
            compare_rates(teams[i], teams[j])
            for i in range(1, len(teams))
            for j in range(i - 1, -1, -1)
            if not spec.adjacent or j == i - 1
        ]
    else:
        out["duels"] = [duel(spec, a, b, workers, progress) for a, b in pairs(spec.levels,
                                                                              spec.adjacent)]
    out["each_beats_the_one_below"] = all(
        d["a_beats_b"]
        for d in out["duels"]
        if spec.levels.index(d["a"]) == spec.levels.index(d["b"]) + 1
    )
    return out


def total_games(spec: LadderSpec, cooperative: bool) -> int:
    if cooperative:
        return spec.games * len(spec.levels)
    return 2 * max(1, spec.games // 2) * len(pairs(spec.levels, spec.adjacent))
