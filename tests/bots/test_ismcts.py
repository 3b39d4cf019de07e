"""The generic ISMCTS bot: budgets, seeding, chance, simultaneous moves, hidden choices."""

from __future__ import annotations

from ludinum.bots.base import RandomBot
from ludinum.bots.ismcts import IsmctsBot
from tests.bots.toy import RISKY, SAFE, PickState


class ToyIsmcts(IsmctsBot):
    policy_cls = RandomBot
    default_iterations = 200


def test_prefers_the_better_gamble_under_chance() -> None:
    """Chance happens inside apply with the determinisation's RNG: safe (0.7) beats risky
    (0.2), and the search finds it from either seat of a simultaneous step."""
    for seed in range(5):
        state = PickState(seed)
        assert state.active_players() == (0, 1)
        assert ToyIsmcts(seed).choose(state, 0) == SAFE
        assert ToyIsmcts(seed).choose(state, 1) == SAFE


def test_other_seat_secret_choice_is_redrawn() -> None:
    """Seat 1 chose in secret; seat 0's search sees only determinisations of that choice
    and still plays safe."""
    state = PickState(3)
    state.apply(1, RISKY)
    assert state.view(0) == state.resample(0, __import__("random").Random(1)).view(0)
    assert ToyIsmcts(1).choose(state, 0) == SAFE


class FullBudget(ToyIsmcts):
    settle_early = False


def test_iteration_budget_is_exact_and_reproducible() -> None:
    state = PickState(0)
    bot = FullBudget(7, iterations=37)
    first = bot.choose(state, 0)
    assert bot.last_iterations == 37
    again = FullBudget(7, iterations=37)
    assert again.choose(state, 0) == first


def test_settling_early_never_changes_the_decision() -> None:
    """The search stops once the most visited action cannot be overtaken any more."""
    saved = 0
    for seed in range(20):
        state = PickState(seed)
        early = ToyIsmcts(seed, iterations=300)
        full = FullBudget(seed, iterations=300)
        assert early.choose(state, 0) == full.choose(state, 0)
        assert early.last_iterations <= full.last_iterations == 300
        saved += full.last_iterations - early.last_iterations
    assert saved > 0


def test_time_budget_runs_at_least_one_iteration() -> None:
    bot = ToyIsmcts(1, millis=5.0)
    assert bot.choose(PickState(0), 0) in (SAFE, RISKY)
    assert bot.last_iterations >= 1


def test_unknown_rollout_policy_is_refused() -> None:
    try:
        ToyIsmcts(0, rollout="greedy")
    except ValueError as exc:
        assert "greedy" in str(exc)
    else:
        raise AssertionError("an unknown rollout policy must be refused")


def test_search_does_not_change_the_real_state() -> None:
    state = PickState(5)
    before = state.to_json()
    ToyIsmcts(2).choose(state, 0)
    assert state.to_json() == before
