"""Builders of Hacker positions for rule-case tests (they edit a real state's plain data)."""

from __future__ import annotations

from typing import Any

from ludinum.engine import Action, Event
from ludinum.games.hacker import GAME
from ludinum.games.hacker import protection as protection_rules
from ludinum.games.hacker.base import BILL_VALUE, SETUP, TRIP, virus
from ludinum.games.hacker.state import HackerState


def fresh(players: int = 5, seed: int = 0, **options: Any) -> HackerState:
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, HackerState)
    return state


def credit_setup(state: HackerState) -> list[Event]:
    """Everyone credits their setup bills to their first legal account."""
    events: list[Event] = []
    while state.phase == SETUP:
        p = state.active_players()[0]
        events += state.apply(p, state.legal_actions(p)[0])
    return events


def own(state: HackerState, player: int) -> tuple[int, ...]:
    return state.table.own[player]


def place_bills(state: HackerState, accounts: dict[int, list[int]]) -> None:
    """Empty every account and every pending bill, then put bills of the given values."""
    pools: dict[int, list[int]] = {1: [], 2: [], 3: []}
    for bill in range(len(BILL_VALUE)):
        pools[BILL_VALUE[bill]].append(bill)
    state.bills = [[] for _ in state.bills]
    state.incoming = [[] for _ in range(state.n)]
    for pos, values in accounts.items():
        for value in values:
            bill = pools[value].pop()
            state.bills[pos].append(bill)
            state.seen[state.table.owner[pos]] |= 1 << bill
    state.bank = [b for v in (1, 2, 3) for b in pools[v]]


def put_viruses(state: HackerState, pos: int, viruses: list[tuple[int, int]]) -> None:
    """Stack viruses ``(owner, trip traveller)`` on ``pos``, bottom first."""
    for owner, trip in viruses:
        state.stacks[pos].append(virus(owner, trip, pos))
        state.hand[owner] -= 1


def start_protection(state: HackerState) -> list[Event]:
    """Jump to the protection phase of the current round (the hacking phase is over)."""
    events: list[Event] = []
    state.trip = state.n
    state.phase = TRIP
    protection_rules.start(state, events)
    state._refresh_active()
    return events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def play_to_round(state: HackerState, round_index: int) -> None:
    """Play (everyone says done at once, credits to the first account) until the hacking
    phase of round ``round_index`` (0-based) starts."""
    credit_setup(state)
    while state.round < round_index and not state.is_terminal():
        p = state.active_players()[0]
        legal = state.legal_actions(p)
        action = legal[0]
        state.apply(p, action)


def thief_crediting(reveal: str = "victim", bills: tuple[int, int] = (2, 2)
                    ) -> tuple[HackerState, int, int]:
    """5 players, random theft, ``reveal`` as given: the first player's first account holds
    ``bills``, the next player's virus sits on it, and the first player has just guessed
    wrong (the player after the thief): the thief alone is active, crediting his loot.
    Returns the state, the victim and the thief."""
    state = fresh(5, seed=4, trip_seconds=0, vigilance=0.0, theft="random", reveal=reveal)
    credit_setup(state)
    victim = state.first
    account = own(state, victim)[0]
    place_bills(state, {account: list(bills)})
    thief = (victim + 1) % 5
    put_viruses(state, account, [(thief, victim)])
    start_protection(state)
    state.apply(victim, Action.make("guess", player=(victim + 2) % 5))
    assert state.active_players() == (thief,)
    return state, victim, thief
