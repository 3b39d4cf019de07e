"""A bill credited under an account (seed text « Créditer un compte »): a bill of the
setup, the one a traveller brought back, a thief's loot; and where the game goes next (the
next round, the next trip, the protection phase, the next account to protect)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludinum.engine import Event
from ludinum.games.hacker import flow, protection
from ludinum.games.hacker.base import CREDIT, KNOWN_SHIFT, LOOT, S_MISCREDIT, SETUP, loot_record
from ludinum.games.hacker.table import CREDITED, CREDITED_SECRETLY

if TYPE_CHECKING:
    from ludinum.games.hacker.data import Data


def credit(state: Data, player: int, pos: int, events: list[Event]) -> None:
    """Credit a bill at once under an account (seed text « Créditer un compte »). H7: under
    brouillage a bill put under another's account is theirs."""
    bill = state.incoming[player].pop(0)
    state.bills[pos].append(bill)
    state.seen[player] |= 1 << bill
    if state.table.owner[pos] != player:
        state.stats[S_MISCREDIT] += 1
    phase = state.phase
    if phase == LOOT and state.reveal != "table":
        events.append(CREDITED_SECRETLY[player][pos])
        knowers = state.aside[-1] >> KNOWN_SHIFT  # who knows the thief (the missed virus)
        state.loots.append(loot_record(pos, player, knowers, state.blurred()))
    else:
        events.append(CREDITED[player][pos])
    if phase == SETUP:
        if not any(state.incoming):
            flow.start_round(state, events)
    elif phase == CREDIT:
        state.trip += 1
        if state.trip == state.n:
            protection.start(state, events)
        else:
            flow.start_trip(state, events)
    else:
        protection.continue_account(state, events)
