"""Headline outcomes: declared by each game, aggregated with 95 % intervals in one JSON
shape for every game, plotted and judged (fair or not) by the sweep report."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludinum.cli.main import cli
from ludinum.cli.simulate import simulate
from ludinum.cli.sweep import sweep as sweep_cmd
from ludinum.games import headlines, registry
from ludinum.sim.outcomes import cell_verdict, pool, verdict

GAMES = [g.name for g in registry()]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_declares_headlines_and_simulate_exports_them(name: str) -> None:
    heads = headlines(name)
    assert heads, f"{name} declares no headline outcome"
    result = CliRunner().invoke(simulate, [name, "-n", "12", "--bots", "random", "-w", "1",
                                           "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert list(data["headline"]) == [h.key for h in heads]
    for entry in data["headline"].values():
        assert {"key", "label", "kind", "per_seat", "n", "value", "ci95", "sd", "fair"} <= set(
            entry)
        assert entry["label"]["fr"] and entry["label"]["en"] and entry["n"] == 12
        values = entry["value"] if entry["per_seat"] else [entry["value"]]
        cis = entry["ci95"] if entry["per_seat"] else [entry["ci95"]]
        assert len(values) == (data["players"] if entry["per_seat"] else 1)
        for value, (lo, hi) in zip(values, cis, strict=True):
            assert lo - 1e-9 <= value <= hi + 1e-9
    assert [s["seat"] for s in data["seats"]] == list(range(1, data["players"] + 1))
    assert all(s["bot"] == "random" and "win_rate_ci95" in s for s in data["seats"])


def test_headlines_match_the_games_own_metrics() -> None:
    """Voleur: the thief's win rate is the share of games the game's metrics call a thief
    win; the managers' proof points are foil_points per foiled attack (V7)."""
    from ludinum.sim.runner import SimSpec, run
    from ludinum.sim.summary import summarise

    spec = SimSpec("voleur", 4, ("random",) * 4, 5, {"foil_points": 3})
    records = run(spec, 20, workers=1)
    summary = summarise(spec, records, 1.0, False, headlines("voleur"))
    thief = summary["headline"]["thief_win"]
    assert thief["value"] == pytest.approx(sum(r.metrics["thief_win"] for r in records) / 20)
    assert thief["fair"] == pytest.approx(0.25)
    proof = summary["headline"]["proof_points"]
    assert proof["value"] == pytest.approx(sum(3 * r.metrics["foiled"] for r in records) / 20)


def test_simulate_title_says_what_ran() -> None:
    result = CliRunner().invoke(
        simulate, ["voleur", "-n", "6", "-p", "4", "--bots", "random", "--seed", "11",
                   "-o", "foil_points=2", "-w", "1"])
    assert result.exit_code == 0, result.output
    title = " ".join(result.output.split("┏")[0].split())  # the table's title, unwrapped
    for part in ("Le Voleur de Données", "4 joueurs", "bots random ×4", "foil_points=2",
                 "6 parties", "graine 11"):
        assert part in title
    assert "victoire du voleur" in result.output and "équitable" in result.output


def test_pooling_rates_and_means() -> None:
    rate = [{"kind": "rate", "per_seat": False, "n": 100, "value": 0.2, "sd": 0.4},
            {"kind": "rate", "per_seat": False, "n": 300, "value": 0.6, "sd": 0.49}]
    value, lo, hi = pool(rate)
    assert value == pytest.approx(0.5) and lo < 0.5 < hi
    # Two cells of a mean: 1, 3 (mean 2) and 5, 7 (mean 6): pooled 1, 3, 5, 7.
    means = [{"kind": "mean", "per_seat": False, "n": 2, "value": 2.0, "sd": math.sqrt(2)},
             {"kind": "mean", "per_seat": False, "n": 2, "value": 6.0, "sd": math.sqrt(2)}]
    value, lo, hi = pool(means)
    sd = math.sqrt(sum((x - 4) ** 2 for x in (1, 3, 5, 7)) / 3)
    assert value == pytest.approx(4.0)
    assert hi - value == pytest.approx(1.959963984540054 * sd / 2)
    # A seat that only some cells have (fewer players) is pooled over those cells.
    seats = [{"kind": "rate", "per_seat": True, "n": 10, "value": [0.5, 0.5], "sd": [0, 0]},
             {"kind": "rate", "per_seat": True, "n": 10, "value": [0.1, 0.2, 0.7],
              "sd": [0, 0, 0]}]
    assert pool(seats, 2)[0] == pytest.approx(0.7)
    assert pool(seats, 0)[0] == pytest.approx(0.3)


def test_verdicts_need_the_whole_interval() -> None:
    assert verdict(0.22, 0.28, 0.25, 0.05) == "fair"
    assert verdict(0.31, 0.40, 0.25, 0.05) == "unfair"
    assert verdict(0.18, 0.32, 0.25, 0.05) == "uncertain"
    entry = {"per_seat": True, "fair": 0.25, "value": [0.25, 0.45],
             "ci95": [[0.22, 0.27], [0.40, 0.5]]}
    assert cell_verdict(entry, 0.05) == "unfair"
    assert cell_verdict({"per_seat": False, "fair": None, "value": 0.5, "ci95": [0, 1]},
                        0.05) is None


