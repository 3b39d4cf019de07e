"""The protection phase (seed text « La Protection », H5, H6, H8) and the end of a round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludinum.engine import Event, public
from ludinum.games.hacker import flow
from ludinum.games.hacker.base import (
    BILL_VALUE,
    CHOOSE,
    FACE_DOWN,
    GUESS,
    KNOWN_SHIFT,
    LOOT,
    OVER,
    OWNER_MASK,
    ROUNDS,
    S_CRYPT,
    S_EMPTY,
    S_GUESSES,
    S_OWN,
    S_RIGHT,
    S_THEFTS,
    STEAL,
    warded,
)
from ludinum.games.hacker.table import GUESSED, RESOLVE

if TYPE_CHECKING:
    from ludinum.games.hacker.data import Data

_PROTECTION = Event("protection")


def start(state: Data, events: list[Event]) -> None:
    """The last traveller is back: no more drops. Protection in turn order from the first."""
    if state.round == ROUNDS - 1:
        scores = state.scores()
        best = max(scores)
        state.leaders_before = sum(1 << p for p in range(state.n) if scores[p] == best)
    state.protector = 0
    events.append(_PROTECTION)
    _seek(state, events)


def _seek(state: Data, events: list[Event]) -> None:
    """Find the next attacked account of the current protector, or the next protector."""
    own = state.table.own
    stacks = state.stacks
    while state.protector < state.n:
        attacked = [k for k in own[state.protecting()] if stacks[k]]
        if attacked:
            if len(attacked) == 1:
                begin_account(state, attacked[0], events)
            else:
                state.phase = CHOOSE  # H5: the player picks the order of their accounts
            return
        state.protector += 1
    end_round(state, events)


def begin_account(state: Data, pos: int, events: list[Event]) -> None:
    state.current = pos
    events.append(RESOLVE[state.protecting()][pos])
    if state.cryptage:
        # H8: each bill of 1 gives a point, each bill of 3 cancels one; each point sets the
        # top virus aside face down before guessing starts.
        stack = state.stacks[pos]
        count = min(warded(state.bills[pos]), len(stack))
        if count > 0:
            state.aside.extend(code | FACE_DOWN for code in stack[-count:])
            del stack[-count:]
            state.stats[S_CRYPT] += count
            events.append(public("encrypted", account=pos, count=count))
    continue_account(state, events)


def continue_account(state: Data, events: list[Event]) -> None:
    pos = state.current
    stack = state.stacks[pos]
    account_owner = state.table.owner[pos]
    while stack:
        top = stack[-1]
        if top & OWNER_MASK == account_owner:
            # H6: a virus on its owner's own account has no effect.
            state.aside.append(stack.pop())
            state.stats[S_OWN] += 1
            events.append(public("own_virus", account=pos, player=account_owner))
            continue
        if not state.bills[pos]:
            # Seed text: no bill left, the remaining viruses are set aside face down.
            count = len(stack)
            state.aside.extend(code | FACE_DOWN for code in stack)
            stack.clear()
            state.stats[S_EMPTY] += count
            events.append(public("emptied", account=pos, count=count))
            break
        state.phase = GUESS
        return
    state.current = -1
    _seek(state, events)


def guess(state: Data, player: int, named: int, events: list[Event]) -> None:
    """Name the owner of the top virus (H5). Right: it goes back to its owner. Wrong: its
    owner steals a bill from this account and credits it at once.

    Who learns what (option ``reveal``): the table sees who guessed on which account and
    whether it was right (a bill leaving the account shows it); the guesser learns the
    owner when right, and when wrong too unless ``blind``; the owner learns that his virus
    was found or missed; with ``table`` the name and the owner are said aloud.
    """
    pos = state.current
    code = state.stacks[pos].pop()
    owner = code & OWNER_MASK
    right = owner == named
    stats = state.stats
    stats[S_GUESSES] += 1
    reveal = state.reveal
    value = None
    bill = -1
    if not right:
        state.aside.append(code | (_learners(state, player) << KNOWN_SHIFT))
        state.thief = owner
        count = len(state.bills[pos])
        if not state.chosen_theft or count == 1:
            bill = state.bills[pos].pop(int(state.rng.random() * count) if count > 1 else 0)
            value = BILL_VALUE[bill]
    if reveal == "table":
        public_data = {
            "player": player,
            "account": pos,
            "right": right,
            "named": named,
            "owner": owner,
        }
        events.append(Event("guess", public_data))
    else:
        events.append(GUESSED[right][player][pos])
    shown = owner if right or reveal != "blind" else None
    # The guesser learns the value of the bill he loses only if he sees his bills (H7: not
    # under brouillage, where his accounts show nothing; the thief takes it in hand).
    told = value if state.shows_bills(player, pos) else None
    events.append(
        Event(
            "guess_detail",
            {"account": pos, "named": named, "right": right, "owner": shown, "value": told},
            (player,),
        )
    )
    events.append(
        Event(
            "your_virus",
            {"account": pos, "player": player, "right": right, "value": value},
            (owner,),
        )
    )
    if right:
        stats[S_RIGHT] += 1
        state.hand[owner] += 1
        learners = (1 << state.n) - 1 if reveal == "table" else 1 << player
        state.found.append(code | (learners << KNOWN_SHIFT))
        continue_account(state, events)
    elif bill >= 0:
        _loot(state, owner, bill)
    else:
        state.phase = STEAL


def take(state: Data, thief: int, slot: int, events: list[Event]) -> None:
    """Option ``theft=chosen``: the thief picks which bill (by position, values unseen)."""
    pos = state.current
    bill = state.bills[pos].pop(slot)
    victim = state.protecting()
    value = BILL_VALUE[bill]
    events.append(Event("loot", {"value": value, "account": pos, "victim": victim}, (thief,)))
    shown = None if state.reveal == "blind" else thief
    told = value if state.shows_bills(victim, pos) else None  # H7: no bills seen, no value
    events.append(Event("lost", {"value": told, "account": pos, "thief": shown}, (victim,)))
    _loot(state, thief, bill)


def _loot(state: Data, thief: int, bill: int) -> None:
    state.incoming[thief].append(bill)
    state.seen[thief] |= 1 << bill
    state.stats[S_THEFTS] += 1
    state.phase = LOOT


def end_round(state: Data, events: list[Event]) -> None:
    """Everyone is protected: every virus goes back to its owner's hand (H5)."""
    n = state.n
    state.hand = [state.viruses] * n
    state.aside = []
    state.found = []
    state.notes = [[] for _ in range(n)]
    state.current = -1
    state.thief = -1
    events.append(public("round_end", round=state.round + 1))
    state.round += 1
    if state.round == ROUNDS:
        state.phase = OVER
        scores = state.scores()
        best = max(scores)
        winners = [p for p in range(n) if scores[p] == best]
        events.append(public("game_over", scores=scores, winners=winners))
        return
    state.first = (state.first + 1) % n  # clockwise
    flow.start_round(state, events)


def _learners(state: Data, guesser: int) -> int:
    """Seats that learn a missed virus's owner (H5, option ``reveal``): everyone at an
    open table, the victim when the thief shows himself by taking the bill, else nobody."""
    if state.reveal == "table":
        return (1 << state.n) - 1
    return 1 << guesser if state.reveal == "victim" else 0
