"""``engine.passing``: where one device passed around the table goes next. By name only
to a seat the table may know acts; while a seat decides in secret (Hacker's thief, H5),
round every person on it from the one after its holder; while who acts is hidden though
the seats acting are public (Hacker's turn-based trip, H2, H4), round every person on it
the table sees acting, from the one after the seat the game names, once per phase."""

from __future__ import annotations

from ludinum.engine import HiddenTurns
from ludinum.engine.passing import PassRound, around

PEOPLE = [0, 1, 2, 3]


def test_a_round_starts_after_the_holder_and_ends_with_it() -> None:
    assert around(PEOPLE, 1) == (2, 3, 0, 1)
    assert around(PEOPLE, 3) == (0, 1, 2, 3)
    assert around(PEOPLE, None) == (0, 1, 2, 3)
    assert around([0, 2], 1) == (2, 0)


def test_public_deciders_get_the_device_by_name() -> None:
    passing = PassRound()
    assert passing.next((0, 1, 2, 3), (0, 1, 2, 3), PEOPLE) == 0
    passing.took(2)
    assert passing.next((1, 2), (1, 2), PEOPLE) == 2  # the holder keeps it while it decides
    assert passing.next((5,), (5,), PEOPLE) is None  # a bot decides in the open: nobody
    assert not passing.owed


def _visit_all(passing: PassRound, thief: int, victim: int) -> list[int]:
    """The seats handed the device from a wrong guess of ``victim`` until it decides again:
    ``thief`` takes its (secret) decision when reached."""
    passing.took(victim)
    seen = []
    deciding: tuple[int, ...] = (thief,)
    for _ in range(10):
        seat = passing.next(deciding, (), PEOPLE) if deciding == (thief,) else passing.next(
            deciding, deciding, PEOPLE)
        if thief not in PEOPLE:
            deciding = (victim,)  # a bot steals and credits at once
        if seat is None:
            break
        seen.append(seat)
        passing.took(seat)
        if passing.idle(seat, deciding):
            passing.visited(seat)
            continue
        if seat == thief:
            deciding = (victim,)  # stolen and credited: the victim guesses again
        else:
            assert seat == victim
            break
        passing.visited(seat)
    return seen


def test_the_thief_is_reached_in_a_round_whoever_he_is() -> None:
    """The device goes the same way whoever the thief is (a bot, 7, included)."""
    ways = {thief: _visit_all(PassRound(), thief, victim=1) for thief in (0, 2, 3, 7)}
    assert set(map(tuple, ways.values())) == {(2, 3, 0, 1)}, ways


def test_a_secret_beginning_during_a_round_adds_a_whole_round() -> None:
    passing = PassRound()
    passing.took(3)
    assert passing.next((1,), (), PEOPLE) == 0  # round 0, 1, 2, 3
    passing.visited(0)
    passing.next((1,), (1,), PEOPLE)  # the secret is over: the round goes on
    passing.next((2,), (), PEOPLE)  # another begins
    assert passing.owed == (1, 2, 3, 0, 1, 2, 3)


def _trip_way(holding: set[int], holder: int, number: int = 0) -> list[tuple[int, bool]]:
    """The seats handed the device during a hidden phase (a trip of seat 1: 0, 2, 3 seen
    acting) in which ``holding`` have something to do, each with whether it was idle:
    every visited seat with something to do does all of it (drops, then done)."""
    passing = PassRound()
    passing.watch((), (), PEOPLE)  # before the trip
    passing.took(holder)
    public = (0, 2, 3)
    deciding = set(holding)
    way = []
    for _ in range(10):
        trip = HiddenTurns(number, 1, public, bool(deciding))
        seat = passing.next(tuple(deciding), public, PEOPLE, trip)
        if seat is None:
            break
        passing.took(seat)
        idle = passing.idle(seat, tuple(deciding), trip)
        way.append((seat, idle))
        if not idle:
            assert not passing.over(seat, tuple(deciding), public, trip)
            deciding.discard(seat)  # dropped, then said « J'ai fini »
            trip = HiddenTurns(number, 1, public, bool(deciding))
            assert passing.over(seat, tuple(deciding), public, trip)
        passing.visited(seat)
    return way


def test_a_hidden_phase_goes_round_from_the_seat_it_names_whoever_has_something_to_do(
) -> None:
    """H2, H4: who still holds viruses during a trip is a secret. The device goes to the
    same seats in the same order (those the table sees acting, from the one after the
    traveller), whoever still has viruses and whoever held it last."""
    ways = {(frozenset(holding), holder): _trip_way(set(holding), holder)
            for holding in ((), (3,), (0, 2), (0, 2, 3)) for holder in (0, 1, 3)}
    assert {tuple(seat for seat, _ in way) for way in ways.values()} == {(2, 3, 0)}
    assert ways[frozenset({3}), 0] == [(2, True), (3, False), (0, True)]


def test_a_hidden_phase_ended_at_once_has_its_round_too() -> None:
    """A trip in which nobody had a virus left ends as it begins: its round of visits with
    nothing to do comes all the same (only a device first looking then owes none)."""
    passing = PassRound()
    passing.next((0,), (0, 2, 3), PEOPLE, HiddenTurns(0, 1, (0, 2, 3), True))
    assert passing.owed == (2, 3, 0)
    for seat in (2, 3, 0):
        passing.visited(seat)
    credit = HiddenTurns(1, 2, (0, 1, 3), False)  # the next trip, over at once
    assert passing.next((2,), (2,), PEOPLE, credit) == 3
    assert passing.owed == (3, 0, 1)
    assert passing.idle(3, (2,), credit)
    late = PassRound()
    assert late.next((2,), (2,), PEOPLE, credit) == 2 and not late.owed


def test_a_visit_for_a_hidden_phase_ends_with_it() -> None:
    """Seat 0, visited for one trip, still deciding when the next begins (the traveller a
    bot): its visit is over, and its drops of the next trip wait for that trip's round;
    a thief's round reaching a seat during a trip does not let it drop either."""
    passing = PassRound()
    trip = HiddenTurns(0, 3, (0, 1, 2), True)
    assert passing.next((0,), (0, 1, 2), PEOPLE, trip) == 0
    passing.took(0)
    assert not passing.idle(0, (0,), trip)
    following = HiddenTurns(1, 0, (1, 2, 3), True)
    assert passing.over(0, (0, 1), (1, 2, 3), following)
    passing.visited(0)
    passing.watch((1,), (1, 2, 3), PEOPLE, following)
    assert passing.owed == (1, 2, 1, 2, 3)
    thief = PassRound()
    thief.took(2)
    thief.next((1,), (), PEOPLE)  # a round of 3, 0, 1, 2; 2 the holder decides at its end
    for seat in (3, 0, 1):
        thief.visited(seat)
    assert not thief.idle(2, (2,))
    assert thief.idle(2, (2,), HiddenTurns(0, 1, (0, 2, 3), True))
