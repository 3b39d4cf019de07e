"""Replays of finished games, stepped through from the stored log (public view only).

A step is the state after that many moves of the log. Replaying a whole log for each
request cost the event loop 45 ms for the last step of a game of 1,152 moves on
a slow machine, and its turn table (the turn of every step, for « Tour précédent / Tour
suivant ») 48 ms more: a class stepping through its replay, or one device asking for steps
in a loop, stopped every room of the server that long per request. So a replay is
*prepared* once, in a reader thread (never on the event loop): one pass over the log keeps
the turn of every step and a copy of the state every :data:`EVERY` moves; a step is then
its nearest copy, cloned, plus fewer than :data:`EVERY` moves. Prepared replays are kept
for the process (:data:`MOST` at most, least recently used out) under a digest of the
game, its settings and its stored log: a finished game's log never changes, and a log that
did (an answer rewritten, W15) has another digest.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ludinum.engine import (
    Action,
    Event,
    Game,
    GameConfig,
    GameText,
    LudinumError,
    State,
    log_does_not_replay,
)
from ludinum.server.protocol import number
from ludinum.server.render import digest
from ludinum.server.rooms import ENDED, FINISHED, refuse
from ludinum.server.seats import Seat

if TYPE_CHECKING:
    from ludinum.server.hub import Hub


#: Moves between two kept copies of a replay's state: a step costs at most this many moves.
EVERY = 32
#: Prepared replays kept by the process: a game of 1,152 moves is 37 copies, 253 KB (one of
#: 292 moves: 116 KB), so about 8 MB at most.
MOST = 32


@dataclass(frozen=True, slots=True)
class Prepared:
    """What one pass over a replay's log leaves (:meth:`Replay.prepare`): the turn of each
    step, 0 to the log's length (None past a move that does not replay), and the state
    after 0, EVERY, 2 × EVERY… moves, up to the first move that does not replay. The
    copies are never changed: a step clones one."""

    turns: tuple[int | None, ...]
    kept: tuple[State, ...]


_PREPARED: OrderedDict[bytes, Prepared] = OrderedDict()
_LOCK = threading.Lock()  # reader threads prepare replays side by side


def log_digest(game: str, config: object, log: Sequence[tuple[int, object]]) -> bytes:
    """What a finished game is drawn from, as one digest: the game, its settings and its
    stored log (``(seat, action as stored)``). Its replay's steps and its debriefs are
    kept under it."""
    return digest(game, config, list(log))


@dataclass
class Replay:
    game: Game
    config: GameConfig
    seats: list[Seat]
    log: list[tuple[int, Action]]
    #: :func:`log_digest` of a stored game (empty: an uploaded log, never shared).
    source: bytes = b""
    _prepared: Prepared | None = field(default=None, init=False, repr=False)

    @classmethod
    async def load(cls, hub: Hub, code: str, stepped: bool = False) -> Replay:
        """The finished game of room ``code``; ``stepped``: prepared to be stepped through
        (:meth:`prepare`, done off the event loop), what a replay's page and API need and
        a debrief does not."""
        loaded = await hub.stored(code)
        if loaded is None:
            from ludinum.server.hub import unknown_room

            raise unknown_room(code)
        row, stored = loaded
        if row.status not in (FINISHED, ENDED):
            raise refuse("not_finished", "Cette page s'ouvre à la fin de la partie.",
                         "This page opens when the game is over.")
        game = hub.catalog.game(row.game)

        def made() -> Replay:  # in a reader thread: reading the log is work too
            config = game.config_from_json(row.config)
            log = [(seat, Action.from_json(a)) for _, seat, a in stored]
            seats = [Seat.from_json(i, s) for i, s in enumerate(row.seats)]
            replay = cls(game, config, seats, log,
                         log_digest(row.game, row.config, [(s, a) for _, s, a in stored]))
            if stepped:
                replay.prepare()
            return replay

        return await hub.writer.read(made)

    @property
    def length(self) -> int:
        return len(self.log)

    def step(self, raw: str | None, name: str = "step", name_en: str | None = None) -> int:
        """The step asked for (``?step=``): 0, the start, when absent; a step past the
        end or not a number (``?step=abc``) is refused naming the field (``name``), not
        shown as the start or the end."""
        return number(raw, (0, self.length), 0, name, name_en)

    def prepare(self) -> Prepared:
        """One pass over the log (module docstring), or the pass made earlier for the same
        :attr:`source` (none: an uploaded log, that its :class:`Replay` keeps itself)."""
        if self._prepared is not None:
            return self._prepared
        key = self.source
        if key:
            with _LOCK:
                kept = _PREPARED.get(key)
                if kept is not None:
                    _PREPARED.move_to_end(key)
                    self._prepared = kept
                    return kept
        text = self.game.text
        state = self.game.setup(self.config)
        turns = [text.turn(state.view(None))]
        copies = [state.clone()]
        for seat, action in self.log:
            try:
                state.apply(seat, action)
            except LudinumError:  # at() says why; no turn counted past it
                break
            turns.append(text.turn(state.view(None)))
            if (len(turns) - 1) % EVERY == 0:
                copies.append(state.clone())
        prepared = Prepared(tuple(turns + [None] * (self.length + 1 - len(turns))),
                            tuple(copies))
        if key:
            with _LOCK:
                _PREPARED[key] = prepared
                while len(_PREPARED) > MOST:
                    _PREPARED.popitem(last=False)
        self._prepared = prepared
        return prepared

    def at(self, step: int) -> tuple[State, list[Event]]:
        """The state after ``step`` actions, and the public events of the last one: the
        kept copy before that last move, cloned, and the moves since."""
        kept = self.prepare().kept
        start = min((step - 1) // EVERY if step else 0, len(kept) - 1)
        state = kept[start].clone()
        events: list[Event] = []
        for move, (seat, action) in enumerate(self.log[start * EVERY:step],
                                              start * EVERY + 1):
            try:
                events = state.apply(seat, action)
            except LudinumError:  # a log that no longer replays: say where
                raise log_does_not_replay(move) from None
        return state, [e for e in events if e.to is None]

    def secret_line(self, step: int, state: State, events: Sequence[Event], lang: str
                    ) -> str | None:
        """What step ``step`` was, in words, when the table heard no event of it (a secret
        move: ``GameText.secret_step``, as ``ludinum replay`` says it), from the public
        views around it; the seat is named only where the table saw it acting alone
        (``State.public_active``). ``state`` and ``events``: :meth:`at` of that step, as
        its caller has them. None for a step with a public event, and for the start."""
        if step == 0 or events:
            return None
        seat, _ = self.log[step - 1]
        earlier, _ = self.at(step - 1)
        actor = earlier.public_active(None) == (seat,)
        return self.game.text.secret_step(earlier.view(None), state.view(None),
                                          seat if actor else None, lang)

    def turns(self) -> tuple[int | None, ...]:
        """The turn (or round) each step is in, 0 to :attr:`length`, as the game's screen
        counts it from the public view (``GameText.turn``)."""
        return self.prepare().turns

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
        secret = self.secret_line(step, state, events, lang)
        return {
            "step": step,
            "steps": self.length,
            "view": state.view(None),
            "events": [self.game.text.event(e, lang) for e in events] if secret is None
            else [secret],
            "seats": [s.label(lang) for s in self.seats],
            "over": state.is_terminal(),
            "turn": self.game.text.turn(state.view(None)),
            "previous_turn": before,
            "next_turn": after,
        }


def narration(text: GameText, events: Sequence[Event], public: Mapping[str, Any],
              names: Sequence[str], lang: str, over: bool) -> list[str]:
    """A step's public events as the projector narrates them, seats by nickname: what the
    spotlight shows is not said again, nor, on the last step (``over``), the end of the
    game (``GameText.endings``): the outcome's headline in large type above the narration
    says it (frag/outcome.html); « Fin de la partie ! Gagnant : … » was read twice."""
    return [text.with_names(said, names, lang) for e in events
            if not (over and e.kind in text.endings)
            and (said := text.narrated(e, lang, public))]
