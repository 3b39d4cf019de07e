"""What a device passed around may show the table by where it goes (``engine.passing``),
checked the same way in the terminal (``tests/cli``) and on the shared screen
(``tests/server``): a handover made while a seat decides in secret (Hacker's thief, H5)
is one of a round of every person on the device, in seat order from the one after the
seat that held it; a bot's secret is followed by such a round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludinum.engine import Action, deciders

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


def twin_move(state: Any, seat: int, legal: Sequence[Action], swapped: bool) -> Action:
    """The move of ``seat`` in one of two Hacker games whose public information is the same
    and whose secrets differ (``swapped`` exchanges two seats' secret moves): what a device
    passed around must not tell apart by where it goes (H2, H4: how many viruses a player
    still holds, and who said « J'ai fini », are his secrets during a trip).

    Four seats, by their place from the first player of round 1: ``c`` (the first
    traveller), ``d``, ``a``, ``b``; of ``a`` and ``b``, one (``x``) plays the other's
    (``y``) part when ``swapped``. Round 1: during ``c``'s trip ``x`` drops his three
    viruses on ``c``'s first account and ``y`` says done at once; during ``d``'s trip
    ``y`` drops one there, then says done. So during ``d``'s trip ``x`` has no virus left,
    and during the last two trips one of ``a`` and ``b`` has none while the other says
    done. ``c`` names ``d`` for each virus (always wrong: the thieves steal in secret,
    H5); every other choice is the first of its kind, and from round 2 on nobody drops."""
    n = state.config.players
    c = state.first if state.round == 0 else -1
    x, y = ((c + 3) % n, (c + 2) % n) if swapped else ((c + 2) % n, (c + 3) % n)
    if c >= 0:
        drop = Action.make("drop", account=state.table.own[c][0])
        if drop in legal and ((seat == x and state.trip == 0) or (
                seat == y and state.trip == 1 and state.hand[seat] == state.viruses)):
            return drop
        guess = Action.make("guess", player=(c + 1) % n)
        if guess in legal:
            return guess
    done = Action.make("done")
    if done in legal:
        return done
    return min(legal, key=lambda action: (action.kind, action.params))
