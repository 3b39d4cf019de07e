"""Le Voleur de Données before the host starts the game (the lobby): every screen shows
the table as it is set up, not a game under way. No seat's turn is marked (no ring, no
thick frame), no « Tour 1 / 15 »; the thief is named only when the host chose their seat
(V1, option ``thief_seat``): dealt at random, who it is stays on the server until the
start. The page and the tests draw it alike: the view the server sends in the lobby says
so (``Game.lobby_view``), not the room's status read by the page alone (a board drawn
without its ring on the page only differed from the server's drawing)."""

from __future__ import annotations

from html import unescape

from ludinum.games import registry
from ludinum.server.rooms import LOBBY, PLAYING, Room
from ludinum.server.seats import Seat
from tests.drawing import slot, state_of

RING = 'stroke-dasharray="5 3"'  # draw.js token: the turn ring around a pawn
THICK = 'stroke="#111827" stroke-width="5"'  # the block of the seat to play


def _room(players: int = 3, options: dict[str, object] | None = None) -> Room:
    game = registry().get("voleur")
    state = game.new_state(players, seed=7, options=options)
    seats = [Seat(i) for i in range(players)]
    for seat in seats:
        seat.make_human(("Léa", "Noé", "Zoé", "Inès", "Tom", "Ana")[seat.index], "x")
    return Room(1, "LOBBY1", game, state.config, "turns", seats, "", state, status=LOBBY)


def _screens(room: Room) -> list[int | None]:
    return [None, *range(len(room.seats))]


def test_the_lobby_marks_no_turn_and_no_round() -> None:
    room = _room()
    for seat in _screens(room):
        view = state_of(room, seat)["view"]
        assert view["turn"] is None and view["active"] == []
        board = unescape(slot(room, seat, "map"))
        assert "<svg" in board and "Léa" in board and "Zoé" in board
        assert RING not in board and THICK not in board
        assert "Tour 1" not in board and "tour 1 sur" not in board
        assert "15 tours" in board  # how long the game will be


def test_a_thief_dealt_at_random_is_not_known_before_the_start() -> None:
    room = _room()  # thief_seat: dealt at random (the default)
    thief = room.state.view(None)["thief"]
    name = room.seats[thief].nickname
    for seat in _screens(room):
        view = state_of(room, seat)["view"]
        assert view["thief"] is None
        assert all("role" not in p or p["role"] is None for p in view["players"])
        assert all(set(p) == {"seat"} for p in view["players"])  # no hand to count
        board = unescape(slot(room, seat, "map") + slot(room, seat, "board"))
        assert f"{name} · voleur" not in board and f"{name} (voleur)" not in board
        assert "Le voleur sera tiré au sort au lancement de la partie." in board


def test_a_thief_chosen_by_the_host_is_announced_not_played() -> None:
    room = _room(options={"thief_seat": 1})
    for seat in _screens(room):
        assert state_of(room, seat)["view"]["thief"] == 1
        board = unescape(slot(room, seat, "map") + slot(room, seat, "board"))
        assert "Le voleur sera\u00a0: Noé." in board  # c.spaced
        assert RING not in board and "Tour 1" not in board


def test_once_started_the_board_is_the_game_s() -> None:
    room = _room()
    room.status = PLAYING
    view = state_of(room, None)["view"]
    assert view["turn"] is not None and view["thief"] is not None
    board = unescape(slot(room, None, "map"))
    assert board.count(RING) == 1 and board.count(THICK) == 1
    assert "Tour 1 / 15" in board


def test_the_lobby_board_in_english() -> None:
    room = _room(options={"thief_seat": 2})
    board = unescape(slot(room, None, "map", "en") + slot(room, None, "board", "en"))
    assert "A game of 15 rounds" in board and "data manager" in board
    assert "The thief will be Zoé." in board
    random = unescape(slot(_room(), 0, "board", "en"))
    assert "The thief will be dealt at random when the game starts." in random
