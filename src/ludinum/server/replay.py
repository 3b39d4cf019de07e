"""Replays of finished games, stepped through from the stored log (public view only)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludinum.engine import Action, Event, Game, GameConfig, LudinumError, State
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

    def clamp(self, raw: object) -> int:
        try:
            step = int(str(raw)) if raw is not None else 0
        except ValueError:
            step = 0
        return max(0, min(self.length, step))

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

    def step_json(self, step: int, lang: str) -> dict[str, Any]:
        """Step ``step`` as the table saw it. Never the stored action itself: it may be a
        secret move (a virus dropped, a measure chosen) or a private answer (W15); its
        public events say what was seen."""
        state, events = self.at(step)
        return {
            "step": step,
            "steps": self.length,
            "view": state.view(None),
            "events": [self.game.text.event(e, lang) for e in events],
            "seats": [s.label(lang) for s in self.seats],
            "over": state.is_terminal(),
        }
