"""Replays of finished games, stepped through from the stored log (public view only)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ludinum.engine import Action, Event, Game, GameConfig, LudinumError, State
from ludinum.server.protocol import number
from ludinum.server.rooms import ENDED, FINISHED, refuse
from ludinum.server.seats import Seat

if TYPE_CHECKING:
    from ludinum.server.hub import Hub


@dataclass
class Replay:
    game: Game
    config: GameConfig
    seats: list[Seat]
    log: list[tuple[int, Action]]
    _turns: list[int | None] | None = field(default=None, init=False, repr=False)

    @classmethod
    async def load(cls, hub: Hub, code: str) -> Replay:
        loaded = await hub.stored(code)
        if loaded is None:
            from ludinum.server.hub import unknown_room

            raise unknown_room(code)
        row, stored = loaded
        if row.status not in (FINISHED, ENDED):
            raise refuse("not_finished", "Cette page s'ouvre à la fin de la partie.",
                         "This page opens when the game is over.")
        game = hub.catalog.game(row.game)
        config = game.config_from_json(row.config)
        log = [(seat, Action.from_json(a)) for _, seat, a in stored]
        seats = [Seat.from_json(i, s) for i, s in enumerate(row.seats)]
        return cls(game, config, seats, log)

    @property
    def length(self) -> int:
        return len(self.log)

    def step(self, raw: str | None, name: str = "step", name_en: str | None = None) -> int:
        """The step asked for (``?step=``): 0, the start, when absent; a step past the
        end or not a number (``?step=abc``) is refused naming the field (``name``), not
        shown as the start or the end."""
        return number(raw, (0, self.length), 0, name, name_en)

    def at(self, step: int) -> tuple[State, list[Event]]:
        """The state after ``step`` actions, and the public events of the last one."""
        state = self.game.setup(self.config)
        events: list[Event] = []
        for seat, action in self.log[:step]:
            try:
                events = state.apply(seat, action)
            except LudinumError as exc:  # a log that no longer replays: say so
                raise refuse("bad_log", f"Journal illisible : {exc.fr}",
                             f"Unreadable log: {exc.en}") from None
        return state, [e for e in events if e.to is None]

    def turns(self) -> list[int | None]:
        """The turn (or round) each step is in, 0 to :attr:`length`, as the game's screen
        counts it from the public view (``GameText.turn``). One pass over the log (a Web
        Runners game of 871 steps: about 20 ms), kept."""
        if self._turns is None:
            text = self.game.text
            state = self.game.setup(self.config)
            turns = [text.turn(state.view(None))]
            for seat, action in self.log:
                try:
                    state.apply(seat, action)
                except LudinumError:  # at() says why; no turn counted past it
                    break
                turns.append(text.turn(state.view(None)))
            self._turns = turns + [None] * (self.length + 1 - len(turns))
        return self._turns

    def turn_jumps(self, step: int) -> tuple[int | None, int | None]:
        """The first steps of the turn before ``step``'s and of the turn after it (None
        where there is none): where « Tour précédent » and « Tour suivant » go."""
        turns = self.turns()
        starts = [s for s, t in enumerate(turns)
                  if t is not None and (s == 0 or turns[s - 1] != t)]
        own = max((s for s in starts if s <= step), default=None)
        if turns[step] is None:
            own = step  # not in a turn (a set-up): the turn before is the last one begun
        before = max((s for s in starts if own is not None and s < own), default=None)
        after = min((s for s in starts if s > step), default=None)
        return before, after

    def step_json(self, step: int, lang: str) -> dict[str, Any]:
        """Step ``step`` as the table saw it. Never the stored action itself: it may be a
        secret move (a virus dropped, a measure chosen) or a private answer (W15); its
        public events say what was seen."""
        state, events = self.at(step)
        before, after = self.turn_jumps(step)
        return {
            "step": step,
            "steps": self.length,
            "view": state.view(None),
            "events": [self.game.text.event(e, lang) for e in events],
            "seats": [s.label(lang) for s in self.seats],
            "over": state.is_terminal(),
            "turn": self.game.text.turn(state.view(None)),
            "previous_turn": before,
            "next_turn": after,
        }
