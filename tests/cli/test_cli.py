"""The ``ludinum`` command, through click's test runner."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludinum.cli.main import cli
from ludinum.content import BUILTIN
from tests.reading import plain_spaces


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def test_games_lists_gnou_with_its_options() -> None:
    code, out, _ = run("games", "--json")
    assert code == 0
    games = {g["name"]: g for g in json.loads(out)}
    gnou = games["gnou"]
    assert gnou["players"] == [2, 6]
    assert {o["name"] for o in gnou["options"]} >= {"variant", "difficulty", "hard_mode"}
    assert gnou["bots"][0] == "random" and len(gnou["bots"]) >= 2


def test_simulate_json_and_same_seed_whatever_the_workers() -> None:
    args = ["simulate", "gnou", "-n", "120", "--players", "3", "--seed", "5", "--json"]
    code, out, _ = run(*args, "--workers", "1")
    assert code == 0
    one = json.loads(out)
    assert one["game"] == "gnou" and one["games"] == 120
    assert 0.0 <= one["win_rate"] <= 1.0
    assert one["mean_turns"] > 0
    code, out, _ = run(*args, "--workers", "2")
    two = json.loads(out)
    for key in ("win_rate", "mean_turns", "metrics", "turns"):
        assert one[key] == two[key]


def test_simulate_mixed_bots_and_csv(tmp_path: Path) -> None:
    out_file = tmp_path / "games.csv"
    code, _, _ = run(
        "simulate", "gnou", "-n", "30", "--players", "3", "--bots", "heuristic,random,random",
        "--output", str(out_file), "-o", "variant=trottant",
    )
    assert code == 0
    lines = out_file.read_text().splitlines()
    assert lines[0].startswith("index,seed,winners,actions")
    assert len(lines) == 31


def test_simulate_rejects_a_bad_option_clearly() -> None:
    code, _, err = run("simulate", "gnou", "-n", "5", "-o", "variant=volant")
    assert code == 2
    assert "variant" in err and "galopant" in err
    code, _, err = run("simulate", "gnou", "-n", "5", "-o", "nope=1")
    assert code == 2 and "nope" in err
    code, _, err = run("simulate", "gnou", "-n", "5", "--players", "3", "--bots", "a,b")
    assert code == 2 and "--bots" in err


def test_unknown_game() -> None:
    code, _, err = run("simulate", "echecs", "-n", "1")
    assert code == 2 and "echecs" in err


def test_content_check_json_counts() -> None:
    code, out, _ = run("content", "check", "--json")
    assert code == 0
    quiz = json.loads(out)["gnou"]["quiz"]
    assert quiz["total"] >= 120
    cells = [n for levels in quiz["per_series_level"].values() for n in levels.values()]
    assert len(cells) == 30 and min(cells) >= 4


def test_content_check_reports_file_and_line(tmp_path: Path) -> None:
    folder = tmp_path / "gnou"
    shutil.copytree(BUILTIN / "gnou", folder)
    quiz = folder / "quiz" / "modifier.yaml"
    lines = quiz.read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if line.strip().startswith("answer:"))
    indent = lines[index][: len(lines[index]) - len(lines[index].lstrip())]
    lines[index] = f"{indent}answer: 7"
    quiz.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = run("content", "check", str(tmp_path))
    assert code == 1
    assert f"{quiz}:{index + 1}:" in err


def test_content_check_reports_yaml_syntax(tmp_path: Path) -> None:
    folder = tmp_path / "gnou"
    shutil.copytree(BUILTIN / "gnou", folder)
    (folder / "themes.yaml").write_text("protections: [\n  - broken: : :\n", encoding="utf-8")
    code, _, err = run("content", "check", str(folder))
    assert code == 1
    assert "themes.yaml:" in err


def test_play_gnou_against_bots_to_the_end() -> None:
    code, out, _ = run("play", "gnou", "--players", "3", "--seed", "3", input="1\n" * 400)
    assert code == 0, out
    assert "Le jeu du Gnou" in out
    assert ("L'équipe a gagné" in out) or ("L'équipe a perdu" in out)
    # A quiz's answer typed by its number (« 1 ») is taken and said by its letter: the
    # child knows which answer was given (a terminal review).
    assert plain_spaces(out).count("Tu as choisi la réponse A.") == 3, out


def test_play_pass_and_play_prompts_between_humans() -> None:
    code, out, _ = run(
        "play", "gnou", "--players", "2", "--humans", "2", "--seed", "4", input="\n1\n" * 400
    )
    assert code == 0
    assert "Passe l'appareil à Joueur 2" in out


def test_bench_reports_without_asserting_speed() -> None:
    code, out, _ = run("bench", "--json", "--seconds", "0.05", "--repeat", "2", "--game", "gnou")
    assert code == 0
    data = json.loads(out)
    (row,) = data["results"]
    assert row["game"] == "gnou" and row["actions_per_s"] > 0
    assert row["baseline_games_per_s_4p"] > 0 and row["simulate_games_per_s"] > 0
    # Each target of issue 19 is one figure, with its bound (never asserted on).
    goals = data["targets"]
    assert set(goals) == {"gnou_engine_vs_baseline", "simulate_vs_bench_worst",
                          "ismcts_worst_seconds"}
    assert goals["ismcts_worst_seconds"]["bound"] == "max"
    assert goals["gnou_engine_vs_baseline"]["value"] == row["engine_vs_baseline"]


def test_simulate_reports_the_first_players_advantage_when_the_start_is_drawn() -> None:
    """Web Runners draws who starts (W15): the summary follows the starting seat."""
    code, out, _ = run(
        "simulate", "webrunners", "-n", "40", "--players", "3", "--seed", "1", "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert 0.0 <= data["first_player_win_rate"] <= 1.0
    lo, hi = data["first_player_win_rate_ci95"]
    assert lo <= data["first_player_win_rate"] <= hi
    assert abs(data["first_player_advantage"] - (data["first_player_win_rate"] - 1 / 3)) < 1e-9


def test_serve_with_several_workers_needs_postgresql_and_redis(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("LUDINUM_REDIS", raising=False)
    monkeypatch.delenv("LUDINUM_DB", raising=False)
    code, _, err = run("serve", "--workers", "2", "--port", "1")
    assert code == 2 and "PostgreSQL" in err and "SQLite" in err
    code, _, err = run("serve", "--workers", "2", "--port", "1",
                       "--db", "postgresql://nobody@127.0.0.1/none")
    assert code == 2 and "Redis" in err
