"""``ludinum sweep``: grids, cells, and a self-contained HTML report."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ludinum.cli.sweep import sweep as sweep_cmd
from ludinum.engine import OptionError
from ludinum.games import bot_levels, get_game
from ludinum.sim.sweep import SweepSpec, cell_spec, parse_grid


def test_grid_mixes_bot_parameters_and_rule_options() -> None:
    game = get_game("gnou")
    grid = parse_grid(game, ["quiz_accuracy=0.3,0.9", "variant=galopant,trottant",
                             "turn_limit=10"], bot_levels("gnou"))
    spec = SweepSpec("gnou", grid, 10, 4)
    cells = spec.cells()
    assert len(cells) == 4
    sim = cell_spec(spec, cells[-1])
    assert sim.quiz_accuracy == 0.9
    assert sim.options == {"variant": "trottant", "turn_limit": 10}
    assert sim.bots == ("medium",) * 4


@pytest.mark.parametrize("entry", ["quiz_accuracy=1.5", "variant=rampant", "nope=1",
                                   "turn_limit", "players=99", "bots=godlike"])
def test_bad_grid_entries_are_refused(entry: str) -> None:
    with pytest.raises(OptionError):
        parse_grid(get_game("gnou"), [entry], bot_levels("gnou"))


def test_gnou_report_has_heatmaps_and_provenance(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    data = tmp_path / "r.json"
    result = CliRunner().invoke(
        sweep_cmd,
        ["gnou", "--grid", "quiz_accuracy=0.3,0.9", "turn_limit=10,14",
         "variant=galopant,trottant", "-n", "12", "-p", "4", "-w", "1",
         "-O", str(out), "--data", str(data)],
    )
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    images = re.findall(r'src="data:image/png;base64,', text)
    # Two heatmaps (one per variant), and per swept key one chart per headline outcome
    # (the team's win rate) and one of the game length.
    assert len(images) == 2 + 3 * 2
    assert "variant = galopant" in text and "variant = trottant" in text
    assert not re.search(r'(src|href)="https?:', text)  # no external asset
    rows = json.loads(data.read_text(encoding="utf-8"))
    assert rows["version"] and rows["seed"] == 0 and rows["bots"] == "medium"
    assert len(rows["rows"]) == 8 and rows["games_per_cell"] == 12
    assert "ludinum sweep gnou --grid" in rows["command"]


def test_same_seed_same_sweep(tmp_path: Path) -> None:
    args = ["gnou", "--grid", "turn_limit=8,16", "-n", "15", "-w", "1"]
    outs = []
    for name in ("a", "b"):
        path = tmp_path / f"{name}.json"
        result = CliRunner().invoke(
            sweep_cmd, [*args, "-O", str(tmp_path / f"{name}.html"), "--data", str(path)]
        )
        assert result.exit_code == 0, result.output
        rows = json.loads(path.read_text(encoding="utf-8"))["rows"]
        outs.append([(r["cell"], r["summary"]["win_rate"]) for r in rows])
    assert outs[0] == outs[1]
    assert outs[0][0][1] < outs[0][1][1]  # more turns, more wins


def test_the_report_s_command_runs_again_to_the_same_sweep(tmp_path: Path) -> None:
    """The report's « Reproduire » command wrote a seat as stored (``thief_seat=-1,0,2``,
    counted from 0, -1 for « au hasard ») where the command line counts from 1: run again,
    it was refused. It is now written as typed, and runs to the same rows; the report says
    a swept setting is swept (it read « joueurs 6 ») and how the bots are seeded today."""
    args = ["voleur", "--grid", "thief_seat=0,1,3", "players=3,4", "-n", "6", "-w", "1"]
    first = tmp_path / "a.json"
    result = CliRunner().invoke(sweep_cmd, [*args, "-O", str(tmp_path / "a.html"),
                                            "--data", str(first)])
    assert result.exit_code == 0, result.output
    done = json.loads(first.read_text(encoding="utf-8"))
    assert "--grid thief_seat=0,1,3 players=3,4 " in done["command"], done["command"]
    again = done["command"].split()[2:]  # after « ludinum sweep »
    second = tmp_path / "b.json"
    result = CliRunner().invoke(sweep_cmd, [*again, "-w", "1", "-O", str(tmp_path / "b.html"),
                                            "--data", str(second)])
    assert result.exit_code == 0, result.output
    redone = json.loads(second.read_text(encoding="utf-8"))
    def played(rows: list[dict[str, Any]]) -> list[object]:  # not their seconds
        return [(r["cell"], r["summary"]["options"], r["summary"]["headline"]) for r in rows]

    assert played(redone["rows"]) == played(done["rows"])
    page = (tmp_path / "a.html").read_text(encoding="utf-8")
    assert "<dt>joueurs</dt><dd>balayé (grille)</dd>" in page
    assert "1000 + s" not in page and "game_seed(graine de la partie, 1000)" in page
