"""Values of a state for every seat, used when a search's rollout stops at its depth cap.

Each returns per-seat rewards in [0, 1] that sum to 1, read from public information of the
(determinised) state only: running scores, pawn positions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ludinum.engine import State


def softmax(values: Sequence[float], temperature: float) -> tuple[float, ...]:
    """Each seat's share of exp(value / temperature): a smooth 'who is ahead'."""
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


def score_value(state: State, temperature: float) -> tuple[float, ...]:
    """Games with running scores (Hacker, Voleur): a softmax over the current scores."""
    return softmax(state.outcome().scores, temperature)


def race_value(state: State) -> tuple[float, ...]:
    """Web Runners: each seat's chance grows as its estimated distance to the centre
    shrinks (a softmax over minus the distances). A seat's distance counts the bridges its
    hand can pay for, as the heuristic bot counts its own (1 to 3 bars); the hands are
    those of the (determinised) state, drawn from what the searching seat knows."""
    from ludinum.games.webrunners.base import StateData
    from ludinum.games.webrunners.planning import bridge_count, distance, payable_bars

    assert isinstance(state, StateData)
    return softmax(
        [
            -distance((state.circle[s], state.cell[s]), payable_bars(bridge_count(hand)))
            for s, hand in enumerate(state.hands)
        ],
        1 / 0.6,
    )


#: Hacker: the share of guesses that miss (heuristic bots, 4 players: 0.54 of guesses are
#: right, ``ludinum simulate hacker -p 4 --bots medium -n 500``; 0.51 before trips were
#: played to their end in simulations, see ``engine.next_actor``).
MISS_RATE = 0.5


def hacker_value(state: State, temperature: float) -> tuple[float, ...]:
    """Hacker: a softmax over the bank accounts' values once the viruses already waiting
    on the stacks are resolved, in expectation.

    A rollout cut in the hacking phase would otherwise not see its drops at all: they act in
    the protection phase, often more than a depth cap away. Each foreign virus on an account
    misses its guess with chance ``MISS_RATE`` and then moves one bill (the account's mean)
    from the account's owner to the virus's owner, at most as many bills as the account
    holds; under cryptage (H8) the viruses an account wards off are left out. Reads the
    (determinised) state: the owners there are drawn from what the searching seat knows.
    """
    from ludinum.games.hacker.rules import BILL_VALUE, OWNER_MASK, warded
    from ludinum.games.hacker.state import HackerState

    assert isinstance(state, HackerState)
    values = [float(v) for v in state.scores()]
    owner_of = state.table.owner
    for k, stack in enumerate(state.stacks):
        bills = state.bills[k]
        if not stack or not bills:
            continue
        owner = owner_of[k]
        if state.cryptage:  # H8: viruses set aside from the top, without a guess
            stack = stack[: max(0, len(stack) - warded(bills))]
        foreign = [code & OWNER_MASK for code in stack if code & OWNER_MASK != owner]
        if not foreign:
            continue
        mean = sum(BILL_VALUE[b] for b in bills) / len(bills)
        thefts = min(float(len(bills)), MISS_RATE * len(foreign))
        each = thefts * mean / len(foreign)
        values[owner] -= thefts * mean
        for q in foreign:
            values[q] += each
    return softmax(values, temperature)
