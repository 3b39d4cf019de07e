"""A Web Runners phone before the start: the hand dealt at the room's creation stays
hidden until the host starts the game (a seat may still change hands in the lobby: a
pupil removed, a bot put in their place)."""

from __future__ import annotations

from html import unescape

from ludinum.server.rooms import LOBBY, PLAYING
from tests.drawing import slot, state_of
from tests.server import socketless


def test_the_phone_shows_no_hand_before_the_game_starts() -> None:
    room = socketless.playing_room("webrunners", 4, 3)
    room.status = LOBBY
    for seat in range(4):
        assert "hand" not in state_of(room, seat)["view"]
        actions = unescape(slot(room, seat, "actions"))
        assert "La partie n'a pas encore commencé." in actions
        assert "held-hand" not in actions and "Ta main" not in actions
        assert "Ta main" not in unescape(slot(room, seat, "board"))
    room.status = PLAYING  # once started, the hand is the phone's again
    assert state_of(room, 0)["view"]["hand"] == room.state.view(0)["hand"]
    assert "Ta main" in unescape(slot(room, 0, "board"))
