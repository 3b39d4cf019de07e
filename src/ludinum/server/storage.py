"""Event-sourced storage with SQLAlchemy Core: SQLite by default, PostgreSQL by URL.

A game is its room row (configuration with its seed, mode, seats, status, timer) and its
ordered actions, one row per accepted action under the unique key (room, seq). An action is
committed before anyone is told about it; a restart replays the actions. No IP address and
nothing personal but nicknames is stored; seat tokens are stored as SHA-256 digests.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    false,
    insert,
    select,
    update,
)
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.dialects.postgresql import psycopg as psycopg_dialect
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

metadata = MetaData()

rooms = Table(
    "rooms",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(16), nullable=False, unique=True),
    Column("game", String(40), nullable=False),
    Column("config", Text, nullable=False),
    Column("mode", String(10), nullable=False),
    Column("status", String(10), nullable=False),
    Column("seats", Text, nullable=False),
    Column("host", String(64), nullable=False),
    Column("seq", Integer, nullable=False, default=0),
    Column("deadline_at", Float, nullable=True),
    Column("deadline_left", Float, nullable=True),
    Column("session_at", Float, nullable=True),  # migration 0004
    Column("session_left", Float, nullable=True),
    # Migration 0005: the host closed the room to new players (seat squatting).
    Column("locked", Boolean, nullable=False, server_default=false()),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
)
Index("ix_rooms_status", rooms.c.status)

actions = Table(
    "actions",
    metadata,
    Column("room_id", Integer, ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("at", Float, nullable=False),
)


@dataclass
class RoomRow:
    id: int
    code: str
    game: str
    config: dict[str, Any]
    mode: str
    status: str
    seats: list[dict[str, Any]]
    host: str
    seq: int
    deadline_at: float | None
    deadline_left: float | None
    created_at: float
    updated_at: float
    #: The session clock (engine/session.py): when it runs out, or what is left (paused).
    session_at: float | None = None
    session_left: float | None = None
    #: The host closed the room to new players (Room.locked).
    locked: bool = False


def default_url(directory: Path | None = None) -> str:
    path = (directory or Path.cwd()) / "ludinum.sqlite3"
    return f"sqlite:///{path}"


def normalise_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 here; a bare path means an SQLite file."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{Path(url).resolve()}"
    return url


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL + NORMAL: a commit survives the process being killed (not a power cut).
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


#: Seconds a write waits for an SQLite file locked by another program before it fails
#: (``$LUDINUM_BUSY_TIMEOUT``); the wait is in the writer thread, never on the event loop.
BUSY_TIMEOUT = 5.0


class StorageLocked(RuntimeError):
    """Another process serves this SQLite file."""


#: Lock files held by this process: path -> [file descriptor, claimed by a Storage].
_HELD: dict[str, list[int]] = {}


def sqlite_path(url: str) -> Path | None:
    """The file of an SQLite URL (``None`` for another database or an in-memory one)."""
    url = normalise_url(url)
    if not url.startswith("sqlite"):
        return None
    path = url.split(":///", 1)[1] if ":///" in url else ""
    if not path or path == ":memory:":
        return None
    return Path(path.split("?", 1)[0]).resolve()


def lock_file(url: str) -> Path | None:
    """``<db>.lock``: held (``flock``) by the one server of an SQLite file."""
    path = sqlite_path(url)
    return None if path is None else path.with_name(path.name + ".lock")


def _locked(path: Path) -> StorageLocked:
    return StorageLocked(
        f"Un autre serveur Ludinum utilise déjà {path.with_suffix('')} : arrête-le d'abord. "
        f"/ Another Ludinum server already uses this database: stop it first.")


def acquire_lock(url: str, claim: bool = True) -> Path | None:
    """Hold the lock of an SQLite file for this process.

    Two servers on one SQLite file would overwrite each other's seats: the second one
    refuses to start (``StorageLocked``), whether it is another process or another app in
    this one. ``claim=False`` reserves the lock for the next server started in this process
    (``ludinum serve`` checks before it builds the app). The kernel drops the lock with the
    process, however it ends.
    """
    path = lock_file(url)
    if path is None:
        return None
    key = str(path)
    held = _HELD.get(key)
    if held is not None:
        if held[1] or not claim:
            raise _locked(path)
        held[1] = 1
        return path
    fd = os.open(key, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise _locked(path) from None
    _HELD[key] = [fd, int(claim)]
    return path


def release_lock(url: str) -> None:
    path = lock_file(url)
    held = _HELD.pop(str(path), None) if path is not None else None
    if held is not None:
        os.close(held[0])


class Storage:
    def __init__(self, url: str, *, busy_timeout: float | None = None) -> None:
        self.url = normalise_url(url)
        if busy_timeout is None:
            busy_timeout = float(os.environ.get("LUDINUM_BUSY_TIMEOUT") or BUSY_TIMEOUT)
        kw: dict[str, Any] = {}
        if self.url.startswith("sqlite"):
            # The wait for a write lock held by another program: it is spent in the
            # writer thread (server/writer.py), never on the event loop.
            kw["connect_args"] = {"timeout": busy_timeout, "check_same_thread": False}
        # hide_parameters: a statement's values never go into an error's text, which the
        # server logs (a seat's move, a W15 answer, the seats' token digests).
        self.engine: Engine = create_engine(self.url, future=True, hide_parameters=True, **kw)
        self.locked = False
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)

    def lock(self) -> None:
        """Take the SQLite file's lock for the life of this server (see ``acquire_lock``)."""
        if not self.locked:
            acquire_lock(self.url)
            self.locked = True

    def migrate(self) -> None:
        from ludinum.server.migrate import upgrade

        upgrade(self.engine)

    def close(self) -> None:
        self.engine.dispose()
        if self.locked:
            release_lock(self.url)
            self.locked = False

    # -- rooms -----------------------------------------------------------------------
    def create_room(self, values: dict[str, Any]) -> int:
        with self.engine.begin() as conn:
            result = conn.execute(insert(rooms).values(**_encode(values)))
            key = result.inserted_primary_key
            assert key is not None
            return int(key[0])

    def update_room(self, room_id: int, values: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(rooms).where(rooms.c.id == room_id).values(**_encode(values)))

    def code_exists(self, code: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(rooms.c.id).where(rooms.c.code == code)).first() is not None

    def room(self, code: str) -> RoomRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(rooms).where(rooms.c.code == code)).mappings().first()
        return _row(row) if row is not None else None

    def rooms_with_status(self, statuses: Iterable[str]) -> list[RoomRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(rooms).where(rooms.c.status.in_(list(statuses))).order_by(rooms.c.id)
            ).mappings().all()
        return [_row(r) for r in rows]

    # -- actions ---------------------------------------------------------------------
    def append(
        self, room_id: int, seq: int, seat: int, action: dict[str, Any], at: float,
        room_values: dict[str, Any], rewrite: Mapping[int, dict[str, Any]] | None = None,
    ) -> None:
        """Store one accepted action and the room's new status in one transaction, with
        ``rewrite`` (``{seq: action}``): earlier actions to store in another form (personal
        answers redacted once they have served, W15).

        The (room, seq) key refuses a second action with the same number (IntegrityError).
        """
        with self.engine.begin() as conn:
            append_in(conn, room_id, seq, seat, action, at, room_values, rewrite)

    def actions(self, room_id: int, after: int = 0, upto: int | None = None
                ) -> list[tuple[int, int, dict[str, Any]]]:
        """``(seq, seat, action JSON)`` in order: all of them, or those after version
        ``after`` up to ``upto`` (what a copy of the room at ``after`` lacks)."""
        where = actions.c.room_id == room_id
        if after:
            where = where & (actions.c.seq > after)
        if upto is not None:
            where = where & (actions.c.seq <= upto)
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions.c.seq, actions.c.seat, actions.c.action)
                .where(where)
                .order_by(actions.c.seq)
            ).all()
        return [(int(r[0]), int(r[1]), json.loads(r[2])) for r in rows]

    # -- retention -------------------------------------------------------------------
    def purge(self, finished_before: float, idle_before: float) -> int:
        """Delete finished games older than the retention period, and abandoned rooms."""
        with self.engine.begin() as conn:
            old = select(rooms.c.id).where(
                (rooms.c.status.in_(["finished", "ended"]) & (rooms.c.updated_at < finished_before))
                | (rooms.c.updated_at < idle_before)
            )
            ids = [int(r[0]) for r in conn.execute(old).all()]
            if ids:
                conn.execute(delete(actions).where(actions.c.room_id.in_(ids)))
                conn.execute(delete(rooms).where(rooms.c.id.in_(ids)))
        return len(ids)


