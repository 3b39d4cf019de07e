"""Several processes, one service: Redis pub/sub fans the changes of a room out.

PostgreSQL is the source of truth (rooms and their ordered actions, unique key (room, seq)).
Every process may hold any room in memory. After a process commits an action, it publishes
``{room, seq, seat, action, status, deadline, updated_at}`` on the room's Redis channel
(``<channel>:room:<code>``); the other processes holding the room, each subscribed to the
channels of the rooms it holds, apply the same action to their copy (the engine is
deterministic) and send the new frames to their own clients. A process never hears of a
room it does not hold: on one channel for all rooms, each of two processes received and
decoded every move of the other's rooms to drop it (10 % of its CPU at 600 moves/s). A
message that does not follow the local version (lost while Redis was away, or out of order)
makes the process reload the room from the database; a periodic check of
``(seq, updated_at)`` against the database catches any message that never came.

Rooms are pinned to one process (issue 19): nginx routes every request that names a room
code to one process (``hash $ludinum_room consistent``, deploy/nginx.conf.template), so a
room is normally held in one process's memory only. A process loads a room when a request
names it, never because it hears of it on a channel, and does not restore every live room
at start-up. Each process marks the live rooms it holds in Redis (``<channel>:held:<code>``,
refreshed every :data:`HOLD_EVERY` seconds, expiring after :data:`HOLD_TTL`; at once for a
host's command played here) and lets go of a copy that nobody watches here and another
process marks, its bots with it (only the marking process plays them); a game under
way that no process marks — its process died, or nobody asked for it since a restart — is
claimed by one survivor (``SET NX``), which loads it from the database so that its timers
and bots go on (a lobby or a paused game has nothing to move: it waits for a request). The
phones of a dead process reconnect through nginx, whose ring sends them to a survivor.
Routing is an optimisation, not a condition of correctness: a request that reaches another
process (a code typed in lower case, a proxy without the hash) is served there, and the
channel keeps the two copies in step as below.

With rooms pinned, most rooms have one copy, and a move published for it would only come
back to its own process (which hears its own messages and drops them): 5 % of a process's
samples went to such messages. So a room's moves are published only while another process
follows its channel. Redis says so: ``PUBLISH`` answers how many subscribers received the
message; when that is only this process, the room's next messages are not sent
(:attr:`Bus.alone`). A process that begins to follow a room's channel announces it there
(a ``follow`` message), and the process holding the room sends its messages again from
the moment it hears that; the newcomer looks at storage when it subscribes and once more a
moment later (:data:`FOLLOW_AGAIN`), for a move stored before the announcement was heard.
Each renewal of the marks forgets which rooms were alone (one message per room every
:data:`HOLD_EVERY` seconds asks again), and the check of versions catches the rest.

Two processes never both apply an action to the same version: the append of version ``seq``
fails on the unique key for the second one, which then reloads the room (replaying the
actions the other appended) and checks the player's action again on the new state; bots and
timers are never retried (the lease of :mod:`ludinum.server.leases` chooses which process
plays them, and the unique key makes a second attempt fail).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
from collections.abc import AsyncIterator, Callable, Collection
from typing import Any

from sqlalchemy import select, text
from sqlalchemy.engine import Connection

from ludinum.engine import Action, Event, LudinumError
from ludinum.server.catalog import Catalog
from ludinum.server.hub import Hub, LostVersion, logged_move, storage_unavailable
from ludinum.server.leases import LocalLeases, RedisLeases
from ludinum.server.rooms import PLAYING, Room, refuse
from ludinum.server.seats import BOT
from ludinum.server.storage import RoomRow, Storage, rooms

log = logging.getLogger("ludinum.server")

CHANNEL = "ludinum:rooms"
#: Seconds between two checks of the live rooms' versions against the database.
RESYNC_EVERY = 2.0
#: Seconds between two renewals of this process's marks on the rooms it holds (and two
#: sweeps for rooms that nobody holds).
HOLD_EVERY = 3.0
#: Seconds a mark lives unrenewed: how long the rooms of a dead process wait for a survivor.
HOLD_TTL = 10
#: Seconds after subscribing to a room's channel when a process looks at storage a second
#: time: a move the holding process made before it heard the announcement was not published.
FOLLOW_AGAIN = 0.25
#: Attempts of a player's action when other processes keep appending first.
RETRIES = 5
#: First key of the rooms' advisory locks ("ROOM" in ASCII).
ROOM_LOCK = 0x524F4F4D


def _newer(stored: tuple[int, float], room: Room) -> bool:
    """True when the stored version (seq, updated_at) of ``room`` is newer than this copy:
    a later move, or the same move count written by another process (seats, status)."""
    seq, updated = stored
    return seq > room.seq or (seq == room.seq and updated != room.updated_at)


def storage_error() -> LudinumError:
    return storage_unavailable()


class Bus:
    """Publish and receive room changes on one Redis channel (redis-py's asyncio client)."""

    def __init__(self, url: str, channel: str = CHANNEL) -> None:
        import redis.asyncio as aioredis

        self.url = url
        self.channel = channel
        self.redis: Any = aioredis.from_url(url, socket_connect_timeout=2, socket_timeout=5,
                                            health_check_interval=5)
        self.origin = secrets.token_hex(6)
        self.queue: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.published = 0
        #: Rooms whose last message no other process received: not published until another
        #: process announces that it follows them, or the set is cleared (module docstring).
        self.alone: set[str] = set()
        #: Messages not sent because their room was alone.
        self.skipped = 0
        self.received = 0
        self.lost = 0
        self.connected = asyncio.Event()
        #: Set when the rooms held here changed: the subscriber follows their channels.
        self.rooms_changed = asyncio.Event()
        #: Room channels subscribed to, by room code (:meth:`run_subscriber`).
        self.following: set[str] = set()

    def room_channel(self, code: str) -> str:
        """The channel of one room's changes."""
        return f"{self.channel}:room:{code}"

    def publish(self, message: dict[str, Any]) -> None:
        """Queue a message on its room's channel (never blocks the caller); a task sends
        them in order. The text begins with this process's origin: a process hears its own
        messages on the channels it follows, and drops them without decoding them. Not
        sent while no other process follows the room (:attr:`alone`)."""
        code = str(message["c"])
        if code in self.alone:
            self.skipped += 1
            return
        self.queue.put_nowait((code, self._text(message)))

    def _text(self, message: dict[str, Any]) -> str:
        """A message as sent: this process's origin, then the message in JSON."""
        return self.origin + json.dumps(message, separators=(",", ":"), ensure_ascii=False)

    async def run_publisher(self) -> None:
        while True:
            item = await self.queue.get()
            batch = [item]
            while not self.queue.empty() and len(batch) < 256:
                batch.append(self.queue.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for code, text in batch:
                        pipe.publish(self.room_channel(code), text)
                    received = await pipe.execute()
                self.published += len(batch)
                for (code, _), count in zip(batch, received, strict=True):
                    # Its receivers, less this process's own subscription to the channel.
                    if int(count) - (code in self.following) > 0:
                        self.alone.discard(code)
                    else:
                        self.alone.add(code)
            except Exception as exc:
                # Redis away: the other processes will catch up from the database.
                self.lost += len(batch)
                log.warning("fan-out: %d message(s) not published (%s)", len(batch), exc)
                await asyncio.sleep(0.2)

    async def run_subscriber(
        self,
        on_message: Callable[[dict[str, Any]], None],
        on_reconnect: Callable[[], None],
        held: Callable[[], Collection[str]],
        on_follow: Callable[[list[str]], None],
    ) -> None:
        """Receive the changes of the rooms ``held`` here, each on its room's channel
        (subscribed to and left as :attr:`rooms_changed` says they come and go): each
        message from another process goes to ``on_message``. ``on_follow`` gets the rooms
        whose channels were just subscribed to, to look for a change stored before (a
        message published then was not heard here); ``on_reconnect`` is called after
        each (re)connection. The base channel keeps the subscription open with no room."""
        delay = 0.1
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            follower: asyncio.Task[None] | None = None
            self.following = set()
            try:
                await pubsub.subscribe(self.channel)
                await self._follow_rooms(pubsub, held)  # on_reconnect looks at them all
                follower = asyncio.get_running_loop().create_task(
                    self._keep_following(pubsub, held, on_follow))
                self.connected.set()
                on_reconnect()
                delay = 0.1
                mine, start = self.origin.encode(), len(self.origin)
                async for item in pubsub.listen():
                    data = item.get("data")
                    if item.get("type") != "message" or not isinstance(data, bytes) or \
                            data.startswith(mine):
                        continue
                    self.received += 1
                    try:
                        message = json.loads(data[start:])
                    except ValueError:
                        continue
                    if isinstance(message, dict):
                        self.alone.discard(message.get("c"))  # another process follows it
                        on_message(message)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.connected.clear()
                log.warning("fan-out: Redis subscription lost (%s); retrying", exc)
                await asyncio.sleep(delay)
                delay = min(2.0, delay * 2)
            finally:
                if follower is not None:
                    follower.cancel()
                    with contextlib.suppress(BaseException):
                        await follower
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    async def _keep_following(self, pubsub: Any, held: Callable[[], Collection[str]],
                              on_follow: Callable[[list[str]], None]) -> None:
        """Follow the rooms held here as they come and go (while the subscription lasts);
        a failure ends the subscription, which starts again whole."""
        try:
            while True:
                await self.rooms_changed.wait()
                new = await self._follow_rooms(pubsub, held)
                if new:
                    on_follow(new)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("fan-out: room channels not followed (%s); subscribing again", exc)
            with contextlib.suppress(Exception):
                await pubsub.aclose()  # the listener fails, and subscribes again

    async def _follow_rooms(self, pubsub: Any, held: Callable[[], Collection[str]]
                            ) -> list[str]:
        """Subscribe to the channels of the rooms held here and not yet followed, leave
        those of the rooms let go; return the rooms newly followed."""
        self.rooms_changed.clear()
        wanted = set(held())
        new, gone = sorted(wanted - self.following), sorted(self.following - wanted)
        if gone:
            await pubsub.unsubscribe(*map(self.room_channel, gone))
            self.following.difference_update(gone)
        if new:
            await pubsub.subscribe(*map(self.room_channel, new))
            self.following.update(new)
            await self._announce(new)
        return new

    async def _announce(self, codes: list[str]) -> None:
        """Say on the channels of ``codes`` that this process follows them: the process
        holding such a room sends its moves again (:attr:`alone`)."""
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for code in codes:
                    pipe.publish(self.room_channel(code), self._text({"k": "follow", "c": code}))
                await pipe.execute()
        except Exception as exc:  # the next renewal of marks asks again
            log.warning("fan-out: %d room(s) followed unannounced (%s)", len(codes), exc)

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.redis.aclose()


class HeldRooms(dict[str, Room]):
    """The rooms a process holds in memory (``Hub.rooms``): a room coming or going sets
    ``changed``, so that the process follows the channels of the rooms it holds."""

    def __init__(self, changed: asyncio.Event) -> None:
        super().__init__()
        self.changed = changed

    def __setitem__(self, code: str, room: Room) -> None:
        if code not in self:
            self.changed.set()
        super().__setitem__(code, room)

    def __delitem__(self, code: str) -> None:
        super().__delitem__(code)
        self.changed.set()

    def pop(self, code: str, *default: Any) -> Any:
        if code in self:
            self.changed.set()
        return super().pop(code, *default)


class ClusterHub(Hub):
    """A hub that shares its rooms with the other processes of the service."""

    def __init__(
        self, store: Storage, catalog: Catalog, bus: Bus | None = None, **kw: Any
    ) -> None:
        super().__init__(store, catalog, **kw)
        # A room's screens may be connected to another process (after a failover): its
        # bots play on here, watched or not (the proxy's own limits bound what a device
        # may open).
        self.bots_need_a_screen = False
        self.bus = bus
        if bus is not None:
            self.rooms = HeldRooms(bus.rooms_changed)
        self.leases: LocalLeases | RedisLeases = (
            RedisLeases(bus.redis) if bus is not None else LocalLeases()
        )
        self.conflicts = 0
        #: Copies brought up to the stored room with the moves they lacked (:meth:`_follow`).
        self.followed = 0
        self._tasks: list[asyncio.Task[None]] = []
        self._locks: dict[str, asyncio.Lock] = {}

    # -- start and stop --------------------------------------------------------------
    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(self._resync_loop()))
        if self.bus is not None:
            self._tasks.append(loop.create_task(self._hold_loop()))
            self._tasks.append(loop.create_task(self.bus.run_publisher()))
            self._tasks.append(loop.create_task(
                self.bus.run_subscriber(self.on_message, self._resync_soon,
                                        self.rooms.keys, self._followed)))

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        await super().close()
        if self.bus is not None:
            await self.bus.close()

    def load(self) -> int:
        """With other processes (Redis), restore no room at start-up: each room is loaded
        by the process its requests are routed to, and the rooms nobody holds are claimed
        by :meth:`claim_orphans` (their timers and bots go on). Alone, as :class:`Hub`."""
        if self.bus is None:
            return super().load()
        return 0

    def load_later(self) -> int:
        """As :meth:`load`: with other processes, nothing to list (:meth:`claim_orphans`)."""
        if self.bus is None:
            return super().load_later()
        return 0

    # -- the action path ---------------------------------------------------------------
    async def act(
        self, room: Room, seat: int, action: Action, retry: bool = True, *, person: bool = False
    ) -> list[Event]:
        """As :meth:`Hub.act`; on a version conflict, catch up and check again (a person's
        move is checked again on the fresh copy, early return included)."""
        code = room.code
        for _ in range(RETRIES):
            wanted = room.seq + 1
            try:
                events = await super().act(room, seat, action, person=person)
            except LudinumError as exc:
                if exc.code != "storage_unavailable":
                    # Refused on this copy: if another process moved on, look again there.
                    if retry and await self._behind(room):
                        await self._follow(code)
                        fresh = self.rooms.get(code)
                        if fresh is not None:
                            room = fresh
                            continue
                    raise
                fresh = self.rooms.get(code)
                if isinstance(exc, LostVersion) and retry and fresh is not None:
                    # Another process stored this version first (or this move was written
                    # with one that lost): the room was reloaded as stored, before the other
                    # process's message arrived; the move is checked again there.
                    self.conflicts += 1
                    room = fresh
                    continue
                if fresh is None or fresh.seq < wanted or not retry:
                    # Not a conflict (the database failed), or a bot/timer: no retry.
                    if fresh is not None and fresh.seq >= wanted:
                        self.conflicts += 1
                    raise
                self.conflicts += 1
                room = fresh
                continue
            self._publish(room, "act", seat=seat, action=action.to_json())
            return events
        raise refuse("busy", "La partie change trop vite : réessaie.",
                     "The game is changing too fast: try again.")

    # -- joins and host commands: one process at a time, on a fresh copy ----------------
    async def join(self, code: str, nickname: object, seat: int | None = None
                   ) -> tuple[int, str]:
        async with self._room_lock(code):
            return await super().join(code, nickname, seat)

    async def command(self, room: Room, kind: str, message: dict[str, Any]) -> None:
        async with self._room_lock(room.code):
            fresh = self.rooms.get(room.code, room)
            await super().command(fresh, kind, message)
        await self._mark(room.code)

    @contextlib.asynccontextmanager
    async def _room_lock(self, code: str) -> AsyncIterator[None]:
        """Seats and status are one row written whole: change them under a PostgreSQL
        advisory lock of the room, after catching up with the stored version. The lock
        is taken and released in a worker thread (never on the event loop)."""
        if self.store.engine.dialect.name != "postgresql":
            yield
            return
        key = int.from_bytes(code.encode()[:8].ljust(8, b" "), "big") & 0x7FFFFFFF
        local = self._locks.setdefault(code, asyncio.Lock())
        async with local:  # one waiter per room and process on the database's lock
            try:
                # The wait for another process is spent in a thread of its own (not a
                # reader: the holder may need one to finish).
                conn = await asyncio.to_thread(self._lock_room, key)
            except Exception:
                log.exception("room lock: database unavailable")
                raise storage_error() from None
            try:
                await self._catch_up_stored(code)
                yield
            finally:
                with contextlib.suppress(Exception):
                    await asyncio.to_thread(self._unlock_room, conn, key)

    def _followed(self, codes: list[str]) -> None:
        """The rooms whose channels were just subscribed to: a move another process stored
        before was published where nobody here listened (or not published: nobody else
        followed the room), so each looks at storage now and once more a moment later."""
        self._look_at_storage(codes)
        asyncio.get_running_loop().call_later(FOLLOW_AGAIN, self._look_at_storage, codes)

    def _look_at_storage(self, codes: list[str]) -> None:
        for code in codes:
            self._spawn(self._catch_up_stored(code))

    async def _catch_up_stored(self, code: str) -> None:
        """Bring this process's copy of ``code``, if any, up to the stored room when
        storage holds a newer version (:meth:`_behind`, :meth:`_follow`)."""
        room = self.rooms.get(code)
        if room is not None and await self._behind(room):
            await self._follow(code)

    def _forget(self, code: str) -> None:
        super()._forget(code)
        lock = self._locks.get(code)
        if lock is not None and not lock.locked():
            del self._locks[code]

    def _lock_room(self, key: int) -> Connection:
        conn = self.store.engine.connect()
        try:
            conn.execute(text("SELECT pg_advisory_lock(:a, :b)"), {"a": ROOM_LOCK, "b": key})
        except Exception:
            conn.close()
            raise
        return conn

    def _unlock_room(self, conn: Connection, key: int) -> None:
        try:
            conn.execute(text("SELECT pg_advisory_unlock(:a, :b)"), {"a": ROOM_LOCK, "b": key})
            conn.commit()
        finally:
            conn.close()

    async def _behind(self, room: Room) -> bool:
        """True when the database holds a newer version of the room than this copy. A copy
        with writes of its own under way is ahead of the database, not behind it: reloading
        it would drop those moves (while they are stored) and let the next move reuse their
        versions; if another process did move on, those writes lose and the room is
        reloaded then."""
        if room.code in self._inflight:
            return False
        try:
            stored = await self.writer.read(self._version, room.id)
        except Exception:
            return False
        if stored is None or room.code in self._inflight:
            return False
        return _newer(stored, room)

    def _version(self, room_id: int) -> tuple[int, float] | None:
        with self.store.engine.connect() as conn:
            row = conn.execute(
                select(rooms.c.seq, rooms.c.updated_at).where(rooms.c.id == room_id)
            ).first()
        return None if row is None else (int(row[0]), float(row[1]))

    async def _save_room(self, room: Room, rewrite: dict[int, dict[str, Any]] | None = None
                         ) -> None:
        await super()._save_room(room, rewrite)
        self._publish(room, "room")

    def _publish(self, room: Room, kind: str, **extra: Any) -> None:
        if self.bus is None:
            return
        self.bus.publish({
            "k": kind, "c": room.code, "s": room.seq, "st": room.status,
            "da": room.deadline_at, "dl": room.deadline_left, "sa": room.session_at,
            "sl": room.session_left, "u": room.updated_at, **extra,
        })

    # -- messages from the other processes ---------------------------------------------
    def on_message(self, message: dict[str, Any]) -> None:
        code = message.get("c")
        if not isinstance(code, str) or message.get("k") == "follow":
            return  # an announcement: Bus.alone has heard it
        try:
            self._catch_up(code, message)
        except Exception:
            log.exception("fan-out: cannot follow room %s; reloading it", code)
            self._forget(code)
            self._spawn(self._reload(code))

    def _catch_up(self, code: str, message: dict[str, Any]) -> None:
        room = self.rooms.get(code)
        if room is None:
            return  # another process's room: loaded here only if a request names it
        if code in self._inflight or code in self._recovering or self.writer.failed(code):
            # This copy has writes of its own under way: the database decides, reload.
            self._spawn(self._follow_when_idle(code))
            return
        seq = int(message.get("s", 0))
        if message.get("k") == "act" and seq == room.seq + 1:
            seat = int(message["seat"])
            public = self._apply_stored(room, seq, seat, dict(message["action"]),
                                        self._personal.setdefault(code, {}),
                                        self.bots.setdefault(code, {}))
            room.settle(seat, public, float(message["u"]))  # its timer object, the news
            # The status and clocks as the process that took the move stored them.
            room.status = str(message["st"])
            room.deadline_at = message.get("da")
            room.deadline_left = message.get("dl")
            room.session_at, room.session_left = message.get("sa"), message.get("sl")
            self._watch_devices(room, self.clock(), seat)
            self._broadcast(room)
            self._schedule(room)
            return
        if seq < room.seq or (seq == room.seq and message.get("k") == "act"):
            return  # already here
        self._spawn(self._follow(code))

    async def _follow(self, code: str) -> None:
        """Bring this process's copy of ``code`` up to the stored room with what it lacks
        only: the room's row and the actions after its version, applied here as the
        other process's messages are (a few moves, not the whole log replayed on the
        event loop: issue 19). The whole log is replayed instead (:meth:`_reload`) when
        the copy cannot follow that way: its own writes are under way or failed, it
        changed while the read was out, storage is behind it, or a move does not apply."""
        room = self.rooms.get(code)
        if room is None or self._writing(code):
            await self._reload_and_settle(code)
            return
        seq = room.seq
        try:
            loaded = await self.writer.read(self._stored_after, code, seq)
        except Exception:
            log.exception("storage failed reading room %s", code)
            return  # the next resync looks again
        if self.rooms.get(code) is not room or room.seq != seq or self._writing(code):
            await self._reload_and_settle(code)
            return
        if loaded is None:
            self._forget(code)
            return
        row, missing = loaded
        if row.seq < seq or [m[0] for m in missing] != list(range(seq + 1, row.seq + 1)):
            await self._reload_and_settle(code)
            return
        try:
            bots, personal = self.bots.setdefault(code, {}), self._personal.setdefault(code, {})
            public = False
            for at, seat, data in missing:
                public = self._apply_stored(room, at, seat, data, personal, bots) or public
                self._watch_devices(room, self.clock(), seat)  # each move, as when it was taken
            if public:  # seen when the other process stored it
                room.note_move(row.updated_at, public)
            self._take_row(room, row)
            room.note_move(self.clock(), False)  # a seat, the status or the lock changed there
        except Exception:
            log.exception("room %s cannot follow its log; replaying it whole", code)
            self._forget(code)
            await self._reload_and_settle(code)
            return
        self.followed += 1
        self._after_reload(room)
        self._broadcast(room)
        if not room.live:
            self._forget_live(room)

    def _writing(self, code: str) -> bool:
        """Whether this process has writes of the room under way, or one that failed."""
        return code in self._inflight or code in self._recovering or self.writer.failed(code)

    def _stored_after(self, code: str, seq: int
                      ) -> tuple[RoomRow, list[tuple[int, int, dict[str, Any]]]] | None:
        """In a reader thread: the room's row, then its actions after ``seq`` up to the
        row's version (committed with it)."""
        row = self.store.room(code)
        if row is None:
            return None
        return row, self.store.actions(row.id, after=seq, upto=row.seq)

    async def _follow_when_idle(self, code: str) -> None:
        """:meth:`_follow` once this process's own writes of the room are stored (its copy
        then agrees with storage up to its version)."""
        while code in self._inflight or code in self._recovering:
            await asyncio.sleep(0.01)
        await self._follow(code)

    async def _reload_and_settle(self, code: str) -> None:
        await self._reload(code)
        fresh = self.rooms.get(code)
        if fresh is not None and not fresh.live:
            self._forget_live(fresh)

    async def resync(self) -> None:
        """Reload the rooms whose stored version differs from the live copy here, and the
        rooms dropped after a storage failure that still have clients here."""
        for code in list(self.clients):
            if code not in self.rooms and self._watched(code):
                try:
                    self._broadcast(await self.room(code))
                except Exception as exc:
                    log.warning("resync: room %s not back yet (%s)", code, exc)
        if not self.rooms:
            return
        try:
            stored = await self.writer.read(self._versions, list(self.rooms))
        except Exception as exc:
            log.warning("resync: database unavailable (%s)", exc)
            return
        for code, room in list(self.rooms.items()):
            version = stored.get(code)
            if version is None:
                if room.live:
                    self._forget(code)
                continue
            if code in self._inflight or code in self._recovering:
                continue  # its own writes are under way: checked again next time
            # A stored version older than the copy: its own moves landed after the read.
            if _newer(version, room):
                try:
                    await self._follow(code)
                except Exception:
                    log.exception("resync: cannot reload room %s", code)

    def _versions(self, codes: list[str]) -> dict[str, tuple[int, float]]:
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                select(rooms.c.code, rooms.c.seq, rooms.c.updated_at)
                .where(rooms.c.code.in_(codes))
            ).all()
        return {str(r[0]): (int(r[1]), float(r[2])) for r in rows}

    # -- which process holds which room ---------------------------------------------------
    def _watched(self, code: str) -> bool:
        """True when a client of this process has the room open."""
        return any(not c.closed for c in self.clients.get(code, ()))

    def _held_key(self, code: str) -> str:
        assert self.bus is not None
        return f"{self.bus.channel}:held:{code}"

    def _set_mark(self, redis: Any, code: str) -> Any:
        """Mark ``code`` as this process's for :data:`HOLD_TTL` seconds, on ``redis`` (the
        client, whose answer is awaited, or a pipeline, which queues the command)."""
        assert self.bus is not None
        return redis.set(self._held_key(code), self.bus.origin, ex=HOLD_TTL)

    async def hold(self) -> list[str]:
        """Renew this process's marks on the live rooms it holds (one pipeline): the rooms
        whose clients are here are marked as this process's; a copy with no client here
        that another process holds is let go (its clients are there: the room was created
        here, or a request reached this process by chance). Returns the codes let go."""
        assert self.bus is not None
        self.bus.alone.clear()  # each room's next message asks Redis again who follows it
        codes = [code for code, room in self.rooms.items() if room.live]
        if not codes:
            return []
        served = {c for c in codes if self._watched(c)}
        others = [c for c in codes if c not in served]
        redis = self.bus.redis
        marks = await redis.mget([self._held_key(c) for c in others]) if others else []
        origin = self.bus.origin.encode()
        mine = sorted(served) + [c for c, m in zip(others, marks, strict=True)
                                 if m is None or m == origin]
        released = [c for c, m in zip(others, marks, strict=True)
                    if m is not None and m != origin]
        async with redis.pipeline(transaction=False) as pipe:
            for code in mine:
                self._set_mark(pipe, code)
            await pipe.execute()
        let_go = []
        for code in released:
            # Looked at again: a phone may have come during the renewal. A copy whose bots
            # were about to move goes too, its bot loop with it (the process that marks the
            # room plays them): a copy that followed the start of a game of bots would
            # otherwise never be idle, and both processes would play its bots to the end.
            if code not in self._inflight and code not in self._recovering \
                    and code not in self._loading and not self._watched(code):
                self._forget(code)
                let_go.append(code)
        return let_go

    async def _mark(self, code: str) -> None:
        """Mark a live room as this process's at once (a host's command was played here:
        the room is normally pinned here), rather than at the next renewal: until then the
        other processes' copies, which follow the change, could mark it first."""
        room = self.rooms.get(code)
        if self.bus is None or room is None or not room.live:
            return
        try:
            await self._set_mark(self.bus.redis, code)
        except Exception as exc:  # Redis away: the next renewal marks it
            log.warning("room %s not marked (%s)", code, exc)

    async def claim_orphans(self) -> list[str]:
        """Load the rooms under way that no process holds, each claimed by one process only
        (``SET NX``): the rooms of a dead process, or of a restart. Returns their codes."""
        assert self.bus is not None
        codes = [c for c in await self.writer.read(self._playing_codes) if c not in self.rooms]
        if not codes:
            return []
        redis = self.bus.redis
        marks = await redis.mget([self._held_key(c) for c in codes])
        claimed = []
        for code, mark in zip(codes, marks, strict=True):
            if mark is None and await redis.set(self._held_key(code), self.bus.origin,
                                                ex=HOLD_TTL, nx=True):
                try:
                    await self.room(code)
                except LudinumError as exc:
                    log.warning("room %s not claimed: %s", code, exc.en)
                    continue
                claimed.append(code)
        if claimed:
            log.info("took over %d room(s) that no process held", len(claimed))
        return claimed

    def _playing_codes(self) -> list[str]:
        """The rooms under way: the only ones with something to move (timers, bots, the
        session clock). A lobby or a paused game waits for a request, loaded when it comes."""
        with self.store.engine.connect() as conn:
            rows = conn.execute(select(rooms.c.code).where(rooms.c.status == PLAYING)).all()
        return [str(r[0]) for r in rows]

    async def _hold_loop(self) -> None:
        # The first sweep waits for a mark's lifetime: after a restart of the service, the
        # rooms that phones ask for are loaded by the process nginx routes them to; only
        # the rest is claimed (by whichever process sweeps first).
        started = asyncio.get_running_loop().time()
        while True:
            try:
                await self.hold()
                if asyncio.get_running_loop().time() - started >= HOLD_TTL:
                    await self.claim_orphans()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis or the database away: next round
                log.warning("room marks not renewed (%s)", exc)
            await asyncio.sleep(HOLD_EVERY)

    def _resync_soon(self) -> None:
        self._spawn(self.resync())

    async def _resync_loop(self) -> None:
        while True:
            await asyncio.sleep(RESYNC_EVERY)
            try:
                await self.resync()
            except Exception:
                log.exception("resync failed")

    # -- timers and bots under a lease ---------------------------------------------------
    def _timer_fired(self, code: str, at: float) -> None:
        self._spawn(self._fire_leased(code, at))

    async def _fire_leased(self, code: str, at: float) -> None:
        while True:
            room = self.rooms.get(code)
            if room is None or room.deadline_at != at:
                return
            seq = room.seq
            if await self.leases.acquire(code, seq):
                break
            await asyncio.sleep(self.leases.ttl)  # the holder moves, or its lease expires
            room = self.rooms.get(code)
            if room is None or room.seq != seq:
                return
        room = self.rooms.get(code)
        if room is None or room.seq != seq or room.deadline_at != at:
            return
        due = room.due_action()
        if due is None:
            room.clear_deadline()
            return
        try:
            await self.act(room, *due, retry=False)
        except LudinumError as exc:
            log.info("timer action not applied in %s: %s", code, logged_move(due[1], exc))

    async def _end_session(self, code: str, at: float) -> None:
        """The session's end under the room's lease, like a timer: one process applies it."""
        while True:
            room = self.rooms.get(code)
            if room is None or room.session_at != at:
                return
            seq = room.seq
            if await self.leases.acquire(code, seq):
                break
            await asyncio.sleep(self.leases.ttl)
        await super()._end_session(code, at)

    async def _run_bots(self, code: str) -> None:
        try:
            while True:
                await asyncio.sleep(0)
                room = self.rooms.get(code)
                if room is None or not room.bot_turns():
                    return
                if self.writer.failed(code) or code in self._recovering:
                    await self._until_writable(code)
                    continue
                seq = room.seq
                if not await self.leases.acquire(code, seq):
                    await self._wait_change(code, seq, self.leases.ttl)
                    continue
                room = self.rooms.get(code)
                if room is None or room.seq != seq or not room.bot_turns():
                    continue
                # The same move as one process's (random order, H4; bot_delay after it
                # began thinking), under the lease (3 s: longer than a bot thinks).
                seat, action = await self._bot_move(room)
                room = self.rooms.get(code)
                if room is None or room.seq != seq or seat not in room.bot_turns() \
                        or room.seats[seat].kind != BOT:
                    continue
                await self._bot_act(room, seat, action)
        except Exception:
            log.exception("bot loop failed in room %s", code)
        finally:
            if self._bot_tasks.get(code) is asyncio.current_task():
                self._bot_tasks.pop(code, None)

    async def _bot_act(self, room: Room, seat: int, action: Action) -> None:
        seq = room.seq
        try:
            await self.act(room, seat, action, retry=False)
        except LudinumError as exc:
            if exc.code in ("storage_unavailable", "busy"):
                # Another process appended first, or the database is away: look again.
                if self.rooms.get(room.code) is None:
                    await asyncio.sleep(0.5)
                return
            log.warning("bot move refused in %s: %s", room.code, logged_move(action, exc))
            if room.seq == seq and room.status == PLAYING:
                legal = room.state.legal_actions(seat)
                if legal:
                    with contextlib.suppress(LudinumError):
                        await self.act(room, seat, legal[0], retry=False)

    async def _wait_change(self, code: str, seq: int, seconds: float) -> None:
        step = 0.05
        waited = 0.0
        while waited < seconds:
            await asyncio.sleep(step)
            waited += step
            room = self.rooms.get(code)
            if room is None or room.seq != seq:
                return
            step = min(0.5, step * 2)


def make_hub(store: Storage, catalog: Catalog, redis_url: str | None, **kw: Any) -> Hub:
    """A plain hub (one process), or a cluster hub when a Redis URL is given."""
    if not redis_url:
        return Hub(store, catalog, **kw)
    channel = os.environ.get("LUDINUM_REDIS_CHANNEL") or CHANNEL
    return ClusterHub(store, catalog, Bus(redis_url, channel), **kw)


async def start(hub: Hub) -> None:
    if isinstance(hub, ClusterHub):
        await hub.start()
