"""Who decides now when people and bots share a phase where several seats act at once.

The terminal, pass-and-play and the server all ask the same question: of the active seats,
which ones have a decision to make now? A seat whose only move is the end of a duration
(:meth:`Deadline.waiting`: a traveller whose one move is coming back) has none while the
others still act: its move would end the time they have. :func:`next_actor` applies the
same rule to games played by bots without a clock, and :func:`one_of` says which of several
bots deciding at once moves first where people watch.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # turns reads states; engine.state imports nothing from here
    from ludinum.engine.state import State


def waiting_seat(state: State) -> int | None:
    """The seat that leaves the pending deadline to the timer (see :meth:`Deadline.waiting`),
    or None: :meth:`State.waiting_seat`."""
    return state.waiting_seat()


def deciders(state: State, timed: bool = False,
             active: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """The active seats that have a decision to make now (``active``: the state's
    ``active_players()`` when the caller has just asked it).

    The waiting seat (:func:`waiting_seat`) is left out while any other seat is active,
    and always when a clock will play its move (``timed``: a live room's running timer).
    Without a clock it decides once nobody else is active, which ends the duration when
    every other seat is done."""
    if active is None:
        active = state.active_players()
    if len(active) < 2 and not timed:
        return active  # the only seat decides (the fast path of simulations)
    waiting = state.waiting_seat()
    if waiting is None or waiting not in active:
        return active
    others = tuple([p for p in active if p != waiting])
    return others if others or timed else active


def must_wait(state: State, player: int, timed: bool = False) -> bool:
    """True when ``player`` is active but has no decision to make now (:func:`deciders`):
    its move belongs to the end of the time, and a person sending it early is refused."""
    return player in state.active_players() and player not in deciders(state, timed)


def people_first(
    state: State, people: Collection[int], timed: bool = False
) -> tuple[int, ...]:
    """The seats of :func:`deciders` that may move now when people go first.

    In a decision window shared by several seats (a pending deadline that is not a
    duration, a response), one answer can close the window for everyone: the people of the
    window decide before the bots. During a duration (a trip) nobody's move ends it, so
    bots move at once and the people keep the whole time. Elsewhere: every decider."""
    seats = deciders(state, timed)
    if len(seats) < 2:
        return seats
    deadline = state.deadline()
    if deadline is None or deadline.duration:
        return seats
    persons = tuple(p for p in seats if p in people)
    return persons or seats


def next_actor(state: State, step: int, active: tuple[int, ...] | None = None) -> int:
    """The seat that acts next when bots play a whole game without a clock (simulations,
    search rollouts, environments): the only active seat, else the active seats in turn
    (``step`` counts the actions taken).

    A seat that is only waiting for a duration's end (:attr:`Deadline.duration`, a
    traveller on a timed trip whose one move is ``return``, H3) leaves it to the timer, as
    bots do on the server: it acts once nobody else is active, i.e. when the time would be up for
    players who have all finished. Picking it in turn would cut the trip short at a point
    set by the rotation, and the seats after it would never get to drop. The rule is
    :func:`deciders`, which the terminal and the server share (``active``: the state's
    ``active_players()`` when the caller has just asked it)."""
    seats = deciders(state, False, active)
    return seats[step % len(seats)]


def one_of(seats: Sequence[int], rng: random.Random) -> int:
    """One of several seats deciding at the same time, drawn at random: where people see
    the moves arrive (the terminal, a live room), the order of secret moves made at once
    must not tell whose each one is (a drop seen appearing, never who made it). Always in
    seat order, the first moves would be the first seat's."""
    return seats[0] if len(seats) == 1 else seats[int(rng.random() * len(seats))]
