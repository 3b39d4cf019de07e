"""Every decision screen fits a standard 80 × 24 terminal: a new user's terminal showed Web
Runners' and Hacker's decisions 30 to 52 rows tall (Hacker's 21 accounts a row each, the
choices a line each), so the top of the screen, the board, scrolled away before the
choice. Each game is played here in a real 80 × 24 terminal at its largest player count,
and each screen a person decides on, from the blank line that opens it to the prompt,
must take at most 24 rows."""

from __future__ import annotations

import random
import re

import pytest

from tests.cli.terminal import ANSI, Prompt, play

ROWS, COLUMNS = 24, 80


def _screen(prompt: Prompt) -> list[str]:
    """The decision screen ending at ``prompt``: from the blank line after the last line of
    what happened (« • … »; the screen itself never has one) to the prompt itself. A group
    of choices opened (« … (9 choix) ») has no such line: its whole block."""
    lines = ANSI.sub("", prompt.before).replace("\r", "").split("\n")
    told = [i for i, line in enumerate(lines) if line.startswith("• ")]
    after = told[-1] + 1 if told else 0
    blank = next((i for i in range(after, len(lines)) if not lines[i].strip()), None)
    return lines[blank:] if blank is not None else lines


@pytest.mark.parametrize("game,players,extra,seeds", [
    pytest.param("gnou", 6, [], (5, 6), id="gnou"),
    # A quiz under a danger card with six players' protections took 29 rows.
    pytest.param("gnou", 6, [], (40,), id="gnou-danger-quiz"),
    pytest.param("webrunners", 4, [], (5, 6), id="webrunners"),
    pytest.param("hacker", 7, [], (5, 6), id="hacker"),
    pytest.param("voleur", 6, [], (5, 6), id="voleur"),
    # Late in a game, boards with revealed measures named took 25 rows.
    pytest.param("voleur", 6, [], (17, 26), id="voleur-late"),
    # The person is the thief: its steals.
    pytest.param("voleur", 6, ["-o", "thief_seat=1"], (5, 6), id="voleur-thief"),
])
def test_every_decision_screen_fits_80_by_24(game: str, players: int, extra: list[str],
                                              seeds: tuple[int, ...]) -> None:
    rng = random.Random(f"{game}{extra}{seeds if seeds != (5, 6) else ''}")
    shown: list[list[str]] = []

    def choose(prompt: Prompt) -> int:
        shown.append(_screen(prompt))
        return rng.randint(1, max(1, len(prompt.options)))

    for seed in seeds:
        play([game, "-p", str(players), "--seed", str(seed), *extra], choose, timeout=300,
             lines=ROWS, columns=COLUMNS)
    assert len(shown) >= 2, game
    tallest = max(shown, key=len)
    assert len(tallest) <= ROWS, "\n".join(tallest)
    # Every row of it fits the width: none wrapped by the terminal itself.
    assert all(len(line) <= COLUMNS for screen in shown for line in screen)
    # The top of each screen is the game's view, not its choices: the board is there.
    assert all(not re.match(r"\s+\d+\. ", screen[1]) for screen in shown if len(screen) > 1)
