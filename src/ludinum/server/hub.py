"""The hub: live rooms in memory, the path of every change, fan-out, timers and bots.

A change (a player's, a bot's or a timer's action; a join; a host command) is checked and
applied on the live room, queued to the group-commit writer (:mod:`ludinum.server.writer`,
a thread: no database call ever runs on the event loop) and only once it is durable do
clients hear of it: no frame shows a state that is not on disk, so an acknowledged change
is never lost. If the write fails, the room is reloaded from storage (memory and disk
agree again) and the client gets ``storage_unavailable``. Bots play on the event loop with
a short delay so people can follow; a slow bot level thinks in a worker thread on a copy of
the state, so other rooms never wait.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import secrets as _secrets
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import IntegrityError

from ludinum.bots.base import Bot
from ludinum.engine import (
    Action,
    Event,
    LudinumError,
    OptionError,
    echoed,
    is_session_end,
    must_wait,
    one_of,
    visible,
)
from ludinum.server import framecache, frames, protocol, rounds, tokens
from ludinum.server.catalog import Catalog
from ludinum.server.clients import Client
from ludinum.server.protocol import fail
from ludinum.server.rooms import (
    ENDED,
    FINISHED,
    LIVE,
    LIVE_STATUSES,
    LOBBY,
    PAUSED,
    PLAYING,
    TURNS,
    Room,
    game_over,
    not_your_seat,
    refuse,
    round_going_on,
)
from ludinum.server.seats import BOT, HUMAN, OPEN, Seat
from ludinum.server.storage import Append, RoomRow, Storage, update_room_in
from ludinum.server.thinking import Thinker
from ludinum.server.timers import Timers
from ludinum.server.writer import WriteOp, Writer
from ludinum.weblib import i18n, names

log = logging.getLogger("ludinum.server")
#: The order in which bots deciding at once move in live rooms (not part of any game's
#: replay: the action log keeps the moves in the order they were made).
_ORDER = random.Random()

#: Bits of a live room's seed, drawn from the OS: one player's opening hand must not give
#: away the seed and with it every other hand (simulations keep their chosen seeds).
SEED_BITS = 128

#: A stored log: ``(seq, seat, action JSON)`` in order.
Log = list[tuple[int, int, dict[str, Any]]]


def unknown_room(code: str) -> LudinumError:
    return refuse("unknown_room", f"Aucun salon « {code[:12]} ».", f"No room '{code[:12]}'.")


def logged_move(action: Action, exc: LudinumError | None = None) -> str:
    """How a log line names a move: its kind and, when refused, the refusal's code; never
    its parameters (a secret move of a seat, a W15 answer that is never stored) nor the
    refusal's words, which may repeat them."""
    said = f"a « {action.kind} » move"
    return said if exc is None else f"{said} ({exc.code})"


def check_not_early(room: Room, seat: int) -> None:
    """H3: a trip lasts its time. A person whose only move ends a duration (a traveller's
    return) may not send it early: the timer plays it, or, without a clock, it comes when
    every other seat is done (:func:`ludinum.engine.must_wait`). Changes nothing."""
    if room.status == PLAYING and must_wait(room.state, seat, room.timed()):
        raise refuse(
            "wait_for_time",
            "Pas encore : ce coup se jouera tout seul à la fin du temps.",
            "Not yet: this move will happen by itself when the time is up.",
        )


#: The session clock's timer key is the room code with this suffix (codes have none).
SESSION_SUFFIX = "#session"
#: Seconds a bot loop waits before looking again at a room whose failed write has no
#: reload under way yet (:meth:`Hub._until_writable`).
RECOVERY_LOOK = 0.05


def session_key(code: str) -> str:
    return code + SESSION_SUFFIX


def check_not_clock(action: Action) -> None:
    """Only the session clock ends a game when the time is up (engine/session.py): a
    person sending its action is refused, and nothing changes."""
    if is_session_end(action):
        raise refuse("clock_only", "Seule l'horloge de la séance peut finir la partie.",
                     "Only the session clock can end the game.")


_UNSAVED = ("Enregistrement impossible pour l'instant : rien n'a été changé, réessaie.",
            "Cannot save right now: nothing was changed, try again.")


def room_locked() -> LudinumError:
    """A join refused: the host closed the room to new players (seat squatting)."""
    return refuse("room_locked", "La salle est fermée : demande qu'on l'ouvre pour entrer.",
                  "The room is closed: ask for it to be opened to come in.")


def storage_unavailable() -> LudinumError:
    """The 503 of a change that could not be saved: nothing of it was kept."""
    return refuse("storage_unavailable", *_UNSAVED)


class LostVersion(LudinumError):
    """A change not saved because another process stored that version of the room first
    (the unique (room, seq) key), or because it was written with one that was: nothing of
    it was kept, and the room was reloaded as stored, where it may be checked again
    (``ClusterHub.act``). Said to a client as ``storage_unavailable``."""

    code = "storage_unavailable"


@dataclass(slots=True)
class _InFlight:
    """A room's writes not yet durable, and what waits for them."""

    count: int = 0
    waiters: list[asyncio.Future[None]] = field(default_factory=list)
    sends: list[tuple[Client, bool]] = field(default_factory=list)


