"""The strength ladder: every bot level against the others, over seeded games.

Competitive games: for a pair of levels (A, B) the seats alternate A, B, A, B… and every
game seed is played twice, the second time with the seats swapped (B, A, B, A…), so that
seat advantages and lucky deals cancel out. Per game, ``margin`` is the mean reward of A's
seats minus the mean reward of B's seats (rewards from ``Outcome.rewards()``: a win is 1, a
shared win is split). The two games of a seed are one unit ("duplicate" play: same deal,
seats swapped), so the interval is computed over the seeds' mean margins: the two games of
a seed are not independent (a seat's advantage favours A in one and B in the other). A
beats B when the 95 % interval of the mean margin is above 0.

Cooperative games: all seats play the same level, on the same seeds for every
level; the team win rate of each level is compared with the level below (mean of the
per-seed differences, 95 % interval).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludinum import __version__
from ludinum.engine import LudinumError, OptionValue
from ludinum.engine.headline import Headline
from ludinum.sim.outcomes import headline_summary
from ludinum.sim.runner import GameRecord, SimSpec, play_one, run
from ludinum.sim.stats import mean_ci, wilson

#: The fewest independent units (deals of a duel, games of a team) whose 95 % interval
#: means something: below 30 the normal approximation of a mean is not to be trusted.
MIN_UNITS = 30


class SampleTooSmallError(LudinumError):
    code = "sample_too_small"


@dataclass(frozen=True)
class LadderSpec:
    game: str
    players: int
    levels: tuple[str, ...]
    games: int
    seed: int = 0
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    adjacent: bool = False


def deals(games: int) -> int:
    """Deals of a competitive duel of ``games`` games: each is played twice, seats swapped."""
    return max(1, games // 2)


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
    headlines: Sequence[Headline] = (),
) -> dict[str, Any]:
    """``a`` against ``b``: ``spec.games`` games in all (half with the seats swapped);
    ``headline``: the game's headline outcomes over both halves."""
    half = deals(spec.games)
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
    # One unit per seed: game i of each half was dealt from the same seed.
    per_seed = [(x + y) / 2 for x, y in zip(margins[:half], margins[half:], strict=True)]
    mean, lo, hi = mean_ci(per_seed)
    a_rate = sum(a_rewards) / n
    b_rate = sum(b_rewards) / n
    return {
        "a": a,
        "b": b,
        "games": n,
        "seeds": half,
        "a_win_rate": a_rate,
        "b_win_rate": b_rate,
        "margin": mean,
        "margin_ci95": [lo, hi],
        "a_beats_b": lo > 0,
        "mean_actions": sum(r.actions for r in (*rec_one, *rec_two)) / n,
        "headline": headline_summary(headlines, [*rec_one, *rec_two], spec.players),
    }


def team(
    spec: LadderSpec,
    level: str,
    workers: int | None,
    progress: Callable[[int], None] | None = None,
    headlines: Sequence[Headline] = (),
) -> tuple[dict[str, Any], list[float]]:
    """Every seat at ``level`` (cooperative games): the team's win rate, and each game's
    result (1 won, 0 lost) in seed order."""
    bots = (level,) * spec.players
    records = run(SimSpec(spec.game, spec.players, bots, spec.seed, spec.options), spec.games,
                  workers, progress)
    wins = [1.0 if r.winners else 0.0 for r in records]
    lo, hi = wilson(sum(wins), len(records))
    return ({"level": level, "games": len(records), "win_rate": sum(wins) / len(records),
             "win_rate_ci95": [lo, hi],
             "headline": headline_summary(headlines, records, spec.players)}, wins)