def test_voleur_foil_points_sweep_shows_the_thief_win_rate_and_which_value_is_fair(
    tmp_path: Path,
) -> None:
    """The designer's question (issue 18): how many points per foiled attack make the
    thief's chances fair (an even share, 1/4 at four players)? With 2 points (one reading
    of the text, V7) the thief wins about 9 games in 10, with 10 about 45 %, with 15 about
    a quarter."""
    out, data = tmp_path / "v.html", tmp_path / "v.json"
    result = CliRunner().invoke(
        sweep_cmd, ["voleur", "--grid", "foil_points=2,10,15", "-n", "300", "-p", "4",
                    "--fair-margin", "0.1", "-w", "2", "-O", str(out), "--data", str(data)])
    assert result.exit_code == 0, result.output
    rows = json.loads(data.read_text(encoding="utf-8"))["rows"]
    thief = [r["summary"]["headline"]["thief_win"] for r in rows]
    assert [r["cell"]["foil_points"] for r in rows] == [2, 10, 15]
    assert thief[0]["value"] > 0.8 and thief[0]["ci95"][0] > thief[1]["ci95"][1]
    assert thief[1]["ci95"][0] > thief[2]["ci95"][1]  # moving beyond the intervals
    text = out.read_text(encoding="utf-8")
    assert 'alt="thief_win selon foil_points"' in text  # the role outcome is plotted
    sentence = re.search(r'<p class="verdict">(Victoire du voleur[^<]*)</p>', text)
    assert sentence, "no fairness sentence for the thief's win rate"
    assert "équitable pour foil_points = 15\u202f;" in sentence.group(1)
    assert "déséquilibré pour foil_points = 2, foil_points = 10." in sentence.group(1)
    assert "fair for foil_points = 15; unbalanced for foil_points = 2, foil_points = 10" in text
    assert "équitable pour foil_points = 15" in result.output  # also said on the terminal


def test_sweeping_players_down_works_and_keeps_the_table_aligned(tmp_path: Path) -> None:
    """players=6,3 crashed (the plots read the first cell's seat count); the table had
    as many columns as the first cell's seats."""
    out, data = tmp_path / "p.html", tmp_path / "p.json"
    result = CliRunner().invoke(
        sweep_cmd, ["voleur", "--grid", "players=6,3", "-n", "8", "--bots", "random",
                    "-w", "1", "-O", str(out), "--data", str(data)])
    assert result.exit_code == 0, result.output
    rows = json.loads(data.read_text(encoding="utf-8"))["rows"]
    assert [len(r["summary"]["seats"]) for r in rows] == [6, 3]
    assert [r["summary"]["headline"]["thief_win"]["fair"] for r in rows] == pytest.approx(
        [1 / 6, 1 / 3])
    table = out.read_text(encoding="utf-8").split("<table>")[1].split("</table>")[0]
    lines = table.split("</tr>")[:-1]
    widths = {line.count("<th>") + line.count("<td>") for line in lines}
    assert len(widths) == 1  # every row as wide as the header
    assert "victoire siège 6" in lines[0] and lines[2].count("<td>—</td>") == 3


def test_simulate_and_ladder_plot_their_headlines(tmp_path: Path) -> None:
    from ludinum.cli.ladder import ladder as ladder_cmd

    png = tmp_path / "s.png"
    result = CliRunner().invoke(simulate, ["hacker", "-n", "6", "--bots", "random", "-w", "1",
                                           "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    png = tmp_path / "l.png"
    result = CliRunner().invoke(ladder_cmd, ["gnou", "-n", "30", "--levels", "random,medium",
                                             "-w", "1", "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_plot_that_cannot_be_written_fails_before_the_run(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["simulate", "gnou", "-n", "5", "--plot",
                                      str(tmp_path / "no" / "s.png")])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"ludinum : erreur : --plot : le dossier de « {tmp_path / 'no' / 's.png'} » "
        "n'existe pas ou n'est pas accessible en écriture."]


def test_hackers_first_player_share_follows_the_seat_drawn_to_start() -> None:
    """Hacker's ``first`` moves on every round (H5): the headline must follow the seat
    drawn at setup, the one the initial view shows as first."""
    from ludinum.games import get_game
    from ludinum.sim.runner import SimSpec, play_one

    game = get_game("hacker")
    spec = SimSpec("hacker", 4, ("random",) * 4, 21)
    for index in range(8):
        record = play_one(spec, index)
        first = game.new_state(4, record.seed).view(None)["first"]
        assert record.values["first_player_win"] == (record.rewards[first],)


def test_web_runners_first_player_share_follows_the_first_to_move() -> None:
    """Web Runners draws who starts with the first-player questions (W15): the headline
    follows the first seat to act once they are answered."""
    from ludinum.engine import next_actor
    from ludinum.games import get_game
    from ludinum.sim.runner import SimSpec, bots_for, play_one

    game = get_game("webrunners")
    spec = SimSpec("webrunners", 4, ("random",) * 4, 21)
    for index in range(6):
        record = play_one(spec, index)
        state = game.new_state(4, record.seed)
        bots = bots_for(spec, index)  # the same game, played the plain way
        first, steps = -1, 0
        while not state.is_terminal():
            player = next_actor(state, steps)
            action = bots[player].choose(state, player)
            if first < 0 and action.kind not in game.personal:
                first = player
            state.apply_trusted(player, action)
            steps += 1
        assert record.values["first_player_win"] == (record.rewards[first],)
