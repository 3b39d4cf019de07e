"""``next_actor``: who acts next when bots play without a clock."""

from __future__ import annotations

from ludinum.engine import next_actor
from ludinum.games import get_game, make_bot
from ludinum.games.hacker.base import TRIP
from ludinum.games.hacker.state import HackerState
from tests.bots.toy import SAFE, PickState


def test_the_active_seats_take_turns_with_the_step() -> None:
    state = PickState(0, players=3)
    assert [next_actor(state, step) for step in range(4)] == [0, 1, 2, 0]
    state.apply(1, SAFE)
    assert [next_actor(state, step) for step in range(3)] == [0, 2, 0]


def test_a_live_hacker_traveller_waits_until_everyone_else_is_done() -> None:
    """H3: a trip lasts its time, and bots leave ``return`` to the timer. Without a clock
    the traveller is never picked while another seat may still drop, so every seat with a
    virus left gets its say in every trip (the trip ends when they are all done)."""
    game = get_game("hacker")
    state = game.new_state(4, 7)
    assert isinstance(state, HackerState) and state.live
    bots = [make_bot("hacker", "medium", seat) for seat in range(4)]
    trips = 0
    acted: set[int] = set()
    expected: set[int] = set()
    step = 0
    while not state.is_terminal():
        player = next_actor(state, step)
        in_trip = state.phase == TRIP
        if in_trip:
            if not acted:
                expected = {q for q in range(4) if q != state.traveller and state.hand[q] > 0}
            assert player != state.traveller, "the trip was cut short"
            acted.add(player)
        state.apply(player, bots[player].choose(state, player))
        step += 1
        if in_trip and state.phase != TRIP:
            assert acted >= expected
            trips += 1
            acted = set()
    assert trips == 4 * 4