def compare_teams(
    upper: Mapping[str, Any], lower: Mapping[str, Any],
    upper_wins: Sequence[float], lower_wins: Sequence[float],
) -> dict[str, Any]:
    """Difference of two team win rates measured on the same seeds: the interval is that of
    the mean of the per-seed differences (paired; the same deal and dice seed make the two
    results of a seed correlated)."""
    diffs = [x - y for x, y in zip(upper_wins, lower_wins, strict=True)]
    diff, lo, hi = mean_ci(diffs)
    return {"a": upper["level"], "b": lower["level"], "margin": diff,
            "margin_ci95": [lo, hi], "a_beats_b": lo > 0}


def ladder(
    spec: LadderSpec,
    cooperative: bool,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    headlines: Sequence[Headline] = (),
) -> dict[str, Any]:
    """The whole ladder as JSON data (with what produced it, for reproducibility); each
    team or duel carries the game's headline outcomes (``headline``)."""
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
        played = [team(spec, level, workers, progress, headlines) for level in spec.levels]
        teams = [t for t, _ in played]
        wins = [w for _, w in played]
        out["teams"] = teams
        out["duels"] = [
            compare_teams(teams[i], teams[j], wins[i], wins[j])
            for i in range(1, len(teams))
            for j in range(i - 1, -1, -1)
            if not spec.adjacent or j == i - 1
        ]
    else:
        out["duels"] = [duel(spec, a, b, workers, progress, headlines)
                        for a, b in pairs(spec.levels, spec.adjacent)]
    out["each_beats_the_one_below"] = all(
        d["a_beats_b"]
        for d in out["duels"]
        if spec.levels.index(d["a"]) == spec.levels.index(d["b"]) + 1
    )
    return out


def per_match(games: int, cooperative: bool) -> int:
    """Games a match plays for ``-n games``: a team's ``games``, or a duel's deals twice
    (an odd ``games`` one game less)."""
    return games if cooperative else 2 * deals(games)


def total_games(spec: LadderSpec, cooperative: bool) -> int:
    matches = len(spec.levels) if cooperative else len(pairs(spec.levels, spec.adjacent))
    return per_match(spec.games, cooperative) * matches


def units(spec: LadderSpec, cooperative: bool) -> int:
    """Independent units behind each interval: a team's games, or a duel's deals."""
    return spec.games if cooperative else deals(spec.games)


def check_sample(spec: LadderSpec, cooperative: bool) -> None:
    """Refuse a sample too small for its 95 % intervals to mean anything."""
    if units(spec, cooperative) >= MIN_UNITS:
        return
    if cooperative:
        raise SampleTooSmallError(
            f"-n {spec.games} : trop peu de parties pour que l'intervalle à 95 % veuille dire "
            f"quelque chose (au moins {MIN_UNITS} par niveau).",
            f"-n {spec.games}: too few games for the 95 % interval to mean anything (at "
            f"least {MIN_UNITS} per level).",
        )
    raise SampleTooSmallError(
        f"-n {spec.games} : trop peu de parties pour que l'intervalle à 95 % veuille dire "
        f"quelque chose (au moins {2 * MIN_UNITS} par match : {MIN_UNITS} donnes jouées deux "
        "fois).",
        f"-n {spec.games}: too few games for the 95 % interval to mean anything (at least "
        f"{2 * MIN_UNITS} per match: {MIN_UNITS} deals played twice).",
    )


def estimate_seconds(
    spec: LadderSpec,
    cooperative: bool,
    workers: int,
    clock: Callable[[], float],
) -> tuple[float, int]:
    """(estimated seconds, calibration games): one game of every team or duel is timed
    in this process, and the ladder's games are assumed to share ``workers`` cores."""
    matches: list[tuple[str, ...]]
    if cooperative:
        matches = [(level,) * spec.players for level in spec.levels]
    else:
        matches = [seats_for(spec.players, a, b) for a, b in pairs(spec.levels, spec.adjacent)]
    per_match = total_games(spec, cooperative) / max(1, len(matches))
    total = 0.0
    for bots in matches:
        started = clock()
        play_one(SimSpec(spec.game, spec.players, bots, spec.seed, spec.options), 0)
        total += (clock() - started) * per_match
    return total / max(1, workers), len(matches)
