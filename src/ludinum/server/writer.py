"""The database off the event loop: a group-commit writer thread and a pool of readers.

Every write of the hub (an action, a join, a host command) is queued here and the event
loop goes on. The writes queued during one loop tick — and those queued while the previous
batch was being written — go to the database together, in one transaction, in one thread
with its own connection: one commit (one ``fsync`` on PostgreSQL) for the whole batch. Each
write has a future that the hub awaits before telling anyone, so an acknowledged change is
always durable.

A failed write fails every write of the same room in its batch, and the writes of that room
queued after it (they were built on the state that could not be saved); the room stays
refused (:meth:`Writer.failed`) until the hub has reloaded it and calls :meth:`Writer.clear`.
When a batch fails, each room of the batch is written again alone, so that one room's
conflict or fault never costs another room its writes.

Reads (loading a room, its actions) run in a small pool of other threads, so that a long
write (an SQLite file locked by another program waits up to its busy timeout) never holds
them up, nor the loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

from sqlalchemy.engine import Connection

from ludinum.server.storage import Append, Storage, append_alone, append_many

log = logging.getLogger("ludinum.server")

T = TypeVar("T")
#: One write: statements run on the batch's connection, inside its transaction.
WriteOp = Callable[[Connection], None]


@dataclass(slots=True)
class _Item:
    key: str
    op: WriteOp
    future: asyncio.Future[None]


class Writer:
    def __init__(self, store: Storage, readers: int = 2) -> None:
        self.store = store
        self._write_pool = ThreadPoolExecutor(1, thread_name_prefix="ludinum-write")
        self._read_pool = ThreadPoolExecutor(readers, thread_name_prefix="ludinum-read")
        self._queue: list[_Item] = []
        self._busy = False
        self._scheduled = False
        self._failed: dict[str, BaseException] = {}
        #: Figures: transactions committed, writes in them, largest batch.
        self.batches = 0
        self.writes = 0
        self.largest = 0

    # -- writes ----------------------------------------------------------------------
    def write(self, key: str, op: WriteOp) -> asyncio.Future[None]:
        """Queue ``op`` for room ``key``; the future is done once it is committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        failed = self._failed.get(key)
        if failed is not None:
            future.set_exception(failed)
            return future
        self._queue.append(_Item(key, op, future))
        if not self._busy and not self._scheduled:
            # At the end of this tick: what else is accepted meanwhile joins the batch.
            self._scheduled = True
            loop.call_soon(self._flush)
        return future

    def failed(self, key: str) -> bool:
        """True while the room's last write failed and the hub has not reloaded it."""
        return key in self._failed

    def clear(self, key: str) -> None:
        self._failed.pop(key, None)

    def pending(self) -> int:
        return len(self._queue)

    def _flush(self) -> None:
        self._scheduled = False
        if self._busy or not self._queue:
            return
        batch, self._queue = self._queue, []
        self._busy = True
        done = asyncio.get_running_loop().run_in_executor(self._write_pool, self._commit, batch)
        done.add_done_callback(lambda f: self._done(batch, f))

    def _commit(self, batch: list[_Item]) -> dict[str, BaseException]:
        """In the writer thread: the batch in one transaction, else each room alone."""
        try:
            self._write(batch)
            return {}
        except Exception as exc:
            if len({item.key for item in batch}) == 1:
                return {batch[0].key: exc}
        groups: dict[str, list[_Item]] = {}
        for item in batch:
            groups.setdefault(item.key, []).append(item)
        failed: dict[str, BaseException] = {}
        for key, items in groups.items():
            try:
                self._write(items)
            except Exception as exc:
                failed[key] = exc
        return failed

    def _write(self, items: list[_Item]) -> None:
        """``items`` in one transaction: in one statement when they are only actions that
        step their rooms (:func:`ludinum.server.storage.append_alone`)."""
        appends = [item.op for item in items if isinstance(item.op, Append)]
        if len(appends) == len(items) and append_alone(self.store.engine, appends):
            return
        with self.store.engine.begin() as conn:
            _run(conn, items)

    def _done(self, batch: list[_Item], outcome: asyncio.Future[dict[str, BaseException]]) -> None:
        self._busy = False
        try:
            failed = outcome.result()
        except BaseException as error:  # the thread pool itself failed
            failed = {item.key: error for item in batch}
        self.batches += 1
        self.writes += len(batch)
        self.largest = max(self.largest, len(batch))
        for key, reason in failed.items():
            log.warning("storage: write of room %s failed (%s)", key, reason)
            self._failed[key] = reason
        for item in batch:
            if item.future.done():
                continue
            cause = failed.get(item.key)
            if cause is None:
                item.future.set_result(None)
            else:
                item.future.set_exception(cause)
        if failed:
            keep: list[_Item] = []
            for item in self._queue:
                cause = failed.get(item.key)
                if cause is None:
                    keep.append(item)
                elif not item.future.done():
                    item.future.set_exception(cause)
            self._queue = keep
        if self._queue:
            self._flush()

    # -- reads and other calls ---------------------------------------------------------
    async def read(self, fn: Callable[..., T], *args: object) -> T:
        """``fn(*args)`` in a reader thread (a storage read: loading a room, its log)."""
        return await asyncio.get_running_loop().run_in_executor(self._read_pool, fn, *args)

    async def drain(self) -> None:
        """Wait until every queued write is committed or failed."""
        while self._queue or self._busy or self._scheduled:
            await asyncio.sleep(0.005)

    def close(self) -> None:
        self._write_pool.shutdown(wait=True)
        self._read_pool.shutdown(wait=True)


def _run(conn: Connection, items: list[_Item]) -> None:
    """The writes of one transaction in their order, each run of appended actions in a
    few statements (:func:`ludinum.server.storage.append_many`)."""
    run: list[Append] = []
    for item in items:
        if isinstance(item.op, Append):
            run.append(item.op)
            continue
        if run:
            append_many(conn, run)
            run = []
        item.op(conn)
    if run:
        append_many(conn, run)
