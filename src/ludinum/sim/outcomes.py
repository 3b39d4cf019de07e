"""Headline outcomes of a run: aggregates with 95 % intervals, pooling, fairness verdicts.

A game declares its headlines (``ludinum.engine.headline``); each record carries their
per-game values. One JSON shape for every game::

    "headline": {"thief_win": {"key": …, "label": {"fr": …, "en": …}, "kind": "rate",
                 "per_seat": false, "n": 500, "value": 0.41, "ci95": [0.37, 0.45],
                 "sd": 0.49, "fair": 0.25}, …}

A per-seat headline has lists (one item per seat) for ``value``, ``ci95`` and ``sd``.
``rate``: Wilson interval of the proportion; ``mean``: normal interval of the mean.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Literal, cast

from ludinum.engine.headline import Headline
from ludinum.engine.state import State
from ludinum.sim.runner import GameRecord
from ludinum.sim.stats import Z95, mean_ci, wilson

Verdict = Literal["fair", "unfair", "uncertain"]


def _stat(kind: str, values: Sequence[float]) -> tuple[float, float, float, float]:
    """(value, low, high, standard deviation) of one column of per-game values."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    if kind == "rate":
        lo, hi = wilson(sum(values), n)
        return mean, lo, hi, sd
    _, lo, hi = mean_ci(values)
    return mean, lo, hi, sd


def aggregate(headline: Headline, records: Sequence[GameRecord], players: int) -> dict[str, Any]:
    """One headline over a run's records, with its 95 % interval and its fair value."""
    width = players if headline.per_seat else 1
    columns = [[r.values[headline.key][i] for r in records] for i in range(width)]
    stats = [_stat(headline.kind, col) for col in columns]
    out: dict[str, Any] = dict(headline.describe())
    out["n"] = len(records)
    out["fair"] = headline.fair(players) if headline.fair is not None else None
    if headline.per_seat:
        out["value"] = [s[0] for s in stats]
        out["ci95"] = [[s[1], s[2]] for s in stats]
        out["sd"] = [s[3] for s in stats]
    else:
        value, lo, hi, sd = stats[0]
        out.update(value=value, ci95=[lo, hi], sd=sd)
    return out


class _Probe(Mapping[str, float]):
    """A game's ``metrics()`` stand-in that gives each key read a value of its own and
    remembers which keys were read (:func:`metric_of`)."""

    def __init__(self) -> None:
        self.read: dict[str, float] = {}

    def __getitem__(self, key: str) -> float:
        return self.read.setdefault(key, 1e6 + 0.5 + len(self.read))

    def __iter__(self) -> Any:
        return iter(self.read)

    def __len__(self) -> int:
        return len(self.read)


def metric_of(headline: Headline) -> str | None:
    """The key of the game's ``metrics()`` that ``headline`` reports as it stands (a
    headline made with ``metric(key)``), or None when it computes something of its own
    (per seat, from the state, several metrics…): a table need not show that metric twice."""
    if headline.per_seat:
        return None
    probe = _Probe()
    try:  # no state: a measure that reads it is not one metric as it stands
        value = headline.measure(cast(State, None), probe)
    except Exception:  # any failure means "not a plain metric"
        return None
    if len(probe.read) != 1 or not isinstance(value, (int, float)):
        return None
    key, given = next(iter(probe.read.items()))
    return key if value == given else None


def headline_summary(
    headlines: Sequence[Headline], records: Sequence[GameRecord], players: int
) -> dict[str, dict[str, Any]]:
    return {h.key: aggregate(h, records, players) for h in headlines}


def columns(entry: Mapping[str, Any]) -> int:
    """How many values an aggregated headline has (its seats, or 1)."""
    return len(entry["value"]) if entry["per_seat"] else 1


def _item(entry: Mapping[str, Any], field: str, seat: int) -> Any:
    return entry[field][seat] if entry["per_seat"] else entry[field]


def pool(entries: Sequence[Mapping[str, Any]], seat: int = 0) -> tuple[float, float, float]:
    """(value, low, high) of one headline pooled over several cells' aggregates (the
    cells that have ``seat``): a rate over all their games (Wilson), a mean over all their
    games (its variance rebuilt from each cell's mean and standard deviation)."""
    cells = [e for e in entries if seat < columns(e) and e["n"] > 0]
    total = sum(int(e["n"]) for e in cells)
    if not total:
        return (math.nan, math.nan, math.nan)
    means = [float(_item(e, "value", seat)) for e in cells]
    mean = sum(m * e["n"] for m, e in zip(means, cells, strict=True)) / total
    if cells[0]["kind"] == "rate":
        lo, hi = wilson(mean * total, total)
        return mean, lo, hi
    squares = sum((e["n"] - 1) * float(_item(e, "sd", seat)) ** 2 + e["n"] * m * m
                  for m, e in zip(means, cells, strict=True))
    var = max(0.0, (squares - total * mean * mean) / (total - 1)) if total > 1 else 0.0
    half = Z95 * math.sqrt(var / total)
    return mean, mean - half, mean + half


def verdict(low: float, high: float, fair: float, margin: float) -> Verdict:
    """``fair`` when the whole 95 % interval lies within ``margin`` of the fair value,
    ``unfair`` when it lies wholly outside, ``uncertain`` otherwise (more games needed)."""
    if fair - margin <= low and high <= fair + margin:
        return "fair"
    if high < fair - margin or low > fair + margin:
        return "unfair"
    return "uncertain"


def cell_verdict(entry: Mapping[str, Any], margin: float) -> Verdict | None:
    """The verdict of one aggregated headline (every seat for a per-seat one: unfair if
    one seat is, fair if all are); ``None`` when the headline has no fair value."""
    if entry.get("fair") is None:
        return None
    found = [verdict(float(_item(entry, "ci95", s)[0]), float(_item(entry, "ci95", s)[1]),
                     float(entry["fair"]), margin) for s in range(columns(entry))]
    if "unfair" in found:
        return "unfair"
    if all(v == "fair" for v in found):
        return "fair"
    return "uncertain"
