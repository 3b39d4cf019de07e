"""A room played without a clock is turn-based: created « tour par tour », or started to
be played on one device passed around (« Commencer la partie sur cet appareil »), its
timers are at 0 (``OptionSet.untimed``): a Hacker trip's drops are then revealed together,
shuffled, when it ends (H3), never one by one as the person holding the device makes
them."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog
from ludinum.server.hub import Hub
from ludinum.server.rooms import TURNS
from ludinum.server.storage import Storage
from tests.server.helpers import form_code, make_app


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


def _form(game: Any, mode: str, **changed: str) -> dict[str, str]:
    """The set-up form as a browser posts it: every option at the value the page showed
    (its default) but ``changed``, and the rhythm chosen (a class's page adds its own
    fields: a room's refuses them, forms.ROOM_FIELDS)."""
    form = {"mode": mode}
    for option in game.options:
        if option.kind != "bool":
            form[f"opt_{option.name}"] = str(option.default)
        elif option.default:
            form[f"opt_{option.name}"] = "true"
    form.update({f"opt_{name}": value for name, value in changed.items()})
    return form


def test_a_turn_based_room_made_from_the_form_has_no_timer(sqlite_url: str,
                                                           catalog: Catalog) -> None:
    """« Tour par tour : sans minuteur » on the set-up page: the form also posts the trip's
    length it showed (12 s), which made every such Hacker room live (drops landing one by
    one during a timed trip, H3). A timer left at the page's value is not asked for; one
    the host changed is kept; « En direct » keeps the timers."""
    app = make_app(sqlite_url, catalog)
    hacker = catalog.game("hacker")
    with TestClient(app) as client:
        def made(mode: str, **changed: str) -> object:
            page = client.post("/new/hacker", data={"players": "4",
                                                    **_form(hacker, mode, **changed)})
            assert page.status_code == 200, page.text
            code, _token = form_code(page.text)
            room = app.state.hub.rooms[code]
            assert room.mode == mode
            return room.config.options["trip_seconds"]

        assert made("turns") == 0
        assert made("turns", trip_seconds="20") == 20
        assert made("live") == 12
        # A class « tour par tour »: each table's trips untimed too.
        page = client.post("/classe/nouvelle/hacker", data={
            "table_size": "4", "bot_level": "random", "friends_apart": "true",
            **_form(hacker, "turns")})
        assert page.status_code == 200, page.text
        code = page.text.split('data-code="')[1].split('"')[0]
        assert app.state.classes.get(code).options["trip_seconds"] == 0
        page = client.post("/classe/nouvelle/hacker", data={
            "table_size": "4", "bot_level": "random", "friends_apart": "true",
            **_form(hacker, "live")})
        code = page.text.split('data-code="')[1].split('"')[0]
        assert app.state.classes.get(code).options["trip_seconds"] == 12
