"""``ludinum simulate``'s table: in the user's language (``ludinum --lang en simulate`` and
``simulate --lang en``), each metric once (not again when a headline or the game length
shows it), under the label its game declares; ``--json`` keeps the raw keys."""

from __future__ import annotations

import importlib
import json

import pytest
from click.testing import CliRunner

from ludinum.cli import common
from ludinum.cli.main import cli


@pytest.fixture(autouse=True)
def _own_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line's language is process state: each test starts without one."""
    monkeypatch.setattr(common, "_LANG", [])


def run(*args: str) -> str:
    result = CliRunner(env={"LANG": "C.UTF-8", "LC_ALL": None, "COLUMNS": "220"}).invoke(
        cli, list(args), prog_name="ludinum")
    assert result.exit_code == 0, result.output
    return result.stdout


def labels(table: str) -> list[str]:
    """The first cell of each row of a printed table."""
    return [line.split("│")[1].strip() for line in table.splitlines()
            if line.startswith("│") and line.count("│") > 2]


@pytest.mark.parametrize("where", ["global", "command"])
def test_the_table_speaks_english(where: str) -> None:
    args = ["simulate", "gnou", "-n", "30", "--seed", "1", "-w", "1"]
    table = run(*(["--lang", "en", *args] if where == "global" else [*args, "--lang", "en"]))
    assert "The Gnu game · 6 players" in table and "30 games · seed 1" in table
    assert "measure" in table and "95% CI" in table
    rows = labels(table)
    assert "team win rate" in rows and "turns (mean)" in rows
    assert not any(word in table for word in ("victoire", "tours", "parties", "graine", "mesure"))


def test_a_metric_is_not_shown_again_under_its_raw_name() -> None:
    rows = labels(run("simulate", "gnou", "-n", "30", "--seed", "1", "-w", "1"))
    assert rows.count("victoire de l'équipe") == 1 and "tours (moyenne)" in rows
    assert "win" not in rows and "turns" not in rows  # the headline, the mean length
    assert "transmissions de protection" in rows and "transmissions" not in rows  # in words
    rows = labels(run("simulate", "webrunners", "-n", "10", "-p", "3", "-w", "1"))
    # Its headlines give the length in rounds and the capped games: not repeated.
    assert "durée (manches)" in rows and "tours (moyenne)" not in rows
    assert not {"turns", "capped"} & set(rows) and "tours de joueur" in rows
    rows = labels(run("simulate", "voleur", "-n", "3", "--seed", "1", "-w", "1"))
    assert "victoire du voleur" in rows
    assert not {"thief_win", "thief_score"} & set(rows) and "victoire du voleur seul" in rows


def test_a_share_shown_in_the_table_stays_within_0_and_1() -> None:
    table = run("simulate", "voleur", "-n", "3", "--seed", "1", "-w", "1")
    checked = 0
    for line in table.splitlines():
        if line.startswith(("│ victoire du voleur seul", "│ première place partagée")):
            lo, hi = (float(x) for x in line.split("[")[1].split("]")[0].split(","))
            assert 0 <= lo <= hi <= 1, line
            checked += 1
    assert checked == 2


def test_the_json_keeps_the_raw_keys() -> None:
    data = json.loads(run("--lang", "en", "simulate", "gnou", "-n", "10", "-w", "1", "--json"))
    assert {"win", "turns", "pawn"} <= set(data["metrics"]) <= set(data["metrics_ci95"])
    assert data["title"].startswith("Le jeu du Gnou")  # the JSON is unchanged by --lang


def test_labels_declared_by_the_game_package_are_used(monkeypatch: pytest.MonkeyPatch) -> None:
    package = importlib.import_module("ludinum.games.gnou")
    monkeypatch.setattr(package, "METRIC_LABELS",
                        {"pawn": ("case du pion", "pawn's cell")}, raising=False)
    rows = labels(run("simulate", "gnou", "-n", "5", "-w", "1"))
    assert "case du pion" in rows and "pawn" not in rows
    rows = labels(run("simulate", "gnou", "-n", "5", "-w", "1", "--lang", "en"))
    assert "pawn's cell" in rows and "pawn" not in rows
