"""Determinisations for search: a copy of the table with one seat's hidden information redrawn.

What the observer knows stays as it is: its bills and the bills it has seen, the owners of
the viruses it dropped, noticed or identified (a missed guess shows the thief, a right
guess names the owner), its own queued drops. Everything else is redrawn from what it
knows and the given RNG alone, never from where things really are (the draws sort and
index by public positions first), so ``resample(p, rng)`` is a function of ``view(p)``
and ``rng``:

* the unseen bills, shuffled among the places the observer cannot see;
* the droppers of the others' queued drops (turn-based trips) and where they dropped;
* the owners of the viruses it does not know, under every public constraint: never that
  trip's traveller, never the account's owner outside brouillage, nobody beyond their
  number of viruses (the viruses found by a right guess still count: they were dropped);
* who else noticed each drop on the stacks (H4): private to each noticer, so drawn again
  with the game's vigilance, even for the viruses the observer knows.

**The players' habit (option of the sampler, not of the game).** Players spread their
viruses over the trips of a round: among heuristic and search bots at 4 players, a player
drops at most one virus during a given trip in 99.4 % of cases (``docs/bots.md``). A uniform
draw ignores that and makes a virus of a player already identified in the same trip as
likely as any other. The draw therefore weighs each candidate owner by ``SPREAD`` to the
power of the viruses already placed for them in that trip, and by the viruses they still
have: the guesses a search simulates then use the deduction real players make.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ludinum.games.hacker.rules import (
    KNOWN_MASK,
    KNOWN_SHIFT,
    LOOT,
    OWNER_MASK,
    ROUNDS,
    STEAL,
    TRIP,
    queued,
    queued_dropper,
    v_pos,
    v_trip,
)

if TYPE_CHECKING:
    from ludinum.games.hacker.state import HackerState

#: The weight of a candidate owner is multiplied by this for each virus of theirs already
#: placed in the same trip (1.0: a uniform draw among the players who still have viruses).
SPREAD = 0.1
#: Attempts at a consistent draw before keeping the viruses' owners as the copy has them.
ATTEMPTS = 20


def resample(state: HackerState, observer: int, rng: random.Random) -> HackerState:
    """A copy of ``state`` with ``observer``'s hidden information redrawn (module doc)."""
    twin = state.copy_with(random.Random(rng.getrandbits(64)))
    _redraw_bills(twin, observer, rng)
    used, per_trip = _known(twin, observer)
    _redraw_pending(twin, observer, rng, used, per_trip)
    _redraw_viruses(twin, observer, rng, used, per_trip)
    _redraw_notices(twin, observer, rng)
    return twin


def _pick(
    options: Sequence[int], weights: Sequence[float], rnd: Callable[[], float]
) -> int | None:
    """One of ``options`` with chance proportional to its weight (None if all are 0)."""
    total = sum(weights)
    if total <= 0.0:
        return None
    x = rnd() * total
    for q, w in zip(options, weights, strict=True):
        x -= w
        if x < 0.0 and w > 0.0:
            return q
    return next(q for q, w in zip(reversed(options), reversed(weights), strict=True) if w > 0)


def _spread(count: int) -> float:
    return SPREAD**count


def _known(twin: HackerState, observer: int) -> tuple[list[int], list[list[int]]]:
    """What the observer knows of who dropped what: per player, the viruses on the table
    (stacks, set aside, found) it knows are theirs; and ``[trip][player]``, the same per
    trip, its own queued drops included."""
    n = twin.n
    me = 1 << (KNOWN_SHIFT + observer)
    used = [0] * n
    per_trip = [[0] * n for _ in range(n)]
    for pile in [*twin.stacks, twin.aside, twin.found]:
        for code in pile:
            if code & me:
                q = code & OWNER_MASK
                used[q] += 1
                per_trip[v_trip(code)][q] += 1
    for item in twin.pending:
        if queued_dropper(item) == observer:
            per_trip[twin.traveller][observer] += 1
    return used, per_trip


def _redraw_pending(
    twin: HackerState,
    observer: int,
    rng: random.Random,
    used: list[int],
    per_trip: list[list[int]],
) -> None:
    """Turn-based trips: the others' drops wait face down until the trip ends. How many
    there are shows (each is a move), not who made them nor on which account: both are
    redrawn (a dropper is never the observer or the traveller, and holds the virus it
    dropped; an account is never its dropper's own, outside brouillage). The droppers
    drawn are added to ``per_trip``."""
    others = [item for item in twin.pending if queued_dropper(item) != observer]
    if not others:
        return
    n = twin.n
    traveller = twin.traveller
    # At most: minus the viruses the observer knows are theirs.
    held = [twin.viruses - used[q] for q in range(n)]
    for q in range(n):
        if not twin.done[q]:
            held[q] -= 1  # still dropping: holds at least one more
    droppers = [q for q in range(n) if q not in (observer, traveller)]
    blurred = twin.blurred()
    owner = twin.table.owner
    redrawn = [item for item in twin.pending if queued_dropper(item) == observer]
    count = per_trip[traveller]
    rnd = rng.random
    for _ in others:
        weights = [held[q] * _spread(count[q]) if held[q] > 0 else 0.0 for q in droppers]
        dropper = _pick(droppers, weights, rnd)
        if dropper is None:
            return  # no consistent redraw (never expected): keep the queue as it is
        held[dropper] -= 1
        count[dropper] += 1
        accounts = [k for k in range(len(owner)) if blurred or owner[k] != dropper]
        redrawn.append(queued(accounts[int(rnd() * len(accounts))], dropper))
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


