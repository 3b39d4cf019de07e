"""The live room: status changes and server timers (pure logic, no I/O)."""

from __future__ import annotations

import random

import pytest

from ludinum.engine import Action
from ludinum.server.rooms import LIVE, PAUSED, PLAYING, TURNS, Room, RoomError
from ludinum.server.seats import BOT, Seat
from tests.server import toygame


def room(mode: str = LIVE, seconds: int = 10) -> Room:
    game = toygame.GAME
    config = game.make_config(2, 1, {"turn_seconds": seconds})
    return Room(1, "ABCDEF", game, config, mode, [Seat(0), Seat(1)], "x", game.setup(config))


def test_start_fills_open_seats_with_bots_and_starts_the_timer() -> None:
    r = room()
    r.start("random")
    assert [s.kind for s in r.seats] == [BOT, BOT]
    r.refresh_deadline(100.0, actor=None)
    assert r.deadline is not None and r.deadline_at == 110.0
    with pytest.raises(RoomError):
        r.start("random")


def test_turn_based_rooms_have_no_timer() -> None:
    r = room(TURNS)
    r.start("random")
    r.refresh_deadline(100.0, actor=None)
    assert r.deadline is None and r.seconds_left(100.0) is None


def test_pause_keeps_what_is_left_and_resume_restarts_from_it() -> None:
    r = room()
    r.start("random")
    r.refresh_deadline(100.0, actor=None)
    r.pause(104.0)
    assert r.status == PAUSED and r.deadline_at is None and r.deadline_left == 6.0
    assert r.seconds_left(500.0) == 6.0
    with pytest.raises(RoomError) as info:
        r.apply(0, Action.make("pass"), 105.0)
    assert info.value.code == "paused"
    r.resume(200.0)
    assert r.status == PLAYING and r.deadline_at == 206.0


def test_a_new_decision_restarts_the_timer() -> None:
    r = room()
    r.start("random")
    r.refresh_deadline(100.0, actor=None)
    r.apply(0, Action.make("pass"), 103.0)
    assert r.deadline is not None and r.deadline.player == 1
    assert r.deadline_at == 113.0
    assert r.due_action() == (1, Action.make("pass"))


def test_actions_before_start_are_refused() -> None:
    r = room()
    with pytest.raises(RoomError) as info:
        r.apply(0, Action.make("pass"), 1.0)
    assert info.value.code == "not_started"
    assert r.seq == 0


def test_the_end_clears_the_timer_and_finishes() -> None:
    r = room(seconds=5)
    r.start("random")
    r.refresh_deadline(0.0, actor=None)
    t = 0.0
    while r.status == PLAYING:
        p = r.active()[0]
        r.apply(p, r.state.legal_actions(p)[0], t)
        t += 1
    assert r.status == "finished" and r.deadline is None and r.deadline_at is None


def live_room(name: str, players: int, seed: int, options: dict[str, object]) -> Room:
    """A started live room of a registered game, every seat a bot."""
    from ludinum.games import get_game

    game = get_game(name)
    config = game.make_config(players, seed, options)
    r = Room(1, "ABCDEF", game, config, LIVE, [Seat(i) for i in range(players)], "x",
             game.setup(config))
    r.start("random")
    return r


def test_a_bot_traveller_leaves_the_trip_to_the_timer() -> None:
    """H3: in live play a trip lasts its time; a bot traveller, whose only move is the
    timer's own ``return``, does not cut it short for the others."""
    r = live_room("hacker", 4, 3, {"trip_seconds": 12})
    state = r.state
    for _ in range(500):  # play the set-up until the first trip is under way
        deadline = state.deadline()
        if deadline is not None and deadline.kind == "trip":
            break
        p = state.active_players()[0]
        state.apply(p, state.legal_actions(p)[0])
    r.refresh_deadline(100.0, actor=None)
    deadline = r.deadline
    assert deadline is not None and deadline.seconds == 12
    traveller = deadline.player
    assert traveller in state.active_players()
    assert traveller not in r.bot_turns()
    assert set(r.bot_turns()) == set(state.active_players()) - {traveller}


def test_a_bot_answers_a_response_window_at_once() -> None:
    """A response window is a decision, not a duration: a bot target whose only move is
    the timer's own action plays it at once (a game of bots does not wait 20 s a time)."""
    r = live_room("webrunners", 4, 5, {"response_seconds": 20})
    state = r.state
    rng = random.Random(5)
    seen = 0
    for step in range(5000):
        if state.is_terminal():
            break
        deadline = state.deadline()
        if deadline is not None and deadline.kind == "response":
            r.refresh_deadline(float(step), actor=None)
            assert r.deadline is not None and not r.deadline.duration
            assert deadline.player in r.bot_turns()
            seen += list(state.legal_actions(deadline.player)) == [deadline.action]
        p = state.active_players()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    assert seen > 0, "a response whose only move was the timer's"


def test_events_since_is_a_readers_new_visible_events_in_order() -> None:
    """``events_since`` (read from the newest back) gives what a plain scan of the whole
    history gives: every seat, every starting point, private events to their seat only,
    and the whole history to a reader older than it."""
    from ludinum.server.rooms import HISTORY
    from tests.server.socketless import playing_room, random_moves

    room = playing_room("hacker", 4, 3)  # secret drops: events seen by one seat only
    random_moves(room, random.Random(3), 300)
    assert len(room.recent) == HISTORY  # the history is full: older events are gone
    private = [e for _, e in room.recent if e.to is not None]
    assert private, "the game hid something from someone"
    for seat in (None, 0, 1, 2, 3):
        for since in (-1, 0, room.recent[0][0], room.seq - 5, room.seq - 1, room.seq):
            expected = [(s, e) for s, e in room.recent if s > since and e.visible_to(seat)]
            assert room.events_since(since, seat) == expected