#: Statements of the action path, built once (SQLAlchemy then reuses their compiled form).
_INSERT_ACTION = insert(actions)
_REWRITE_ACTION = update(actions).where(
    (actions.c.room_id == bindparam("rid")) & (actions.c.seq == bindparam("old_seq"))
).values(action=bindparam("form"))
_STEP_KEYS = frozenset({"status", "deadline_at", "deadline_left", "session_at",
                        "session_left", "updated_at"})
_UPDATE_STEP = update(rooms).where(rooms.c.id == bindparam("rid")).values(
    {k: bindparam(k) for k in ("seq", *sorted(_STEP_KEYS))})


def _encode(values: dict[str, Any]) -> dict[str, Any]:
    out = dict(values)
    for key in ("config", "seats"):
        if key in out and not isinstance(out[key], str):
            out[key] = json.dumps(out[key], separators=(",", ":"), ensure_ascii=False)
    return out


def _row(row: Any) -> RoomRow:
    return RoomRow(
        id=int(row["id"]),
        code=str(row["code"]),
        game=str(row["game"]),
        config=json.loads(row["config"]),
        mode=str(row["mode"]),
        status=str(row["status"]),
        seats=json.loads(row["seats"]),
        host=str(row["host"]),
        seq=int(row["seq"]),
        deadline_at=row["deadline_at"],
        deadline_left=row["deadline_left"],
        created_at=float(row["created_at"]),
        updated_at=float(row["updated_at"]),
        session_at=row["session_at"],
        session_left=row["session_left"],
        locked=bool(row["locked"]),
    )