class Hub:
    #: Hours after which a lobby nobody joined (and nobody watches) is ended and forgotten.
    lobby_hours = 6.0

    def __init__(
        self,
        store: Storage,
        catalog: Catalog,
        *,
        bot_delay: float = 0.8,
        retention_hours: float = 24 * 7,
        clock: Callable[[], float] = time.time,
        bots_need_a_screen: bool = False,
    ) -> None:
        self.store = store
        self.writer = Writer(store)
        self.catalog = catalog
        self.bot_delay = bot_delay
        self.thinker = Thinker()
        #: Bots play only while a screen is connected to their room (:meth:`watched`): the
        #: app's setting (create_app); a hub driven without sockets (tests, tools) keeps
        #: its bots playing.
        self.bots_need_a_screen = bots_need_a_screen
        self.retention_hours = retention_hours
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self.clients: dict[str, set[Client]] = {}
        self.bots: dict[str, dict[int, Bot]] = {}
        self.timers = Timers(clock)
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._inflight: dict[str, _InFlight] = {}
        self._recovering: dict[str, asyncio.Task[None]] = {}
        self._loading: dict[str, asyncio.Task[Room]] = {}
        self._spawned: set[asyncio.Task[Any]] = set()
        #: Stored personal answers not yet neutral, per room: ``{seq: (seat, JSON)}`` (W15).
        self._personal: dict[str, dict[int, tuple[int, dict[str, Any]]]] = {}
        #: The facilitator's last message per room (:meth:`notify`), memory only.
        self.notices: dict[str, str] = {}
        self.accepted = 0
        #: Live rooms listed at start-up, until they are all back (:meth:`load_later`).
        self._to_restore: dict[str, None] = {}
        self._restoring: asyncio.Task[None] | None = None

    # -- start and stop --------------------------------------------------------------
    def load(self) -> int:
        """Rebuild every live room from storage (at start-up, before serving)."""
        for row in self.store.rooms_with_status(LIVE_STATUSES):
            try:
                self.rooms[row.code] = self._restore(row, self.store.actions(row.id))
            except LudinumError as exc:
                log.error("room %s cannot be restored: %s", row.code, exc.en)
        return len(self.rooms)

    def load_later(self) -> int:
        """At start-up, before serving: list the live rooms without replaying any;
        :meth:`resume_all` then brings them back in the background, each log replayed in a
        reader thread, while the server already answers (a room asked for meanwhile is
        loaded first, :meth:`room`). Returns how many there are."""
        self._to_restore = dict.fromkeys(
            row.code for row in self.store.rooms_with_status(LIVE_STATUSES)
            if row.code not in self.rooms)
        return len(self._to_restore)

    def resume_all(self) -> None:
        """Schedule the timers and bots of restored rooms, and bring back those
        :meth:`load_later` listed (needs a running loop)."""
        for room in self.rooms.values():
            self._schedule(room)
        if self._to_restore:
            self._restoring = asyncio.get_running_loop().create_task(
                self._restore_all(list(self._to_restore)))

    async def _restore_all(self, codes: list[str]) -> None:
        """The rooms of ``codes``, one after the other, each as :meth:`room` loads one (its
        timers and bots scheduled when it is back)."""
        began = time.perf_counter()
        restored = 0
        for code in codes:
            try:
                await self.room(code)
                restored += 1
            except LudinumError as exc:
                log.error("room %s cannot be restored: %s", code, exc.en)
            except Exception:  # a log this code cannot replay: the other rooms come back
                log.exception("room %s cannot be restored", code)
        self._to_restore = {}
        log.info("restored %d live rooms in %.1f s", restored, time.perf_counter() - began)

    def holds(self, code: str) -> bool:
        """Whether ``code`` is a live room of this process: in memory, or listed at
        start-up and not yet back (:meth:`load_later`)."""
        return code in self.rooms or code in self._to_restore

    async def restored(self) -> None:
        """Once every room :meth:`load_later` listed is back (at once if none was)."""
        if self._restoring is not None:
            await asyncio.shield(self._restoring)

    async def close(self) -> None:
        if self._restoring is not None:
            self._restoring.cancel()
        for loading in list(self._loading.values()):
            loading.cancel()
        self.timers.cancel_all()
        for task in list(self._bot_tasks.values()):
            task.cancel()
        for clients in self.clients.values():
            for client in clients:
                client.close()
        self.thinker.close()
        await self.writer.drain()
        self.writer.close()

    def _restore(self, row: RoomRow, stored: Log) -> Room:
        """The room of ``row`` rebuilt from its log, its bots told what they saw."""
        room, personal = self._rebuilt(row, stored, self.bots.setdefault(row.code, {}))
        self._personal[row.code] = personal
        return room

    def _rebuilt(self, row: RoomRow, stored: Log, bots: dict[int, Bot]
                 ) -> tuple[Room, dict[int, tuple[int, dict[str, Any]]]]:
        """The room of ``row`` and its personal answers (W15), its log replayed, each move's
        events told to ``bots``. Touches nothing of the hub: with no bots yet it runs in a
        reader thread (:meth:`_load_room`)."""
        game = self.catalog.game(row.game)
        config = game.config_from_json(row.config)
        # Its seats, status and timers are the row's, taken once the log is replayed.
        room = Room(row.id, row.code, game, config, row.mode, [], row.host, game.setup(config),
                    created_at=row.created_at)
        personal: dict[int, tuple[int, dict[str, Any]]] = {}
        for seq, seat, data in stored:
            self._apply_stored(room, seq, seat, data, personal, bots)
        self._take_row(room, row)
        # The stored times include secret moves' (updated_at): the quiet time of a room
        # brought back counts from now, when its screens see it again (docs/class.md).
        room.note_public(self.clock(), changed=True)
        return room, personal

    def _apply_stored(self, room: Room, seq: int, seat: int, data: dict[str, Any],
                      personal: dict[int, tuple[int, dict[str, Any]]], bots: dict[int, Bot]
                      ) -> bool:
        """Stored move ``seq`` (``seat``'s ``data``) applied to a copy of its room: a log
        replayed, or another process's move followed. Its events kept as the room's
        history, a personal answer kept in ``personal`` (W15), the ``bots`` told what they
        saw. Returns whether everyone saw the move (:meth:`Room.keep`)."""
        events = room.state.apply(seat, Action.from_json(data))
        public = room.keep(seq, events)
        if data.get("kind") in room.game.personal:
            personal[seq] = (seat, data)
        if bots:
            self._observe(room, bots, events)
        return public

    def _watch_devices(self, room: Room, now: float, seat: int) -> None:
        """Let the room's pass-and-play devices see its state after a move of ``seat``,
        every state, even one shown to nobody (``rounds.watch_device``: a bot's secret may
        begin and end between two frames); a round begun takes the screen the device shows
        between visits as the game is now (``rounds.Still``). A device whose seat shown
        ended its visit by this move takes the screen it shows that seat before hiding it,
        as the game is now (``rounds.Done``: before any bot plays on)."""
        cache: framecache.FrameCache | None = None  # made once, if needed

        def made() -> framecache.FrameCache:
            nonlocal cache
            if cache is None:
                cache = framecache.FrameCache(room, now, self.catalog.bot_levels(room.game.name))
            return cache

        for client in self.clients.get(room.code, ()):
            if client.role != "pass":
                continue
            if client.revealed == seat and client.done is None and not client.idle:
                rounds.finish_visit(room, client, seat, made())
            if rounds.watch_device(room, client):
                rounds.begin_round(client, made())  # the public screens' still too
        rounds.watch_phones(room, made)  # the own phones' too

    def _take_row(self, room: Room, row: RoomRow) -> None:
        """What a copy of the room takes from its stored row as it is, its log replayed up
        to the row's version: status, seats, timer, session clock, lock."""
        room.status, room.updated_at = row.status, row.updated_at
        room.seats = [Seat.from_json(i, s) for i, s in enumerate(row.seats)]
        if row.status in (PLAYING, PAUSED):
            # A game under way never waits for a seat nobody holds: a bot takes it.
            for seat_ in room.seats:
                if seat_.kind == OPEN:
                    seat_.make_bot(self.catalog.default_level(room.game.name))
        room.deadline = (room.state.deadline() if row.deadline_at or row.deadline_left
                         else None)
        room.deadline_at = row.deadline_at
        room.deadline_left = row.deadline_left
        room.session_at, room.session_left = row.session_at, row.session_left
        room.locked = row.locked
        if row.status == PLAYING and room.deadline_at is None:
            room.refresh_deadline(self.clock(), actor=None)

    def purge(self) -> int:
        """Delete what the retention period no longer keeps (at start-up, before serving)."""
        finished, idle = self._purge_limits()
        count = self.store.purge(finished, idle)
        self._forget_purged(finished, idle)
        return count

    async def purge_live(self) -> int:
        """:meth:`purge` while serving: the deletion runs in a reader thread. A lobby that
        nobody joined or watches for ``lobby_hours`` is ended first (issue 20)."""
        await self._end_empty_lobbies()
        finished, idle = self._purge_limits()
        count = await self.writer.read(self.store.purge, finished, idle)
        self._forget_purged(finished, idle)
        return count

    async def _end_empty_lobbies(self) -> None:
        empty = self.clock() - self.lobby_hours * 3600
        for room in [r for r in self.rooms.values() if r.status == LOBBY and not r.humans()
                     and r.updated_at < empty and not self.clients.get(r.code)]:
            room.end()  # kept on disk like any ended game, for the retention period
            await self._save_room(room)
            self._forget(room.code)

    def _purge_limits(self) -> tuple[float, float]:
        now = self.clock()
        return (now - self.retention_hours * 3600,
                now - max(self.retention_hours, 24 * 30) * 3600)

    def _forget_purged(self, finished: float, idle: float) -> None:
        for code in [c for c, r in self.rooms.items() if r.updated_at < idle
                     or (not r.live and r.updated_at < finished)]:
            self._forget(code)  # what storage no longer keeps, memory does not keep either

    # -- rooms -----------------------------------------------------------------------
    async def room(self, code: str) -> Room:
        """A room in memory, or one loaded from storage (in a reader thread)."""
        room = self.rooms.get(code)
        if room is not None:
            return room
        if not tokens.looks_like_code(code):
            raise unknown_room(code)
        task = self._loading.get(code)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._load_room(code))
            self._loading[code] = task
            task.add_done_callback(lambda _t: self._loading.pop(code, None))
        return await asyncio.shield(task)

    async def _load_room(self, code: str) -> Room:
        try:
            loaded = await self.writer.read(self._read_room, code)
        except Exception:
            log.exception("storage failed loading room %s", code)
            raise storage_unavailable() from None
        if loaded is None:
            raise unknown_room(code)
        room = self.rooms.get(code)
        if room is None and not self.bots.get(code):
            # Replaying the log off the loop (a room moved from a dead process: hundreds of
            # moves each, which would stop every other room meanwhile).
            rebuilt = await self.writer.read(self._rebuilt, *loaded, {})
            room = self.rooms.get(code)
            if room is None:
                room, self._personal[code] = rebuilt
                self.bots.setdefault(code, {})
        elif room is None:
            room = self._restore(*loaded)
        if self.rooms.get(code) is not room:
            self.rooms[code] = room
            self._recount(room)
            self._schedule(room)
        return room

    async def stored(self, code: str) -> tuple[RoomRow, Log] | None:
        """The room's stored row and log, read off the event loop (replays, debriefs)."""
        try:
            return await self.writer.read(self._read_room, code)
        except Exception:
            log.exception("storage failed reading room %s", code)
            raise storage_unavailable() from None

    def _read_room(self, code: str) -> tuple[RoomRow, Log] | None:
        """In a reader thread: the room's row and its log."""
        row = self.store.room(code)
        if row is None:
            return None
        return row, self.store.actions(row.id)

    async def create_room(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any] | None = None,
        mode: str = LIVE,
        seed: int | None = None,
        host_digest: str | None = None,
    ) -> tuple[Room, str]:
        """A new room in the lobby and its host token. ``host_digest``: the room answers
        to an existing key instead (a class's tables answer to the teacher's, docs/class.md;
        the token returned is then empty)."""
        game = self.catalog.game(game_name)
        if mode not in (LIVE, TURNS):
            raise OptionError(f"Mode inconnu : « {echoed(mode)} ».",
                              f"Unknown mode: '{echoed(mode)}'.")
        if mode == TURNS:  # no clock in a turn-based room: its timers at 0 unless set
            options = game.options.untimed(options)
        config = game.make_config(
            players, _secrets.randbits(SEED_BITS) if seed is None else seed, options
        )
        state = game.setup(config)
        host_token = tokens.new_token() if host_digest is None else ""
        host = tokens.digest(host_token) if host_digest is None else host_digest
        now = self.clock()
        seats = [Seat(i) for i in range(players)]
        values = {
            "game": game.name, "config": config.to_json(), "mode": mode,
            "status": LOBBY, "seats": [s.to_json() for s in seats],
            "host": host, "seq": 0, "created_at": now, "updated_at": now,
        }
        try:
            code, room_id = await self.writer.read(self._insert_room, values)
        except Exception:
            log.exception("storage failed creating a room")
            raise storage_unavailable() from None
        room = Room(room_id, code, game, config, mode, seats, host, state,
                    created_at=now, updated_at=now)
        room.note_public(now, changed=True)
        self.rooms[code] = room
        self.bots[code] = {}
        self._personal[code] = {}
        return room, host_token

    def _insert_room(self, values: dict[str, Any]) -> tuple[str, int]:
        """In a reader thread: a fresh code, and the new room's row."""
        while True:
            code = tokens.new_code()
            if code not in self.rooms and not self.store.code_exists(code):
                return code, self.store.create_room({**values, "code": code})

    async def join(self, code: str, nickname: object, seat: int | None = None
                   ) -> tuple[int, str]:
        room = await self.room(code)
        self._check_writable(code)
        if not room.live:
            raise game_over()
        if room.locked:
            raise room_locked()
        name = names.clean(nickname)
        others = [s.nickname for s in room.humans()]
        if names.taken(name, others):  # « LEA » is « Léa »: a variant is suggested
            raise names.look_alike(name, others)
        # In the lobby a free seat; once the game is under way, a bot's seat the host
        # offered (issue 21): the pupil gets everything that seat knows, the bot stops.
        chosen = room.open_seat(seat) if room.status == LOBBY else room.offered_seat(seat)
        token = tokens.new_token()
        chosen.make_human(name, tokens.digest(token))
        await self._save_room(room)  # on failure the room is reloaded: the seat is free
        self.bots.get(code, {}).pop(chosen.index, None)
        return chosen.index, token  # (everyone was shown the new seat once it was saved)

    async def seat_person(self, room: Room, index: int, nickname: str, token_digest: str
                          ) -> None:
        """A person takes a bot's seat in a game under way, keeping its place in the game
        (a class's late joiner, docs/class.md): the bot leaves, everyone sees the new name.
        The nickname was checked by the caller; a seat that is not a bot's is refused."""
        self._check_writable(room.code)
        if room.locked:
            raise room_locked()
        seat = room.seat(index)
        if seat.kind != BOT or not room.live:
            raise refuse("seat_taken", "Cette place est déjà prise.", "This seat is taken.")
        seat.make_human(nickname, token_digest)
        self.bots.get(room.code, {}).pop(index, None)
        await self._save_room(room)  # on failure the room is reloaded: the bot is back
        self._broadcast(room)
        self._schedule(room)

    def notify(self, code: str, text: str) -> None:
        """A message from the facilitator for every screen of the room (a banner): sent
        now and to the screens that connect later."""
        self.notices[code] = text
        for client in list(self.clients.get(code, ())):
            if not client.closed:
                client.push({"type": "notice", "text": text})

    # -- the write path ----------------------------------------------------------------
    def _check_writable(self, code: str) -> None:
        """Refuse a change while the room's last write failed and it is being reloaded."""
        if self.writer.failed(code) or code in self._recovering:
            raise storage_unavailable()

    async def _commit(self, room: Room, op: WriteOp) -> None:
        """Queue ``op`` and wait until it is durable and the room's clients are told.

        The room's frames wait until none of its writes is pending (then one broadcast
        shows the durable state). On failure the room is reloaded from storage and the
        caller gets ``storage_unavailable``.
        """
        code = room.code
        flight = self._inflight.get(code)
        if flight is None:
            flight = self._inflight[code] = _InFlight()
        flight.count += 1
        try:
            await self.writer.write(code, op)
        except Exception as exc:
            flight.count -= 1
            await self._recover(code)
            self._settle(code, flight)
            if isinstance(exc, IntegrityError):
                raise LostVersion(*_UNSAVED) from None
            raise storage_unavailable() from None
        flight.count -= 1
        if flight.count == 0:
            self._settle(code, flight)
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        flight.waiters.append(waiter)
        await waiter

    def _settle(self, code: str, flight: _InFlight) -> None:
        """The room has nothing pending any more: show its state and wake the waiters."""
        if flight.count or self._inflight.get(code) is not flight:
            return
        del self._inflight[code]
        room = self.rooms.get(code)
        if room is not None:
            self._broadcast(room)
            for client, full in flight.sends:
                if not client.closed:
                    self._send(room, client, full)
        for waiter in flight.waiters:
            if not waiter.done():
                waiter.set_result(None)

    async def _recover(self, code: str) -> None:
        """Reload a room after a failed write (once, however many writes failed)."""
        task = self._recovering.get(code)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._reload(code))
            self._recovering[code] = task
            task.add_done_callback(lambda _t: self._recovering.pop(code, None))
        try:
            await asyncio.shield(task)
        except Exception:
            log.exception("room %s: reload failed", code)

    async def _reload(self, code: str) -> None:
        """Rebuild the room from storage (read and replayed in reader threads) so that
        memory agrees with disk; if storage cannot be read either, drop it from memory (it
        is loaded again when next needed). If moves of this process are being written when
        the read comes back (accepted meanwhile), its copy is the newer one and is kept:
        replacing it would drop those moves and let the next one reuse their versions (a
        reload after a failed write always replaces: no move is accepted while it runs)."""
        try:
            loaded = await self.writer.read(self._read_room, code)
        except Exception:
            log.exception("storage failed reloading room %s", code)
            loaded = None
        finally:
            self.writer.clear(code)
        if code in self._inflight and code not in self._recovering and code in self.rooms:
            return
        if loaded is None:
            self._forget(code)
            return
        # The log replayed in a reader thread too (hundreds of moves: on the loop, every
        # other room would wait for it); its bots start afresh, told nothing of the past.
        room, personal = await self.writer.read(self._rebuilt, *loaded, {})
        if code in self._inflight and code not in self._recovering and code in self.rooms:
            return  # moves accepted meanwhile (above)
        self.bots[code] = {}
        self._personal[code] = personal
        before = self.rooms.get(code)
        if before is not None and (before.public_seen == room.public_seen
                                   or before.still is not None):
            # Nothing anyone could see changed (a secret move caught up from storage, a
            # failed write; a device going round, whose moves count once it is over):
            # the quiet time goes on rather than restart with the reload.
            room.public_at, room.public_seen = before.public_at, before.public_seen
        if before is not None:  # a device going round goes on: its public screens stand
            room.still = before.still
        self.rooms[code] = room
        self._after_reload(room)
        self._broadcast(room)

    def _after_reload(self, room: Room) -> None:
        self._recount(room)
        self._schedule(room)

    def _recount(self, room: Room) -> None:
        """Count this process's connections on the room's seats again, once the
        connections whose seats were taken from them meanwhile are closed."""
        self._unseat_stale(room)
        for seat in room.seats:
            seat.connected = 0
        for client in self.clients.get(room.code, ()):
            if not client.closed:
                for s in client.seats:
                    room.seats[s].connected += 1

    def _unseat_stale(self, room: Room) -> None:
        """Close this process's connections to seats their player no longer holds: the
        room was read again from storage after the host of another process removed the
        player, or gave the seat to a bot or to another pupil. Such a phone would go on
        being sent the seat's hand and could still play it."""
        for client in list(self.clients.get(room.code, ())):
            if client.closed or not client.seats:
                continue
            held = tuple(room.seats[s].token_digest for s in client.seats)
            if held != client.keys:
                self._remove(client)
                # It holds nothing now: its leaving counts off no seat (the seat's new
                # holder may be connected).
                client.seats = client.keys = ()

    def idle(self, code: str) -> bool:
        """True when the room has no write under way and no bot about to move."""
        return code not in self._inflight and code not in self._bot_tasks

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._spawned.add(task)
        task.add_done_callback(self._spawned.discard)

    # -- the action path ----------------------------------------------------------------
    async def act(self, room: Room, seat: int, action: Action, *, person: bool = False
                  ) -> list[Event]:
        """Apply (engine checks), store durably, then tell everyone. Raises on refusal.
        ``person``: the move comes from a player's screen, not from a bot or the timer."""
        code = room.code
        self._check_writable(code)
        now = self.clock()
        if person:
            check_not_early(room, seat)
            check_not_clock(action)
        try:
            events = room.apply(seat, action, now)
        except LudinumError:
            raise
        except Exception:
            # A bug in a game's rules: the live state may be half-changed; rebuild it.
            log.exception("game error in room %s on %s", code, logged_move(action))
            await self.writer.drain()
            await self._reload(code)
            raise refuse("internal", "Erreur interne du jeu : action annulée.",
                         "Internal game error: action cancelled.") from None
        self._watch_devices(room, now, seat)
        stored = action
        rewrite: dict[int, dict[str, Any]] = {}
        if action.kind in room.game.personal:
            redacted = room.game.redact(room.state, seat, action, not room.live)
            if redacted is not None:  # served: the earlier answers too
                stored, rewrite = redacted, self._served_answers(room)
            self._personal.setdefault(code, {})[room.seq] = (seat, stored.to_json())
        elif not room.live:  # the game just ended (its last move, its session's clock)
            rewrite = self._served_answers(room)
        op = Append(room.id, room.seq, seat, stored.to_json(), now,
                    self._room_values(room, now), rewrite)
        self._observe(room, self.bots.setdefault(code, {}), events)
        await self._commit(room, op)
        self.accepted += 1
        self._schedule(room)
        return events

    def _served_answers(self, room: Room) -> dict[int, dict[str, Any]]:
        """W15: personal answers are stored only while they are needed. Once the state no
        longer needs them (``Game.redact``: the first player is known, or the game stopped
        before), the earlier answers are stored in their neutral form, in the same
        transaction as the change that served them: ``{seq: neutral form}`` of those not
        stored so yet (remembered as stored). The earlier answers are known from memory
        (``_personal``), never read back on the loop."""
        personal = self._personal.get(room.code)
        if not personal:
            return {}
        game, over = room.game, not room.live
        rewrite: dict[int, dict[str, Any]] = {}
        for seq, (who, data) in sorted(personal.items()):
            neutral = game.redact(room.state, who, Action.from_json(data), over)
            if neutral is not None and neutral.to_json() != data:
                rewrite[seq] = neutral.to_json()
                personal[seq] = (who, rewrite[seq])
        return rewrite

    def _observe(self, room: Room, bots: dict[int, Bot], events: list[Event]) -> None:
        for seat, bot in bots.items():
            seen = visible(events, seat)
            if seen:
                bot.observe(seat, seen)

    def _room_values(self, room: Room, now: float) -> dict[str, Any]:
        return {
            "status": room.status,
            "deadline_at": room.deadline_at,
            "deadline_left": room.deadline_left,
            "session_at": room.session_at,
            "session_left": room.session_left,
            "updated_at": now,
        }

    async def _save_room(self, room: Room, rewrite: dict[int, dict[str, Any]] | None = None
                         ) -> None:
        """Save the room's seats and status (a join, a host command), and ``rewrite``
        (``{seq: action}``: stored actions to store in another form, W15); once durable."""
        now = self.clock()
        room.updated_at = now
        room.note_public(now, changed=True)  # a seat, a status, a lock: on every screen
        values = self._room_values(room, now)
        values["seats"] = [s.to_json() for s in room.seats]
        values["locked"] = room.locked
        if room.status == LOBBY or room.seq == 0:  # a lobby's pace may change at the start
            values["config"] = room.config.to_json()
            values["mode"] = room.mode
        await self._commit(room, functools.partial(update_room_in, room_id=room.id,
                                                   values=values, rewrite=rewrite))

    def _one_device(self, room: Room) -> None:
        """A game started to be played on one device passed around (the host's « Commencer
        la partie sur cet appareil »): turn-based, its timers at 0. Nobody can act while
        another holds the device, and a move shown as soon as it is made tells the table
        who made it (a virus dropped during a live trip, H3: in turn-based play a
        trip's drops are revealed together, shuffled, when the trip ends). Before the
        start no move is played yet: the same seed, a new configuration, saved with the
        room's row (:meth:`_save_room`)."""
        game, config = room.game, room.config
        untimed = game.options.untimed(config.options, force=True)
        if room.mode == TURNS and untimed == dict(config.options):
            return
        room.config = game.make_config(config.players, config.seed, untimed)
        room.state = game.setup(room.config)
        room.mode = TURNS

    def _forget(self, code: str) -> None:
        self.rooms.pop(code, None)
        self.bots.pop(code, None)
        self._personal.pop(code, None)
        self.notices.pop(code, None)
        self.timers.cancel(code)
        self.timers.cancel(session_key(code))
        task = self._bot_tasks.pop(code, None)
        if task is not None:
            task.cancel()

    # -- host commands -----------------------------------------------------------------
    async def command(self, room: Room, kind: str, message: dict[str, Any]) -> None:
        self._check_writable(room.code)
        if room.end_unshown() and kind not in ("rename", "lock", "unlock"):
            # The room's screens show the game under way (Room.end_unshown), and so do
            # the host's controls: « Pause » and « Reprendre » work as during any round,
            # « Terminer » shows the end at once; a seat tool waits for the round's end.
            if kind in ("pause", "resume"):
                room.hold(kind == "pause")
                room.note_public(self.clock(), changed=True)
                self._broadcast(room)
                return
            if kind != "end":
                raise round_going_on()
            for client in self.clients.get(room.code, ()):
                client.passing.cut()
            self._broadcast(room)
            return
        now = self.clock()
        kicked: list[int] = []
        renamed: list[int] = []
        rewrite: dict[int, dict[str, Any]] = {}
        if kind == "start":
            level = message.get("level")
            levels = self.catalog.bot_levels(room.game.name)
            if level is not None and level not in levels:
                raise fail("bad_level", "Niveau de bot inconnu.", "Unknown bot level.")
            if protocol.boolean(message, "shared", False) and room.status == LOBBY:
                self._one_device(room)
            room.start(level if isinstance(level, str)
                       else self.catalog.default_level(room.game.name))
            room.start_session(now)
            room.refresh_deadline(now, actor=None)
        elif kind == "pause":
            room.pause(now)
        elif kind == "resume":
            room.resume(now)
        elif kind == "end":
            room.end()
            rewrite = self._served_answers(room)  # W15: never needed now
        elif kind == "rename":  # the facilitator moderates a nickname
            seat = room.seat(protocol.integer(message, "seat"))
            if seat.kind != HUMAN:
                raise fail("bad_seat", "Personne n'est assis à cette place.",
                           "Nobody sits in this seat.")
            seat.nickname = names.replacement(
                message.get("nickname"), [s.nickname for s in room.humans() if s is not seat])
            renamed.append(seat.index)
        elif kind in ("lock", "unlock"):  # the room closed to new players, or opened
            if not room.live and not room.end_unshown():
                raise game_over()
            room.locked = kind == "lock"
        elif kind in ("offer", "withdraw"):  # a bot's seat opened to a pupil, or closed
            room.offer(protocol.integer(message, "seat"), kind == "offer")
        elif kind in ("kick", "bot"):
            seat = room.seat(protocol.integer(message, "seat"))
            if not room.live:  # the game is over: who played stays in its replay
                raise game_over()
            level = message.get("level")
            levels = self.catalog.bot_levels(room.game.name)
            if level is not None and level not in levels:  # a kick's too: never the default
                raise fail("bad_level", "Niveau de bot inconnu.", "Unknown bot level.")
            if kind == "kick" and room.status != LOBBY and seat.kind == BOT:
                # A bot's seat is not emptied during a game (a bot would take it again,
                # its memory lost): « Confier à un bot » changes its level.
                raise fail("bad_seat", "Un bot joue cette place : personne à retirer.",
                           "A bot plays this seat: nobody to remove.")
            if kind == "bot" or room.status != LOBBY:
                if kind == "bot" and (not isinstance(level, str) or level not in levels):
                    raise fail("bad_level", "Niveau de bot inconnu.", "Unknown bot level.")
                seat.make_bot(level if isinstance(level, str) and level in levels
                              else self.catalog.default_level(room.game.name))
                self.bots.setdefault(room.code, {}).pop(seat.index, None)
            elif seat.kind == OPEN:  # nobody to remove: say so rather than change nothing
                raise fail("bad_seat", "Personne n'est assis à cette place.",
                           "Nobody sits in this seat.")
            else:
                seat.make_open()
            kicked.append(seat.index)
        await self._save_room(room, rewrite)  # on failure the room is reloaded: nothing changed
        for index in kicked:
            self._kick_clients(room, index)
        for index in renamed:  # the player is told, not left to find a new name on screen
            name = room.seats[index].nickname
            for client in list(self.clients.get(room.code, ())):
                if index in client.seats:
                    client.push({"type": "renamed",
                                 "fr": f"Ton pseudo a été changé : tu es « {name} ».",
                                 "en": f"Your nickname was changed: you are “{name}”."})
        if room.status in (FINISHED, ENDED):
            self._forget_live(room)
        self._broadcast(room)
        self._schedule(room)

    def _kick_clients(self, room: Room, seat: int) -> None:
        for client in list(self.clients.get(room.code, ())):
            if seat in client.seats:
                self._remove(client)
                room.seats[seat].connected = 0

    @staticmethod
    def _remove(client: Client) -> None:
        """Tell a connection its player was removed, and close it."""
        client.push({"type": "kicked", "fr": "On t'a retiré de la partie.",
                     "en": "You were removed from the game."})
        client.close()

    def _forget_live(self, room: Room) -> None:
        self.timers.cancel(room.code)
        self.timers.cancel(session_key(room.code))

    # -- timers and bots ---------------------------------------------------------------
    def _schedule(self, room: Room) -> None:
        if room.code not in self.rooms:
            return
        self.timers.set(room.code, room.deadline_at if room.status == PLAYING else None,
                        self._timer_fired)
        self.timers.set(session_key(room.code),
                        room.session_at if room.status == PLAYING else None,
                        self._session_fired)
        self._wake_bots(room)

    def _wake_bots(self, room: Room) -> None:
        """Start the room's bot loop if a bot has to move and none runs."""
        if room.bot_turns() and room.code not in self._bot_tasks:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return
            self._bot_tasks[room.code] = loop.create_task(self._run_bots(room.code))

    def _timer_fired(self, code: str, at: float) -> None:
        self._spawn(self._fire(code, at))

    async def _fire(self, code: str, at: float) -> None:
        room = self.rooms.get(code)
        if room is None or room.deadline_at != at:
            return
        due = room.due_action()
        if due is None:
            room.clear_deadline()
            return
        try:
            await self.act(room, *due)
        except LudinumError as exc:
            log.warning("timer action refused in %s: %s", code, logged_move(due[1], exc))

    def _session_fired(self, key: str, at: float) -> None:
        self._spawn(self._end_session(key.removesuffix(SESSION_SUFFIX), at))

    async def _end_session(self, code: str, at: float) -> None:
        """The session's time is up: its end is an action of the log (engine/session.py),
        saved and shown like any other, so a replay ends the same way."""
        room = self.rooms.get(code)
        if room is None or room.session_at != at:
            return
        due = room.session_due()
        if due is None:
            return
        try:
            await self.act(room, *due)
        except LudinumError as exc:
            log.warning("session end refused in %s: %s", code, exc.en)

    def _bot(self, room: Room, seat: int) -> Bot:
        bots = self.bots.setdefault(room.code, {})
        bot = bots.get(seat)
        if bot is None:
            level = room.seats[seat].bot_level or self.catalog.bot_levels(room.game.name)[0]
            bot = self.catalog.make_bot(room.game.name, level, room.config.seed * 31 + seat)
            bots[seat] = bot
        return bot

    async def _bot_move(self, room: Room) -> tuple[int, Action]:
        """The next bot move of ``room``: which of the bots deciding at once moves (at
        random: a person seeing their secret moves appear cannot tell whose each one is,
        engine.one_of, H4) and its action, given ``bot_delay`` after it began thinking
        however long it thought (a search that takes longer when it holds a counter card,
        and no time when it has one move, would otherwise tell the table what it holds)."""
        loop = asyncio.get_running_loop()
        seat = one_of(room.bot_turns(), _ORDER)
        bot = self._bot(room, seat)
        started = loop.time()
        if bot.searches:  # off the loop, in the search threads (server/thinking.py)
            action = await self.thinker.choose(bot, room.state.clone(), seat)
        else:
            action = bot.choose(room.state, seat)
        rest = self.bot_delay - (loop.time() - started)
        if rest > 0:
            await asyncio.sleep(rest)
        return seat, action

    async def _run_bots(self, code: str) -> None:
        try:
            while True:
                await asyncio.sleep(0)
                room = self.rooms.get(code)
                if room is None or not room.bot_turns():
                    return
                if not self.watched(code):
                    # Nobody looks at this room: its bots wait for a screen to connect
                    # (hello) rather than play on for nobody, a core each at the expert
                    # level (a room started with bots and left).
                    return
                if self.writer.failed(code) or code in self._recovering:
                    await self._until_writable(code)
                    continue
                seq = room.seq
                seat, action = await self._bot_move(room)
                if self.rooms.get(code) is not room or room.seq != seq \
                        or seat not in room.bot_turns():
                    continue
                try:
                    await self.act(room, seat, action)
                except LudinumError as exc:
                    if exc.code == "storage_unavailable":
                        await asyncio.sleep(0.5)
                        continue
                    log.warning("bot move refused in %s: %s", code, logged_move(action, exc))
                    legal = room.state.legal_actions(seat)
                    if not legal:
                        return
                    await self.act(room, seat, legal[0])
        except Exception:
            log.exception("bot loop failed in room %s", code)
        finally:
            if self._bot_tasks.get(code) is asyncio.current_task():
                self._bot_tasks.pop(code, None)

    async def _until_writable(self, code: str) -> None:
        """Wait while the room's failed write is recovered (its reload reading storage in a
        reader thread): a bot loop waits for it rather than look again at once, again and
        again (104,883 looks in 0.3 s, holding the interpreter the reader thread needs)."""
        recovery = self._recovering.get(code)
        if recovery is not None:
            await asyncio.wait([recovery])
        elif self.writer.failed(code):  # the reload is about to start
            await asyncio.sleep(RECOVERY_LOOK)

    def watched(self, code: str) -> bool:
        """Whether a screen (host, phone, pass-and-play device, spectator) is connected to
        room ``code`` in this process."""
        if not self.bots_need_a_screen:
            return True
        return any(not c.closed for c in self.clients.get(code, ()))

    # -- clients -----------------------------------------------------------------------
    async def hello(self, client: Client, code: str, message: dict[str, Any]) -> None:
        room = await self.room(code)
        role = protocol.hello_role(message, len(room.seats))
        if message.get("lang", "fr") not in i18n.LANGS:  # not French for any other value
            raise fail("bad_message", "« lang » vaut « fr » ou « en ».",
                       "'lang' is 'fr' or 'en'.")
        seats = self._keyed_seats(room, role, message)
        client.role, client.code, client.seats = role, code, seats
        client.keys = tuple(room.seats[s].token_digest for s in seats)
        if message.get("lang") in i18n.LANGS:
            client.lang = str(message["lang"])
        for s in seats:
            room.seats[s].connected += 1
        self.clients.setdefault(code, set()).add(client)
        client.push(frames.welcome(room, client))
        if code in self.notices:
            client.push({"type": "notice", "text": self.notices[code]})
        self._send(room, client, full=True)
        if seats:
            self._broadcast(room)
        if self.bots_need_a_screen:
            self._wake_bots(room)  # bots left waiting for a screen (watched) play on

    async def hello_key(self, code: str, message: dict[str, Any]) -> str | None:
        """Who a hello proves to be, when it carries a key of room ``code`` (the host's, or
        seat tokens; 192-bit keys cannot be guessed): the room and the digests of its keys,
        never the keys. None for a hello with no key (a spectator's) or a wrong one."""
        role = message.get("role")
        if role not in ("host", "player", "pass"):
            return None
        try:
            room = await self.room(code)
            seats = self._keyed_seats(room, protocol.hello_role(message, len(room.seats)),
                                      message)
        except LudinumError:
            return None
        digests = [room.host_digest] if role == "host" else [
            str(room.seats[s].token_digest) for s in seats]
        return f"{code} {role} {' '.join(digests)}"

    def _keyed_seats(self, room: Room, role: str, message: dict[str, Any]
                     ) -> tuple[int, ...]:
        """The seats a hello's keys open (none for a host or a spectator), their shape
        checked (:func:`protocol.hello_role`); a wrong or missing key raises ``bad_token``."""
        if role == "host" and not tokens.matches(message.get("token"), room.host_digest):
            raise fail("bad_token", "Jeton d'animation invalide.", "Invalid host token.")
        if role == "player":
            return (self._seat_of(room, message.get("token")),)
        if role == "pass":
            given = message.get("tokens")
            if not isinstance(given, list):
                raise fail("bad_token", "Jetons de places attendus.", "Seat tokens expected.")
            return tuple(sorted({self._seat_of(room, t) for t in given}))
        return ()

    def _seat_of(self, room: Room, token: object) -> int:
        for seat in room.seats:
            if seat.kind == HUMAN and tokens.matches(token, seat.token_digest):
                return seat.index
        raise fail("bad_token", "Jeton de place invalide : rejoins le salon.",
                   "Invalid seat token: join the room again.")

    def leave(self, client: Client) -> None:
        client.close()
        if client.code is None:
            return
        clients = self.clients.get(client.code)
        if clients is not None and client in clients:
            clients.discard(client)
            room = self.rooms.get(client.code)
            if room is not None and not clients:
                # Nobody watches: what its screens were drawn from is not kept (an idle
                # room weighs what its game does; issue 19).
                room.drawn_texts.clear()
            if room is not None and client.seats:
                for s in client.seats:
                    room.seats[s].connected = max(0, room.seats[s].connected - 1)
                self._broadcast(room)

    async def handle(self, client: Client, text: object) -> None:
        """One message from a client; any refusal goes back to it as an error. A change
        returns once it is durable and shown, so a client's messages are answered in
        order (its ``pong`` comes after the update of its action)."""
        kind: str | None = None
        try:
            message = protocol.parse(text)
            kind = message["type"]
            if kind == "ping":
                client.push(protocol.pong(message))
                return
            if kind == "hello":
                if client.role is not None:
                    raise fail("already_hello", "Déjà connecté.", "Already connected.")
                code = message.get("room")
                await self.hello(
                    client, tokens.normalise_code(code) if isinstance(code, str) else "",
                    message)
                return
            if client.role is None or client.code is None:
                raise fail("not_hello", "Envoie d'abord « hello ».", "Send 'hello' first.")
            room = await self.room(client.code)
            if kind in protocol.HOST_TYPES:
                if client.role != "host":
                    raise fail("not_host", "Réservé à l'écran d'animation.", "Host screen only.")
                await self.command(room, kind, message)
            elif kind == "reveal":
                self._reveal(room, client, protocol.integer(message, "seat"))
            elif kind == "hand_on":
                self._hand_on(room, client)
            elif kind == "act":
                await self._act_message(room, client, message)
        except LudinumError as exc:
            client.push(protocol.error(exc, kind or protocol.type_of(text)))
        except Exception:
            log.exception("unexpected error on a %s message", kind)
            client.push(protocol.error(refuse(
                "internal", "Erreur interne : réessaie.", "Internal error: try again."), kind))

    async def _act_message(self, room: Room, client: Client, message: dict[str, Any]) -> None:
        if client.role not in ("player", "pass"):
            raise not_your_seat()
        seat = protocol.optional_int(message, "seat")
        if seat is None:
            seat = client.view_seat()
        if seat is None or seat not in client.seats:
            raise not_your_seat()
        if client.role == "pass" and client.revealed != seat:
            raise fail("not_revealed", "Montre d'abord ton écran.", "Reveal your screen first.")
        if client.done is not None or client.idle or rounds.own_still(room, client) is not None:
            # Its turn is over and it reads its result; or it is a round's visit with
            # nothing to do, a decision of its that came up meanwhile waiting for the
            # round's end (engine/passing.py); or its phone stands still while
            # the device goes round (rounds.OwnStill): a decision that came up in the
            # open meanwhile waits for the round's end.
            raise refuse("not_your_turn", "Ce n'est pas ton tour.", "It is not your turn.")
        expected = protocol.optional_int(message, "seq")
        if expected is not None and expected != client.frame_seq:
            raise fail("stale", "La partie a changé : regarde à nouveau.",
                       "The game has changed: look again.")
        action = Action.from_json(message.get("action"))
        await self.act(room, seat, action, person=True)

    def _reveal(self, room: Room, client: Client, seat: int) -> None:
        """The person the privacy screen names shows their view: only that seat (a seat
        deciding in secret is reached in a round of every seat, engine.passing), which
        may have nothing to decide in a round (``client.idle``)."""
        if client.role != "pass" or seat not in client.seats:
            raise not_your_seat()
        if client.revealed == seat:  # tapped twice
            self._send(room, client)
            return
        if client.revealed is not None or seat != rounds.pass_target(room, client):
            raise refuse("not_your_turn", "Ce n'est pas ton tour.", "It is not your turn.")
        client.revealed = seat
        room.note_step(self.clock())
        client.passing.took(seat)
        client.idle = client.passing.idle(seat, room.deciding(), room.hidden_turns())
        self._send(room, client)

    def _hand_on(self, room: Room, client: Client) -> None:
        """A seat shown with nothing to decide (a round's visit), or reading the result of
        the move that ended its visit (``rounds.Done``), is hidden again by its person,
        and the device goes on."""
        if client.role != "pass" or (client.revealed is not None and not client.idle
                                     and client.done is None):
            raise refuse("not_your_turn", "Ce n'est pas ton tour.", "It is not your turn.")
        if client.revealed is None:  # tapped twice
            self._send(room, client)
            return
        if client.done is None:  # (a Done step's visit was over with its move)
            client.passing.visited(client.revealed)
        client.revealed, client.idle, client.hidden, client.done = None, False, True, None
        room.note_step(self.clock())
        self._send(room, client)

    def _send(self, room: Room, client: Client, full: bool = False) -> None:
        flight = self._inflight.get(room.code)
        if flight is not None:
            flight.sends.append((client, full))  # after the pending writes are durable
            return
        cache = framecache.FrameCache(room, self.clock(), self.catalog.bot_levels(room.game.name))
        frame = frames.build(client, cache, full)
        if frame is not None:
            client.push_text("update", frames.encode(frame, cache))
        clients = self.clients.get(room.code, set())
        if rounds.round_over(room, clients, cache.now):  # (a round's last visit)
            frames.fan_out([c for c in clients if c.role != "pass"], cache)

    def _broadcast(self, room: Room) -> None:
        if room.code in self._inflight:
            return  # shown by _settle once the room's pending writes are durable
        clients = self.clients.get(room.code)
        if not clients:
            return
        cache = framecache.FrameCache(room, self.clock(), self.catalog.bot_levels(room.game.name))
        # One frame per distinct viewer (issue 19). Pass-and-play devices first: their
        # frames begin and end the rounds the public screens stand still for
        # (``rounds.PublicStill``), which then get one frame, as the round leaves them.
        devices = [c for c in clients if c.role == "pass"]
        frames.fan_out(devices, cache)
        rounds.round_over(room, devices, cache.now)
        frames.fan_out([c for c in clients if c.role != "pass"], cache)
