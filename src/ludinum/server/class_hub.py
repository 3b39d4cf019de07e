"""Class sessions live: joins, moves, the start of every table, commands to all of them,
the teacher's message, the dashboard and the debrief's logs (docs/class.md).

The sessions are kept in memory and every change is written through the hub's group-commit
writer before anyone is told (the same rule as rooms: no database call on the event loop).
The tables are ordinary rooms of the hub, whose host key is the teacher's.
"""

from __future__ import annotations

import functools
import json
import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludinum.content.typography import french_spacing
from ludinum.engine import LudinumError, OptionError, Outcome, echoed
from ludinum.server import class_store, tokens
from ludinum.server.classes import (
    ENDED,
    GATHERING,
    NO_BOTS,
    PLAYING,
    ClassSession,
    Pupil,
    refuse,
    unknown_class,
)
from ludinum.server.hub import Hub, storage_unavailable
from ludinum.server.rooms import FINISHED, LIVE, LIVE_STATUSES, PAUSED, TURNS, Room
from ludinum.server.rooms import PLAYING as PLAYING_ROOM
from ludinum.server.seats import BOT, Seat

log = logging.getLogger("ludinum.server")

#: Seconds without any change everyone could see (:meth:`Room.quiet_for`) after which a
#: playing table is shown as stuck. Never counted from the last move of any kind: a
#: projected dashboard would then tell when someone moved in secret (docs/class.md).
STUCK_AFTER = 60.0
COMMANDS = ("pause", "resume", "end")


def applies(command: str, status: str) -> bool:
    """Whether the teacher's ``command`` does something to a table in ``status``: pause a
    table in play, resume a paused one, end one not over."""
    if command == "pause":
        return status == PLAYING_ROOM
    if command == "resume":
        return status == PAUSED
    return status in LIVE_STATUSES


def commands_for(tables: Sequence[TableState]) -> list[str]:
    """The commands that do something to at least one table now: the dashboard shows only
    those (« Tout mettre en pause » while tables play, « Tout reprendre » once paused)."""
    return [c for c in COMMANDS if any(applies(c, t.status) for t in tables)]


@dataclass(frozen=True)
class TableState:
    """One table as the dashboard shows it (public information only)."""

    number: int
    code: str
    status: str
    names: list[str]
    moves: int
    acting: list[str]
    stuck: bool
    outcome: Outcome | None
    #: A bot's seat a late pupil may take (:func:`free_seat`): while none is left, the
    #: projector stops inviting newcomers.
    takes_latecomer: bool = False


def free_seat(room: Room) -> Seat | None:
    """The bot's seat a late pupil takes at this table, if any. A table its host closed
    (lock: a removed player must not come back) takes nobody new, by the class's way in
    either; nor does a table not started or over."""
    if not room.live or room.status == "lobby" or room.locked:
        return None
    return next((s for s in room.seats if s.kind == BOT), None)


@dataclass(frozen=True)
class TableRecord:
    """A table's stored game, for the class debrief: configuration, log, nicknames."""

    number: int
    config: dict[str, Any]
    log: list[tuple[int, dict[str, Any]]]
    names: list[str]
    bots: int = 0  # seats played by bots at the end
    #: Still being played (not finished nor stopped): its debrief says so, not « stopped ».
    playing: bool = False


