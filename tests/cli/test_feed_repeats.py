"""The terminal's feed says a line repeated in a row once, with how many times: a Hacker
trip's drops (« Un virus apparaît sur le compte 10 pendant ton trajet. » six times)
scrolled the board of a 7-player game off an 80×24 terminal between two turns."""

from __future__ import annotations

import io
import itertools
import re

from click.testing import CliRunner
from rich.console import Console

from ludinum.cli.main import cli
from ludinum.cli.play import Feed, merged_repeats
from ludinum.engine.events import Event
from ludinum.games import get_game


def test_lines_repeated_in_a_row_are_said_once_with_their_count() -> None:
    lines = ["a", "b", "b", "b", "c", "b", "b"]
    assert merged_repeats(lines, "fr") == ["a", "b (3\u00a0fois)", "c", "b (2\u00a0fois)"]
    assert merged_repeats(lines, "en") == ["a", "b (3 times)", "c", "b (2 times)"]
    assert merged_repeats([], "fr") == []
    assert merged_repeats(["x"], "fr") == ["x"]


def test_the_feed_merges_a_trip_s_drops_on_one_account() -> None:
    game = get_game("hacker")
    # A virus on the person's own account is said whole (cli/digest.py): the 11th
    # account, « compte 11 », is the first seat's at 7 players with seed 5.
    state = game.new_state(7, 5, {})
    assert state.view(0)["accounts"][10]["owner"] == 0
    feed = Feed(Console(file=io.StringIO()), game.text, "fr", live=False, views=state.view)
    drop = Event("dropped", {"account": 10, "trip": 0})
    feed.add([drop] * 6, None)
    lines = feed.lines(0)
    said = [line for line in lines if "compte 11" in line]
    assert len(said) == 1, lines
    assert said[0].endswith("(6\u00a0fois)"), said


def test_a_seven_player_hacker_game_scrolls_fewer_lines_between_two_turns() -> None:
    """Between two « Ton choix » of one person, the feed's lines: no identical line twice
    in a row anywhere in a whole game."""
    result = CliRunner().invoke(cli, ["play", "hacker", "-p", "7", "--seed", "5"],
                                input="1\n" * 600)
    assert result.exit_code == 0, result.output[-1500:]
    # One feed's lines run from a « Ton choix » to the next screen (a blank line).
    feeds = [[line for line in chunk.splitlines() if line.startswith("• ")]
             for chunk in result.output.replace("Ton choix : ", "\n").split("\n\n")]
    assert sum(map(len, feeds)) > 100
    assert not [a for lines in feeds for a, b in itertools.pairwise(lines)
                if a == b]
    assert any(re.search(r"\(\d+\u00a0fois\)$", line) for lines in feeds for line in lines)
