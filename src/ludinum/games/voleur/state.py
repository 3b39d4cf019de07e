"""The Voleur state: its outcome and metrics, what each seat sees (``views.py``), copies
and storage (the rules are ``rules.py``'s)."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import Any

from ludinum.engine import Action, IllegalActionError, Outcome, State
from ludinum.games.voleur import views
from ludinum.games.voleur.refusals import explain
from ludinum.games.voleur.rules import Rules


class VoleurState(Rules):
    """A game of Le Voleur de Données (:class:`.rules.Rules`), seen, copied and stored."""

    def explain_illegal(
        self, player: int, action: Action, legal: Sequence[Action]
    ) -> IllegalActionError:
        """Why a move is refused, in words a player understands (``refusals.py``)."""
        return explain(self, player, action, legal) or super().explain_illegal(
            player, action, legal
        )

    def outcome(self) -> Outcome:
        scores = self.scores()
        best = max(scores)
        winners = tuple(s for s in range(self.n) if scores[s] == best)
        return Outcome(tuple(float(x) for x in scores), winners)

    def metrics(self) -> dict[str, float]:
        scores = self.scores()
        best = max(scores)
        winners = [s for s in range(self.n) if scores[s] == best]
        manager_best = max(scores[s] for s in self.managers)
        attacks = sum(self.played)
        foiled = sum(self.foiled)
        out: dict[str, float] = {
            "turns": float(self.round),
            # A shared first place counts as a win for the thief (ties are shared, V7).
            "thief_win": 1.0 if self.thief in winners else 0.0,
            "thief_sole_win": 1.0 if winners == [self.thief] else 0.0,
            "shared_win": 1.0 if len(winners) > 1 else 0.0,
            "thief_score": float(scores[self.thief]),
            "best_manager_score": float(manager_best),
            "attacks": float(attacks),
            "foiled": float(foiled),
            "stolen_cards": float(len(self.loot)),
            "thief_discards": float(self.thief_discards),
            "skipped_turns": float(self.skipped_turns),
        }
        for a in self.deck.attacks:
            ident = self.deck.cards[a].id
            out[f"played_{ident}"] = float(self.played[a])
            out[f"foiled_{ident}"] = float(self.foiled[a])
        return out

    # -- what each seat may see (views.py), copies, storage (serial.py) -----------------------
    def view(self, player: int | None) -> dict[str, Any]:
        return views.view(self, player)

    def own_view(self, player: int) -> dict[str, Any]:
        return views.own_view(self, player)

    def observation(self, player: int, parts: Collection[str]) -> dict[str, Any]:
        return views.view(self, player, parts)

    def redraw(self, twin: State, observer: int, rng: random.Random) -> None:
        assert isinstance(twin, VoleurState)
        views.redraw(self, twin, observer, rng)

    def copy_with(self, rng: random.Random) -> VoleurState:
        """A copy of the plain data with ``rng`` as its generator (resampling gives a fresh
        one, so it does not pay for copying the generator's state)."""
        twin = VoleurState.__new__(VoleurState)
        twin.__dict__.update(self.__dict__)
        twin.rng = rng
        twin.hands = [h[:] for h in self.hands]
        twin.pile = self.pile[:]
        twin.tpile = self.tpile[:]
        twin.discard = self.discard[:]
        twin.tdiscard = self.tdiscard[:]
        twin.data = [x[:] for x in self.data]
        twin.hidden = [x[:] for x in self.hidden]
        twin.shown = [x[:] for x in self.shown]
        twin.opened = self.opened[:]
        twin.proofs = [x[:] for x in self.proofs]
        twin.loot = self.loot[:]
        twin.skips = self.skips[:]
        twin.played = self.played[:]
        twin.foiled = self.foiled[:]
        return twin

    def to_json(self) -> dict[str, Any]:
        from ludinum.games.voleur.serial import state_to_json

        return state_to_json(self)

