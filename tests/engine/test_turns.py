"""``engine.turns``: who has a decision to make now (terminal, pass-and-play, server)."""

from __future__ import annotations

from ludinum.engine import deciders, must_wait, next_actor, people_first, waiting_seat
from ludinum.games import get_game
from ludinum.games.hacker.base import TRIP
from ludinum.games.hacker.state import HackerState
from tests.bots.toy import PickState


def a_trip(trip_seconds: int = 12) -> HackerState:
    """A Hacker game at its first trip with every other seat free to drop."""
    state = get_game("hacker").new_state(4, 7, {"trip_seconds": trip_seconds})
    assert isinstance(state, HackerState)
    free = 4 if state.live else 3  # turn-based: the traveller is not even active
    while not (state.phase == TRIP and len(state.active_players()) == free):
        p = state.active_players()[0]
        state.apply(p, state.legal_actions(p)[0])
    return state


def test_without_a_duration_every_active_seat_decides() -> None:
    state = PickState(0, players=3)
    assert waiting_seat(state) is None
    assert deciders(state) == deciders(state, timed=True) == (0, 1, 2)
    assert not any(must_wait(state, p) for p in range(3))
    assert people_first(state, {0}) == (0, 1, 2)  # no window: nobody waits for anybody


def test_the_traveller_waits_while_the_others_may_drop() -> None:
    """H3: the trip lasts its time; the traveller's only move (coming back) ends it."""
    state = a_trip()
    traveller = state.traveller
    assert waiting_seat(state) == traveller
    others = tuple(p for p in range(4) if p != traveller)
    assert deciders(state) == deciders(state, timed=True) == others
    assert must_wait(state, traveller) and must_wait(state, traveller, timed=True)
    assert not any(must_wait(state, p) for p in others)
    # people do not hold up the bots during a duration: their drops end nothing
    assert people_first(state, {others[0]}) == others
    # the same rule as the bots' games without a clock
    assert {next_actor(state, step) for step in range(8)} == set(others)


def test_turn_based_trips_have_no_waiting_seat() -> None:
    state = a_trip(trip_seconds=0)
    assert waiting_seat(state) is None
    assert state.traveller not in deciders(state)
    assert not must_wait(state, state.traveller)


def test_hackers_waiting_seat_is_the_deadlines_own() -> None:
    """Hacker names the waiting seat directly (the traveller of a live trip): at every
    step of random games, live and turn-based, the same seat as the deadline's rule
    (``State.waiting_seat``: the deadline built, the seat's moves listed)."""
    import random

    from ludinum.engine import State

    rng = random.Random(3)
    game = get_game("hacker")
    for seed, seconds in ((1, 12), (2, 12), (3, 0), (4, 30)):
        state = game.new_state(5, seed, {"trip_seconds": seconds})
        steps = 0
        while not state.is_terminal():
            assert state.waiting_seat() == State.waiting_seat(state)
            player = next_actor(state, steps)
            legal = state.legal_actions(player)
            state.advance(player, legal[int(rng.random() * len(legal))])
            steps += 1
        assert state.waiting_seat() == State.waiting_seat(state) is None
