"""The hacking phase: trips to the bank, virus drops, noticing (the bills credited:
:mod:`.crediting`).

H3: in live play (``trip_seconds`` > 0) a drop lands on the table at once and everyone sees
the stack grow; in turn-based play each non-traveller's drops during a trip are one secret
step: they land together, in a random interleaving, when the trip ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludinum.engine import Event, private, public
from ludinum.games.hacker.base import (
    BILL_VALUE,
    CREDIT,
    KNOWN_SHIFT,
    POS_SHIFT,
    S_DROPS,
    S_NOTICED,
    S_SELF,
    TRIP,
    TRIP_SHIFT,
    queued,
    queued_account,
    queued_dropper,
)
from ludinum.games.hacker.table import DROPPED, TRIP_EVENTS

if TYPE_CHECKING:
    from ludinum.games.hacker.data import Data


def start_round(state: Data, events: list[Event]) -> None:
    state.trip = 0
    state.trip_drops = []
    events.append(public("round", round=state.round + 1, first=state.first))
    start_trip(state, events)


def start_trip(state: Data, events: list[Event]) -> None:
    traveller = state.traveller
    hand = state.hand
    state.done = [p == traveller or hand[p] == 0 for p in range(state.n)]
    state.trip_drops.append(0)
    state.phase = TRIP
    events.append(TRIP_EVENTS[traveller])
    if all(state.done):
        end_trip(state, events)


def drop(state: Data, player: int, pos: int, events: list[Event]) -> None:
    """Drop one virus face down (seed text: one at a time; never taken back)."""
    state.hand[player] -= 1
    state.stats[S_DROPS] += 1
    if state.table.owner[pos] == player:
        state.stats[S_SELF] += 1  # H6: possible only under brouillage, no effect
    if state.live:
        land(state, player, pos, events)
    else:
        state.pending.append(queued(pos, player))
        events.append(Event("queued", {"account": pos}, (player,)))
    if state.hand[player] == 0:
        state.done[player] = True
    after_trip_step(state, events)


def after_trip_step(state: Data, events: list[Event]) -> None:
    if all(state.done):
        end_trip(state, events)


def land(state: Data, dropper: int, pos: int, events: list[Event]) -> None:
    """A virus lands on an account. H2/H4: everyone sees the stack grow and during whose
    trip; each other non-travelling seat notices who dropped it with chance ``vigilance``
    (drawn now from state.rng) and is told privately; the traveller, walking back, with
    chance ``traveller_vigilance`` (default 0, H4). The ``noticed`` total counts the drops
    someone noticed, each once however many noticed it (``drops`` minus it: the drops
    nobody saw)."""
    traveller = (state.first + state.trip) % state.n
    stack = state.stacks[pos]
    index = len(stack)
    code = dropper | (traveller << TRIP_SHIFT) | (pos << POS_SHIFT)
    known = 1 << dropper
    events.append(DROPPED[pos][traveller])
    p = state.vigilance
    watching = state.traveller_vigilance
    if p > 0.0 or watching > 0.0:
        rnd = state.rng.random
        for q in range(state.n):
            if q != dropper and rnd() < (watching if q == traveller else p):
                known |= 1 << q
                state.notes[q].append((traveller << 8) | (dropper << 5) | pos)
                data = {"dropper": dropper, "account": pos, "trip": traveller, "index": index}
                events.append(Event("noticed", data, (q,)))
        if known != 1 << dropper:
            state.stats[S_NOTICED] += 1
    stack.append(code | (known << KNOWN_SHIFT))
    state.trip_drops[-1] += 1


def end_trip(state: Data, events: list[Event]) -> None:
    """The traveller is back with the top bill of the bank, to credit at once."""
    if state.pending:
        pending = state.pending
        state.pending = []
        state.rng.shuffle(pending)
        for item in pending:
            land(state, queued_dropper(item), queued_account(item), events)
    traveller = state.traveller
    events.append(public("returned", traveller=traveller, drops=state.trip_drops[-1]))
    state.done = [True] * state.n
    bill = state.bank.pop()
    state.incoming[traveller].append(bill)
    state.seen[traveller] |= 1 << bill
    events.append(private((traveller,), "bill", value=BILL_VALUE[bill]))
    state.phase = CREDIT
