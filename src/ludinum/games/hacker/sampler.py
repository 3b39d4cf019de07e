"""Determinisations for search: a copy of the table with one seat's hidden information redrawn.

Built from what the observer was told (its view and the events it saw), never from where
things really are: ``resample(p, rng)`` is a function of ``view(p)`` and ``rng`` (the
sealing test, ``tests/conformance/test_sealing.py``, checks it for every game). What the
observer knows stays: the bills it sees (its accounts, its incoming bills), the owners of
the viruses it dropped, noticed or identified, its own queued drops, the thief when it
knows him. Everything else is redrawn, sorting and indexing by public positions first:

* the bills it cannot see, shuffled among the places it cannot see; a bill it once saw
  and that left its sight (stolen, credited to another account) is not followed;
* where each stolen bill credited face down went (issue 17: the bill counts of the
  accounts are not public when a thief credits in secret): among the thief's accounts
  when the observer knows the thief, else among every account it cannot see;
* the thief himself while he steals or credits, when the observer does not know him
  (issue 20: he is not named to it as the acting seat either);
* the others' drops of a turn-based trip: they are face down until the trip ends and
  nobody sees how many there are (H3, issue 20), so the copy has none (the others still
  hold those viruses and may drop them); during a trip nobody knows who has finished, so
  the others are still dropping while they hold a virus;
* the owners of the viruses it does not know, under every public constraint: never that
  trip's traveller, never the account's owner outside brouillage, nobody beyond their
  number of viruses (the viruses found by a right guess still count: they were dropped);
* who else noticed each drop on the stacks (H4): private to each noticer, so drawn again
  with the game's vigilance, even for the viruses the observer knows; for the viruses
  resolved this round, only what the table saw stays (the guesser's knowledge, a name
  said aloud).

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

from ludinum.games.hacker.base import (
    BILL_VALUE,
    GUESS,
    KNOWN_MASK,
    KNOWN_SHIFT,
    LOOT,
    OVER,
    OWNER_MASK,
    ROUNDS,
    STEAL,
    TRIP,
    loot_account,
    loot_anywhere,
    loot_knows,
    loot_thief,
    queued_dropper,
    v_face_down,
    v_pos,
    v_trip,
)

if TYPE_CHECKING:
    from ludinum.games.hacker.rules import Rules

#: The weight of a candidate owner is multiplied by this for each virus of theirs already
#: placed in the same trip (1.0: a uniform draw among the players who still have viruses).
SPREAD = 0.1
#: Attempts at a weighted draw before any consistent one (``_match``).
ATTEMPTS = 20


def redraw(twin: Rules, observer: int, rng: random.Random) -> None:
    """In ``twin``, a copy of the state: ``observer``'s hidden information redrawn (module
    doc)."""
    twin.pending = [item for item in twin.pending if queued_dropper(item) == observer]
    used, per_trip = _known(twin, observer)
    _forget_notices(twin, observer)
    _redraw_viruses(twin, observer, rng, used, per_trip)
    _redraw_thief(twin, observer)
    if twin.phase == TRIP:
        # Nobody knows who has finished: the others drop while they hold a virus.
        traveller = twin.traveller
        twin.done = [
            twin.done[q] if q == observer else q == traveller or twin.hand[q] == 0
            for q in range(twin.n)
        ]
    _redraw_bills(twin, observer, rng)
    _redraw_notices(twin, observer, rng)
    twin._refresh_active()


def _redraw_thief(twin: Rules, observer: int) -> None:
    """While a thief steals or credits: for an observer who does not know him, the owner
    drawn for the missed virus is the thief, and holds the stolen bill."""
    if twin.phase not in (STEAL, LOOT) or twin.knows_thief(observer):
        return
    thief = twin.aside[-1] & OWNER_MASK
    if thief != twin.thief:
        twin.incoming[thief], twin.incoming[twin.thief] = twin.incoming[twin.thief], []
        twin.thief = thief


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


def _known_to(twin: Rules, pile: list[int], code: int, me: int) -> bool:
    """Whether the seat of bit ``me`` knows this virus's owner: noted in the virus, or a
    virus on its owner's own account set aside in the open (H6, the ``own_virus`` event
    names him; not one set aside face down with the rest of the stack)."""
    if code & me:
        return True
    return (
        pile is twin.aside
        and not v_face_down(code)
        and code & OWNER_MASK == twin.table.owner[v_pos(code)]
    )


def _known(twin: Rules, observer: int) -> tuple[list[int], list[list[int]]]:
    """What the observer knows of who dropped what: per player, the viruses on the table
    (stacks, set aside, found) it knows are theirs; and ``[trip][player]``, the same per
    trip, its own queued drops included."""
    n = twin.n
    me = 1 << (KNOWN_SHIFT + observer)
    used = [0] * n
    per_trip = [[0] * n for _ in range(n)]
    for pile in [*twin.stacks, twin.aside, twin.found]:
        for code in pile:
            if _known_to(twin, pile, code, me):
                q = code & OWNER_MASK
                used[q] += 1
                per_trip[v_trip(code)][q] += 1
    for item in twin.pending:
        if queued_dropper(item) == observer:
            per_trip[twin.traveller][observer] += 1
    return used, per_trip


def _redraw_bills(twin: Rules, observer: int, rng: random.Random) -> None:
    """The bills the observer cannot see, redrawn among the places it cannot see. How many
    bills lie under each account is what the observer was told (public credits and
    thefts, its own loot), plus the stolen bills credited face down by others, placed
    again (module doc)."""
    n = len(twin.bills)
    if twin.phase == OVER:  # shows_bills: every account once the game is over
        return
    # shows_bills inline: its own accounts, outside brouillage.
    visible = ([False] * n if twin.blurred()
               else [owner == observer for owner in twin.table.owner])
    counts = [len(pile) for pile in twin.bills]
    # Choosing which bill to take, the thief sees how many the account has.
    counted = twin.current if twin.phase == STEAL and twin.thief == observer else -1
    secret = []
    for i, record in enumerate(twin.loots):
        k = loot_account(record)
        if loot_thief(record) != observer and not visible[k] and k != counted:
            counts[k] -= 1  # what the observer was told of account k
            secret.append(i)
    # A count below zero: bills credited in secret to that account were stolen from it
    # since; so many of the secret credits (the oldest: the order is public) are gone.
    short = [k for k, c in enumerate(counts) for _ in range(-c)]
    gone = len(short)
    for i, k in zip(secret, short, strict=False):
        twin.loots[i] += k - loot_account(twin.loots[i])  # the copy's own story
    counts = [max(0, c) for c in counts]
    hidden = [k for k in range(n) if not visible[k]]
    places_all = [k for k in hidden if k != counted] or hidden
    owner = twin.table.owner
    rnd = rng.random
    placed = secret[gone:]
    if twin.phase in (GUESS, STEAL) and counts[twin.current] == 0 and placed:
        # The account being resolved has a bill (a guess happens only then): a stolen bill
        # credited in secret is there.
        k = twin.current
        counts[k] += 1
        twin.loots[placed[0]] += k - loot_account(twin.loots[placed[0]])
        placed = placed[1:]
    for i in placed:
        record = twin.loots[i]
        places = places_all
        if loot_knows(record, observer) and not loot_anywhere(record):
            thief = loot_thief(record)
            places = [k for k in places_all if owner[k] == thief] or places_all
        k = places[int(rnd() * len(places))]
        counts[k] += 1
        twin.loots[i] = record - loot_account(record) + k
    pool: list[int] = list(twin.bank)
    for k in hidden:
        pool.extend(twin.bills[k])
    for q in range(twin.n):
        if q != observer:
            pool.extend(twin.incoming[q])
    # Sorted first: the draw depends on what the observer knows and on ``rng`` only, never
    # on where the unseen bills really are.
    pool.sort()
    _shuffle(pool, rnd)
    bills, pop = twin.bills, pool.pop
    for k in hidden:
        count = counts[k]
        bills[k] = [pop() for _ in range(count)] if count else []
    for q in range(twin.n):
        if q != observer:
            twin.incoming[q] = [pop() for _ in twin.incoming[q]]
    twin.bank = pool
    _relabel(twin)


#: The bill ids of each value, last first (``_relabel`` pops them in table order).
_FREE = {v: [b for b in range(len(BILL_VALUE)) if BILL_VALUE[b] == v][::-1] for v in (1, 2, 3)}


def _relabel(twin: Rules) -> None:
    """Bills of the same value are alike: the ids are given again in table order, so
    that the copy depends on where the values lie, never on which of two equal bills the
    observer holds. (``seen`` keeps the old ids: nothing reads it on a copy.)"""
    pops = [None, *(_FREE[v][:].pop for v in (1, 2, 3))]  # by value
    value = BILL_VALUE
    for pile in [*twin.bills, *twin.incoming, twin.bank]:
        if pile:
            pile[:] = [pops[value[b]]() for b in pile]  # type: ignore[misc]


def _shuffle(items: list[int], rnd: Callable[[], float]) -> None:
    """Fisher–Yates with ``random()`` (faster than ``Random.shuffle`` for small lists)."""
    for i in range(len(items) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        items[i], items[j] = items[j], items[i]


def _redraw_viruses(
    twin: Rules,
    observer: int,
    rng: random.Random,
    known: list[int],
    per_trip: list[list[int]],
) -> None:
    n = twin.n
    me = 1 << (KNOWN_SHIFT + observer)
    hidden: list[tuple[list[int], int]] = []
    for pile in [*twin.stacks, twin.aside, twin.found]:
        for i, code in enumerate(pile):
            if not _known_to(twin, pile, code, me):  # else counted in ``known``
                hidden.append((pile, i))
    if hidden:
        pending = [0] * n
        for item in twin.pending:  # the observer's own, in ``per_trip`` already
            pending[queued_dropper(item)] += 1
        limit = [twin.viruses - pending[q] - known[q] for q in range(n)]
        if twin.phase == TRIP and not twin.done[observer]:
            limit[observer] -= 1  # still dropping: holds at least one more
        _draw_owners(twin, observer, rng, hidden, limit, per_trip)
    # Hands follow from where the viruses are (a found virus is back in its owner's hand).
    count = [0] * n
    for item in twin.pending:
        count[queued_dropper(item)] += 1
    for pile in [*twin.stacks, twin.aside]:
        for code in pile:
            count[code & OWNER_MASK] += 1
    twin.hand = [twin.viruses - count[q] for q in range(n)]


def _draw_owners(
    twin: Rules,
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
        # Only a stack under brouillage may hold a virus on its owner's account (H6); one
        # set aside that way was named in the open (unless set aside face down with the
        # rest of its stack), and one found was guessed by him.
        resolved = (pile is twin.aside and not v_face_down(code)) or pile is twin.found
        account_owner = -1 if blur_round and not resolved else owner[v_pos(code)]
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
            _assign(twin, hidden, chosen)
            return
    # The weighted draws kept failing (tight counts): any consistent assignment, found by
    # augmenting paths in a random order (never the real owners: they are not read).
    matched = _match(allowed, limit, rnd)
    if matched is not None:
        _assign(twin, hidden, matched)


def _assign(twin: Rules, hidden: list[tuple[list[int], int]], owners: list[int]) -> None:
    """Give the ``hidden`` viruses their drawn owners, known to them and to whoever the
    table saw learn it (:func:`_seen_learning`)."""
    for (pile, i), q in zip(hidden, owners, strict=True):
        code = pile[i]
        keep = (1 << q) | _seen_learning(twin, pile, code)
        pile[i] = (code & ~KNOWN_MASK & ~OWNER_MASK) | q | (keep << KNOWN_SHIFT)


def _seen_learning(twin: Rules, pile: list[int], code: int) -> int:
    """Of the seats that know a virus's owner, those the table saw learn it, by a guess:
    everyone when it was said aloud (``reveal=table``), else the account's owner, the
    guesser, if he knew (he learns the owner of a virus he found, and of one he missed
    unless the reveal is blind). A virus set aside face down without a guess (H8
    cryptage, no bill left) taught nobody. Anyone else who knows noticed the drop: their
    secret (forgotten here; the stacks' noticers are drawn again, ``_redraw_notices``)."""
    if pile is not twin.aside and pile is not twin.found:
        return 0
    account_owner = twin.table.owner[v_pos(code)]
    if v_face_down(code) or code & OWNER_MASK == account_owner:
        # Face down, or set aside in the open on its owner's own account (H6: the table
        # knows him, ``_known_to``; the callers keep his own knowledge): no guess.
        return 0
    everyone = (1 << twin.n) - 1
    knowers = (code >> KNOWN_SHIFT) & everyone
    if twin.reveal == "table":
        return knowers
    if pile is twin.aside and twin.reveal == "blind":
        return 0
    return knowers & (1 << account_owner)


def _forget_notices(twin: Rules, observer: int) -> None:
    """The viruses resolved this round that the observer knows (noted, or its owner named
    in the open, H6): who else noticed them is not its business (the owner, the observer
    and what the table saw stay)."""
    me = 1 << (KNOWN_SHIFT + observer)
    for pile in (twin.aside, twin.found):
        for i, code in enumerate(pile):
            if _known_to(twin, pile, code, me):
                keep = (1 << (code & OWNER_MASK)) | _seen_learning(twin, pile, code)
                pile[i] = (code & ~KNOWN_MASK) | (code & me) | (keep << KNOWN_SHIFT)


def _match(
    allowed: list[list[int]], limit: list[int], rnd: Callable[[], float]
) -> list[int] | None:
    """Owners for every virus (``allowed[j]``: its candidates), nobody beyond ``limit``
    viruses: a bipartite matching (Kuhn), visiting viruses and candidates at random."""
    owner_of = [-1] * len(allowed)
    holding: list[list[int]] = [[] for _ in limit]
    order = list(range(len(allowed)))
    _shuffle(order, rnd)
    options = []
    for j in range(len(allowed)):
        row = allowed[j][:]
        _shuffle(row, rnd)
        options.append(row)

    def place(j: int, seen: set[int]) -> bool:
        for q in options[j]:
            if q in seen or limit[q] <= 0:
                continue
            seen.add(q)
            if len(holding[q]) < limit[q]:
                holding[q].append(j)
                owner_of[j] = q
                return True
            for other in holding[q]:
                if place(other, seen):
                    holding[q].remove(other)
                    holding[q].append(j)
                    owner_of[j] = q
                    return True
        return False

    for j in order:
        if not place(j, set()):
            return None
    return owner_of


def _redraw_notices(twin: Rules, observer: int, rng: random.Random) -> None:
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
