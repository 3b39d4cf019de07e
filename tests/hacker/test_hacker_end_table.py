"""The terminal's accounts table at the game's end, where every account shows its bills: a
row of « [2 + 1 + 3 + 2 = 8] » ran past the terminal's 80 columns, the columns no longer
lined up and a sum was cut across two lines. Written tight (« [2+1+3+2=8] ») when it would
not fit otherwise, the table stays aligned and on 80 columns."""

from __future__ import annotations

import random

from rich.text import Text

from ludinum.games import registry

GAME = registry().get("hacker")


def _end_table(seed: int, players: int) -> list[str]:
    state = GAME.new_state(players, seed)
    pick = random.Random(seed)
    while not state.is_terminal():
        seat = state.active_players()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(pick.random() * len(legal))])
    shown = Text.from_markup(GAME.text.view(state.view(0), "fr")).plain.splitlines()
    return [line for line in shown if "│" in line]


def test_the_end_table_keeps_its_columns_on_a_terminal_line() -> None:
    tight = 0
    for seed in range(40):
        for players in (4, 5, 6, 7):
            rows = _end_table(seed, players)
            assert len(rows) == players, rows
            assert all(len(row) <= 80 for row in rows), rows
            # Every row's separators at the same places: the columns line up.
            bars = {tuple(i for i, ch in enumerate(row) if ch == "│") for row in rows}
            assert len(bars) == 1, rows
            tight += any("+" in row and " + " not in row for row in rows)
    assert tight, "no game long enough to need the tight form"