@dataclass(frozen=True, slots=True)
class Append:
    """One accepted action and the room's row after it, as a write of the group commit
    (``server/writer.py``): called alone it runs its own statements; the writer hands the
    appends of one transaction to :func:`append_many` together, which writes them in a
    few statements whatever their number (issue 19: an action cost 61–75 µs of the writer's
    CPU one statement at a time, 32–36 µs so, batches of 10)."""

    room_id: int
    seq: int
    seat: int
    action: dict[str, Any]
    at: float
    room_values: dict[str, Any]
    rewrite: Mapping[int, dict[str, Any]] | None = None

    def __call__(self, conn: Connection) -> None:
        append_many(conn, [self])


def append_in(
    conn: Connection, room_id: int, seq: int, seat: int, action: dict[str, Any], at: float,
    room_values: dict[str, Any], rewrite: Mapping[int, dict[str, Any]] | None = None,
) -> None:
    """The statements of :meth:`Storage.append`, in the caller's transaction."""
    append_many(conn, [Append(room_id, seq, seat, action, at, room_values, rewrite)])


@dataclass(slots=True)
class _Batch:
    """The rows a run of appends writes (:func:`append_many`, :func:`append_alone`)."""

    inserts: list[dict[str, Any]]  # actions, in order
    rewrites: list[dict[str, Any]]  # earlier actions stored in another form (W15)
    steps: list[dict[str, Any]]  # each room's row as its last append leaves it
    others: list[Any]  # a room's row changed beyond a step: statements of their own


def _last_of_each_room(appends: Sequence[Append]) -> Collection[Append]:
    return {a.room_id: a for a in appends}.values()


def _batch(appends: Sequence[Append], last: Collection[Append] | None = None) -> _Batch:
    """The rows ``appends`` write; ``last``: their last append of each room, when the
    caller has it already (:func:`_last_of_each_room`)."""
    inserts = [{"room_id": a.room_id, "seq": a.seq, "seat": a.seat,
                "action": json.dumps(a.action, separators=(",", ":")), "at": a.at}
               for a in appends]
    rewrites = [row for a in appends for row in _rewrites(a.room_id, a.rewrite)]
    # An earlier update of the same row would be overwritten within the batch anyway.
    steps, others = [], []
    for a in _last_of_each_room(appends) if last is None else last:
        values = _encode(a.room_values)
        if set(values) == _STEP_KEYS:
            steps.append({"rid": a.room_id, "seq": a.seq, **values})
        else:
            others.append(update(rooms).where(rooms.c.id == a.room_id).values(
                seq=a.seq, **values))
    return _Batch(inserts, rewrites, steps, others)


def append_many(conn: Connection, appends: Sequence[Append]) -> None:
    """Several appends in the caller's transaction, in their order: their actions in one
    statement, then each room's row as its last append leaves it."""
    batch = _batch(appends)
    direct = conn.dialect.name == "sqlite"
    if direct:  # the columns' order of _INSERT_DIRECT (checked below its definition)
        _run_direct(conn, _INSERT_DIRECT[0], [tuple(row.values()) for row in batch.inserts])
    else:
        conn.execute(_INSERT_ACTION, batch.inserts)
    if batch.rewrites:
        conn.execute(_REWRITE_ACTION, batch.rewrites)
    for statement in batch.others:
        conn.execute(statement)
    if batch.steps and direct:
        keys = _STEP_DIRECT[1]
        _run_direct(conn, _STEP_DIRECT[0],
                    [tuple([row[k] for k in keys]) for row in batch.steps])
    elif batch.steps:
        conn.execute(_UPDATE_STEP, batch.steps)


