"""A device passed around (the shared screen) whose connection landed on another process
than the one playing the room goes round the table as it would on that process: the copy
it follows lets it see every move it applies, not only the state it reached (a bot's
secret may begin and end between two catch-ups: a thief robbing at once, H5; were the
device to see only the state after it, the round would not begin, and the table would
know the secret seat was a bot's)."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from ludinum.server.clients import Client
from ludinum.server.fanout import ClusterHub
from tests.passing_checks import secret_now
from tests.scale import services
from tests.server.socketless import client as socketless_client


class _Elsewhere:
    """The leases of a process that never moves the room's bots (the other one does)."""

    ttl = 0.05

    async def acquire(self, code: str, seq: int) -> bool:
        return False


def _device() -> Client:
    device = socketless_client("pass")
    device.role = None
    return device


@pytest.mark.parametrize("seed", [3, 7])
def test_a_device_on_another_process_owes_the_rounds_it_would_owe_on_the_first(
    pg: str, seed: int
) -> None:
    a, b = services.two_hubs(pg)
    b.leases = _Elsewhere()  # type: ignore[assignment]
    services.on_two_hubs(a, b, lambda a, b: _two_devices(a, b, seed))


async def _two_devices(a: ClusterHub, b: ClusterHub, seed: int) -> None:
    room, _host = await a.create_room("hacker", 4, {}, "turns", seed)
    code = room.code
    tokens = [(await a.join(code, name))[1] for name in ("Léa", "Noé")]
    await a.command(room, "start", {"level": "random", "shared": True})
    here, there = _device(), _device()  # the same two people's device, twice
    hello = json.dumps({"type": "hello", "room": code, "role": "pass", "tokens": tokens})
    await a.handle(here, hello)
    await b.handle(there, hello)
    assert here.seats == there.seats == (0, 1)
    rng = random.Random(seed)
    compared = secrets = 0
    for step in range(3000):
        room = a.rooms[code]
        if room.status != "playing":
            break
        if secret_now(room.state) and not any(p in (0, 1) for p in room.deciding()):
            secrets += 1  # a bot decides in secret: it moves at once
        people = [p for p in room.deciding() if p in (0, 1)]
        if people:
            seat = people[0]
            move = rng.choice(list(room.state.legal_actions(seat)))
            await a.act(room, seat, move, person=True)
        else:
            await asyncio.sleep(0.005)  # the bots' turn
        if step % 9 == 0:
            await b.resync()  # the other process catches up: several moves at once
            if b.rooms[code].seq == a.rooms[code].seq:
                assert there.passing.owed == here.passing.owed, step
                compared += 1
    assert a.rooms[code].status == "finished"
    assert compared > 5 and secrets > 0, (compared, secrets)
