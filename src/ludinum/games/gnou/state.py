"""The Gnou state: a new game, its outcome and metrics, copies and storage (the rules are
``rules.py``'s, what each seat sees ``views.py``'s)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ludinum.engine import GameConfig, Outcome, State, new_rng, rng_from_json, rng_to_json
from ludinum.games.gnou import views
from ludinum.games.gnou.rules import OUTCOMES, Rules


class GnouState(Rules):
    __slots__ = ()

    @classmethod
    def new(cls, config: GameConfig) -> GnouState:
        return cls(config, new_rng(config.seed))

    def outcome(self) -> Outcome:
        return OUTCOMES[self.n][self.result == "win"]

    # -- what each seat may see (views.py) -------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        return views.view(self, player)

    def redraw(self, twin: State, observer: int, rng: random.Random) -> None:
        assert isinstance(twin, GnouState)
        views.redraw(self, twin, observer, rng)

    # -- copies and storage --------------------------------------------------------------
    def copy_with(self, rng: random.Random) -> GnouState:
        twin = GnouState.__new__(GnouState)
        twin.config = self.config
        twin.rng = rng
        twin.bank = self.bank
        twin.answers = self.answers
        twin.keys = self.keys
        twin.cells = self.cells
        twin.decks = self.decks
        twin.dealt = self.dealt
        twin.kinds = self.kinds
        twin.shields = self.shields
        twin.liberties = self.liberties
        twin.ahead = self.ahead
        twin.back = self.back
        twin.passed = self.passed
        twin.n = self.n
        twin.dice = self.dice
        twin.limit = self.limit
        twin.levels = self.levels
        twin.hard = self.hard
        twin.gm = self.gm
        twin.pos = self.pos
        twin.turn = self.turn
        twin.current = self.current
        twin.step = self.step
        twin.removed = self.removed
        twin.prot = list(self.prot)
        twin.piles = list(self.piles)
        twin.quiz = list(self.quiz) if self.quiz is not None else None
        twin.answered = self.answered
        twin.offer = list(self.offer)
        twin.danger = self.danger
        twin.giver = self.giver
        twin.last_push = self.last_push
        twin.result = self.result
        twin.stats = list(self.stats)
        return twin

    def to_json(self) -> dict[str, Any]:
        bank = self.bank
        return {
            "config": self.config.to_json(),
            "rng": rng_to_json(self.rng),
            "pos": self.pos,
            "turn": self.turn,
            "current": self.current,
            "step": self.step,
            "removed": self.removed,
            "prot": list(self.prot),
            "piles": [
                None if pile is None else [bank.questions[i].id for i in pile]
                for pile in self.piles
            ],
            "quiz": None
            if self.quiz is None
            else [bank.questions[self.quiz[0]].id, *self.quiz[1:]],
            "offer": list(self.offer),
            "danger": self.danger,
            "giver": self.giver,
            "last_push": self.last_push,
            "result": self.result,
            "stats": list(self.stats),
        }

    @classmethod
    def from_json(cls, config: GameConfig, data: Mapping[str, Any]) -> GnouState:
        """The inverse of :meth:`to_json` (errors are reported by ``Game.restore``)."""
        state = cls(config, rng_from_json(data["rng"]))
        by_id = state.bank.by_id
        state.pos = int(data["pos"])
        state.turn = int(data["turn"])
        state.current = int(data["current"])
        state.step = str(data["step"])
        state.removed = int(data["removed"])
        state.prot = [int(p) for p in data["prot"]]
        state.piles = [
            None if pile is None else tuple(by_id[q] for q in pile) for pile in data["piles"]
        ]
        quiz = data["quiz"]
        state.quiz = None if quiz is None else [by_id[quiz[0]], *quiz[1:]]
        state.offer = [int(p) for p in data["offer"]]
        state.danger = int(data["danger"])
        state.giver = int(data["giver"])
        state.last_push = int(data["last_push"])
        state.result = str(data["result"])
        state.stats = [int(s) for s in data["stats"]]
        return state

    def metrics(self) -> dict[str, float]:
        # Once per simulated game: one dict display, the keys of ``STATS`` in their order;
        # ``+ 0.0`` is ``float()`` for these small ints, without a call each.
        stats = self.stats
        return {
            "quizzes": stats[0] + 0.0,
            "quizzes_right": stats[1] + 0.0,
            "protections_gained": stats[2] + 0.0,
            "dangers_removed": stats[3] + 0.0,
            "transmissions": stats[4] + 0.0,
            "pushbacks": stats[5] + 0.0,
            "rerolls": stats[6] + 0.0,
            "turns": self.turn + 0.0,
            "win": 1.0 if self.result == "win" else 0.0,
            "pawn": self.pos + 0.0,
        }
