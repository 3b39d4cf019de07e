"""Rooms pinned to one process (issue 19), on the loopback deployment (nginx, two processes,
PostgreSQL, Redis): nginx sends every request naming a room to the process its code hashes
to, each process marks the rooms it holds in Redis, and when a process owning rooms is
killed under play, its rooms move to the survivor — the phones' rooms through nginx's ring,
the rooms nobody is connected to by the survivor's sweep — and catch up from the log."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import redis

from ludinum.server import fanout
from ludinum.server.rooms import LIVE_STATUSES
from ludinum.server.storage import Storage
from tests.scale import services
from tests.scale.conftest import make_cluster
from tests.scale.phones import Phone, open_room, start_room
from tests.scale.services import on_two_hubs, settled, two_hubs
from tests.scale.test_deploy import check_log, stored_actions
from tests.scale.test_versions import toy_room
from tests.server import socketless

PLAYED = 16  # rooms with a phone playing: both processes own some (all on one: 2 in 32,768)
TIMED = 10  # rooms of bots only that nobody watches: only the process holding them moves them
BOT_DELAY = 0.3  # seconds between two bot moves: the rooms of bots last the whole test


def marks(url: str, channel: str, codes: list[str]) -> dict[str, str | None]:
    client = redis.Redis.from_url(url)
    try:
        values = client.mget([f"{channel}:held:{c}" for c in codes])
    finally:
        client.close()
    return {c: None if v is None else v.decode() for c, v in zip(codes, values, strict=True)}


def live_status(db: str, code: str) -> bool:
    store = Storage(db)
    try:
        row = store.room(code)
        return row is not None and row.status in LIVE_STATUSES
    finally:
        store.close()


def test_a_killed_process_hands_its_pinned_rooms_to_the_survivor(tmp_path: Path) -> None:
    with make_cluster(tmp_path, bot_delay=BOT_DELAY) as cluster:
        victim = cluster.servers[0]

        async def run() -> tuple[list[tuple[str, Phone]], list[str], dict[str, str | None],
                                 dict[str, str | None], dict[str, int], set[str]]:
            played: list[tuple[str, Phone]] = []
            for i in range(PLAYED):
                address = f"10.7.1.{i + 1}"
                code, host, tokens = await open_room(cluster.url, "webrunners", 2, 1, address,
                                                     seed=700 + i)
                await start_room(cluster.url, code, host, address)
                played.append((code, Phone(cluster.url, code,
                                           {"type": "hello", "role": "player",
                                            "token": tokens[0]},
                                           address=f"10.7.2.{i + 1}", rng=random.Random(i))))
            timed = []
            for i in range(TIMED):
                address = f"10.7.3.{i + 1}"
                code, host, _ = await open_room(cluster.url, "webrunners", 2, 0, address,
                                                seed=800 + i)
                await start_room(cluster.url, code, host, address)
                timed.append(code)
            until = time.monotonic() + 60
            stop = asyncio.Event()
            tasks = [asyncio.create_task(p.run(until, stop)) for _, p in played]
            ready = time.monotonic() + 20
            while not all(p.connected for _, p in played) and time.monotonic() < ready:
                await asyncio.sleep(0.05)
            await asyncio.sleep(fanout.HOLD_EVERY + 1.5)  # every process has marked its rooms
            codes = [c for c, _ in played] + timed
            before = marks(cluster.redis, cluster.channel, codes)
            await asyncio.to_thread(victim.kill)
            playing = {c for c, p in played if p.status == "playing"}
            at_kill = {c: len(stored_actions(cluster.db, c)) for c in timed}
            # A mark lives HOLD_TTL s unrenewed; the survivor sweeps every HOLD_EVERY s. On a
            # loaded machine the claims and the first moves come later: the rooms of bots
            # are given a minute to make 3 moves (a stuck room never does), the rest the
            # time of one claim and a sweep.
            settled = time.monotonic() + 60
            await asyncio.sleep(fanout.HOLD_TTL + 2 * fanout.HOLD_EVERY + 4)
            while time.monotonic() < settled and any(
                    len(stored_actions(cluster.db, c)) < at_kill[c] + 3 for c in timed):
                await asyncio.sleep(1)
            after = marks(cluster.redis, cluster.channel, codes)
            stop.set()
            await asyncio.gather(*tasks)
            return played, timed, before, after, at_kill, playing

        played, timed, before, after, at_kill, playing = asyncio.run(run())
        live = {c for c in after if live_status(cluster.db, c)}
        logs = cluster.log_text()
        # Before the kill: every room is marked by the one process that holds it, and the
        # rooms are spread over both processes.
        assert all(before.values()), (before, logs)
        owners = set(before.values())
        assert len(owners) == 2, (before, logs)
        # After it: the survivor holds every room still under way, the dead process's too.
        survivor = {after[c] for c in live}
        assert len(survivor) == 1 and None not in survivor, (after, logs)
        moved = [c for c in live if before[c] not in survivor]
        assert moved, (before, after)
        for code, phone in played:
            check_log(cluster.db, code, [phone])  # no acknowledged action lost, no gap
            if code in moved and code in playing:
                assert phone.reconnects >= 1, (code, phone.errors[-3:])
        # The rooms nobody is connected to went on moving, the dead process's too (claimed
        # by the survivor's sweep, caught up from the log).
        # All on one process: 2 in 1,024 (the process that starts a room marks it at once).
        assert any(c in moved for c in timed), ({c: before[c] for c in timed},
                                                {c: after[c] for c in timed})
        for code in timed:
            stored = stored_actions(cluster.db, code)
            assert len(stored) >= at_kill[code] + 3, (
                code, {"held before": before[code], "after": after[code], "survivor": survivor,
                       "moves at the kill": at_kill[code], "last moves": stored[-3:]}, logs)


def test_marks_let_go_of_an_unwatched_copy_and_claim_only_games_under_way(
        pg: str) -> None:
    """Two hubs (two processes): the one with a client marks the room; the other, which
    holds a copy nobody watches (it created the room), lets it go on its next renewal; a
    game under way that nobody marks is claimed by one hub only; a lobby never is."""

    async def play(a: fanout.ClusterHub, b: fanout.ClusterHub) -> None:
        assert a.bus is not None and b.bus is not None
        code = await toy_room(a, b)  # created by a, loaded by b
        lobby, _ = await a.create_room("toy", 2, {}, seed=8)
        watcher = socketless.client("spectator")
        watcher.code = code
        b.clients.setdefault(code, set()).add(watcher)  # b's phone is on the room
        assert await b.hold() == []
        assert await a.hold() == [code]  # a's unwatched copy goes
        assert code not in a.rooms and code in b.rooms
        marked = marks(services.REDIS_URL, a.bus.channel, [code, lobby.code])
        assert marked[code] == b.bus.origin and marked[lobby.code] == a.bus.origin
        # b dies (its marks expire): a claims the game under way, not the lobby.
        await b.bus.redis.delete(f"{b.bus.channel}:held:{code}")
        a._forget(lobby.code)
        assert await a.claim_orphans() == [code]
        assert code in a.rooms and lobby.code not in a.rooms
        assert await a.claim_orphans() == []  # held now: claimed once

    on_two_hubs(*two_hubs(pg, bus=True), play)


def test_a_copy_whose_bots_play_is_let_go_and_the_starter_marks_the_room_at_once(
        pg: str) -> None:
    """A room of bots created on one process (a) and started on the other (b, the process
    its code hashes to): b marks it as it starts it, before any renewal; a's copy, which
    followed the start and began playing the bots too, is let go on a's next renewal, its
    bot loop with it. Before, a copy with a bot loop was never idle, so it was never let
    go: both processes played the room's bots for the whole game (under leases), and
    whichever renewed its marks first after the start held the room, so that a batch of
    rooms started together all landed on one process."""
    a, b = two_hubs(pg, bus=True)
    a.bot_delay = b.bot_delay = 0.2  # the game lasts the whole test

    async def play(a: fanout.ClusterHub, b: fanout.ClusterHub) -> None:
        assert a.bus is not None and b.bus is not None
        room, _host = await a.create_room("webrunners", 2, {}, seed=31)
        code = room.code
        await b.command(await b.room(code), "start", {"level": "random"})
        assert marks(services.REDIS_URL, b.bus.channel, [code])[code] == b.bus.origin
        await a.resync()  # a's copy follows the start (as on the room's channel)
        assert a.rooms[code].status == "playing" and code in a._bot_tasks
        loop = a._bot_tasks[code]
        assert await b.hold() == []
        assert await a.hold() == [code]  # unwatched, marked by b: let go, bots and all
        assert code not in a.rooms and code not in a._bot_tasks
        await settled(loop.done, 1.0)  # cancelled: it ends once its call to Redis unwinds
        assert code in b._bot_tasks  # b plays them

    on_two_hubs(a, b, play)
