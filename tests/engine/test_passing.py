"""``engine.passing``: where one device passed around the table goes next. By name only
to a seat the table may know acts; while a seat decides in secret (Hacker's thief, H5),
round every person on it from the one after its holder."""

from __future__ import annotations

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
