"""A decision window shared by a person and bots: the person answers first.

Web Runners W9 (RULINGS.md): « Any other player holding Contre-surveillance may cancel it »
— one answer closes the window for everyone, so a bot answering first would take the
decision away from the person before it was offered. During a Hacker trip (a duration, H3)
bots keep dropping at once: their drops end nothing."""

from __future__ import annotations

import random

from ludinum.games import get_game
from ludinum.server.rooms import LIVE, Room
from ludinum.server.seats import Seat


def room_with_one_person(name: str, seed: int, options: dict[str, object]) -> Room:
    game = get_game(name)
    config = game.make_config(4, seed, options)
    seats = [Seat(i) for i in range(4)]
    seats[0].make_human("Léa", "digest")
    r = Room(1, "ABCDEF", game, config, LIVE, seats, "x", game.setup(config))
    r.start("random")
    return r


def test_bots_wait_for_the_person_in_a_shared_response_window() -> None:
    r = room_with_one_person("webrunners", 3, {"response_seconds": 20})
    state = r.state
    rng = random.Random(3)
    windows = 0
    for step in range(20_000):
        if state.is_terminal() or windows >= 3:
            break
        r.refresh_deadline(float(step), actor=None)
        active = state.active_players()
        legal = state.legal_actions(0)
        shared = 0 in active and len(active) > 1 and any(a.kind == "pass" for a in legal)
        if shared:
            windows += 1
            assert r.bot_turns() == []  # the person is asked first
            state.apply(0, next(a for a in legal if a.kind == "pass"))
            r.refresh_deadline(float(step), actor=0)
            if state.active_players() and state.deadline() is not None:
                assert r.bot_turns() == [p for p in state.active_players() if p != 0]
            continue
        p = active[0]
        options = state.legal_actions(p)
        state.apply(p, options[rng.randrange(len(options))])
    assert windows >= 1


def test_bots_keep_dropping_during_a_trip() -> None:
    r = room_with_one_person("hacker", 5, {"trip_seconds": 12})
    state = r.state
    for _ in range(500):
        deadline = state.deadline()
        if deadline is not None and deadline.kind == "trip" and len(state.active_players()) == 4:
            break
        p = state.active_players()[0]
        state.apply(p, state.legal_actions(p)[0])
    r.refresh_deadline(100.0, actor=None)
    traveller = state.deadline().player  # type: ignore[union-attr]
    assert 0 in state.active_players()
    assert set(r.bot_turns()) == set(state.active_players()) - {0, traveller}
