"""The ISMCTS section of ``ludinum bench`` (figures reported, never asserted on)."""

from __future__ import annotations

from ludinum.games import get_game
from ludinum.sim.ismcts_bench import decision_points, ismcts_speed


def test_decision_points_are_real_choices() -> None:
    for state, player in decision_points(get_game("gnou"), 4, 3):
        assert len(state.legal_actions(player)) > 1


def test_speed_report_fields() -> None:
    row = ismcts_speed(get_game("gnou"), 3, iterations=20, points=2)
    assert row["iterations"] == 20 and row["positions"] == 2
    assert row["seconds_max"] >= row["seconds_mean"] > 0
    assert row["resample_ms"] > 0 and row["rollout"] == "policy"
