"""``ludinum simulate``: summary with 95 % intervals, JSON, CSV and JSON files."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from click.testing import CliRunner

from ludinum.cli.simulate import simulate


def invoke(*args: str) -> str:
    result = CliRunner().invoke(simulate, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_json_summary_of_a_cooperative_game() -> None:
    data = json.loads(invoke("gnou", "-n", "60", "-p", "4", "--seed", "3", "--json", "-w", "1"))
    assert data["games"] == 60 and data["players"] == 4 and data["seed"] == 3
    lo, hi = data["win_rate_ci95"]
    assert 0 <= lo <= data["win_rate"] <= hi <= 1
    assert data["bots"] == ["medium"] * 4 and data["version"]
    assert data["turns"]["min"] <= data["turns"]["median"] <= data["turns"]["max"]
    assert "transmissions" in data["metrics"]
    for key, mean in data["metrics"].items():  # every indicator carries its interval
        lo, hi = data["metrics_ci95"][key]
        assert lo - 1e-9 <= mean <= hi + 1e-9


def test_same_seed_same_summary_with_one_or_two_workers() -> None:
    keys = ("win_rate", "win_rate_ci95", "mean_turns", "turns", "metrics")
    a = json.loads(invoke("gnou", "-n", "40", "--seed", "9", "--json", "-w", "1"))
    b = json.loads(invoke("gnou", "-n", "40", "--seed", "9", "--json", "-w", "2"))
    assert {k: a[k] for k in keys} == {k: b[k] for k in keys}


def test_heuristic_alias_and_per_seat_bots() -> None:
    data = json.loads(
        invoke("gnou", "-n", "10", "-p", "3", "--bots", "heuristic,random,easy", "--json")
    )
    assert data["bots"] == ["medium", "random", "easy"]


def test_csv_has_one_row_per_game(tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    invoke("gnou", "-n", "25", "-p", "2", "--output", str(out), "-w", "1")
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0][:4] == ["index", "seed", "winners", "actions"]
    assert "turns" in rows[0]
    assert [int(r[0]) for r in rows[1:]] == list(range(25))


def test_json_file_and_table(tmp_path: Path) -> None:
    out = tmp_path / "summary.json"
    text = invoke("gnou", "-n", "20", "--output", str(out), "-w", "1")
    assert "IC 95 %" in text and "victoire de l'équipe" in text
    assert json.loads(out.read_text(encoding="utf-8"))["games"] == 20


def test_competitive_table_shows_first_seat_advantage() -> None:
    from ludinum.games import registry

    competitive = [g.name for g in registry() if not g.cooperative]
    assert competitive
    text = invoke(competitive[0], "-n", "4", "-p", "4", "-w", "1", "--bots", "random")
    assert "avantage du siège 1" in text and "p90" in text
