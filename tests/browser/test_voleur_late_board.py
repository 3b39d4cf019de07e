"""Le Voleur de Données on the projector late in a game: the boards fill up (a manager's
board holds six, eight data cards, each a row), and the board laid out three blocks a row
grew so tall that the height of the stage shrank it: at 1280×720 with six players its
texts came down to 7.8 px from round 11 on (12.8 px at 1920×1080), while the stage's
width stayed partly empty beside the drawing. Copies of one data on a board are now one
row with their count (« Annuaire interne ×2 ») and the board may put more blocks on a row
when the stage is wider than the board (draw.js: fit keeps the layout drawn largest):
8.4 px (13.7 px) at worst, five players 9.4 px (15.3 px). Now every text at 16 px at
least at 1280×720, the floor the product asks for text on a projector there (board.js:
READ_PX; compact from four players on), and 15.2 px at 1920×1080 (five or six players'
names: why not 16, test_voleur_projector_drawing.LATE_LEAST)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.browser.test_board_fills_projector import BOX
from tests.browser.test_layout_fit import (
    BOARD_TEXTS,
    VOLEUR_HOMES,
    VOLEUR_NAMES,
    misplaced,
    overlapping,
    paused_table,
)

pytestmark = pytest.mark.slow


def late_boards(players: int, box: dict[str, float]) -> list[str]:
    """Public boards of a Voleur game of ``players`` played at random by its managers
    laying data and its thief stealing, from round 11 to its end (the fullest boards), in
    French and English, with long nicknames, drawn for the projector's ``box``."""
    from ludinum.games import registry
    from tests.server.test_boards import draw

    game = registry().get("voleur")
    names = VOLEUR_NAMES[:players]
    state = game.setup(game.make_config(players=players, seed=players))
    rng = random.Random(players)
    boards: list[str] = []
    for step in range(5_000):
        if state.is_terminal():
            break
        view = state.view(None)
        if view["round"] >= 11 and step % 9 == 0:
            boards += [draw(game, view, lang, names, box=box) for lang in ("fr", "en")]
        seat = rng.choice(state.active_players())
        state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    view = state.view(None)
    boards += [draw(game, view, lang, names, box=box) for lang in ("fr", "en")]
    return boards


@pytest.mark.parametrize(("width", "height", "least"), [(1920, 1080, 15.0), (1280, 720, 16.0)])
def test_late_voleur_boards_are_read_from_the_back_of_the_room(
    width: int, height: int, least: float, live: Any, browser: Any, contexts: list[Any]
) -> None:
    """Boards of 3, 4, 5 and 6 players from round 11 to the end, drawn by the page's code into
    the paused projector for the room its stage leaves: every text at ``least`` px or
    more, each text in its card or block, none over another, the drawing on the
    screen."""
    host, _ = paused_table(browser, live, contexts, "voleur", 5, (width, height))
    box = host.evaluate(BOX)
    worst: dict[int, float] = {}
    for players in (3, 4, 5, 6):
        for html in late_boards(players, box):
            out = host.evaluate(BOARD_TEXTS, [html, VOLEUR_HOMES])
            texts = out["texts"]
            worst[players] = min([worst.get(players, 99.0)] + [t["px"] for t in texts])
            assert not misplaced(texts), (players, misplaced(texts))
            assert not overlapping(texts), (players, overlapping(texts))
            assert out["svg"]["bottom"] <= height and out["svg"]["right"] <= width
    small = {p: round(px, 1) for p, px in worst.items() if px < least}
    assert not small, (worst, least)
