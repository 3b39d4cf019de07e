"""Without a clock the games are played turn-based: the terminal, a turn-based room and a
game started on one shared device put their timers at 0 (``OptionSet.untimed``). A terminal
review had found that in a Hacker game passed from hand to hand each person's drops
appeared on the screen at once, so the table knew whose every virus was (H3: in turn-based
play a trip's drops are revealed together, shuffled, when the trip ends)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from ludinum.cli import play as play_cmd
from ludinum.cli.main import cli
from ludinum.engine import State
from ludinum.games import get_game


def test_untimed_sets_only_the_timers_not_given() -> None:
    options = get_game("hacker").options
    assert options.untimed(None) == {"trip_seconds": 0}
    assert options.untimed({"trip_seconds": 8, "vigilance": 0.5}) == {
        "trip_seconds": 8, "vigilance": 0.5}
    assert options.untimed({"trip_seconds": 8}, force=True) == {"trip_seconds": 0}
    assert get_game("webrunners").options.untimed({}) == {
        "response_seconds": 0, "one_minute_seconds": 0}
    assert get_game("gnou").options.untimed({"variant": "trottant"}) == {
        "variant": "trottant"}  # no timer in the game


def test_the_terminal_plays_hacker_turn_based(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[State] = []
    monkeypatch.setattr(play_cmd, "_loop", lambda console, text, state, *a: seen.append(state))
    monkeypatch.setattr(play_cmd, "_end", lambda *a: None)
    result = CliRunner().invoke(cli, ["play", "hacker", "--humans", "4", "--seed", "7"])
    assert result.exit_code == 0, result.output
    assert seen[0].config.options["trip_seconds"] == 0
    result = CliRunner().invoke(cli, ["play", "hacker", "--seed", "7", "-o", "trip_seconds=9"])
    assert seen[1].config.options["trip_seconds"] == 9  # what is asked for is kept


def _blocks(output: str) -> list[list[str]]:
    """The printed event lines, in blocks between two hand-overs (a wiped screen)."""
    blocks: list[list[str]] = [[]]
    for line in output.splitlines():
        if "appuie sur Entrée" in line:
            blocks.append([])
        elif line.startswith("• "):
            blocks[-1].append(line)
    return blocks


def test_passed_from_hand_to_hand_a_trips_drops_show_only_when_it_ends() -> None:
    """Four people at one keyboard: every virus line comes in the block that says the
    traveller is back (all of the trip's drops together), never alone after a hand-over
    where the table would know who had the keyboard."""
    result = CliRunner().invoke(cli, ["play", "hacker", "--humans", "4", "--seed", "7"],
                                input="\n" + "2\n1\n" * 3000)
    assert result.exit_code == 0, result.output[-2000:]
    drops = 0
    for block in _blocks(result.output):
        for i, line in enumerate(block):
            if "Un virus apparaît" in line:
                drops += 1
                rest = block[i:]
                back = r"revient de la banque|Tu reviens de la banque"  # the traveller: « tu »
                # or the trip summed up in one line, its return with it (cli/digest.py),
                # a virus on the seat's own account said whole after it
                summed = r"^• (?:Trajet (?:de |d')\w+ \(J\d\)|Ton trajet)\xa0: "
                assert any(re.search(back, later) for later in rest) or any(
                    re.search(summed, earlier) for earlier in block[:i]), block
    assert drops > 10  # the game did drop viruses, and they were shown


def test_ctrl_d_at_a_prompt_stops_the_game_without_an_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The person stopped it (Ctrl-D at « Ton choix »): no « erreur », no traceback, the
    code a shell gives an interrupted command."""
    import io
    import sys

    from ludinum.cli.main import cli as group

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # the end of input, at once
    with pytest.raises(SystemExit) as stopped:
        group.main(["play", "gnou", "--players", "2", "--seed", "11"])
    assert stopped.value.code == 130
    err = capsys.readouterr().err
    assert "Arrêté à ta demande." in err
    assert "erreur" not in err and "Traceback" not in err
