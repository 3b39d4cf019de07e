"""Search bots think in threads of their own, a bounded number at once (server/thinking.py):
eight tables against expert bots had taken the other tables' phones from 13 ms to 689 ms
a move, every search thread taking a share of the event loop's core."""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from typing import Any, ClassVar

import pytest

from ludinum.engine import Action, State
from ludinum.server.catalog import Catalog
from ludinum.server.hub import Hub
from ludinum.server.storage import Storage
from ludinum.server.thinking import SWITCH_INTERVAL, Thinker


class Counting:
    """A bot that notes how many of its kind think at once, and in which thread."""

    searches = True
    at_once = 0
    most = 0
    threads: ClassVar[set[str]] = set()
    lock = threading.Lock()

    def __init__(self, seconds: float = 0.05) -> None:
        self.seconds = seconds

    def choose(self, state: State, seat: int) -> Action:
        cls = type(self)
        with cls.lock:
            cls.at_once += 1
            cls.most = max(cls.most, cls.at_once)
            cls.threads.add(threading.current_thread().name)
        time.sleep(self.seconds)
        with cls.lock:
            cls.at_once -= 1
        return state.legal_actions(seat)[0]

    def observe(self, *args: Any) -> None:
        return None

    @classmethod
    def clear(cls) -> None:
        cls.at_once = cls.most = 0
        cls.threads = set()


class FakeState:
    def legal_actions(self, seat: int) -> list[Action]:
        return [Action("roll")]


@pytest.mark.parametrize("threads", [1, 2])
def test_no_more_searches_at_once_than_threads(threads: int) -> None:
    Counting.clear()
    thinker = Thinker(threads)

    async def body() -> list[Action]:
        return list(await asyncio.gather(*(
            thinker.choose(Counting(), FakeState(), 0) for _ in range(6))))  # type: ignore[arg-type]

    moves = asyncio.run(body())
    thinker.close()
    assert moves == [Action("roll")] * 6  # every search answered, none dropped
    assert Counting.most == threads
    assert all(name.startswith("ludinum-think") for name in Counting.threads)
    assert thinker.pending == 0


def test_the_interpreter_switches_often_only_while_a_search_runs() -> None:
    before = sys.getswitchinterval()
    thinker = Thinker(1)
    seen: list[float] = []

    class Noting(Counting):
        def choose(self, state: State, seat: int) -> Action:
            seen.append(sys.getswitchinterval())
            return super().choose(state, seat)

    asyncio.run(thinker.choose(Noting(0.0), FakeState(), 0))  # type: ignore[arg-type]
    thinker.close()
    assert seen == [pytest.approx(min(before, SWITCH_INTERVAL))]
    assert sys.getswitchinterval() == pytest.approx(before)


def test_the_number_of_threads_is_read_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LUDINUM_SEARCH_THREADS", "3")
    thinker = Thinker()
    assert thinker.threads == 3
    thinker.close()
    monkeypatch.setenv("LUDINUM_SEARCH_THREADS", "0")
    with pytest.raises(ValueError, match="LUDINUM_SEARCH_THREADS"):
        Thinker()


def test_a_hubs_search_bots_think_in_its_threads_not_on_the_loop(
    sqlite_url: str, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two tables of bots above ``random``, one search thread: their moves are made in
    that thread, one at a time, and both tables go on."""
    Counting.clear()
    monkeypatch.setattr(catalog, "make_bot", lambda *a: Counting(0.02))

    async def body() -> list[int]:
        store = Storage(sqlite_url)
        store.migrate()
        hub = Hub(store, catalog, bot_delay=0.0)
        hub.thinker.close()
        hub.thinker = Thinker(1)
        rooms = []
        for seed in (1, 2):
            room, _ = await hub.create_room("gnou", 2, {}, seed=seed)
            await hub.command(room, "start", {"level": "expert"})
            rooms.append(room)
        until = time.monotonic() + 10
        while min(r.seq for r in rooms) < 4 and time.monotonic() < until:
            await asyncio.sleep(0.01)
        seqs = [r.seq for r in rooms]
        await hub.close()
        return seqs

    seqs = asyncio.run(body())
    assert min(seqs) >= 4
    assert Counting.most == 1
    assert Counting.threads == {"ludinum-think_0"}


def test_bots_that_do_not_search_are_asked_on_the_loop(
    sqlite_url: str, catalog: Catalog
) -> None:
    """A table of ``medium`` bots (a heuristic, microseconds a move) never waits in the
    search queue behind another table's expert bots: its moves are made on the loop."""
    asked: list[str] = []

    async def body() -> int:
        store = Storage(sqlite_url)
        store.migrate()
        hub = Hub(store, catalog, bot_delay=0.0)
        original = hub.thinker.choose

        async def noted(bot: Any, state: State, seat: int) -> Action:
            asked.append(type(bot).__name__)
            return await original(bot, state, seat)

        hub.thinker.choose = noted  # type: ignore[method-assign]
        room, _ = await hub.create_room("gnou", 2, {}, seed=5)
        await hub.command(room, "start", {"level": "medium"})
        until = time.monotonic() + 10
        while room.seq < 4 and time.monotonic() < until:
            await asyncio.sleep(0.01)
        await hub.close()
        return room.seq

    assert asyncio.run(body()) >= 4
    assert asked == []
