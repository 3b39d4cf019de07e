"""Hacker's rules: who acts, what is legal, and what each action does.

The flow of a round: the hacking phase (one trip per player from the round's first
player, clockwise; the others may drop viruses meanwhile; the traveller credits the bill
brought back: :mod:`ludinum.games.hacker.flow`), then the protection phase
(:mod:`ludinum.games.hacker.protection`). Its vocabulary is ``base.py``'s.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ludinum.engine import (
    Action,
    Deadline,
    Event,
    GameConfig,
    State,
)
from ludinum.games.hacker import flow, protection
from ludinum.games.hacker.base import (
    ACCOUNTS_PER_PLAYER,
    BILL_VALUE,
    CHOOSE,
    CREDIT,
    GUESS,
    KNOWN_SHIFT,
    LOOT,
    OVER,
    ROUNDS,
    SETUP,
    STAT_NAMES,
    STEAL,
    TRIP,
    viruses_for,
)
from ludinum.games.hacker.table import PROTECT, RETURN, RETURN_ONLY, Table
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


class Rules(State):
    """Everything on the table, in everyone's hand and in the bank, and the rules that
    change it (the state as a whole: :class:`.state.HackerState`)."""

    def __init__(self, config: GameConfig, rng: random.Random, table: Table) -> None:
        self.config = config
        self.rng = rng
        self.table = table
        n = config.players
        self.n = n
        opts = config.options
        self.viruses = viruses_for(n, int(opts["viruses_3p"]))
        self.live = int(opts["trip_seconds"]) > 0
        self.vigilance = float(opts["vigilance"])
        self.traveller_vigilance = float(opts["traveller_vigilance"])
        self.reveal = str(opts["reveal"])
        self.chosen_theft = opts["theft"] == "chosen"
        self.brouillage = bool(opts["brouillage"])
        self.cryptage = bool(opts["cryptage"])
        accounts = n * ACCOUNTS_PER_PLAYER
        self.round = 0
        self.first = 0
        self.phase = SETUP
        self.trip = 0
        self.bills: list[list[int]] = [[] for _ in range(accounts)]
        self.bank: list[int] = []  # the top of the pile is the end of the list
        self.stacks: list[list[int]] = [[] for _ in range(accounts)]
        self.aside: list[int] = []
        #: Viruses found this round (a right guess): back in their owner's hand, still part
        #: of the trip record; the guesser knows whose they were (everyone with ``table``).
        self.found: list[int] = []
        self.hand = [self.viruses] * n
        self.done = [True] * n
        self.pending: list[int] = []  # turn-based drops (base.queued), shown at trip end
        self.incoming: list[list[int]] = [[] for _ in range(n)]
        self.seen = [0] * n  # bit mask of the bills each seat has seen
        self.notes: list[list[int]] = [[] for _ in range(n)]  # noticed drops: trip, dropper, pos
        self.trip_drops: list[int] = []
        self.protector = 0  # offset from the first player during the protection phase
        self.current = -1  # account being resolved
        self.thief = -1
        self.stats = [0] * len(STAT_NAMES)
        self.leaders_before = -1  # bit mask of the richest seats before the last protection
        #: Stolen bills credited face down (base.loot_record): where they went is the
        #: thief's secret, so determinisations redraw it (sampler).
        self.loots: list[int] = []
        self.active: tuple[int, ...] = ()

    # -- derived -------------------------------------------------------------------------
    @property
    def traveller(self) -> int:
        return (self.first + self.trip) % self.n

    def blurred(self) -> bool:
        """H7: « Pour le dernier tour de jeu, retournez tous les comptes face cachée »: the
        whole last round, protection and loot included, until the game is over."""
        return self.brouillage and self.round == ROUNDS - 1 and self.phase != OVER

    def protecting(self) -> int:
        return (self.first + self.protector) % self.n

    def score(self, player: int) -> int:
        own = self.table.own[player]
        return sum(BILL_VALUE[b] for k in own for b in self.bills[k])

    def scores(self) -> list[int]:
        totals = [0] * self.n
        owner = self.table.owner
        value = BILL_VALUE.__getitem__
        for k, pile in enumerate(self.bills):
            if pile:  # a search values every rollout by the scores: no generator per pile
                totals[owner[k]] += sum(map(value, pile))
        return totals

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

    def shows_bills(self, player: int | None, account: int) -> bool:
        """Whether ``player`` sees the bills under ``account`` (H2): its own accounts outside
        brouillage, every account once the game is over."""
        if self.phase == OVER:
            return True
        return player is not None and self.table.owner[account] == player and not self.blurred()

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
                flow.credit(self, player, arg, events)
            elif kind == "guess":
                protection.guess(self, player, arg, events)
            elif kind == "protect":
                protection.begin_account(self, arg, events)
            elif kind == "steal":
                protection.take(self, player, arg, events)
        self._refresh_active()
        return events