def append_alone(engine: Engine, appends: Sequence[Append]) -> bool:
    """On PostgreSQL, several appends that only step their rooms (no rewrite, no other
    change of a room's row) in one statement outside any transaction: one statement is
    its own transaction, committed before its answer. True once written; False when they
    need :func:`append_many` in a transaction (another database, another change).

    One statement is one round trip. The writer thread waits for each answer without the
    interpreter lock, then must take it back from a busy event loop, which may keep it
    for the switch interval (5 ms): with ``BEGIN``, the actions, the rooms and ``COMMIT``
    a batch of 27 actions took a median 13.6 ms at 2,000 actions/s offered, in one
    statement a batch of 20 takes 4.6 ms (issue 19)."""
    # Declined before any action is encoded: the transaction's path encodes them again.
    if engine.dialect.name != "postgresql" or any(a.rewrite for a in appends):
        return False
    last = _last_of_each_room(appends)
    if any(set(a.room_values) != _STEP_KEYS for a in last):
        return False
    batch = _batch(appends, last)
    columns = {name: [row[name] for row in batch.inserts] for name in _ACTION_COLUMNS}
    columns.update({"step_" + name: [row[name] for row in batch.steps]
                    for name in ("rid", "seq", *_STEP_ORDER)})
    with engine.connect() as conn:
        conn.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql(
            _APPEND_PG, columns)
    return True


_ACTION_COLUMNS = ("room_id", "seq", "seat", "action", "at")
_STEP_ORDER = tuple(sorted(_STEP_KEYS))
_PG_DIALECT = psycopg_dialect.dialect()  # type: ignore[no-untyped-call]
#: Each column's type on PostgreSQL, from the tables (``rid``: a room's id).
_PG_TYPES = {c.name: c.type.compile(dialect=_PG_DIALECT)
             for c in (*rooms.c, *actions.c, rooms.c.id.label("rid"))}


def _unnest(names: Sequence[str], prefix: str = "") -> str:
    return "unnest(" + ", ".join(
        f"%({prefix}{name})s::{_PG_TYPES[name]}[]" for name in names) + ")"


#: :func:`append_alone`'s one statement: the rooms' rows stepped, the actions inserted,
#: each column given as an array.
_APPEND_PG = (
    "WITH step AS (UPDATE rooms SET seq = v.seq, "
    + ", ".join(f"{name} = v.{name}" for name in _STEP_ORDER)
    + " FROM " + _unnest(("rid", "seq", *_STEP_ORDER), "step_")
    + " AS v(rid, seq, " + ", ".join(_STEP_ORDER) + ") WHERE rooms.id = v.rid) "
    + "INSERT INTO actions (" + ", ".join(_ACTION_COLUMNS) + ") SELECT * FROM "
    + _unnest(_ACTION_COLUMNS)
)


def _qmark(statement: Any) -> tuple[str, tuple[str, ...]]:
    """A statement as SQLite's own module runs it: its SQL and its parameters' names in
    order (taken from the tables above, so the two paths cannot drift apart)."""
    compiled = statement.compile(dialect=sqlite_dialect.dialect(paramstyle="qmark"))
    return str(compiled), tuple(compiled.positiontup or ())


#: The two statements of every action, for SQLite's module directly (:func:`_run_direct`).
_INSERT_DIRECT = _qmark(_INSERT_ACTION)
_STEP_DIRECT = _qmark(_UPDATE_STEP)
assert _INSERT_DIRECT[1] == ("room_id", "seq", "seat", "action", "at"), _INSERT_DIRECT


def _run_direct(conn: Connection, sql: str, params: list[tuple[Any, ...]]) -> None:
    """``sql`` for each of ``params`` on SQLite, by its module's own ``executemany``, in
    the same transaction: SQLAlchemy's handling of each row's parameters cost the writer
    thread 30–32 µs per action in batches of 10, this 19 µs (issue 19; its CPU is the event
    loop's too, under the one interpreter lock). A refused key is SQLAlchemy's
    ``IntegrityError`` as on the other path (the hub tells a lost version by it)."""
    cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    try:
        cursor.executemany(sql, params)
    except sqlite3.IntegrityError as exc:
        raise IntegrityError(sql, None, exc) from None
    finally:
        cursor.close()


def update_room_in(conn: Connection, room_id: int, values: dict[str, Any],
                   rewrite: Mapping[int, dict[str, Any]] | None = None) -> None:
    """The room's row changed, and ``rewrite`` (``{seq: action}``): stored actions to
    store in another form (personal answers the stopped game no longer needs, W15)."""
    conn.execute(update(rooms).where(rooms.c.id == room_id).values(**_encode(values)))
    if rewrite:
        conn.execute(_REWRITE_ACTION, _rewrites(room_id, rewrite))


def _rewrites(room_id: int, rewrite: Mapping[int, dict[str, Any]] | None
              ) -> list[dict[str, Any]]:
    """The parameters of :data:`_REWRITE_ACTION` for ``rewrite`` (``{seq: action}``)."""
    return [{"rid": room_id, "old_seq": seq, "form": json.dumps(form, separators=(",", ":"))}
            for seq, form in (rewrite or {}).items()]
