"""Intervals of the lab's summaries: a share (0/1 outcomes) gets a Wilson interval, inside
[0, 1] whatever the number of games; a mean keeps its normal interval; a headline that is a
game's metric as it stands is recognised (the table does not show it twice)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from ludinum.engine import State
from ludinum.engine.headline import Headline, even_share, metric, seat_rewards
from ludinum.sim.outcomes import metric_of
from ludinum.sim.runner import SimSpec, run
from ludinum.sim.stats import is_share, mean_ci, value_ci, wilson
from ludinum.sim.summary import summarise


def test_a_share_of_few_games_stays_within_0_and_1() -> None:
    # The reviewer's case: 2 wins in 3 games gave [0.013, 1.320] with the normal interval.
    mean, lo, hi = value_ci([1.0, 1.0, 0.0])
    assert mean == pytest.approx(2 / 3)
    assert (lo, hi) == pytest.approx(wilson(2, 3)) and 0 <= lo < mean < hi <= 1
    assert value_ci([0.0] * 5)[1:] == pytest.approx((0.0, wilson(0, 5)[1]))
    assert value_ci([1.0] * 5)[2] == 1.0


def test_counts_keep_the_normal_interval() -> None:
    values = [0.0, 2.0, 1.0, 3.0]
    assert not is_share(values) and value_ci(values) == mean_ci(values)
    assert not is_share([])


def test_wilson_and_normal_agree_for_a_few_hundred_games() -> None:
    """Figures measured on large runs (docs/lab.md: 1,000 games) barely move."""
    for n, wins in ((300, 120), (1000, 427), (1000, 879)):
        values = [1.0] * wins + [0.0] * (n - wins)
        _, lo, hi = value_ci(values)
        _, nlo, nhi = mean_ci(values)
        assert abs(lo - nlo) < 0.004 and abs(hi - nhi) < 0.004, (n, wins)


def test_every_0_1_metric_of_a_short_run_has_an_interval_within_0_and_1() -> None:
    spec = SimSpec("voleur", 6, ("medium",) * 6, seed=1)
    records = run(spec, 3, 1)
    summary = summarise(spec, records, 1.0, False)
    lo, hi = summary["metrics_ci95"]["thief_win"]
    assert 0 <= lo <= summary["metrics"]["thief_win"] <= hi <= 1
    for key, (lo, hi) in summary["metrics_ci95"].items():
        if is_share([r.metrics.get(key, 0.0) for r in records]):
            assert 0 <= lo <= hi <= 1, key


def _from_state(state: State, _metrics: Mapping[str, float]) -> float:
    return float(state.config.players)


def test_metric_of_names_the_metric_a_headline_reports_as_it_stands() -> None:
    assert metric_of(Headline("w", "v", "w", metric("win"))) == "win"
    assert metric_of(Headline("t", "d", "l", metric("turns"), kind="mean")) == "turns"
    # Computed from a metric, from the state, or per seat: not one metric as it stands.
    assert metric_of(Headline("f", "p", "f", lambda _s, m: 1.0 if m["order"] == 0 else 0.0,
                              fair=even_share)) is None
    assert metric_of(Headline("s", "s", "s", _from_state)) is None
    assert metric_of(Headline("r", "r", "r", seat_rewards, per_seat=True)) is None
    assert metric_of(Headline("x", "x", "x", lambda _s, m: m["a"] + m["b"])) is None
