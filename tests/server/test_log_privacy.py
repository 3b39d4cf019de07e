"""The server's log lines tell no move's content (hidden information never reaches a log
line): a W15 answer, which is never stored, or a seat's secret move. A refused or failed
move is logged by its kind and its refusal's code, never by its parameters."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from ludinum.engine import Action, LudinumError
from ludinum.server.catalog import Catalog
from ludinum.server.hub import Hub
from ludinum.server.rooms import Room
from ludinum.server.storage import Storage


def _logged(caplog: pytest.LogCaptureFixture) -> str:
    return "\n".join(r.getMessage() + (r.exc_text or "") for r in caplog.records)


async def _asking(sqlite_url: str, catalog: Catalog) -> tuple[Storage, Hub, Room]:
    """A Web Runners game of three people started: its first-player questions (W15) are
    being asked. The storage, the hub and the room."""
    store = Storage(sqlite_url)
    store.migrate()
    hub = Hub(store, catalog, bot_delay=0.0)
    room, _ = await hub.create_room("webrunners", 3, {}, "turns", 5)
    for name in ("Léa", "Tom", "Zoé"):
        await hub.join(room.code, name)
    await hub.command(room, "start", {})
    return store, hub, room


def test_a_w15_answer_that_breaks_the_game_is_not_written_in_the_log(
    sqlite_url: str, catalog: Catalog, caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """W15: the answers to the first-player questions are never stored; a fault of the
    rules while applying one writes the move's kind in the log, not the answer."""
    answer = Action.make("accounts", n=7)

    def broken(self: Room, seat: int, action: Action, now: float) -> Any:
        raise RuntimeError("a fault of the rules")

    async def body() -> None:
        _, hub, room = await _asking(sqlite_url, catalog)
        assert answer in room.state.legal_actions(0)
        monkeypatch.setattr(Room, "apply", broken)
        with pytest.raises(Exception) as refused:
            await hub.act(room, 0, answer, person=True)
        assert getattr(refused.value, "code", "") == "internal"
        await hub.close()

    with caplog.at_level(logging.DEBUG):
        asyncio.run(body())
    logged = _logged(caplog)
    assert "game error" in logged and "accounts" in logged
    assert "n=7" not in logged and "'n', 7" not in logged


def test_a_bot_move_refused_is_logged_without_its_parameters(
    sqlite_url: str, catalog: Catalog, caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot's refused move (a bot's fault) is logged by kind and refusal code: which
    account a Hacker bot chose is its secret."""
    tried: list[Action] = []
    original = Hub._bot_move

    async def once_wrong(self: Hub, room: Room) -> tuple[int, Action]:
        seat, action = await original(self, room)
        if not tried and action.kind == "credit":
            wrong = next(x for x in range(15) if Action.make("credit", account=x)
                         not in room.state.legal_actions(seat))
            tried.append(Action.make("credit", account=wrong))
            return seat, tried[0]
        return seat, action

    monkeypatch.setattr(Hub, "_bot_move", once_wrong)

    async def body() -> None:
        store = Storage(sqlite_url)
        store.migrate()
        hub = Hub(store, catalog, bot_delay=0.0)
        hub.bots_need_a_screen = False
        room, _ = await hub.create_room("hacker", 4, {}, "turns", 1)
        await hub.command(room, "start", {"level": "random"})
        for _ in range(200):
            await asyncio.sleep(0)
            if tried and room.seq > 2:
                break
        await hub.close()

    with caplog.at_level(logging.DEBUG):
        asyncio.run(body())
    assert tried, "no bot credited"
    logged = _logged(caplog)
    assert "bot move refused" in logged and "credit" in logged
    assert tried[0].to_text() not in logged


def test_a_failed_write_is_logged_without_the_moves_it_held(
    sqlite_url: str, catalog: Catalog, caplog: pytest.LogCaptureFixture
) -> None:
    """A write the database refuses (here its version was taken: in a service of several
    processes, another one stored it first) is logged with the database's reason, never
    with the statement's values: the seat and the move (a W15 answer), the seats' token
    digests."""
    answer = Action.make("accounts", n=7)

    async def body() -> str:
        store, hub, room = await _asking(sqlite_url, catalog)
        await hub.writer.drain()
        # Version 1 is stored meanwhile by someone else.
        store.append(room.id, 1, 2, {"kind": "accounts", "n": 2}, 0.0, {"status": "playing"})
        with pytest.raises(LudinumError):  # the write failed: the move is refused
            await hub.act(room, 0, answer, person=True)
        digest = str(room.seats[1].token_digest)
        await hub.close()
        return digest

    with caplog.at_level(logging.DEBUG):
        digest = asyncio.run(body())
    logged = _logged(caplog)
    assert "write of room" in logged
    assert '"n":7' not in logged and "accounts" not in logged
    assert digest not in logged
