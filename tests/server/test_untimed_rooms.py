"""A room played without a clock is turn-based: created « tour par tour », or started to
be played on one device passed around (« Commencer la partie sur cet appareil »), its
timers are at 0 (``OptionSet.untimed``): a Hacker trip's drops are then revealed together,
shuffled, when it ends (H3), never one by one as the person holding the device makes
them."""

from __future__ import annotations

import asyncio
from typing import Any

from ludinum.server.catalog import Catalog
from ludinum.server.hub import Hub
from ludinum.server.rooms import TURNS
from ludinum.server.storage import Storage


def test_a_game_started_on_one_device_is_turn_based(
    sqlite_url: str, catalog: Catalog
) -> None:
    """The host's « Commencer la partie sur cet appareil » (start, shared): the room is
    turn-based from then on, its timers at 0, saved with its row (a restart keeps it)."""
    async def body() -> tuple[Any, ...]:
        store = Storage(sqlite_url)
        store.migrate()
        hub = Hub(store, catalog, bot_delay=0.0)
        room, _ = await hub.create_room("hacker", 4, {}, seed=3)
        assert room.config.options["trip_seconds"] == 12  # a live room: its trips timed
        await hub.join(room.code, "Léa")
        await hub.join(room.code, "Tom")
        await hub.command(room, "start", {"shared": True})
        await hub.writer.drain()
        row = store.room(room.code)
        assert row is not None
        turned = (room.mode, room.config.options["trip_seconds"], row.mode,
                  row.config["options"]["trip_seconds"], room.state.config is room.config)
        await hub.close()
        return turned

    assert asyncio.run(body()) == (TURNS, 0, TURNS, 0, True)


def test_a_turn_based_room_has_no_timer_unless_asked(sqlite_url: str, catalog: Catalog) -> None:
    async def body() -> tuple[int, int]:
        store = Storage(sqlite_url)
        store.migrate()
        hub = Hub(store, catalog, bot_delay=0.0)
        plain, _ = await hub.create_room("hacker", 4, {}, mode="turns", seed=1)
        asked, _ = await hub.create_room("hacker", 4, {"trip_seconds": 20}, mode="turns")
        await hub.close()
        return plain.config.options["trip_seconds"], asked.config.options["trip_seconds"]

    assert asyncio.run(body()) == (0, 20)
