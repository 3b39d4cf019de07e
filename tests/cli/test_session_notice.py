"""The terminal and simulations have no clock: a session length (« durée de la séance »,
W18) set in the options does not count there, and both say so in one line; the games
still run to their own end."""

from __future__ import annotations

import json

from click.testing import CliRunner

from ludinum.cli.main import cli

NOTICE = "La durée de la séance ne compte qu'en ligne"


def test_play_says_the_session_length_does_not_count_in_the_terminal() -> None:
    result = CliRunner().invoke(cli, ["play", "webrunners", "--humans", "0", "--players", "2",
                                      "--seed", "3", "-o", "session_minutes=15"])
    assert result.exit_code == 0, result.output
    assert NOTICE in result.stdout
    plain = CliRunner().invoke(cli, ["play", "webrunners", "--humans", "0", "--players", "2",
                                     "--seed", "3"])
    assert plain.exit_code == 0 and NOTICE not in plain.stdout


def test_simulate_says_so_on_stderr_and_keeps_its_json_clean() -> None:
    result = CliRunner().invoke(cli, ["simulate", "webrunners", "-n", "2", "--players", "2",
                                      "--workers", "1", "--json", "-o", "session_minutes=30"])
    assert result.exit_code == 0, result.output
    assert NOTICE in result.stderr and NOTICE not in result.stdout
    summary = json.loads(result.stdout)
    assert summary["games"] == 2


def test_a_bad_session_length_is_one_clear_line() -> None:
    result = CliRunner().invoke(cli, ["simulate", "webrunners", "-n", "1",
                                      "-o", "session_minutes=10"])
    assert result.exit_code == 2
    assert "session_minutes" in result.output and "off, 15, 20, 30, 45" in result.output
