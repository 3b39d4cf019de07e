"""A bot moves ``bot_delay`` after its decision began, however long it thought: a search
that takes longer when the bot holds a counter card (and no time when it has one move)
would otherwise tell the table what it holds (an attack review timed 0 ms against 150–190
ms)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from ludinum.engine import Action, State
from ludinum.server.catalog import Catalog
from ludinum.server.hub import Hub
from ludinum.server.storage import Storage


class Thinker:
    """A bot that thinks for a set time before its first legal move (a search: in the
    hub's search threads)."""

    searches = True

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def choose(self, state: State, seat: int) -> Action:
        time.sleep(self.seconds)
        return state.legal_actions(seat)[0]

    def observe(self, *args: Any) -> None:
        return None


@pytest.mark.parametrize("thinking", [0.0, 0.25])
def test_a_bot_waits_out_the_delay_minus_its_thinking(
    sqlite_url: str, catalog: Catalog, monkeypatch: pytest.MonkeyPatch, thinking: float
) -> None:
    """What the hub waits after the bot's decision: the delay less the time it thought
    (checked on what it asks of the clock, not on a stopwatch: machines are noisy)."""
    monkeypatch.setattr(catalog, "make_bot", lambda *a: Thinker(thinking))
    asked: list[float] = []
    sleep = asyncio.sleep

    async def noted(seconds: float, *args: Any) -> Any:
        if seconds > 0:
            asked.append(seconds)
        return await sleep(seconds, *args)

    async def body() -> None:
        store = Storage(sqlite_url)
        store.migrate()
        hub = Hub(store, catalog, bot_delay=0.5)
        room, _ = await hub.create_room("gnou", 2, {}, seed=3)
        await hub.command(room, "start", {"level": "expert"})  # two bots, not "random"
        monkeypatch.setattr(asyncio, "sleep", noted)
        while room.seq == 0:
            await sleep(0.01)
        monkeypatch.setattr(asyncio, "sleep", sleep)
        await hub.close()

    asyncio.run(body())
    waited = asked[0]
    assert waited <= 0.5 - thinking + 1e-6  # the thinking counts in the delay
    assert waited >= 0.5 - thinking - 0.2  # and the rest of it is waited out
