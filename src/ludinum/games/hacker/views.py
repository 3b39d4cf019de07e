"""What each seat sees (H2, H4, H7) and determinisations for search and leak tests.

Public: the account layout (except under brouillage), stack heights and during whose trip
each virus was dropped, the bank's size, who credits which account, every result that
happens in the open. Private: bills (their owner only), hands, drops not noticed, and the
owners of viruses (known to the dropper, to whoever noticed the drop, and after resolution
to whoever the ``reveal`` option says).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ludinum.games.hacker.rules import (
    BILL_VALUE,
    KNOWN_MASK,
    KNOWN_SHIFT,
    LOOT,
    OVER,
    OWNER_MASK,
    PHASE_NAMES,
    ROUNDS,
    STEAL,
    TRIP,
    queued,
    queued_account,
    queued_dropper,
    v_pos,
    v_trip,
)

if TYPE_CHECKING:
    from ludinum.games.hacker.state import HackerState


def view(state: HackerState, player: int | None) -> dict[str, Any]:
    n = state.n
    owner = state.table.owner
    blurred = state.blurred()
    over = state.phase == OVER
    accounts = []
    for k, stack in enumerate(state.stacks):
        shown_owner = None if blurred else owner[k]
        entries = []
        for code in stack:
            knows = player is not None and code >> (KNOWN_SHIFT + player) & 1
            entries.append({"trip": v_trip(code), "owner": code & OWNER_MASK if knows else None})
        bills = None
        if over or (player is not None and owner[k] == player and not blurred):
            bills = [BILL_VALUE[b] for b in state.bills[k]]
        accounts.append({"id": k, "owner": shown_owner, "stack": entries, "bills": bills})
    trips = [
        {"traveller": (state.first + i) % n, "drops": d} for i, d in enumerate(state.trip_drops)
    ]
    data: dict[str, Any] = {
        "game": "hacker",
        "players": n,
        "you": player,
        "round": min(state.round + 1, ROUNDS),
        "rounds": ROUNDS,
        "first": state.first,
        "phase": PHASE_NAMES[state.phase],
        "traveller": state.traveller if state.phase == TRIP else None,
        "live": state.live,
        "blurred": blurred,
        "viruses": state.viruses,
        "accounts": accounts,
        "bank": len(state.bank),
        "trips": trips,
        "protector": state.protecting() if 3 <= state.phase <= 6 else None,
        "current": state.current if state.current >= 0 else None,
        "thief": _thief(state, player),
        "options": {
            "brouillage": state.brouillage,
            "cryptage": state.cryptage,
            "reveal": state.reveal,
            "theft": "chosen" if state.chosen_theft else "random",
            "vigilance": state.vigilance,
            "traveller_vigilance": state.traveller_vigilance,
        },
    }
    if player is not None:
        data["hand"] = state.hand[player]
        data["incoming"] = [BILL_VALUE[b] for b in state.incoming[player]]
        data["pending"] = [queued_account(x) for x in state.pending if queued_dropper(x) == player]
        data["done"] = state.phase == TRIP and state.done[player]
        data["notices"] = [
            {"trip": x >> 8, "dropper": (x >> 5) & 7, "account": x & 31}
            for x in state.notes[player]
        ]
        if not blurred:
            data["score"] = state.score(player)
    if over:
        data["scores"] = state.scores()
        data["winners"] = list(state.outcome().winners)
    return data


def _thief(state: HackerState, player: int | None) -> int | None:
    """Who is choosing a bill to steal (``theft=chosen``): himself, the victim unless the
    reveal is blind, everyone at an open table."""
    if state.phase != STEAL:
        return None
    if state.reveal == "table" or player == state.thief:
        return state.thief
    if state.reveal == "victim" and player == state.protecting():
        return state.thief
    return None


def resample(state: HackerState, observer: int, rng: random.Random) -> HackerState:
    """A copy with the observer's hidden information redrawn: the bills it has not seen are
    shuffled among the places it cannot see, and the owners of the viruses it does not know
    are redrawn under every public constraint (not the traveller of that trip, not the
    account's owner outside brouillage, nobody beyond their number of viruses)."""
    twin = state.copy_with(random.Random(rng.getrandbits(64)))
    _redraw_bills(twin, observer, rng)
    _redraw_pending(twin, observer, rng)
    _redraw_viruses(twin, observer, rng)
    return twin


def _redraw_pending(twin: HackerState, observer: int, rng: random.Random) -> None:
    """Turn-based trips: the others' drops wait face down until the trip ends. How many
    there are shows (each is a move), not who made them nor on which account: both are
    redrawn (a dropper is never the observer or the traveller, and holds the virus it
    dropped; an account is never its dropper's own, outside brouillage)."""
    others = [item for item in twin.pending if queued_dropper(item) != observer]
    if not others:
        return
    n = twin.n
    traveller = twin.traveller
    me = 1 << (KNOWN_SHIFT + observer)
    held = [twin.viruses] * n  # at most: minus the viruses the observer knows are theirs
    for pile in [*twin.stacks, twin.aside]:
        for code in pile:
            if code & me:
                held[code & OWNER_MASK] -= 1
    for q in range(n):
        if not twin.done[q]:
            held[q] -= 1  # still dropping: holds at least one more
    droppers = [q for q in range(n) if q not in (observer, traveller)]
    blurred = twin.blurred()
    owner = twin.table.owner
    redrawn = [item for item in twin.pending if queued_dropper(item) == observer]
    rnd = rng.random
    for _ in others:
        able = [q for q in droppers if held[q] > 0]
        if not able:
            return  # no consistent redraw (never expected): keep the queue as it is
        q = able[int(rnd() * len(able))]
        held[q] -= 1
        accounts = [k for k in range(len(owner)) if blurred or owner[k] != q]
        redrawn.append(queued(accounts[int(rnd() * len(accounts))], q))
    twin.pending = redrawn


def _redraw_bills(twin: HackerState, observer: int, rng: random.Random) -> None:
    fixed = twin.seen[observer]
    for k in twin.table.own[observer]:
        for b in twin.bills[k]:
            fixed |= 1 << b
    for b in twin.incoming[observer]:
        fixed |= 1 << b
    places: list[list[int]] = [*twin.bills, twin.bank]
    places.extend(twin.incoming[q] for q in range(twin.n) if q != observer)
    slots: list[tuple[list[int], int]] = []
    for pile in places:
        for i, b in enumerate(pile):
            if not fixed >> b & 1:
                slots.append((pile, i))
    # Sorted first: the draw depends on what the observer knows and on ``rng`` only, never
    # on where the unseen bills really are.
    ids = sorted(pile[i] for pile, i in slots)
    _shuffle(ids, rng.random)
    for (pile, i), b in zip(slots, ids, strict=True):
        pile[i] = b


def _shuffle(items: list[int], rnd: Callable[[], float]) -> None:
    """Fisher–Yates with ``random()`` (faster than ``Random.shuffle`` for small lists)."""
    for i in range(len(items) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        items[i], items[j] = items[j], items[i]


def _redraw_viruses(twin: HackerState, observer: int, rng: random.Random) -> None:
    n = twin.n
    me = 1 << (KNOWN_SHIFT + observer)
    hidden: list[tuple[list[int], int]] = []
    used = [0] * n
    # While a thief steals or credits (theft phases) he is the one acting, so the owner of
    # the virus just missed is no secret to anyone.
    stealing = len(twin.aside) - 1 if twin.phase in (STEAL, LOOT) else -1
    for pile in [*twin.stacks, twin.aside]:
        for i, code in enumerate(pile):
            if code & me or (pile is twin.aside and i == stealing):
                used[code & OWNER_MASK] += 1
            else:
                hidden.append((pile, i))
    if not hidden:
        return
    pending = [0] * n
    for item in twin.pending:
        pending[queued_dropper(item)] += 1
    limit = [twin.viruses - pending[q] - used[q] for q in range(n)]
    if twin.phase == TRIP:
        for q in range(n):
            if not twin.done[q]:
                limit[q] -= 1  # a player still dropping holds at least one virus
    blur_round = twin.brouillage and twin.round == ROUNDS - 1
    owner = twin.table.owner
    allowed = []
    for pile, i in hidden:
        code = pile[i]
        trip = v_trip(code)
        account_owner = -1 if blur_round else owner[v_pos(code)]
        allowed.append([q for q in range(n) if q not in (observer, trip, account_owner)])
    order = list(range(len(hidden)))
    rnd = rng.random
    for _attempt in range(20):
        _shuffle(order, rnd)
        left = limit[:]
        chosen = [0] * len(hidden)
        for j in order:
            options = [q for q in allowed[j] if left[q] > 0]
            if not options:
                break
            q = options[int(rnd() * len(options))]
            left[q] -= 1
            chosen[j] = q
        else:
            for (pile, i), q in zip(hidden, chosen, strict=True):
                code = pile[i] & ~KNOWN_MASK & ~OWNER_MASK
                pile[i] = code | q | (1 << (KNOWN_SHIFT + q))
            break
    # Hands follow from where the viruses are.
    count = pending[:]
    for pile in [*twin.stacks, twin.aside]:
        for code in pile:
            count[code & OWNER_MASK] += 1
    twin.hand = [twin.viruses - count[q] for q in range(n)]
    for q in range(n):
        if q != observer:
            twin.notes[q] = []
