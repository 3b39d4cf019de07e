"""What a device passed around may show the table by where it goes (``engine.passing``),
checked the same way in the terminal (``tests/cli``) and on the shared screen
(``tests/server``): a handover made while a seat decides in secret (Hacker's thief, H5)
is one of a round of every person on the device, in seat order from the one after the
seat that held it; a bot's secret is followed by such a round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludinum.engine import deciders

#: A handover: the seat handed the device, whether a seat decides in secret now, whether
#: one did since the previous handover (a bot moves at once), the seat that held it.
Handed = tuple[int, bool, bool, int | None]


def round_from(people: Sequence[int], holder: int | None) -> list[int]:
    """A round of the device: ``people`` in seat order from the one after ``holder``, round
    to ``holder``."""
    after = [p for p in sorted(people) if holder is None or p > holder]
    return after + [p for p in sorted(people) if p not in after]


def secret_now(state: Any) -> bool:
    """A seat decides that the table may not know acts."""
    public = state.public_active(None)
    return any(p not in public for p in deciders(state))


def handover(state: Any, seat: int, since: bool, handed: list[Handed]) -> Handed:
    """The record of ``seat`` handed the device now."""
    return (seat, secret_now(state), since, handed[-1][0] if handed else None)


def unexplained(handed: list[Handed], people: Sequence[int]) -> list[int]:
    """The handovers that tell the table something: made while a seat decides in secret
    and in no whole round of every person, or after a bot's secret with no whole round
    from there on (rounds queue up: one owed before it comes first)."""
    seats = [seat for seat, *_ in handed]
    n = len(people)

    def whole(j: int) -> bool:
        return seats[j:j + n] == round_from(people, handed[j][3])

    out = []
    for i, (_, now, since, _) in enumerate(handed):
        inside = any(whole(j) for j in range(max(0, i - n + 1), i + 1))
        later = any(whole(j) for j in range(max(0, i - n + 1), len(handed)))
        if (now and not inside) or (since and not later):
            out.append(i)
    return out
