"""Before the host starts the game, a phone draws the Voleur board with no one's turn
marked (a browser review: in the lobby the phones circled a seat as if it were its turn,
the game not started). The screen's state says so (``lobby``, app.js from the room's
status); once started, the seat to play has its ring and thick frame again."""

from __future__ import annotations

from ludinum.games import registry
from tests.drawing import shared
from tests.server.test_boards import NAMES

RING = 'stroke-dasharray="5 3"'  # draw.js token: the turn ring around a pawn
THICK = 'stroke="#111827" stroke-width="5"'  # the block of the seat to play


def _map(lobby: bool) -> str:
    game = registry().get("voleur")
    state = game.setup(game.make_config(players=3, seed=1))
    view = state.view(None)
    assert view["turn"] is not None
    screen = {"lang": "fr", "seat": None, "view": view, "narrow": True, "lobby": lobby,
              "names": NAMES[:3]}
    return str(shared().screen(game, screen, ("map",))["map"])


def test_the_lobby_board_marks_no_turn() -> None:
    lobby = _map(lobby=True)
    assert "<svg" in lobby
    assert RING not in lobby and THICK not in lobby


def test_a_started_game_marks_whose_turn_it_is() -> None:
    playing = _map(lobby=False)
    assert playing.count(RING) == 1 and playing.count(THICK) == 1
