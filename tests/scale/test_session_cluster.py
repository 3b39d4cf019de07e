"""The session clock with two processes (« durée de la séance », W18): both hubs hold the
room and schedule its session clock; the session's end is applied once, under the room's
lease, and the other process follows."""

from __future__ import annotations

import asyncio

from ludinum.server.fanout import ClusterHub
from ludinum.server.hub import session_key
from tests.scale.services import on_two_hubs, two_hubs


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def test_the_session_ends_once_with_two_processes(pg: str) -> None:
    a, b = two_hubs(pg, bus=True)
    clock = FakeClock()
    for hub in (a, b):
        hub.clock = clock
        hub.timers.clock = clock

    async def play(a: ClusterHub, b: ClusterHub) -> tuple[str, str, str]:
        room, _ = await a.create_room("webrunners", 2, {"session_minutes": "15",
                                                         "first_player": "host"},
                                      mode="turns", seed=3)
        await a.join(room.code, "Ada")
        clock.now += 1  # a resync tells versions apart by (seq, time of the change)
        await a.command(room, "start", {"level": "random"})
        for _ in range(100):  # b follows the start through the bus (or its resync)
            copy = await b.room(room.code)
            if copy.status == "playing":
                break
            await asyncio.sleep(0.05)
            await b.resync()
        assert copy.session_at == room.session_at == clock.now + 900
        clock.now += 901
        for hub in (a, b):  # the loop's timers count real seconds: set them again
            hub.timers.cancel(session_key(room.code))
            hub._schedule(hub.rooms[room.code])
        for _ in range(100):
            await asyncio.sleep(0.05)
            if a.rooms[room.code].status == b.rooms[room.code].status == "finished":
                break
        statuses = a.rooms[room.code].status, b.rooms[room.code].status
        return room.code, *statuses

    code, status_a, status_b = on_two_hubs(a, b, play, start=True)
    assert (status_a, status_b) == ("finished", "finished")
    row = a.store.room(code)
    assert row is not None and row.status == "finished"
    ends = [seq for seq, _, data in a.store.actions(row.id) if data == {"kind": "session_end"}]
    assert len(ends) == 1
    assert isinstance(a, ClusterHub)
