"""Hacker's determinisations (``HackerState.resample``, ``sampler.redraw``): what a seat
knows stays, the rest is redrawn from its view alone, with the players' habit of spreading
their viruses over trips."""

from __future__ import annotations

import random
from collections import Counter

from ludinum.engine import Action
from ludinum.games.hacker import sampler
from ludinum.games.hacker.base import KNOWN_SHIFT, OWNER_MASK, v_trip
from ludinum.games.hacker.state import HackerState
from tests.hacker.helpers import (
    credit_setup,
    fresh,
    own,
    place_bills,
    put_viruses,
    start_protection,
)


def found_position() -> tuple[HackerState, int, int, int, int]:
    """4 players, protection phase. During the victim's trip the three others each dropped
    one virus on the victim's first account; the victim has just found ``found``'s (a right
    guess). Returns the state, the victim, the account, the found owner and the trip."""
    state = fresh(4, seed=2, trip_seconds=0, vigilance=0.0)
    credit_setup(state)
    victim = state.first
    k = own(state, victim)[0]
    place_bills(state, {k: [2, 2, 2]})
    a, b, c = ((victim + i) % 4 for i in (1, 2, 3))
    put_viruses(state, k, [(b, victim), (c, victim), (a, victim)])
    start_protection(state)
    state.apply(victim, Action.make("guess", player=a))
    assert len(state.stacks[k]) == 2
    return state, victim, k, a, victim


def test_a_right_guess_is_kept_in_the_found_record_until_the_round_ends() -> None:
    """The virus goes back to its owner's hand (seed text), and the trip record keeps it:
    the guesser knows whose it was, nobody else does (``reveal=victim``)."""
    state, victim, _k, a, trip = found_position()
    assert len(state.found) == 1
    code = state.found[0]
    assert code & OWNER_MASK == a and v_trip(code) == trip
    assert code >> (KNOWN_SHIFT + victim) & 1
    bystander = next(q for q in range(4) if q not in (victim, a))
    assert not code >> (KNOWN_SHIFT + bystander) & 1
    assert state.hand[a] == state.viruses
    twin = HackerState.from_json(state.config, state.to_json())
    assert twin.found == state.found


def test_a_state_stored_before_the_found_record_still_loads() -> None:
    state, *_ = found_position()
    data = state.to_json()
    del data["found"]
    assert HackerState.from_json(state.config, data).found == []


def test_the_found_virus_counts_against_its_owner_in_that_trip() -> None:
    """The victim found ``a``'s virus from its own trip; the two left on the account come,
    by the players' habit (one virus per trip), from the two others far more often than
    from ``a`` again. A uniform draw (``SPREAD`` 1) gives ``a`` about a third of them."""
    state, victim, k, a, _trip = found_position()
    owners: Counter[int] = Counter()
    for i in range(300):
        twin = state.resample(victim, random.Random(i))
        assert twin.view(victim) == state.view(victim)
        owners.update(code & OWNER_MASK for code in twin.stacks[k])
        assert twin.hand[a] + sum(
            1 for s in twin.stacks for code in s if code & OWNER_MASK == a
        ) == state.viruses
    assert owners[a] / sum(owners.values()) < 0.1
    uniform: Counter[int] = Counter()
    spread = sampler.SPREAD
    try:
        sampler.SPREAD = 1.0
        for i in range(300):
            twin = state.resample(victim, random.Random(i))
            uniform.update(code & OWNER_MASK for code in twin.stacks[k])
    finally:
        sampler.SPREAD = spread
    assert uniform[a] / sum(uniform.values()) > 0.2


def test_nobody_is_given_more_viruses_than_they_have_counting_the_found_ones() -> None:
    """``a`` has 3 viruses: one found, two known to the victim elsewhere on its accounts;
    no determinisation may hand ``a`` another one."""
    state = fresh(4, seed=6, trip_seconds=0, vigilance=0.0)
    credit_setup(state)
    victim = state.first
    k, k2, _ = own(state, victim)
    place_bills(state, {k: [2, 2], k2: [3]})
    a, b, c = ((victim + i) % 4 for i in (1, 2, 3))
    put_viruses(state, k, [(b, a), (a, victim)])
    put_viruses(state, k2, [(a, b), (a, c)])
    for code in state.stacks[k2]:
        state.stacks[k2][state.stacks[k2].index(code)] = code | 1 << (KNOWN_SHIFT + victim)
    start_protection(state)
    state.apply(victim, Action.make("protect", account=k))
    state.apply(victim, Action.make("guess", player=a))  # right: a's virus is found
    assert [code & OWNER_MASK for code in state.found] == [a]
    for i in range(100):
        twin = state.resample(victim, random.Random(i))
        assert all(code & OWNER_MASK != a for code in twin.stacks[k])


def test_other_seats_notices_are_redrawn_even_on_the_observers_own_drops() -> None:
    """Whether a seat noticed a drop is its own secret (H4): two tables that differ only in
    whether a bystander noticed the observer's virus give the same determinisations."""
    state = fresh(4, seed=3, vigilance=0.3)
    credit_setup(state)
    traveller = state.traveller
    dropper, bystander, _ = ((traveller + i) % 4 for i in (1, 2, 3))
    target = own(state, traveller)[0]
    state.apply(dropper, Action.make("drop", account=target))
    noticed = state.clone()
    unnoticed = state.clone()
    code = state.stacks[target][-1]
    bit = 1 << (KNOWN_SHIFT + bystander)
    noticed.stacks[target][-1] = code | bit
    noticed.notes[bystander] = [(traveller << 8) | (dropper << 5) | target]
    unnoticed.stacks[target][-1] = code & ~bit
    unnoticed.notes[bystander] = []
    assert noticed.view(dropper) == unnoticed.view(dropper)
    seen = set()
    for i in range(40):
        one = noticed.resample(dropper, random.Random(i)).to_json()
        other = unnoticed.resample(dropper, random.Random(i)).to_json()
        one.pop("rng"), other.pop("rng")
        assert one == other
        seen.add(bool(one["stacks"][target][-1] & bit))
    assert seen == {True, False}  # the bystander noticed in some draws, not in others
