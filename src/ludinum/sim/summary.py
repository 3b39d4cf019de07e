"""Summaries of simulation records: win rates with intervals, game length, indicators."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludinum import __version__
from ludinum.engine.headline import Headline
from ludinum.sim.outcomes import headline_summary
from ludinum.sim.runner import GameRecord, SimSpec
from ludinum.sim.stats import mean_ci, quantile, value_ci, wilson


def summarise(
    spec: SimSpec,
    records: Sequence[GameRecord],
    seconds: float,
    cooperative: bool,
    headlines: Sequence[Headline] = (),
) -> dict[str, Any]:
    """The run as one JSON object, the same shape for every game: what ran, ``headline``
    (the game's headline outcomes with 95 % intervals, :mod:`ludinum.sim.outcomes`),
    ``seats`` (per-seat data), then the older flat keys (win rates, turns, metrics)."""
    n = len(records)
    players = spec.players
    turns = sorted(r.metrics.get("turns", 0.0) for r in records)
    out: dict[str, Any] = {
        "game": spec.game,
        "version": __version__,
        "players": players,
        "bots": list(spec.bots),
        "seed": spec.seed,
        "options": dict(spec.options),
        "quiz_accuracy": spec.quiz_accuracy,
        "games": n,
        "seconds": round(seconds, 3),
        "games_per_second": round(n / seconds, 1) if seconds > 0 else None,
        "headline": headline_summary(headlines, records, players) if n else {},
        "seats": seat_data(spec, records),
    }
    if cooperative:
        wins = sum(1 for r in records if r.winners)
        out["win_rate"] = wins / n if n else 0.0
        out["win_rate_ci95"] = list(wilson(wins, n))
    else:
        shares = [sum(r.rewards[p] for r in records) for p in range(players)]
        out["win_rate"] = [s / n if n else 0.0 for s in shares]
        out["win_rate_ci95"] = [list(wilson(s, n)) for s in shares]
        out["no_winner_rate"] = sum(1 for r in records if not r.winners) / n if n else 0.0
        fair = 1.0 / players
        out["first_seat_advantage"] = out["win_rate"][0] - fair if n else 0.0
        if n and all("first_player" in r.metrics for r in records):
            # Games that draw who starts: the advantage of starting, whatever the seat.
            first = [r.rewards[int(r.metrics["first_player"])] for r in records]
            out["first_player_win_rate"] = sum(first) / n
            out["first_player_win_rate_ci95"] = list(wilson(sum(first), n))
            out["first_player_advantage"] = sum(first) / n - fair
    mean, lo, hi = mean_ci(turns)
    out["mean_turns"] = mean
    out["mean_turns_ci95"] = [lo, hi]
    out["turns"] = {
        "min": quantile(turns, 0.0),
        "p10": quantile(turns, 0.1),
        "median": quantile(turns, 0.5),
        "p90": quantile(turns, 0.9),
        "max": quantile(turns, 1.0),
    }
    out["mean_actions"] = sum(r.actions for r in records) / n if n else 0.0
    keys = sorted({k for r in records for k in r.metrics})
    out["metrics"] = {k: sum(r.metrics.get(k, 0.0) for r in records) / n for k in keys} if n else {}
    # A 0/1 indicator (a win, a capped game) is a proportion: Wilson interval, in [0, 1].
    out["metrics_ci95"] = {
        k: list(value_ci([r.metrics.get(k, 0.0) for r in records])[1:]) for k in keys
    } if n else {}
    for key in keys:
        if key.endswith("_win"):
            out[f"{key}_rate"] = out["metrics"][key]
    return out


def seat_data(spec: SimSpec, records: Sequence[GameRecord]) -> list[dict[str, Any]]:
    """Per seat: its bot, win share (a shared win split) with its 95 % interval, mean score."""
    n = len(records)
    out = []
    for seat in range(spec.players):
        wins = sum(r.rewards[seat] for r in records)
        lo, hi = wilson(wins, n)
        out.append({
            "seat": seat + 1,
            "bot": spec.bots[seat],
            "win_rate": wins / n if n else 0.0,
            "win_rate_ci95": [lo, hi],
            "mean_score": sum(r.scores[seat] for r in records) / n if n else 0.0,
        })
    return out


def csv_rows(records: Sequence[GameRecord], players: int) -> tuple[list[str], list[list[Any]]]:
    keys = sorted({k for r in records for k in r.metrics})
    heads = sorted({k for r in records for k in r.values})
    header = ["index", "seed", "winners", "actions"]
    header += [f"score_{p}" for p in range(players)] + keys
    header += [f"headline_{k}" for k in heads]
    rows = []
    for r in records:
        row: list[Any] = [r.index, r.seed, " ".join(str(w) for w in r.winners), r.actions]
        row += list(r.scores) + [r.metrics.get(k, "") for k in keys]
        row += [" ".join(f"{v:g}" for v in r.values.get(k, ())) for k in heads]
        rows.append(row)
    return header, rows
