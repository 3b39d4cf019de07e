"""Le jeu du Gnou's fast paths keep the game: the same events when someone reads them, the
same states when nobody does, the parts a configuration fixes worked out once (no timing
here)."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from ludinum.games.gnou import GAME, GnouState
from ludinum.games.gnou.rules import CULTURE_Q, DEALT, STATS, _fix, deal, fixed

#: (players, options) → digest of every event of seeds 0–11 played at random with
#: ``apply``; taken from the code before the per-configuration tables, the shared seat
#: tuples and the merged roll: the events a reader gets did not change. The events carry
#: the danger cards' French (G5): a danger text rewritten moves a digest (2026-11-29, the
#: facial-recognition card, X3, in the 4- and 6-player ones). An answer's event says
#: whether its quiz was solo (G4), so that its line tells the question (2026-12-03: all three).
EVENTS = [
    (4, None, "244965c1c1582a46"),
    (6, {"hard_mode": True, "game_master": True}, "a06e7fb0354d49f1"),
    (3, {"variant": "trottant", "handicap": "1,2,3"}, "8de81cd2e5234d25"),
]


def _events_digest(players: int, options: dict[str, Any] | None) -> str:
    digest = hashlib.sha256()
    for seed in range(12):
        state = GAME.new_state(players, seed, options)
        pick = random.Random(seed).random
        while not state.is_terminal():
            active = state.active_players()
            player = active[int(pick() * len(active))]
            legal = state.legal_actions(player)
            events = state.apply(player, legal[int(pick() * len(legal))])
            digest.update(json.dumps([e.to_json() for e in events], sort_keys=True).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize("players,options,expected", EVENTS)
def test_events_are_the_same_when_read(
    players: int, options: dict[str, Any] | None, expected: str
) -> None:
    assert _events_digest(players, options) == expected


@pytest.mark.parametrize("players,options,_digest", EVENTS)
def test_advance_reaches_the_states_of_apply_step_by_step(
    players: int, options: dict[str, Any] | None, _digest: str
) -> None:
    """Nobody reads the events of ``advance`` (random play, rollouts): the same state after
    every action, and the same view for every seat."""
    for seed in range(20):
        read = GAME.new_state(players, seed, options)
        unread = GAME.new_state(players, seed, options)
        pick = random.Random(seed).random
        while not read.is_terminal():
            assert unread.active_players() == read.active_players()
            active = read.active_players()
            player = active[int(pick() * len(active))]
            legal = read.legal_actions(player)
            assert tuple(unread.legal_actions(player)) == tuple(legal)
            action = legal[int(pick() * len(legal))]
            read.apply(player, action)
            assert unread.advance(player, action) is None
            assert unread.to_json() == read.to_json()
            assert [unread.view(p) for p in range(players)] == [
                read.view(p) for p in range(players)
            ]


def test_a_configuration_is_worked_out_once_and_never_for_another() -> None:
    first = GAME.make_config(4, 1)
    again = GAME.make_config(4, 2)
    hard = GAME.make_config(4, 1, {"hard_mode": True})
    assert fixed(first) is fixed(again)  # one per configuration, whatever the seed
    assert fixed(hard) is not fixed(first) and fixed(hard).hard and not fixed(first).hard
    assert fixed(GAME.make_config(5, 1)).levels == (1,) * 5 != fixed(first).levels
    for config in (first, hard, GAME.make_config(3, 0, {"handicap": "3,1,2"})):
        kept = fixed(config)
        assert kept == _fix(config, kept.bank, kept.cells)  # what a new state would compute


def test_a_restored_state_and_a_clone_share_the_fixed_parts() -> None:
    state = GAME.new_state(4, 8)
    assert isinstance(state, GnouState)
    twin = state.clone()
    restored = GAME.restore(state.to_json())
    assert isinstance(restored, GnouState)
    for copy in (twin, restored):
        assert (copy.kinds, copy.shields, copy.liberties, copy.decks, copy.answers) == (
            state.kinds, state.shields, state.liberties, state.decks, state.answers
        )


def test_the_shared_outcomes_are_the_teams_outcome() -> None:
    """The outcome is one of two values made once per player count: every seat wins or
    none does, as the outcome built at the end of each game was."""
    from ludinum.engine import Outcome

    for players in range(2, 7):
        state = GAME.new_state(players, 1)
        for result, won in (("win", True), ("lose", False), ("", False)):
            state.result = result
            assert state.outcome() == Outcome(
                (1.0 if won else 0.0,) * players, tuple(range(players)) if won else (), True
            )


def test_a_first_draw_deals_the_shuffled_pile_with_its_top_card_under() -> None:
    """``deal`` (tables, and unrolled draws for five cards) gives the pile that
    ``random.shuffle`` then moving the top card under gives, and leaves the generator in
    the same state: a seed draws the same questions and rolls the same dice after it."""
    for size in range(DEALT + 4):
        deck = tuple(range(100, 100 + size))
        for seed in range(300):
            mine, theirs = random.Random(seed), random.Random(seed)
            cards = list(deck)
            if not cards:
                with pytest.raises(IndexError):
                    deal(mine, deck)
                continue
            theirs.shuffle(cards)
            cards.append(cards.pop(0))
            assert deal(mine, deck) == tuple(cards)
            assert mine.getstate() == theirs.getstate()


def test_a_first_draw_in_play_deals_the_pile_as_deal_does() -> None:
    """A game's first draw from a pile of five (the draws made inline, the pile taken from
    the configuration's table) gives ``deal``'s pile and question, and leaves the
    generator where ``deal`` leaves it."""
    for seed in range(100):
        state = GAME.new_state(4, seed)
        assert isinstance(state, GnouState)
        theirs = random.Random(seed)
        for series in (seed % 10, (seed + 3) % 10):
            key = series * 3 + state.levels[0] - 1
            if state.piles[key] is not None:
                continue
            expected = deal(theirs, state.decks[key])
            state._draw(series, CULTURE_Q, 0, -1)
            assert state.quiz is not None and state.quiz[0] == expected[-1]
            assert state.piles[key] == expected
            assert state.rng.getstate() == theirs.getstate()


def _walk_back(state: GnouState, start: int, removed: int) -> int:
    """The push back as the rules say it, one cell at a time (the tables' reference)."""
    target = start - 1
    while target > 0 and state.kinds[target] == "danger" and not removed >> target & 1:
        target -= 1
    return target


def test_a_push_back_stops_where_the_walk_back_stops() -> None:
    """The push-back tables (where the pawn stops, the dangers on the way) give the cell
    the cell-by-cell walk gives, whatever dangers were removed."""
    state = GAME.new_state(4, 0)
    assert isinstance(state, GnouState)
    dangers = [c for c, kind in enumerate(state.kinds) if kind == "danger"]
    pick = random.Random(5)
    masks = [0, sum(1 << c for c in dangers)] + [
        sum(1 << c for c in dangers if pick.random() < share)
        for share in (0.1, 0.3, 0.5, 0.8) for _ in range(50)
    ]
    for removed in masks:
        for start in dangers:
            twin = state.clone()
            twin.pos, twin.removed, twin.step = start, removed, "roll"
            twin._push_back(None)
            assert (twin.pos, twin.last_push) == (_walk_back(state, start, removed), start)


def test_metrics_follow_the_stats_in_their_order() -> None:
    state = GAME.new_state(3, 2)
    assert isinstance(state, GnouState)
    state.stats = [7, 6, 5, 4, 3, 2, 1]
    state.turn, state.pos, state.result = 9, 31, "win"
    assert list(state.metrics().items()) == [
        *zip(STATS, (7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0), strict=True),
        ("turns", 9.0), ("win", 1.0), ("pawn", 31.0),
    ]
    assert all(type(v) is float for v in state.metrics().values())
