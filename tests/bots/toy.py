"""A tiny game for bot tests: a secret simultaneous choice, then chance decides.

Two seats choose at the same time, secretly, ``safe`` (a point with probability 0.7) or
``risky`` (probability 0.2); the dice are rolled with the state's own RNG once both have
chosen; the most points win (a tie is shared). ``safe`` is always the better choice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ludinum.engine import (
    Action,
    Event,
    GameConfig,
    Outcome,
    State,
    private,
    public,
    rng_to_json,
)

SAFE = Action.make("pick", choice="safe")
RISKY = Action.make("pick", choice="risky")
CHANCE = {"safe": 0.7, "risky": 0.2}


class PickState(State):
    def __init__(self, seed: int, players: int = 2) -> None:
        self.config = GameConfig("pick", players, seed, {})
        self.rng = random.Random(seed)
        self.picks: list[str] = [""] * players
        self.points: list[int] = [0] * players
        self.over = False

    def active_players(self) -> tuple[int, ...]:
        if self.over:
            return ()
        return tuple(p for p, pick in enumerate(self.picks) if not pick)

    def legal_actions(self, player: int) -> Sequence[Action]:
        return (RISKY, SAFE) if player in self.active_players() else ()

    def _apply(self, player: int, action: Action) -> list[Event]:
        self.picks[player] = action.word("choice")
        events = [private([player], "picked", choice=self.picks[player])]
        if all(self.picks):
            for p, pick in enumerate(self.picks):
                self.points[p] = int(self.rng.random() < CHANCE[pick])
            self.over = True
            events.append(public("over", picks=list(self.picks), points=list(self.points)))
        return events

    def is_terminal(self) -> bool:
        return self.over

    def outcome(self) -> Outcome:
        best = max(self.points)
        winners = tuple(p for p, s in enumerate(self.points) if s == best)
        return Outcome(tuple(float(s) for s in self.points), winners)

    def view(self, player: int | None) -> dict[str, Any]:
        return {
            "chosen": [bool(p) for p in self.picks],
            "mine": self.picks[player] if player is not None else None,
            "picks": list(self.picks) if self.over else None,
            "points": list(self.points),
        }

    def redraw(self, twin: State, observer: int, rng: random.Random) -> None:
        assert isinstance(twin, PickState)
        if not self.over:
            for p, pick in enumerate(self.picks):
                if pick and p != observer:
                    twin.picks[p] = rng.choice(("safe", "risky"))

    def copy_with(self, rng: random.Random) -> PickState:
        twin = PickState.__new__(PickState)
        twin.config = self.config
        twin.rng = rng
        twin.picks = list(self.picks)
        twin.points = list(self.points)
        twin.over = self.over
        return twin

    def to_json(self) -> dict[str, Any]:
        return {"rng": rng_to_json(self.rng), "picks": self.picks, "points": self.points,
                "over": self.over}

    def metrics(self) -> dict[str, float]:
        return {"turns": 1.0}
