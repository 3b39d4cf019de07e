"""How the search levels play Hacker (``hard``, ``expert``; docs/bots.md).

The paired root search, 100 / 400 rollouts of 15 actions valued by :func:`hacker_value`.

``expert``: four times the rollouts with the same evidence gate made more moves away from
the heuristic and lost to ``hard`` (−0.043 [−0.093, +0.008], 300 games): the rollouts'
model (memoryless opponents, owners drawn uniformly) was biased. ``z`` doubled keeps the
gain needed to leave the heuristic what it is for ``hard`` (the standard error halves); its
rollout bots start from its notes (``informed_rollouts``: simulated players drop on the
accounts that look rich, as real ones do). Neither made a level apart (≈ +0.015 over 1,200
games). What does: sound determinisations (``sampler.py``) and guesses by deduction, the
suspect most often guilty over 1,200 determinisations (``quick_kinds``: valued two actions
later, the theft and the thief's credit, with no evidence gate), where ``hard`` keeps the
heuristic's rule of thumb.
"""

from __future__ import annotations

from ludinum.bots.evaluation import softmax
from ludinum.bots.levels import PAIRED, SearchSettings
from ludinum.engine import State
from ludinum.games.hacker.base import BILL_VALUE, OWNER_MASK, warded
from ludinum.games.hacker.state import HackerState

#: The share of guesses that miss (heuristic bots, 4 players: 0.54 of guesses are right,
#: ``ludinum simulate hacker -p 4 --bots medium -n 500``; 0.51 before trips were played to
#: their end in simulations, see ``engine.next_actor``).
MISS_RATE = 0.5


def hacker_value(state: State, temperature: float) -> tuple[float, ...]:
    """A softmax over the bank accounts' values once the viruses already waiting on the
    stacks are resolved, in expectation.

    A rollout cut in the hacking phase would otherwise not see its drops at all: they act in
    the protection phase, often more than a depth cap away. Each foreign virus on an account
    misses its guess with chance ``MISS_RATE`` and then moves one bill (the account's mean)
    from the account's owner to the virus's owner, at most as many bills as the account
    holds; under cryptage (H8) the viruses an account wards off are left out. Reads the
    (determinised) state: the owners there are drawn from what the searching seat knows.
    """
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


def evaluate(state: State) -> tuple[float, ...]:
    """:func:`hacker_value` at temperature 3 (bills)."""
    return hacker_value(state, 3.0)


SEARCH = SearchSettings(
    iterations=(100, 400),
    tuning={**PAIRED, "default_depth": 15},
    expert={"z": 3.0, "informed_rollouts": True, "quick_kinds": frozenset({"guess"}),
            "quick_depth": 2, "quick_iterations": 1200},
    evaluate=evaluate,
)
