"""Constant actions and the per-layout tables of legal action lists (shared, immutable).

Building :class:`Action` objects is slow next to the rules themselves, so every action a
game can ever need is built once here, and each account layout gets its lists once.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ludinum.engine import Action, Event
from ludinum.games.hacker.base import ACCOUNTS_PER_PLAYER, BILL_COUNT

MAX_PLAYERS = 7
MAX_ACCOUNTS = MAX_PLAYERS * ACCOUNTS_PER_PLAYER

DONE = Action.make("done")
RETURN = Action.make("return")
CREDIT = tuple(Action.make("credit", account=k) for k in range(MAX_ACCOUNTS))
DROP = tuple(Action.make("drop", account=k) for k in range(MAX_ACCOUNTS))
PROTECT = tuple(Action.make("protect", account=k) for k in range(MAX_ACCOUNTS))
GUESS = tuple(Action.make("guess", player=q) for q in range(MAX_PLAYERS))
STEAL = tuple(Action.make("steal", slot=i) for i in range(BILL_COUNT))
RETURN_ONLY = (RETURN,)


class Table:
    """Where each account lies (``owner[k]`` for the account at place ``k``) and the action
    lists that follow from it. One instance per layout, shared by every clone."""

    __slots__ = (
        "all_credits", "all_drops", "bare", "credits", "drops", "guesses", "n", "own", "owner",
    )

    def __init__(self, owner: tuple[int, ...]) -> None:
        n = max(owner) + 1
        self.n = n
        self.owner = owner
        self.own: tuple[tuple[int, ...], ...] = tuple(
            tuple(k for k, o in enumerate(owner) if o == p) for p in range(n)
        )
        self.credits = tuple(tuple(CREDIT[k] for k in self.own[p]) for p in range(n))
        self.all_credits = tuple(CREDIT[k] for k in range(len(owner)))
        self.drops = tuple(
            (DONE, *(DROP[k] for k, o in enumerate(owner) if o != p)) for p in range(n)
        )
        self.all_drops = (DONE, *(DROP[k] for k in range(len(owner))))
        self.guesses = tuple(tuple(GUESS[q] for q in range(n) if q != p) for p in range(n))
        #: Every account as a seat's view shows it with no virus and its bills hidden, its
        #: owner face up (``bare[0]``) or not (``bare[1]``, brouillage): the entries an
        #: observation shares (read-only) instead of building them on every decision.
        self.bare: tuple[tuple[dict[str, Any], ...], ...] = tuple(
            tuple({"id": k, "owner": None if blurred else o, "stack": [], "bills": None}
                  for k, o in enumerate(owner))
            for blurred in (False, True)
        )


@lru_cache(maxsize=4096)
def table_for(owner: tuple[int, ...]) -> Table:
    return Table(owner)


# Events that recur with the same data are built once too (events are immutable values).
def _events(
    kind: str, keys: tuple[str, str], sizes: tuple[int, int]
) -> tuple[tuple[Event, ...], ...]:
    a, b = keys
    return tuple(tuple(Event(kind, {a: i, b: j}) for j in range(sizes[1])) for i in range(sizes[0]))


#: ``DROPPED[account][traveller]``: a virus appeared on that account during that trip.
DROPPED = _events("dropped", ("account", "trip"), (MAX_ACCOUNTS, MAX_PLAYERS))
#: ``CREDITED[player][account]``: public crediting.
CREDITED = _events("credited", ("player", "account"), (MAX_PLAYERS, MAX_ACCOUNTS))
#: ``CREDITED_SECRETLY[player][account]``: a thief's crediting, told to himself only.
CREDITED_SECRETLY = tuple(
    tuple(Event("credited", {"player": p, "account": k}, (p,)) for k in range(MAX_ACCOUNTS))
    for p in range(MAX_PLAYERS)
)
#: ``RESOLVE[player][account]``: that player resolves that account's stack.
RESOLVE = _events("resolve", ("player", "account"), (MAX_PLAYERS, MAX_ACCOUNTS))
TRIP_EVENTS = tuple(Event("trip", {"traveller": t}) for t in range(MAX_PLAYERS))
#: ``GUESSED[right][player][account]``: the public side of a guess (reveal victim / blind).
GUESSED = tuple(
    tuple(
        tuple(
            Event("guess", {"player": p, "account": k, "right": right}) for k in range(MAX_ACCOUNTS)
        )
        for p in range(MAX_PLAYERS)
    )
    for right in (False, True)
)