def _redraw_viruses(
    twin: HackerState,
    observer: int,
    rng: random.Random,
    known: list[int],
    per_trip: list[list[int]],
) -> None:
    n = twin.n
    me = 1 << (KNOWN_SHIFT + observer)
    hidden: list[tuple[list[int], int]] = []
    used = known[:]
    counts = [row[:] for row in per_trip]
    # While a thief steals or credits (theft phases) he is the one acting, so the owner of
    # the virus just missed is no secret to anyone.
    stealing = len(twin.aside) - 1 if twin.phase in (STEAL, LOOT) else -1
    for pile in [*twin.stacks, twin.aside, twin.found]:
        for i, code in enumerate(pile):
            if code & me:
                continue  # counted in ``known``
            if pile is twin.aside and i == stealing:
                used[code & OWNER_MASK] += 1
                counts[v_trip(code)][code & OWNER_MASK] += 1
            else:
                hidden.append((pile, i))
    if hidden:
        pending = [0] * n
        for item in twin.pending:  # in ``per_trip`` already (``_redraw_pending``)
            pending[queued_dropper(item)] += 1
        limit = [twin.viruses - pending[q] - used[q] for q in range(n)]
        if twin.phase == TRIP:
            for q in range(n):
                if not twin.done[q]:
                    limit[q] -= 1  # a player still dropping holds at least one virus
        _draw_owners(twin, observer, rng, hidden, limit, counts)
    # Hands follow from where the viruses are (a found virus is back in its owner's hand).
    count = [0] * n
    for item in twin.pending:
        count[queued_dropper(item)] += 1
    for pile in [*twin.stacks, twin.aside]:
        for code in pile:
            count[code & OWNER_MASK] += 1
    twin.hand = [twin.viruses - count[q] for q in range(n)]


def _draw_owners(
    twin: HackerState,
    observer: int,
    rng: random.Random,
    hidden: list[tuple[list[int], int]],
    limit: list[int],
    counts: list[list[int]],
) -> None:
    """Owners for the ``hidden`` viruses, one at a time in a random order, each weighted by
    the viruses its candidate still has and by ``SPREAD`` per virus of theirs in that trip."""
    n = twin.n
    blur_round = twin.brouillage and twin.round == ROUNDS - 1
    owner = twin.table.owner
    allowed: list[list[int]] = []
    trips: list[int] = []
    for pile, i in hidden:
        code = pile[i]
        trip = v_trip(code)
        account_owner = -1 if blur_round else owner[v_pos(code)]
        allowed.append([q for q in range(n) if q not in (observer, trip, account_owner)])
        trips.append(trip)
    order = list(range(len(hidden)))
    rnd = rng.random
    for _attempt in range(ATTEMPTS):
        _shuffle(order, rnd)
        left = limit[:]
        placed = [row[:] for row in counts]
        chosen = [0] * len(hidden)
        for j in order:
            options = allowed[j]
            row = placed[trips[j]]
            q = _pick(
                options, [left[q] * _spread(row[q]) if left[q] > 0 else 0.0 for q in options], rnd
            )
            if q is None:
                break
            left[q] -= 1
            row[q] += 1
            chosen[j] = q
        else:
            for (pile, i), q in zip(hidden, chosen, strict=True):
                code = pile[i] & ~KNOWN_MASK & ~OWNER_MASK
                pile[i] = code | q | (1 << (KNOWN_SHIFT + q))
            return


def _redraw_notices(twin: HackerState, observer: int, rng: random.Random) -> None:
    """Who noticed each drop on the stacks, besides its owner and the observer (H4): each
    other seat with the game's vigilance (the traveller with ``traveller_vigilance``), as
    the drop itself drew it; their notes follow. A seat's notices are its own secret, even
    on a virus the observer dropped or noticed."""
    vigilance = twin.vigilance
    watching = twin.traveller_vigilance
    n = twin.n
    for q in range(n):
        if q != observer:
            twin.notes[q] = []
    me = 1 << (KNOWN_SHIFT + observer)
    rnd = rng.random
    for pos, stack in enumerate(twin.stacks):
        for i, code in enumerate(stack):
            q = code & OWNER_MASK
            trip = v_trip(code)
            known = (1 << (KNOWN_SHIFT + q)) | (code & me)
            if vigilance > 0.0 or watching > 0.0:
                for r in range(n):
                    if r in (q, observer):
                        continue
                    if rnd() < (watching if r == trip else vigilance):
                        known |= 1 << (KNOWN_SHIFT + r)
                        twin.notes[r].append((trip << 8) | (q << 5) | pos)
            stack[i] = (code & ~KNOWN_MASK) | known
