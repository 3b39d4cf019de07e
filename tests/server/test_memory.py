"""What an idle room keeps in memory (issue 19): no bot before it moves, a fragment cache
bounded by what it holds, not by the rooms it has drawn."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from ludinum.server import leases, render
from ludinum.server.catalog import Catalog
from ludinum.server.hub import Hub
from ludinum.server.storage import Storage


def test_restored_rooms_build_no_bot_until_one_must_move(
    sqlite_url: str, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[tuple[str, str]] = []
    original = catalog.make_bot

    def counting(name: str, level: str, seed: int) -> Any:
        built.append((name, level))
        return original(name, level, seed)

    monkeypatch.setattr(catalog, "make_bot", counting)
    store = Storage(sqlite_url)
    leases.migrate_once(store)

    async def started() -> str:  # one person, three bots that play until the person must
        hub = Hub(store, catalog, bot_delay=0.0)
        room, _ = await hub.create_room("hacker", 4, seed=3)
        await hub.join(room.code, "Léa", seat=0)
        await hub.command(room, "start", {"level": "random"})
        until = time.monotonic() + 20  # the bots' moves wait for their writes
        while room.bot_turns() and time.monotonic() < until:
            await asyncio.sleep(0.001)
        assert room.live and not room.bot_turns() and 0 in room.deciding()
        await hub.close()
        return room.code

    code = asyncio.run(started())
    assert built  # the bots that played were built when they first moved
    built.clear()

    async def restored() -> None:
        hub = Hub(store, catalog, bot_delay=0.0)
        assert hub.load() == 1
        hub.resume_all()
        room = hub.rooms[code]
        assert room.seq > 0 and not room.bot_turns()
        await asyncio.sleep(0)
        assert built == [] and not hub.bots.get(code)  # waiting for the person: no bot
        for _ in range(200):  # the person plays until a bot's turn comes
            if built or not room.live:
                break
            if 0 in room.deciding():
                await hub.act(room, 0, room.state.legal_actions(0)[0], person=True)
            await asyncio.sleep(0)
        moved = {seat for seat in hub.bots.get(code, {})}
        assert moved and len(built) == len(moved) and 0 not in moved
        await hub.close()

    asyncio.run(restored())


def test_the_fragment_cache_is_bounded_by_what_it_holds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    render.clear_caches()
    monkeypatch.setattr(render, "HTML_CACHE_CHARS", 1000)
    for i in range(20):
        html = render.memo_html(render.digest("test", i), lambda i=i: f"<p>{i}</p>" * 20)
        assert html.startswith(f"<p>{i}</p>")
    count, chars = render.html_cache_size()
    assert chars <= 1000 and count == chars // len("<p>10</p>" * 20)
    # the most recent stay, the oldest went first
    kept = render.memo_html(render.digest("test", 19), lambda: "redrawn")
    assert kept.startswith("<p>19</p>")
    assert render.memo_html(render.digest("test", 0), lambda: "redrawn") == "redrawn"
    render.clear_caches()
    assert render.html_cache_size() == (0, 0)
