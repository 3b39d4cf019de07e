"""Before the host starts the game (the lobby), no game counts a round begun: Hacker's
board said « Tour 1 / 4 · mise en place », Le jeu du Gnou's lines « Tour 1/13 », as if
under way. Their lobby views (``Game.lobby_view``) send round 0; the drawings say how long
the game will be. Once started, the round is counted again."""

from __future__ import annotations

from html import unescape

import pytest

from ludinum.server.rooms import LOBBY, PLAYING
from tests.drawing import slot
from tests.server import socketless

SAID = {"hacker": "Partie en 4 tours", "gnou": "Partie en 13 tours"}
STARTED = {"hacker": "Tour 1 / 4", "gnou": "Tour 1/13"}


@pytest.mark.parametrize("name", sorted(SAID))
def test_the_lobby_counts_no_round(name: str) -> None:
    room = socketless.playing_room(name, 3, 5)
    room.status = LOBBY
    for seat in (None, 0, 2):
        drawn = unescape(slot(room, seat, "map") + slot(room, seat, "board"))
        assert "Tour 1" not in drawn and "tour 1" not in drawn
        assert "mise en place" not in drawn
        assert SAID[name] in drawn
    room.status = PLAYING
    drawn = unescape(slot(room, None, "map") + slot(room, None, "board"))
    assert STARTED[name] in drawn