class ClassHub:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.sessions: dict[str, ClassSession] = {}

    # -- start-up and retention --------------------------------------------------------
    def load(self) -> int:
        """Every stored class (at start-up, before serving)."""
        for row in class_store.load_all(self.hub.store.engine):
            try:
                session = self.sessions[row.code] = self._restore(row)
            except LudinumError as exc:
                log.error("class %s cannot be restored: %s", row.code, exc.en)
                continue
            if session.message and session.status == PLAYING:
                for code in session.rooms:  # the banner, for the phones that reconnect
                    self.hub.notices[code] = session.message
        return len(self.sessions)

    def _restore(self, row: class_store.ClassRow) -> ClassSession:
        return ClassSession(
            row.id, row.code, row.teacher, self.hub.catalog.game(row.game), row.options,
            row.mode, row.table_size, row.bot_level, row.friends_apart, row.seed,
            row.status, [Pupil.from_json(p) for p in row.pupils], list(row.rooms),
            row.message, row.created_at, row.updated_at, row.locked)

    def purge(self) -> int:
        """What the rooms' retention no longer keeps (at start-up)."""
        ended, idle = self._limits()
        codes = class_store.purge(self.hub.store.engine, ended, idle)
        self._forget(codes)
        return len(codes)

    async def purge_live(self) -> int:
        ended, idle = self._limits()
        codes = await self.hub.writer.read(class_store.purge, self.hub.store.engine, ended,
                                           idle)
        self._forget(codes)
        return len(codes)

    def _limits(self) -> tuple[float, float]:
        now = self.hub.clock()
        hours = self.hub.retention_hours
        return now - hours * 3600, now - max(hours, 24 * 30) * 3600

    def _forget(self, codes: Sequence[str]) -> None:
        for code in codes:
            self.sessions.pop(code, None)

    # -- creation ------------------------------------------------------------------------
    async def create(self, game_name: str, options: dict[str, Any] | None, table_size: object,
                     bot_level: object, friends_apart: bool = True, mode: str = LIVE
                     ) -> tuple[ClassSession, str]:
        """A new class (gathering) and the teacher's token; bad settings are refused with
        the reason and nothing is created."""
        catalog = self.hub.catalog
        game = catalog.game(game_name)
        if isinstance(table_size, bool) or not isinstance(table_size, int):
            # JSON's words for what came: « "4" » is a text, not the number 4.
            low, high = game.min_players, game.max_players
            shown = echoed(json.dumps(table_size, ensure_ascii=False, default=str), 12)
            raise OptionError(
                f"« table_size » est un nombre entier de {low} à {high} (reçu : « {shown} »).",
                f"'table_size' is a whole number from {low} to {high} (got '{shown}').")
        game.check_players(table_size)
        levels = catalog.bot_levels(game.name)
        if bot_level is None:
            raise OptionError("Choisis le niveau des bots.", "Choose the bots' level.")
        if bot_level != NO_BOTS and bot_level not in levels:
            sent = echoed(bot_level, 20)
            raise OptionError(french_spacing(f"Niveau de bot inconnu : « {sent} »."),
                              f"Unknown bot level: '{sent}'.")
        if mode not in (LIVE, TURNS):
            raise OptionError(french_spacing(f"Mode inconnu : « {mode[:20]} »."),
                              f"Unknown mode: '{mode[:20]}'.")
        if mode == TURNS:  # its tables' timers at 0 unless asked, as a turn-based room's
            options = game.options.untimed(options)
        config = game.make_config(table_size, 0, options)  # refuses bad options
        teacher = tokens.new_token()
        now = self.hub.clock()
        session = ClassSession(0, "", tokens.digest(teacher), game, dict(config.options), mode,
                               table_size, str(bot_level), bool(friends_apart),
                               secrets.randbits(31), created_at=now, updated_at=now)
        values = {"teacher": session.teacher_digest, "game": game.name,
                  "options": session.options, "mode": mode, "table_size": table_size,
                  "bot_level": session.bot_level, "friends_apart": session.friends_apart,
                  "seed": session.seed, "created_at": now, **session.values()}
        try:
            session.code, session.id = await self.hub.writer.read(self._insert, values)
        except Exception:
            log.exception("storage failed creating a class")
            raise storage_unavailable() from None
        self.sessions[session.code] = session
        return session, teacher

    def _insert(self, values: dict[str, Any]) -> tuple[str, int]:
        """In a reader thread: a fresh class code and the new row."""
        engine = self.hub.store.engine
        while True:
            code = tokens.new_code()
            if code not in self.sessions and not class_store.code_exists(engine, code):
                return code, class_store.create(engine, {**values, "code": code})

    async def _rooms(self, session: ClassSession) -> list[tuple[int, Room]]:
        """The rooms of the class's tables still kept, with their 0-based table number (a
        table's room deleted by the retention period is left out)."""
        out = []
        for number, code in enumerate(session.rooms):
            try:
                out.append((number, await self.hub.room(code)))
            except LudinumError as exc:
                if exc.code != "unknown_room":
                    raise
        return out

    def get(self, code: str) -> ClassSession:
        session = self.sessions.get(tokens.normalise_code(code))
        if session is None:
            raise unknown_class(code)
        return session

    async def _save(self, session: ClassSession) -> None:
        """Write the session's changes durably; on failure reload it from storage (memory
        and disk agree again) and refuse: nothing changed."""
        session.updated_at = self.hub.clock()
        op = functools.partial(class_store.update_in, class_id=session.id,
                               values=session.values())
        try:
            await self.hub.writer.write("class:" + session.code, op)
        except Exception:
            log.exception("storage failed saving class %s", session.code)
            self.hub.writer.clear("class:" + session.code)
            await self._reload(session.code)
            raise storage_unavailable() from None

    async def _reload(self, code: str) -> None:
        try:
            row = await self.hub.writer.read(class_store.load, self.hub.store.engine, code)
        except Exception:
            log.exception("storage failed reloading class %s", code)
            row = None
        if row is None:
            self.sessions.pop(code, None)
        else:
            self.sessions[code] = self._restore(row)

    # -- pupils --------------------------------------------------------------------------
    async def join(self, code: str, nickname: object) -> tuple[str, Pupil]:
        """A pupil joins: a token and their place (a table while gathering; after the
        start, a bot's seat at the table with the fewest people, or a clear refusal)."""
        session = self.get(code)
        token = tokens.new_token()
        digest = tokens.digest(token)
        if session.status == GATHERING:
            pupil = session.add(nickname, digest)
            await self._save(session)  # on failure the session is reloaded without them
            return token, pupil
        return token, await self._late_join(session, nickname, digest)

    async def _late_join(self, session: ClassSession, nickname: object, digest: str) -> Pupil:
        pupil = session.new_pupil(nickname, digest)  # the same checks as before the start
        candidates: list[tuple[int, int, Room, Seat]] = []
        for number, room in await self._rooms(session):
            seat = free_seat(room)
            if seat is not None:
                candidates.append((len(room.humans()), number, room, seat))
        if not candidates:
            raise refuse("class_full", "Toutes les tables sont complètes : demande à "
                         "l'enseignant de t'ajouter à une table.",
                         "Every table is full: ask the teacher to add you to a table.")
        _people, number, room, seat = min(candidates, key=lambda c: (c[0], c[1]))
        await self.hub.seat_person(room, seat.index, pupil.nickname, digest)
        pupil.table, pupil.room, pupil.seat = number, room.code, seat.index
        session.pupils.append(pupil)
        try:
            await self._save(session)
        except LudinumError:
            log.error("class %s: late joiner seated in %s but not recorded", session.code,
                      room.code)
            raise
        return pupil

    async def move(self, session: ClassSession, pupil: object, table: object) -> None:
        session.move(pupil, table)
        await self._save(session)

    async def remove(self, session: ClassSession, pupil: object) -> str:
        """The teacher removes a pupil before the start (their token is no longer valid:
        their page goes back to the nickname form); the removed nickname."""
        removed = session.remove(pupil)
        await self._save(session)  # on failure the session is reloaded with them
        return removed.nickname

    async def remove_all(self, session: ClassSession) -> int:
        """The teacher removes every pupil before the start (their pages go back to the
        nickname form); how many."""
        count = session.remove_all()
        await self._save(session)  # on failure the session is reloaded with them
        return count

    async def lock(self, session: ClassSession, locked: bool) -> None:
        """Close the class to new pupils (``locked``), or open it again."""
        session.set_locked(locked)
        await self._save(session)

    # -- the start -----------------------------------------------------------------------
    async def start(self, session: ClassSession) -> None:
        """Open a room per table, seat the pupils (their class token is their seat token:
        nothing new to hand out), fill the empty seats with bots and start every game."""
        plan = session.plan()
        hub = self.hub
        levels = hub.catalog.bot_levels(session.game.name)
        level = levels[-1] if session.bot_level == NO_BOTS else session.bot_level
        rooms: list[Room] = []
        for table in plan:
            players = len(table) if session.bot_level == NO_BOTS else session.table_size
            room, _token = await hub.create_room(session.game.name, players, session.options,
                                                 session.mode,
                                                 host_digest=session.teacher_digest)
            for seat, pupil in zip(room.seats, table, strict=False):
                seat.make_human(session.pupils[pupil].nickname,
                                session.pupils[pupil].token_digest)
            await hub.command(room, "start", {"level": level})  # saves seats and status
            rooms.append(room)
        for number, (table, room) in enumerate(zip(plan, rooms, strict=True)):
            for index, pupil in enumerate(table):
                seated = session.pupils[pupil]
                seated.table, seated.room, seated.seat = number, room.code, index
        session.rooms = [r.code for r in rooms]
        session.status = PLAYING
        await self._save(session)

    # -- the teacher's controls ----------------------------------------------------------
    async def command(self, session: ClassSession, kind: str) -> int:
        """Pause, resume or end every table that can; how many did."""
        if kind not in COMMANDS:
            raise refuse("bad_command", "Commande inconnue.", "Unknown command.")
        if session.status != PLAYING:
            raise refuse("not_playing", "La classe n'est pas en cours.",
                         "The class is not running.")
        done = 0
        for _number, room in await self._rooms(session):
            # As the table's screens show it: a game that ended during a device's round
            # is paused as under way (Room.held), or the dashboard would tell its end.
            if not applies(kind, room.shown_status()):
                continue
            await self.hub.command(room, kind, {})
            done += 1
        if kind == "end":
            session.status = ENDED
            await self._save(session)
        return done

    async def send_message(self, session: ClassSession, text: object) -> None:
        session.message = session.clean_message(text)
        await self._save(session)
        for code in session.rooms:
            self.hub.notify(code, session.message)

    # -- what the screens show -------------------------------------------------------------
    async def tables(self, session: ClassSession, lang: str) -> list[TableState]:
        """Each table's public state; a class whose every table is over is ended."""
        now = self.hub.clock()
        out = []
        for number, room in await self._rooms(session):
            labels = [s.label(lang) for s in room.seats]
            # As the table's public screens show it (a shared device going round stands
            # them still: rounds.PublicStill).
            status = room.shown_status()
            out.append(TableState(
                number + 1, room.code, status, labels, room.shown_seq(),
                [labels[i] for i in room.shown_active()],
                status == PLAYING_ROOM and room.quiet_for(now) > STUCK_AFTER,
                room.state.outcome() if status == FINISHED else None,
                free_seat(room) is not None))
        if session.status == PLAYING and not any(applies("end", t.status) for t in out):
            session.status = ENDED
            await self._save(session)
        return out

    async def records(self, session: ClassSession, lang: str) -> list[TableRecord]:
        """The stored game of every table (nicknames and stored actions only)."""
        out = []
        for number, code in enumerate(session.rooms):
            stored = await self.hub.stored(code)
            if stored is None:
                continue  # purged with the rooms' retention
            row, actions = stored
            seats = [Seat.from_json(i, s) for i, s in enumerate(row.seats)]
            out.append(TableRecord(number + 1, row.config,
                                   [(seat, action) for _seq, seat, action in actions],
                                   [s.label(lang) for s in seats],
                                   sum(s.kind == BOT for s in seats),
                                   row.status in LIVE_STATUSES))
        return out

