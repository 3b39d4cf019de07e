"""Seating a class at its tables: a pure function of the pupils' join order (docs/class.md).

``ceil(N / size)`` tables whose sizes differ by at most one. With *friends apart* (the
default) pupils are dealt round-robin over the tables, so that two pupils who joined one
after the other (neighbours in the room, often friends) sit at different tables; without
it, the tables fill in join order. The seed only permutes the tables (which of them get the
extra pupil, where the deal begins): the same pupils, pins and seed always give the same
seating. A pupil the teacher moved keeps the table chosen for them (a *pin*); the others
are dealt over the places that are left.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence


def table_count(pupils: int, size: int) -> int:
    """The number of tables for ``pupils`` at tables of ``size`` (at least one)."""
    if size < 1:
        raise ValueError("size must be positive")
    return max(1, -(-pupils // size))


def table_count_without_bots(pupils: int, size: int, least: int, most: int) -> int:
    """The number of tables when no bot fills an empty seat: :func:`table_count`, or fewer
    when a table would have fewer than ``least`` pupils (the game's minimum), each then
    larger than ``size`` but never above ``most`` (the game's maximum). 4 pupils at tables
    of 3 for a game of 3 at least: one table of 4, not two of 2 that cannot start (and
    that no move could mend: a table is full at its size). Where no count can do it (fewer
    pupils than ``least``), :func:`table_count`."""
    count = table_count(pupils, size)
    for fewer in range(count, 0, -1):
        if pupils // fewer >= least:
            return fewer if -(-pupils // fewer) <= most else count
    return count


def seat_pupils(
    pupils: int,
    size: int,
    *,
    friends_apart: bool = True,
    seed: int = 0,
    pinned: Mapping[int, int] | None = None,
    tables: int | None = None,
) -> list[int]:
    """The table (0-based) of each pupil, in join order.

    ``pinned`` maps a pupil's index to the table the teacher chose (kept when that table
    still exists, that is while the number of tables has not shrunk below it). ``tables``:
    the number of tables, when not :func:`table_count`'s (a class without bots,
    :func:`table_count_without_bots`)."""
    tables = table_count(pupils, size) if tables is None else tables
    order = list(range(tables))
    random.Random(seed).shuffle(order)
    # Balanced capacities: the first ``pupils % tables`` tables of the deal get one more.
    capacity = [0] * tables
    for rank, table in enumerate(order):
        capacity[table] = pupils // tables + (1 if rank < pupils % tables else 0)
    out: list[int | None] = [None] * pupils
    used = [0] * tables
    for pupil, table in sorted((pinned or {}).items()):
        if 0 <= pupil < pupils and 0 <= table < tables:
            out[pupil] = table
            used[table] += 1
    free = [order[k] for k in range(tables)]
    turn = 0
    for pupil in range(pupils):
        if out[pupil] is not None:
            continue
        open_tables = [t for t in free if used[t] < capacity[t]]
        if not open_tables:  # pins filled the balanced places: the least full table
            open_tables = [min(free, key=lambda t: (used[t], free.index(t)))]
        if friends_apart:
            # Round-robin: the next table of the deal that still has a place.
            for step in range(tables):
                table = free[(turn + step) % tables]
                if table in open_tables:
                    turn = (turn + step + 1) % tables
                    break
        else:
            table = open_tables[0]
        out[pupil] = table
        used[table] += 1
    return [t if t is not None else 0 for t in out]


def tables_of(assigned: Sequence[int], count: int) -> list[list[int]]:
    """The pupils of each of ``count`` tables (indices in join order), in table order; a
    table left empty by the teacher's moves stays (empty) so that numbers do not shift."""
    out: list[list[int]] = [[] for _ in range(count)]
    for pupil, table in enumerate(assigned):
        out[table].append(pupil)
    return out
