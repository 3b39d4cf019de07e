"""``--cluster``: the same seeds give the same records on a local Ray as on the local
process pool (needs the extra ``ludinum[cluster]``; skipped without Ray)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ludinum.cli.main import cli
from ludinum.games import get_game
from ludinum.sim.runner import SimSpec, run
from ludinum.sim.sweep import SweepSpec, sweep


def test_cluster_without_ray_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    result = CliRunner().invoke(cli, ["simulate", "gnou", "-n", "4", "--cluster", "auto"])
    assert result.exit_code == 2
    assert result.output.strip() == (
        "ludinum : erreur : --cluster demande Ray : pip install 'ludinum[cluster]'.")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    ray = pytest.importorskip("ray", reason="Ray is not installed (extra ludinum[cluster])")
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    yield ray
    ray.shutdown()


def test_ray_gives_the_local_pools_records(local_ray: Any) -> None:
    spec = SimSpec("voleur", 4, ("medium", "random", "medium", "easy"), 7)
    assert run(spec, 40, workers=2, cluster="auto") == run(spec, 40, workers=2)


def test_a_sweep_on_ray_gives_the_same_numbers(local_ray: Any) -> None:
    game = get_game("gnou")
    spec = SweepSpec("gnou", (("turn_limit", (8, 14)),), 60, 4, "medium", 3)
    here, there = sweep(game, spec, workers=2), sweep(game, spec, workers=2, cluster="auto")

    def numbers(result: dict[str, Any]) -> list[Any]:
        return [(r["cell"], r["summary"]["headline"], r["summary"]["metrics"])
                for r in result["rows"]]

    assert numbers(here) == numbers(there)


def test_sweep_command_with_cluster_writes_the_local_pools_numbers(
    local_ray: Any, tmp_path: Path
) -> None:
    from ludinum.cli.sweep import sweep as sweep_cmd

    found = []
    for name, extra in (("pool", []), ("ray", ["--cluster", "auto"])):
        data = tmp_path / f"{name}.json"
        result = CliRunner().invoke(sweep_cmd, [
            "voleur", "--grid", "foil_points=2,15", "-n", "20", "-p", "4", "-w", "2",
            "-O", str(tmp_path / f"{name}.html"), "--data", str(data), *extra])
        assert result.exit_code == 0, result.output
        rows = json.loads(data.read_text(encoding="utf-8"))["rows"]
        found.append([(r["cell"], r["summary"]["headline"], r["summary"]["seats"])
                      for r in rows])
    assert found[0] == found[1]
