"""Hacker's table as data: the accounts and their bills, the bank, the hands, the viruses
on the table and aside, and what follows from them. The rules (:mod:`.rules`) and the
phases' steps (:mod:`.flow`, :mod:`.protection`, :mod:`.crediting`) change it."""

from __future__ import annotations

import random

from ludinum.engine import GameConfig, State
from ludinum.games.hacker.base import (
    ACCOUNTS_PER_PLAYER,
    BILL_VALUE,
    OVER,
    ROUNDS,
    SETUP,
    STAT_NAMES,
    viruses_for,
)
from ludinum.games.hacker.table import Table


class Data(State):
    """Everything on the table, in everyone's hand and in the bank, and what follows from
    it (whose trip, whose protection, the scores, who sees which bills); the rules that
    change it are :class:`.rules.Rules`'s, the phases' steps :mod:`.flow`'s and
    :mod:`.protection`'s."""

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
    def starter(self) -> int:
        """The seat drawn at setup to start the game: ``first`` moves one seat clockwise
        after every round but the last (H5, ``protection.end_round``)."""
        return (self.first - min(self.round, ROUNDS - 1)) % self.n

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

    def shows_bills(self, player: int | None, account: int) -> bool:
        """Whether ``player`` sees the bills under ``account`` (H2): its own accounts outside
        brouillage, every account once the game is over."""
        if self.phase == OVER:
            return True
        return player is not None and self.table.owner[account] == player and not self.blurred()
