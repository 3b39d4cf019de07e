"""Kept games (``simulate --keep-games``) and ``ludinum replay``: the logs replay to the
same games, the replay shows public events only, steps on Enter and stops on ``q``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludinum.cli import replay as replay_module
from ludinum.cli.main import cli
from ludinum.cli.replay import replay
from ludinum.cli.simulate import simulate
from ludinum.games import get_game, registry
from ludinum.sim.gamelog import read_log

GAMES = [g.name for g in registry()]


def keep(tmp_path: Path, name: str, games: int = 3, *extra: str) -> Path:
    folder = tmp_path / name
    result = CliRunner().invoke(simulate, [name, "-n", str(games), "-w", "1", "--bots",
                                           "random", "--keep-games", str(folder), "--json",
                                           *extra])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["kept_games"] == str(folder.resolve())
    return folder


@pytest.mark.parametrize("name", GAMES)
def test_kept_logs_replay_to_the_same_games(tmp_path: Path, name: str) -> None:
    folder = keep(tmp_path, name)
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == ["game-000000.json", "game-000001.json",
                                       "game-000002.json"]
    game = get_game(name)
    for path in files:
        log = read_log(get_game, path.read_text(encoding="utf-8"))
        assert log.bots == ("random",) * log.config.players
        state = game.replay(log.config, log.actions)
        assert state.is_terminal()
        assert state.outcome().to_json() == log.data["outcome"]
        # W15: personal answers are stored in their neutral form, as the server does.
        for player, action in log.actions:
            if action.kind in game.personal:
                assert game.redact(state, player, action) == action


def test_replay_without_a_terminal_prints_every_step_and_the_result(tmp_path: Path) -> None:
    path = keep(tmp_path, "voleur", 1, "-p", "4") / "game-000000.json"
    log = read_log(get_game, path.read_text(encoding="utf-8"))
    result = CliRunner().invoke(replay, [str(path)])
    assert result.exit_code == 0, result.output
    total = len(log.actions)
    assert f"Étape 1/{total}" in result.output and f"Étape {total}/{total}" in result.output
    # the result once, in the words of ludinum play's end (« Victoire de Joueur 2 ! »)
    assert len(re.findall(r"^Victoire de .+ !$", result.output, re.M)) == 1, result.output[-600:]
    assert "Gagnant" not in result.output
    # Hidden information never shows: no private event's text (a manager's draw…).
    game = get_game("voleur")
    state = game.setup(log.config)
    public, private = set(), set()
    for player, action in log.actions:
        for event in state.apply(player, action):
            (public if event.to is None else private).add(game.text.event(event, "fr"))
    hidden = private - public
    assert hidden and not any(text in result.output for text in hidden)


def test_replay_to_a_step(tmp_path: Path) -> None:
    path = keep(tmp_path, "gnou", 1) / "game-000000.json"
    result = CliRunner().invoke(replay, [str(path), "--to", "2", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "Step 2/" in result.output and "Step 3/" not in result.output
    assert "Winner" not in result.output


def test_replay_in_a_terminal_waits_for_enter_and_stops_on_q(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = keep(tmp_path, "hacker", 1) / "game-000000.json"
    monkeypatch.setattr(replay_module, "stdin_is_terminal", lambda: True)
    result = CliRunner().invoke(replay, [str(path)], input="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert "Étape 3/" in result.output and "Étape 4/" not in result.output
    assert result.output.count("Entrée : étape suivante") == 3


@pytest.mark.parametrize("content", ["{not json", '{"format": "other"}', "[]"])
def test_a_bad_log_is_one_line_and_exit_2(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    result = CliRunner().invoke(replay, [str(path)])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_missing_log_and_unwritable_keep_dir_are_one_line_errors(tmp_path: Path) -> None:
    result = CliRunner().invoke(replay, [str(tmp_path / "nope.json")])
    assert result.exit_code == 2 and "nope.json" in result.output
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    result = CliRunner().invoke(cli, ["simulate", "gnou", "-n", "2", "--keep-games",
                                      str(blocker / "sub")])
    assert result.exit_code == 2
    assert result.output.startswith("ludinum : erreur : --keep-games")


def test_a_step_names_its_seat_only_when_the_table_sees_it_alone_acting(
        tmp_path: Path) -> None:
    """A replay shows what a spectator may know. During a Hacker trip the table sees every
    seat but the traveller acting (H2): a step's « · Vert (J3) » beside « Un virus apparaît
    sur le compte 8 » told who dropped it, the secret the game is about."""
    path = keep(tmp_path, "hacker", 1, "-p", "4") / "game-000000.json"
    log = read_log(get_game, path.read_text(encoding="utf-8"))
    result = CliRunner().invoke(replay, [str(path)])
    assert result.exit_code == 0, result.output
    game = get_game("hacker")
    state = game.setup(log.config)
    headers = re.findall(r"^Étape (\d+)/\d+(?: · (.+))?$", result.output, re.M)
    assert len(headers) == len(log.actions)
    named = secret = 0
    for (step, said), (player, action) in zip(headers, log.actions, strict=True):
        alone = state.public_active(None) == (player,)
        assert said == (game.text.seat_label(player, "fr") if alone else ""), step
        named += alone
        secret += action.kind == "drop"
        state.apply(player, action)
    assert named and secret  # both kinds of step were seen
    # The board's legend explains a seat's own marks to seats only.
    assert "un des tiens" not in result.output and "▮J3 = posé" in result.output


def test_a_log_cut_short_says_the_game_was_not_over(tmp_path: Path) -> None:
    """A log cut short replayed its steps and stopped with no result and no word of why
    (a review of the lab, 2026-12-03): the table as it stands, and that the game was not
    over."""
    path = keep(tmp_path, "gnou", 1) / "game-000000.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:5]
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(replay, [str(cut)])
    assert result.exit_code == 0, result.output
    assert "Étape 5/5" in result.output
    assert result.output.rstrip().endswith(
        "Le journal s'arrête ici : la partie n'était pas finie."), result.output[-300:]
    whole = CliRunner().invoke(replay, [str(path)])
    assert "pas finie" not in whole.output
    english = CliRunner().invoke(replay, [str(cut), "--lang", "en"])
    assert english.output.rstrip().endswith("The log stops here: the game was not over.")
