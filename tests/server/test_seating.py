"""Seating a class at its tables (docs/class.md): a pure function of join order and seed."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludinum.engine import LudinumError
from ludinum.games import registry
from ludinum.server.classes import NO_BOTS, ClassSession
from ludinum.server.seating import seat_pupils, table_count, table_count_without_bots, tables_of


@given(st.integers(1, 60), st.integers(2, 7), st.booleans(), st.integers(0, 2**31 - 1))
def test_tables_are_balanced_and_never_over_size(pupils: int, size: int, apart: bool,
                                                 seed: int) -> None:
    seating = seat_pupils(pupils, size, friends_apart=apart, seed=seed)
    tables = table_count(pupils, size)
    assert tables == -(-pupils // size)
    sizes = Counter(seating)
    assert set(sizes) == set(range(tables))  # no empty table
    assert max(sizes.values()) - min(sizes.values()) <= 1
    assert max(sizes.values()) <= size


def test_thirty_pupils_at_tables_of_five_make_six_full_tables() -> None:
    seating = seat_pupils(30, 5, seed=7)
    assert sorted(Counter(seating).values()) == [5] * 6


def test_friends_apart_deals_neighbours_to_different_tables() -> None:
    seating = seat_pupils(30, 5, friends_apart=True, seed=3)
    # Two pupils who joined one after the other never share a table.
    assert all(seating[i] != seating[i + 1] for i in range(29))
    # Round-robin: every run of 6 consecutive joiners covers the 6 tables.
    assert all(len(set(seating[i:i + 6])) == 6 for i in range(0, 30, 6))


def test_without_friends_apart_tables_fill_in_join_order() -> None:
    seating = seat_pupils(12, 4, friends_apart=False, seed=5)
    blocks = [seating[0:4], seating[4:8], seating[8:12]]
    assert all(len(set(b)) == 1 for b in blocks)
    assert len({b[0] for b in blocks}) == 3


def test_uneven_class_sizes_differ_by_one_at_most() -> None:
    # 31 pupils at tables of 5: 7 tables of 5, 5, 5, 4, 4, 4, 4.
    seating = seat_pupils(31, 5, seed=1)
    assert sorted(Counter(seating).values()) == [4, 4, 4, 4, 5, 5, 5]


def test_the_same_seed_gives_the_same_seating_and_another_may_not() -> None:
    assert seat_pupils(23, 4, seed=99) == seat_pupils(23, 4, seed=99)
    assert len({tuple(seat_pupils(23, 4, seed=s)) for s in range(20)}) > 1


def test_a_pinned_pupil_stays_where_the_teacher_put_them() -> None:
    free = seat_pupils(10, 5, seed=4)
    other = 1 - free[0]
    pinned = seat_pupils(10, 5, seed=4, pinned={0: other})
    assert pinned[0] == other
    assert sorted(Counter(pinned).values()) == [5, 5]  # someone else moved over
    # A pin to a table that no longer exists is ignored.
    assert seat_pupils(3, 5, seed=4, pinned={0: 4})[0] == 0


def test_tables_of_lists_pupils_per_table() -> None:
    assert tables_of([1, 0, 1], 3) == [[1], [0, 2], []]


def test_a_table_size_must_be_positive() -> None:
    with pytest.raises(ValueError):
        table_count(3, 0)


def session(pupils: int, size: int, bots: str, game: str = "gnou") -> ClassSession:
    """A class of ``pupils`` gathering at tables of ``size`` (Gnou: 2 to 6 players;
    Voleur: 3 to 6)."""
    out = ClassSession(1, "ABCDEF", "x", registry().get(game), {}, "turns", size, bots, True,
                       seed=11)
    for n in range(pupils):
        out.add(f"Élève {n + 1}", f"digest{n}")
    return out


def test_the_start_plan_checks_the_game_minimum_only_without_bots() -> None:
    # One pupil alone at a table: fine with bots (they fill it), refused without.
    assert session(1, 5, "random").plan() == [[0]]
    with pytest.raises(LudinumError) as refused:
        session(1, 5, NO_BOTS).plan()
    assert refused.value.code == "table_too_small" and "au moins 2 élèves pour jouer" in (
        refused.value.fr) and "attends" in refused.value.fr
    # 7 pupils at tables of 6, no bots: two tables of 4 and 3, both at least 2.
    assert sorted(map(len, session(7, 6, NO_BOTS).plan())) == [3, 4]
    with pytest.raises(LudinumError) as empty:
        session(0, 5, "random").plan()
    assert empty.value.code == "no_pupils"


def test_without_bots_fewer_larger_tables_rather_than_tables_that_cannot_start() -> None:
    """4 pupils at tables of 3 for a game of 3 at least, no bots: two tables of 2 were
    refused at the start with « Choisis des bots ou déplace des élèves », and neither could
    be done (the bots are chosen at creation; a table is full at its size). Now one table
    of 4; 28 at tables of 3, nine tables (one of 4), each able to start, and a move may
    fill a table to that size (a teacher's review, 2026-12-03)."""
    assert table_count_without_bots(4, 3, 3, 6) == 1
    assert table_count_without_bots(28, 3, 3, 6) == 9
    assert table_count_without_bots(30, 3, 3, 6) == 10  # no table short: as with bots
    assert table_count_without_bots(2, 3, 3, 6) == 1  # too few for any seating
    assert table_count_without_bots(13, 2, 2, 4) == 6  # 13 at tables of 2: 6 tables
    four = session(4, 3, NO_BOTS, "voleur")
    assert [len(t) for t in four.plan()] == [4]
    class_ = session(28, 3, NO_BOTS, "voleur")
    tables = class_.plan()
    assert sorted(map(len, tables)) == [3] * 8 + [4] and class_.table_places() == 4
    small = next(n for n, t in enumerate(tables) if len(t) == 3)
    pupil = next(p for n, t in enumerate(tables) if n != small for p in t)
    class_.move(pupil, small)  # to a table of 3: a place is left there (4)
    assert pupil in class_.tables()[small]
    with pytest.raises(LudinumError) as refused:
        session(2, 3, NO_BOTS, "voleur").plan()
    assert refused.value.fr == ("Sans bots, il faut au moins 3 élèves pour jouer (la classe "
                                "en a 2)\u00a0: attends que d'autres élèves rejoignent la "
                                "classe.")
