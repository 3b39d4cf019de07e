"""Class sessions in the database (migration 0003): one row per class, its pupils as JSON.

Like a room's seats, a pupil is a nickname, the SHA-256 digest of their token, their table
and, once the class has started, the room and seat they play in: nothing else about them.
Class codes live in their own table (their own namespace: a class code may equal a room
code, the paths differ). Queries run in the hub's writer and reader threads.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    String,
    Table,
    Text,
    delete,
    false,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine

from ludinum.server.storage import metadata

classes = Table(
    "classes",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(16), nullable=False, unique=True),
    Column("teacher", String(64), nullable=False),
    Column("game", String(40), nullable=False),
    Column("options", Text, nullable=False),
    Column("mode", String(10), nullable=False),
    Column("table_size", Integer, nullable=False),
    Column("bot_level", String(20), nullable=False),
    Column("friends_apart", Boolean, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("status", String(10), nullable=False),
    Column("pupils", Text, nullable=False),
    Column("rooms", Text, nullable=False),
    Column("message", Text, nullable=False),
    # Migration 0006: the teacher closed the class to new pupils.
    Column("locked", Boolean, nullable=False, server_default=false()),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
)
Index("ix_classes_status", classes.c.status)

_JSON = ("options", "pupils", "rooms")


@dataclass
class ClassRow:
    id: int
    code: str
    teacher: str
    game: str
    options: dict[str, Any]
    mode: str
    table_size: int
    bot_level: str
    friends_apart: bool
    seed: int
    status: str
    pupils: list[dict[str, Any]]
    rooms: list[str]
    message: str
    created_at: float
    updated_at: float
    locked: bool = False


def _encode(values: dict[str, Any]) -> dict[str, Any]:
    out = dict(values)
    for key in _JSON:
        if key in out and not isinstance(out[key], str):
            out[key] = json.dumps(out[key], separators=(",", ":"), ensure_ascii=False)
    return out


def _row(row: Any) -> ClassRow:
    data = dict(row)
    for key in _JSON:
        data[key] = json.loads(data[key])
    data["friends_apart"] = bool(data["friends_apart"])
    data["locked"] = bool(data["locked"])
    return ClassRow(**data)


def code_exists(engine: Engine, code: str) -> bool:
    with engine.connect() as conn:
        return conn.execute(
            select(classes.c.id).where(classes.c.code == code)).first() is not None


def create(engine: Engine, values: dict[str, Any]) -> int:
    with engine.begin() as conn:
        key = conn.execute(insert(classes).values(**_encode(values))).inserted_primary_key
        assert key is not None
        return int(key[0])


def update_in(conn: Connection, class_id: int, values: dict[str, Any]) -> None:
    """A class's changed columns, in the writer's transaction."""
    conn.execute(update(classes).where(classes.c.id == class_id).values(**_encode(values)))


def load(engine: Engine, code: str) -> ClassRow | None:
    with engine.connect() as conn:
        row = conn.execute(select(classes).where(classes.c.code == code)).mappings().first()
    return _row(row) if row is not None else None


def load_all(engine: Engine) -> list[ClassRow]:
    with engine.connect() as conn:
        rows = conn.execute(select(classes).order_by(classes.c.id)).mappings().all()
    return [_row(r) for r in rows]


def purge(engine: Engine, ended_before: float, idle_before: float) -> list[str]:
    """Delete ended classes older than the retention period and abandoned ones; their
    codes (the rooms of their tables follow the rooms' own retention)."""
    with engine.begin() as conn:
        old = select(classes.c.id, classes.c.code).where(
            ((classes.c.status == "ended") & (classes.c.updated_at < ended_before))
            | (classes.c.updated_at < idle_before))
        found = conn.execute(old).all()
        if found:
            conn.execute(delete(classes).where(classes.c.id.in_([int(r[0]) for r in found])))
    return [str(r[1]) for r in found]
