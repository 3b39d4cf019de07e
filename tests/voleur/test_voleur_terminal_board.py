"""Le Voleur's board in the terminal draws its separators with one family of characters,
the box-drawing one the other games' terminal boards use (Hacker's « Rouge (J1) │ 10 : … »):
a seat's own board read « Papier : … (standard, 1 point) | … (sensible, 5 points) » with an
ASCII bar, under the other seats' « Papier : … │ Numérique : … » drawn with « │ »."""

from __future__ import annotations

from collections.abc import Iterator

from rich.text import Text

from ludinum.engine import deciders, visible
from ludinum.games import make_bot
from ludinum.games.voleur import GAME
from tests.voleur.helpers import PAPER, board, fresh, turn

TEXT = GAME.text


def _boards(players: int, seed: int) -> Iterator[str]:
    """Every seat's terminal board (plain text) at each step of a game between bots."""
    state = GAME.new_state(players, seed, {})
    bots = {seat: make_bot("voleur", "medium", seed * 31 + seat) for seat in range(players)}
    while not state.is_terminal():
        for seat in range(players):
            yield Text.from_markup(TEXT.view(state.view(seat), "fr")).plain
        player = sorted(deciders(state))[0]
        events = state.apply(player, bots[player].choose(state, player))
        for seat, bot in bots.items():
            bot.observe(seat, visible(events, seat))


def test_a_board_s_data_slots_are_separated_as_its_two_boards_are() -> None:
    state = fresh(4, thief=3)
    board(state, 0, PAPER, data=("annuaire_interne", "dossier_medical"))
    turn(state, 1)
    told = TEXT.view(state.view(0), "fr")
    assert ("  [bold]Papier[/bold] : Annuaire interne (standard, 1 point) ╎ "
            "Dossier médical (sensible, 5 points)") in told.splitlines()
    assert "|" not in told
    assert "│" in told  # the other seats' two boards on one line


def test_no_terminal_board_mixes_ascii_and_box_drawing_bars() -> None:
    seen = 0
    for seed in (5, 6):
        for text in _boards(6, seed):
            assert "|" not in text, text
            seen += "╎" in text
    assert seen > 10  # own boards with data in several slots were drawn
