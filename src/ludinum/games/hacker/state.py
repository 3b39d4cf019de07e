"""Hacker's state: a new game dealt (H1), its outcome and metrics, what each seat sees
(``views.py``, ``sampler.py``), copies and storage (the rules are ``rules.py``'s)."""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Any

from ludinum.engine import (
    Event,
    GameConfig,
    Outcome,
    State,
    new_rng,
    private,
    public,
    rng_from_json,
    rng_to_json,
)
from ludinum.games.hacker import sampler, views
from ludinum.games.hacker.base import (
    ACCOUNTS_PER_PLAYER,
    BILL_COUNT,
    BILL_VALUE,
    BILLS_PER_PLAYER_AT_SETUP,
    KNOWN_SHIFT,
    OVER,
    PHASE_NAMES,
    S_GUESSES,
    S_RIGHT,
    STAT_NAMES,
    virus,
)
from ludinum.games.hacker.rules import Rules
from ludinum.games.hacker.table import table_for


class HackerState(Rules):
    """A game of Hacker (:class:`.rules.Rules`), seen, copied and stored."""

    def outcome(self) -> Outcome:
        scores = self.scores()
        best = max(scores)
        winners = tuple(p for p in range(self.n) if scores[p] == best)  # H9: shared win
        return Outcome(tuple(float(s) for s in scores), winners)

    # -- copies ----------------------------------------------------------------------------
    def copy_with(self, rng: random.Random) -> HackerState:
        """A copy of this state that draws from ``rng`` (clones and determinisations)."""
        c = HackerState.__new__(HackerState)
        c.config = self.config
        c.rng = rng
        c.table = self.table
        c.n = self.n
        c.viruses = self.viruses
        c.live = self.live
        c.vigilance = self.vigilance
        c.traveller_vigilance = self.traveller_vigilance
        c.reveal = self.reveal
        c.chosen_theft = self.chosen_theft
        c.brouillage = self.brouillage
        c.cryptage = self.cryptage
        c.round = self.round
        c.first = self.first
        c.phase = self.phase
        c.trip = self.trip
        c.bills = list(map(list.copy, self.bills))
        c.bank = self.bank[:]
        c.stacks = list(map(list.copy, self.stacks))
        c.aside = self.aside[:]
        c.found = self.found[:]
        c.hand = self.hand[:]
        c.done = self.done[:]
        c.pending = self.pending[:]
        c.incoming = list(map(list.copy, self.incoming))
        c.seen = self.seen[:]
        c.notes = list(map(list.copy, self.notes))
        c.trip_drops = self.trip_drops[:]
        c.protector = self.protector
        c.current = self.current
        c.thief = self.thief
        c.stats = self.stats[:]
        c.leaders_before = self.leaders_before
        c.loots = self.loots[:]
        c.active = self.active
        return c

    _FIELDS = (
        "round",
        "first",
        "phase",
        "trip",
        "bills",
        "bank",
        "stacks",
        "aside",
        "found",
        "hand",
        "done",
        "pending",
        "incoming",
        "seen",
        "notes",
        "trip_drops",
        "protector",
        "current",
        "thief",
        "stats",
        "leaders_before",
        "loots",
    )

    #: Fields added since the first stored states, read as empty when missing.
    _ADDED = frozenset({"found", "loots"})

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "config": self.config.to_json(),
            "layout": list(self.table.owner),
            "rng": rng_to_json(self.rng),
        }
        for name in self._FIELDS:
            value = getattr(self, name)
            data[name] = (
                [v[:] if isinstance(v, list) else v for v in value]
                if isinstance(value, list)
                else value
            )
        return data

    @classmethod
    def from_json(cls, config: GameConfig, data: dict[str, Any]) -> HackerState:
        layout = tuple(int(x) for x in data["layout"])
        if sorted(layout) != sorted(p for p in range(config.players) for _ in range(3)):
            raise ValueError("bad layout")
        state = cls(config, rng_from_json(data["rng"]), table_for(layout))
        for name in cls._FIELDS:
            value = data.get(name, []) if name in cls._ADDED else data[name]
            if isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            setattr(state, name, value)
        state._refresh_active()
        return state

    # -- what each seat sees ---------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        return views.view(self, player)

    def own_view(self, player: int) -> dict[str, Any]:
        return views.own_view(self, player)

    def observation(self, player: int, parts: Collection[str]) -> dict[str, Any]:
        return views.observe(self, player, parts)

    def redraw(self, twin: State, observer: int, rng: random.Random) -> None:
        assert isinstance(twin, HackerState)
        sampler.redraw(twin, observer, rng)

    def metrics(self) -> dict[str, float]:
        out = {"turns": float(self.round)}
        for name, value in zip(STAT_NAMES, self.stats, strict=True):
            out[name] = float(value)
        guesses = self.stats[S_GUESSES]
        out["guess_accuracy"] = self.stats[S_RIGHT] / guesses if guesses else 0.0
        if self.phase == OVER:
            scores = self.scores()
            best = max(scores)
            after = sum(1 << p for p in range(self.n) if scores[p] == best)
            out["leader_changed_last_protection"] = float(after != self.leaders_before)
            out["winner_score"] = float(best)
            out["score_spread"] = float(best - min(scores))
            out["shared_win"] = float(bin(after).count("1") > 1)
        return out


def new_state(config: GameConfig) -> HackerState:
    """Setup (seed text, H1): accounts shuffled face up, 2 bills dealt to each player."""
    rng = new_rng(config.seed)
    n = config.players
    layout = [p for p in range(n) for _ in range(ACCOUNTS_PER_PLAYER)]
    rng.shuffle(layout)
    state = HackerState(config, rng, table_for(tuple(layout)))
    state.first = rng.randrange(n)
    bank = list(range(BILL_COUNT))
    rng.shuffle(bank)
    for p in range(n):
        for _ in range(BILLS_PER_PLAYER_AT_SETUP):
            bill = bank.pop()
            state.incoming[p].append(bill)
            state.seen[p] |= 1 << bill
    state.bank = bank
    state._refresh_active()
    return state


def setup_events(state: HackerState) -> list[Event]:
    """What each seat learns at setup (for logs; the state is already dealt)."""
    events = [public("setup", first=state.first, layout=list(state.table.owner))]
    for p in range(state.n):
        events.append(private((p,), "dealt", values=[BILL_VALUE[b] for b in state.incoming[p]]))
    return events


__all__ = ["KNOWN_SHIFT", "PHASE_NAMES", "STAT_NAMES", "HackerState", "new_state", "virus"]
