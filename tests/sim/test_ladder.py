"""The strength ladder: seat swaps, margins with intervals, cooperative team rates."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from ludinum.cli import ladder as ladder_cli
from ludinum.cli.ladder import ladder as ladder_cmd
from ludinum.games import registry
from ludinum.sim.ladder import LadderSpec, compare_teams, ladder, pairs, seats_for


def test_seats_alternate_and_pairs_go_down_the_ladder() -> None:
    assert seats_for(4, "a", "b") == ("a", "b", "a", "b")
    assert seats_for(3, "b", "a") == ("b", "a", "b")
    levels = ("random", "easy", "medium")
    assert pairs(levels, adjacent=True) == [("easy", "random"), ("medium", "easy")]
    assert pairs(levels, adjacent=False) == [
        ("easy", "random"), ("medium", "easy"), ("medium", "random")
    ]


def test_compare_teams_is_paired_by_seed() -> None:
    """Same seeds for both levels: the interval is that of the per-seed differences, so a
    level that wins every seed the other wins, and more, is shown stronger even on few
    games, while the same rates on unrelated seeds are not."""
    a = {"level": "a", "win_rate": 0.5, "games": 40}
    b = {"level": "b", "win_rate": 0.6, "games": 40}
    lower = [1.0, 0.0] * 20
    upper = [1.0 if i in (1, 3, 5, 7) else w for i, w in enumerate(lower)]  # and 4 more
    d = compare_teams(b, a, upper, lower)
    lo, hi = d["margin_ci95"]
    assert abs(d["margin"] - 0.1) < 1e-9 and 0 < lo < 0.1 < hi and d["a_beats_b"]
    shuffled = upper[1:] + upper[:1]  # same rate, no longer aligned with lower's wins
    d = compare_teams(b, a, shuffled, lower)
    assert abs(d["margin"] - 0.1) < 1e-9 and not d["a_beats_b"]
    same = compare_teams(a, a, lower, lower)
    assert same["margin"] == 0 and not same["a_beats_b"]


def test_cooperative_ladder_medium_beats_random() -> None:
    """Gnou (one die, 18 turns): the team of medium bots (heuristic, 70 % right at quizzes)
    wins far more often than a team of random bots (about 38 % against 5 %)."""
    spec = LadderSpec("gnou", 4, ("random", "medium"), 150, seed=1,
                      options={"variant": "trottant"})
    result = ladder(spec, cooperative=True, workers=1)
    assert [t["level"] for t in result["teams"]] == ["random", "medium"]
    assert result["duels"][0]["a_beats_b"] and result["each_beats_the_one_below"]
    assert result["version"] and result["seed"] == 1


def test_competitive_duel_uses_both_seatings() -> None:
    competitive = [g for g in registry() if not g.cooperative]
    assert competitive, "no competitive game registered yet"
    game = competitive[0]
    players = min(max(4, game.min_players), game.max_players)
    spec = LadderSpec(game.name, players, ("random", "random"), 6, seed=0)
    result = ladder(spec, cooperative=False, workers=1)
    duel = result["duels"][0]
    assert duel["games"] == 6 and duel["seeds"] == 3
    # The same level on both sides: per-seat win rates and the margin are consistent.
    assert abs(duel["margin"] - (duel["a_win_rate"] - duel["b_win_rate"])) < 1e-9


def test_cli_json() -> None:
    result = CliRunner().invoke(
        ladder_cmd, ["gnou", "-n", "30", "--levels", "random,heuristic", "--json", "-w", "1"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["levels"] == ["random", "medium"] and data["players"] == 4


def test_cli_refuses_unknown_level() -> None:
    result = CliRunner().invoke(ladder_cmd, ["gnou", "--levels", "random,godlike"])
    assert result.exit_code == 2 and "godlike" in result.output


def test_cli_refuses_a_sample_too_small_for_its_interval() -> None:
    """Fewer than 30 independent units (deals of a duel, games of a team): one line,
    exit 2, before anything is played."""
    for args, least in ((["voleur", "-n", "58"], "60 par match"),
                        (["gnou", "-n", "29"], "30 par niveau")):
        result = CliRunner().invoke(ladder_cmd, [*args, "--levels", "random,medium"])
        assert result.exit_code == 2
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and "trop peu de parties" in lines[0] and least in lines[0]


def test_cli_warns_when_the_run_will_be_long(monkeypatch: pytest.MonkeyPatch) -> None:
    """The estimate times one game per match: with a clock that says each game took 10 s,
    2 × 30 games of gnou on one process are announced as about 10 min."""
    ticks = iter(range(0, 10_000, 10))
    monkeypatch.setattr(ladder_cli, "clock", lambda: float(next(ticks)))
    result = CliRunner().invoke(
        ladder_cmd, ["gnou", "-n", "30", "--levels", "random,medium", "-w", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert "Attention : ce classement devrait durer environ 10 min" in result.output
    assert "2 parties d'essai" in result.output


def test_cli_says_nothing_of_a_short_run_and_exports_headlines() -> None:
    result = CliRunner().invoke(
        ladder_cmd, ["voleur", "-n", "60", "-p", "3", "--levels", "random,medium", "-w", "1",
                     "--json"])
    assert result.exit_code == 0, result.output
    assert "Attention" not in result.output
    duel = json.loads(result.output)["duels"][0]
    thief = duel["headline"]["thief_win"]
    assert thief["n"] == 60 and thief["fair"] == pytest.approx(1 / 3)
    assert thief["ci95"][0] <= thief["value"] <= thief["ci95"][1]


def test_cli_tables_speak_english_with_lang_en() -> None:
    """« ludinum --lang en ladder » printed its tables in French only (« niveau »,
    « victoire », « écart A − B », « A bat B : oui », « graine »)."""
    from tests.cli.test_cli_errors import run

    code, out, err = run("ladder", "gnou", "-n", "30", "--levels", "random,medium", "-w", "1",
                         "--lang", "en")
    assert code == 0, err
    words = " ".join(out.split())
    for french in ("niveau", "victoire", "écart", "A bat B", "joueurs", "parties", "graine",
                   "chaque", "résultats", " oui", " non", "IC 95"):
        assert french not in words, (french, words)
    assert "each level beats the one below:" in words and "seed 0" in words, words
    code, out, err = run("ladder", "gnou", "-n", "30", "--levels", "random,medium", "-w", "1")
    assert code == 0 and "chaque niveau bat le précédent" in " ".join(out.split()), out


def test_cli_tables_name_the_game_and_its_levels_in_the_reader_s_language() -> None:
    """The tables' title was the game's id (« voleur ») and its levels « medium »,
    « random » on a French screen (a review of the lab, 2026-12-03)."""
    from tests.cli.test_cli_errors import run

    code, out, err = run("ladder", "gnou", "-n", "30", "--levels", "random,medium", "-w", "1")
    assert code == 0, err
    words = " ".join(out.split())
    assert "Le jeu du Gnou · " in words and "hasard" in words and "moyen" in words, words
    assert "medium" not in words and "random" not in words, words
    code, out, err = run("ladder", "gnou", "-n", "30", "--levels", "random,medium", "-w", "1",
                         "--lang", "en")
    words = " ".join(out.split())
    assert code == 0 and "medium" in words and "moyen" not in words, words


def test_cli_says_an_odd_sample_of_a_duel_is_played_one_game_less() -> None:
    """``-n 61`` of a competitive game plays 30 deals twice, seats swapped: 60 games. The
    table's title said 60 and the plot's 61; stderr now says so before the run, and an even
    -n or a cooperative game says nothing."""
    from tests.cli.test_cli_errors import run

    code, out, err = run("ladder", "voleur", "-n", "61", "-p", "3", "--levels",
                         "random,medium", "-w", "1")
    assert code == 0, err
    assert ("-n 61 : 60 parties par match (chaque tirage est joué deux fois, sièges "
            "échangés).") in " ".join(err.split()), err
    assert "60 parties par match (30 tirages" in " ".join(out.split()), out
    for args in (("voleur", "-n", "60", "-p", "3"), ("gnou", "-n", "31")):
        code, _out, err = run("ladder", *args, "--levels", "random,medium", "-w", "1")
        assert code == 0 and "-n " not in err, err
