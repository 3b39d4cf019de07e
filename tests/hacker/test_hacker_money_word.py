"""The board's last line at the end of a game was headed « Scores : 11 pour Léa ; … »
while the end screen's column (and the phone's « Ton argent ») says « Argent »: the
amounts are money in banknotes (H9). One word everywhere a player reads it: the line is
headed with the end screen's word (``score_column``), in the server's text and the page's."""

from __future__ import annotations

import random

import pytest

from ludinum.games import registry
from ludinum.server import render
from tests.drawing import state_of
from tests.server import socketless
from tests.server.test_page_lines import page_lines

GAME = registry().get("hacker")
NAMES = ["Léa", "Noé", "Sami", "Ana"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_last_line_says_money_as_the_end_screen(lang: str) -> None:
    room = socketless.playing_room("hacker", 4, seed=4)
    for seat, nickname in zip(room.seats, NAMES, strict=True):
        seat.nickname = nickname
    rng = random.Random(4)
    while not room.state.is_terminal():
        socketless.random_moves(room, rng, 1)
    word = GAME.text.score_column(lang)
    assert word == ("Money" if lang == "en" else "Argent")
    head = f"{word}:" if lang == "en" else f"{word}\u00a0:"  # French spacing
    scores = room.state.outcome().scores
    for seat in (None, 0):
        view = room.state.view(seat)
        server = render.lines(GAME, view, lang, NAMES)
        page = page_lines("hacker", state_of(room, seat, lang), seat, lang)
        for lines in (server, page):
            assert not [line for line in lines if line.startswith("Scores")], lines
            last = [line for line in lines if line.startswith(head)]
            assert len(last) == 1, lines
            assert last[0].startswith(head + f" {scores[0]:g} "), last
