"""The simulator: same seed, same results whatever the number of worker processes."""

from __future__ import annotations

from ludinum.sim.runner import SimSpec, game_seed, run


def test_same_seed_same_records_for_any_worker_count() -> None:
    spec = SimSpec("gnou", 4, ("medium",) * 4, seed=42)
    one = run(spec, 40, workers=1)
    two = run(spec, 40, workers=2)
    assert [r.index for r in two] == list(range(40))
    assert one == two


def test_other_seed_other_games() -> None:
    a = run(SimSpec("gnou", 4, ("random",) * 4, seed=1), 20, workers=1)
    b = run(SimSpec("gnou", 4, ("random",) * 4, seed=2), 20, workers=1)
    assert [r.seed for r in a] != [r.seed for r in b]
    assert game_seed(1, 0) != game_seed(2, 0) and game_seed(1, 0) != game_seed(1, 1)


def test_progress_counts_every_game() -> None:
    seen: list[int] = []
    run(SimSpec("gnou", 3, ("random",) * 3, seed=0), 30, workers=2, progress=seen.append)
    assert sum(seen) == 30
