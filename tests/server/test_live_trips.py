"""H3 on the server: a trip lasts its time. Bots never cut it short (live and turn-based
rooms), a person cannot send the traveller's return early (plain hub and cluster hub), and a
pass-and-play device is never handed to a traveller who has nothing to decide.

RULINGS.md H3: « in live play a trip lasts a configurable time (default 12 s) during which
every other player may drop viruses »; seed 002: « Pendant toute la phase de piratage, les
joueurs ont le droit d'infecter les comptes adverses ».
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from ludinum.engine import Action
from ludinum.server import framecache, rounds
from ludinum.server.catalog import Catalog
from ludinum.server.clients import Client
from ludinum.server.fanout import ClusterHub
from ludinum.server.hub import Hub
from ludinum.server.rooms import LIVE, TURNS, Room
from ludinum.server.storage import Storage

RETURN = Action.make("return")


async def _nothing(text: str) -> None:
    return None


def client() -> Client:
    return Client(_nothing)


def said(c: Client) -> list[dict[str, Any]]:
    """Every message queued for ``c`` so far (drained)."""
    out = []
    while not c.queue.empty():
        item = c.queue.get_nowait()
        if item is not None:
            out.append(json.loads(item[1]))
    return out


def new_hub(url: str, catalog: Catalog, kind: type[Hub]) -> Hub:
    store = Storage(url)
    store.migrate()
    return kind(store, catalog, bot_delay=3600)  # bots are moved by hand here


async def start(hub: Hub, mode: str, people: int, seed: int = 5) -> tuple[Room, list[str]]:
    # Timed trips in both paces: a turn-based room plays them untimed unless asked
    # (OptionSet.untimed), its trips then being one secret step each (H3).
    room, _ = await hub.create_room("hacker", 4, {"trip_seconds": 12}, mode=mode, seed=seed)
    tokens = [(await hub.join(room.code, f"Élève{i}"))[1] for i in range(people)]
    await hub.command(room, "start", {"level": "random"})
    return room, tokens


async def settle(hub: Hub) -> None:
    """Wait until every write is durable and its frames are out (issue 19: updates go out
    once their batch is committed)."""
    await hub.writer.drain()
    await asyncio.sleep(0.02)


async def until_trip_of(hub: Hub, room: Room, traveller: int) -> None:
    """Play (first legal move, never a person's check) until ``traveller`` is at the bank
    with every other seat still free to drop."""
    state = room.state
    for _ in range(2000):
        deadline = state.deadline()
        if (deadline is not None and deadline.kind == "trip" and deadline.player == traveller
                and len(state.active_players()) == 4):
            return
        p = next(q for q in state.active_players() if deadline is None or q != deadline.player)
        await hub.act(room, p, state.legal_actions(p)[0])
    raise AssertionError("no such trip")


def run(body: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(body())


@pytest.mark.parametrize("kind", [Hub, ClusterHub])
def test_a_person_cannot_come_back_before_the_time_is_up(
    sqlite_url: str, catalog: Catalog, kind: type[Hub]
) -> None:
    async def body() -> None:
        hub = new_hub(sqlite_url, catalog, kind)
        room, (token,) = await start(hub, LIVE, 1)
        phone = client()
        await hub.handle(phone, json.dumps({"type": "hello", "room": room.code, "role": "player",
                                      "token": token}))
        await until_trip_of(hub, room, 0)
        assert room.deadline is not None and room.deadline.kind == "trip"
        seq, at = room.seq, room.deadline_at
        await settle(hub)
        said(phone)
        await hub.handle(phone, json.dumps({"type": "act", "action": RETURN.to_json(),
                                           "seq": phone.frame_seq}))  # per-client number
        errors = [m for m in said(phone) if m["type"] == "error"]
        assert [e["code"] for e in errors] == ["wait_for_time"]
        assert "fin du temps" in errors[0]["fr"]
        assert room.seq == seq and room.deadline_at == at  # nothing changed
        assert room.state.deadline() is not None  # still at the bank
        # the return button is not offered either
        cache = framecache.FrameCache(room, hub.clock(), ("random",))
        assert cache.labels(0, "fr") == []
        # the timer brings the traveller back
        hub._timer_fired(room.code, at)  # type: ignore[arg-type]
        await asyncio.sleep(0.05)
        await settle(hub)
        assert room.seq == seq + 1
        assert room.state.deadline() is None  # back, crediting the bill
        await hub.close()

    run(body)


def test_bots_leave_the_trip_to_the_others_in_a_turn_based_room(
    sqlite_url: str, catalog: Catalog
) -> None:
    """Without a clock the trip ends when every other seat is done: a bot traveller never
    comes back first, and neither may a person."""
    async def body() -> None:
        hub = new_hub(sqlite_url, catalog, Hub)
        room, _ = await start(hub, TURNS, 1)
        assert room.deadline is None  # turn-based: no timer
        await until_trip_of(hub, room, 1)  # a bot at the bank, the person free to drop
        assert 1 not in room.bot_turns()
        assert set(room.bot_turns()) == {2, 3}
        cache = framecache.FrameCache(room, hub.clock(), ("random",))
        assert any(a.kind == "drop" for a, _ in cache.labels(0, "fr"))
        for bot in (2, 3):  # the bots drop what they like and finish
            while bot in room.bot_turns():
                await hub.act(room, bot, room.state.legal_actions(bot)[-1])
        assert room.bot_turns() == []
        assert room.state.deadline() is not None  # the person still has the trip's time
        await hub.close()

    run(body)


def test_pass_and_play_never_hands_the_device_to_the_traveller(
    sqlite_url: str, catalog: Catalog
) -> None:
    async def body() -> None:
        hub = new_hub(sqlite_url, catalog, Hub)
        room, tokens = await start(hub, LIVE, 2)
        device = client()
        await hub.handle(device, json.dumps({"type": "hello", "room": room.code, "role": "pass",
                                       "tokens": tokens}))
        await until_trip_of(hub, room, 0)
        assert rounds.pass_target(room, device) == 1  # seat 1 drops; seat 0 travels
        await settle(hub)
        said(device)
        await hub.handle(device, json.dumps({"type": "reveal", "seat": 0}))
        assert [m["code"] for m in said(device) if m["type"] == "error"] == ["not_your_turn"]
        assert device.revealed is None
        await hub.handle(device, json.dumps({"type": "reveal", "seat": 1}))
        assert device.revealed == 1
        await settle(hub)
        update = [m for m in said(device) if m["type"] == "update"][-1]
        assert any(a["action"]["kind"] == "drop" for a in update["actions"])
        await hub.close()

    run(body)


@pytest.mark.parametrize("kind", [Hub, ClusterHub])
def test_bots_dropping_at_once_move_in_a_random_order(
    kind: type[Hub], sqlite_url: str, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """H4: a traveller sees each virus appear, never who dropped it. Bots that drop during
    the same trip move in a random order (``engine.one_of``), not seat by seat: seat 1's
    drops first, then seat 2's, would tell the person at the bank whose each one is. The
    same in a process of a cluster (it took the first bot's seat)."""
    import random

    from ludinum.server import hub as hub_module

    async def body() -> list[int]:
        hub = new_hub(sqlite_url, catalog, kind)
        room, _ = await start(hub, TURNS, 1)
        await until_trip_of(hub, room, 0)  # the person at the bank, three bots free to drop
        assert set(room.bot_turns()) == {1, 2, 3}
        movers: list[int] = []
        act = hub.act

        async def noted(room_: Room, seat: int, action: Action, **kw: Any) -> Any:
            movers.append(seat)
            return await act(room_, seat, action, **kw)

        hub.act = noted  # type: ignore[method-assign]
        hub.bot_delay = 0
        await hub._run_bots(room.code)
        assert room.bot_turns() == []  # every bot is done; the trip waits for its person
        await hub.close()
        return movers

    monkeypatch.setattr(hub_module, "_ORDER", random.Random(1))
    movers = asyncio.run(body())
    assert set(movers) == {1, 2, 3}
    assert movers != sorted(movers)  # interleaved, not seat after seat
