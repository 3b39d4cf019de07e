"""Hacker's rules: who acts, what is legal, and what each action does.

The flow of a round: the hacking phase (one trip per player from the round's first
player, clockwise; the others may drop viruses meanwhile; the traveller credits the bill
brought back: :mod:`ludinum.games.hacker.flow` and :mod:`.crediting`), then the
protection phase (:mod:`ludinum.games.hacker.protection`). Its vocabulary is ``base.py``'s,
its data :class:`.data.Data`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludinum.engine import (
    Action,
    Deadline,
    Event,
    HiddenTurns,
)
from ludinum.games.hacker import crediting, flow, protection
from ludinum.games.hacker.base import (
    CHOOSE,
    CREDIT,
    GUESS,
    KNOWN_SHIFT,
    LOOT,
    OVER,
    SETUP,
    STEAL,
    TRIP,
)
from ludinum.games.hacker.data import Data
from ludinum.games.hacker.table import PROTECT, RETURN, RETURN_ONLY
from ludinum.games.hacker.table import STEAL as STEAL_ACTIONS

_DONE = tuple(Event("done", {}, (p,)) for p in range(7))
#: The trip deadlines made so far, by (seconds, traveller): a deadline is a frozen value,
#: asked for on every action of a trip (who decides now, engine/turns.py).
_TRIP_DEADLINES: dict[tuple[float, int], Deadline] = {}


def _trip_deadline(seconds: float, traveller: int) -> Deadline:
    key = (seconds, traveller)
    deadline = _TRIP_DEADLINES.get(key)
    if deadline is None:
        deadline = Deadline("trip", seconds, traveller, RETURN, duration=True)
        if len(_TRIP_DEADLINES) < 1024:
            _TRIP_DEADLINES[key] = deadline
    return deadline


class Rules(Data):
    """The rules: who acts, what is legal, and what each action does (the state as a whole:
    :class:`.state.HackerState`)."""

    # -- who acts ------------------------------------------------------------------------
    def _refresh_active(self) -> None:
        phase = self.phase
        if phase == TRIP:
            idle = self.done
            if self.live:
                traveller = self.traveller
                self.active = tuple([p for p in range(self.n) if not idle[p] or p == traveller])
            else:
                self.active = tuple([p for p in range(self.n) if not idle[p]])
        elif phase in (CHOOSE, GUESS):
            self.active = ((self.first + self.protector) % self.n,)
        elif phase == CREDIT:
            self.active = ((self.first + self.trip) % self.n,)
        elif phase in (STEAL, LOOT):
            self.active = (self.thief,)
        elif phase == SETUP:
            incoming = self.incoming
            self.active = tuple([p for p in range(self.n) if incoming[p]])
        else:
            self.active = ()

    def active_players(self) -> tuple[int, ...]:
        return self.active

    def knows_thief(self, player: int | None) -> bool:
        """Whether ``player`` knows who is stealing or crediting a stolen bill: the thief
        himself and whoever knows the owner of the virus just missed (everyone at an open
        table, the victim unless the reveal is blind, a seat that noticed the drop, H4)."""
        if player is None or self.phase not in (STEAL, LOOT) or not self.aside:
            return False
        return player == self.thief or bool(self.aside[-1] >> (KNOWN_SHIFT + player) & 1)

    def public_active(self, viewer: int | None) -> tuple[int, ...]:
        """Who ``viewer`` may know is acting (issue 20). During a trip nobody knows who is
        still dropping nor who said « J'ai fini » (nor who dropped their last virus): every
        seat but the traveller is named, the traveller too in live play (the trip is his),
        and the viewer as it is. While a thief steals or credits his loot, only the seats
        that know him see him act; the others see nobody. Everything else acts in the open."""
        phase = self.phase
        active = self.active
        if phase == TRIP:
            traveller = self.traveller
            return tuple(
                p for p in range(self.n)
                if (p in active if p in (viewer, traveller) else True)
            )
        if phase in (STEAL, LOOT) and not (self.reveal == "table" or self.knows_thief(viewer)):
            return ()
        return active

    def hidden_turns(self) -> HiddenTurns | None:
        """A turn-based trip (H3: ``trip_seconds`` at 0, always so on one device passed
        around): the table sees every seat but the traveller acting (:meth:`public_active`)
        and may not know who still holds viruses nor who said « J'ai fini » (H2, H4). The
        trips are numbered from the game's first, each from the seat after its traveller;
        the last one is kept through the protection phase. A trip in which nobody but the
        traveller had a virus left ends as it begins, and counts all the same: the device's
        way must not depend on who had one. None in live play (every trip is timed, H3), before the
        first trip and once the game is over."""
        phase = self.phase
        if self.live or phase in (SETUP, OVER):
            return None
        n = self.n
        trip = min(self.trip, n - 1)  # the protection phase: the round's last trip
        traveller = (self.first + trip) % n
        seats = tuple(p for p in range(n) if p != traveller)
        return HiddenTurns(self.round * n + trip, traveller, seats, phase == TRIP)

    def legal_actions(self, player: int) -> Sequence[Action]:
        if player not in self.active:
            return ()
        phase = self.phase
        if phase == TRIP:
            if player == self.traveller:
                return RETURN_ONLY
            return self.table.all_drops if self.blurred() else self.table.drops[player]
        if phase in (SETUP, CREDIT, LOOT):
            return self.table.all_credits if self.blurred() else self.table.credits[player]
        if phase == GUESS:
            return self.table.guesses[player]
        if phase == CHOOSE:
            stacks = self.stacks
            return tuple(PROTECT[k] for k in self.table.own[player] if stacks[k])
        if phase == STEAL:
            return STEAL_ACTIONS[: len(self.bills[self.current])]
        return ()

    def deadline(self) -> Deadline | None:
        """H3: in live play a trip lasts ``trip_seconds``; then the traveller is back."""
        if self.phase == TRIP and self.live:
            return _trip_deadline(float(self.config.options["trip_seconds"]), self.traveller)
        return None

    def waiting_seat(self) -> int | None:
        """During a live trip, the traveller: its only move is ``return`` (``RETURN_ONLY``),
        which the trip's deadline plays (H3). What ``Deadline.waiting`` finds, without
        the deadline or the traveller's moves: asked before each drop of a trip."""
        if self.phase == TRIP and self.live:
            return (self.first + self.trip) % self.n
        return None

    def is_terminal(self) -> bool:
        return self.phase == OVER

    # -- applying --------------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> list[Event]:
        events: list[Event] = []
        kind = action.kind
        if kind == "done":
            self.done[player] = True
            events.append(_DONE[player])
            flow.after_trip_step(self, events)
        elif kind == "return":
            flow.end_trip(self, events)
        else:
            arg: int = action.params[0][1]  # type: ignore[assignment]
            if kind == "drop":
                flow.drop(self, player, arg, events)
                if self.phase == TRIP and not self.done[player]:
                    return events  # nobody joined or left the active players
            elif kind == "credit":
                crediting.credit(self, player, arg, events)
            elif kind == "guess":
                protection.guess(self, player, arg, events)
            elif kind == "protect":
                protection.begin_account(self, arg, events)
            elif kind == "steal":
                protection.take(self, player, arg, events)
        self._refresh_active()
        return events
