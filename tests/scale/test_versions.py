"""Two hubs on one PostgreSQL database never both apply an action to the same game version.

Each hub stands for a process with its own live copy of the room. The unique (room, seq)
key of the actions table refuses the second append; the loser reloads the room (replaying
what the other appended) and checks the action again on the new state. Timers and bots take
a Redis lease and are never retried, so they move once per version.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from typing import Any

import pytest

from ludinum.engine import Action
from ludinum.server.fanout import ClusterHub
from ludinum.server.hub import _InFlight
from ludinum.server.leases import RedisLeases
from tests.scale import services
from tests.scale.services import on_two_hubs, settled, two_hubs


async def started_toy(hub: ClusterHub, options: dict[str, Any], seed: int) -> str:
    """A toy game of Ada and Bob created and started on ``hub``: its code."""
    room, _ = await hub.create_room("toy", 2, options, seed=seed)
    await hub.join(room.code, "Ada")
    await hub.join(room.code, "Bob")
    await hub.command(room, "start", {})
    return room.code


async def toy_room(a: ClusterHub, b: ClusterHub, seconds: int = 0) -> str:
    code = await started_toy(a, {"turn_seconds": seconds}, seed=7)
    await b.room(code)  # the other process loads it
    return code


def test_the_second_append_of_a_version_loses_and_is_checked_again(pg: str) -> None:
    on_two_hubs(*two_hubs(pg), second_append)


async def second_append(a: ClusterHub, b: ClusterHub) -> None:
    code = await toy_room(a, b)
    ra, rb = a.rooms[code], b.rooms[code]
    first, other = ra.state.legal_actions(0)[0], rb.state.legal_actions(0)[1]
    await a.act(ra, 0, first)
    # b still holds version 0, where seat 0 may play another card: its append of version 1
    # conflicts; after catching up, seat 0's action is out of turn and refused.
    with pytest.raises(Exception) as refused:
        await b.act(b.rooms[code], 0, other)
    assert getattr(refused.value, "code", "") == "not_your_turn"
    assert b.conflicts == 1
    stored = a.store.actions(ra.id)
    assert [(seq, seat, Action.from_json(data)) for seq, seat, data in stored] == [
        (1, 0, first)]
    assert b.rooms[code].state.to_json() == a.rooms[code].state.to_json()
    assert b.rooms[code].seq == 1


def test_a_stale_copy_checks_again_and_accepts_an_action_legal_on_the_new_state(pg: str
                                                                                ) -> None:
    async def play(a: ClusterHub, b: ClusterHub) -> None:
        code = await toy_room(a, b)
        await a.act(a.rooms[code], 0, a.rooms[code].state.legal_actions(0)[0])
        # On b's stale copy it is still seat 0's turn; seat 1's pass is legal on the new
        # state.
        await b.act(b.rooms[code], 1, Action.make("pass"))
        stored = a.store.actions(a.rooms[code].id)
        assert [(seq, seat) for seq, seat, _ in stored] == [(1, 0), (2, 1)]
        assert b.rooms[code].seq == 2

    on_two_hubs(*two_hubs(pg), play)


def test_concurrent_actions_from_two_hubs_keep_one_ordered_log(pg: str) -> None:
    """Both hubs push every seat's moves as fast as they can, on stale copies."""
    on_two_hubs(*two_hubs(pg), concurrent)


async def concurrent(a: ClusterHub, b: ClusterHub) -> None:
    code = await toy_room(a, b)
    accepted = 0
    for step in range(40):
        for hub in (a, b) if step % 2 else (b, a):
            room = hub.rooms.get(code) or await hub.room(code)
            if room.status != "playing":
                continue
            for seat in (0, 1):
                legal = room.state.legal_actions(seat)
                if legal:
                    with contextlib.suppress(Exception):
                        await hub.act(room, seat, legal[-1])
                        accepted += 1
                    break
    stored = a.store.actions(a.rooms[code].id)
    assert [seq for seq, _, _ in stored] == list(range(1, len(stored) + 1))
    assert len(stored) == accepted
    # The log replays to the state both hubs hold once they catch up.
    await b.resync()
    await a.resync()
    assert a.rooms[code].state.to_json() == b.rooms[code].state.to_json()
    assert [seat for _, seat, _ in stored] == [i % 2 for i in range(len(stored))]


def test_a_redis_lease_has_one_holder_and_expires() -> None:
    services.need_redis()
    import redis.asyncio as aioredis

    async def run() -> None:
        client = aioredis.from_url(services.REDIS_URL)
        first, second = RedisLeases(client, ttl=0.3), RedisLeases(client, ttl=0.3)
        key = "T" + uuid.uuid4().hex[:6]
        assert await first.acquire(key, 1)
        assert await first.acquire(key, 1)  # re-entrant for its holder
        assert not await second.acquire(key, 1)
        assert await second.acquire(key, 2)  # another version is another lease
        await asyncio.sleep(0.45)
        assert await second.acquire(key, 1)  # the first holder's lease expired
        await client.aclose()

    asyncio.run(run())


def test_timers_fire_once_with_two_processes(pg: str) -> None:
    """Both hubs hold the room and schedule its deadline; each timeout is applied once."""
    a, b = two_hubs(pg, bus=True)

    async def play(a: ClusterHub, b: ClusterHub) -> str:
        code = await toy_room(a, b, seconds=1)
        await asyncio.sleep(3.4)
        return code

    code = on_two_hubs(a, b, play, start=True)
    room_id = a.store.room(code)
    assert room_id is not None
    stored = a.store.actions(room_id.id)
    # Three deadlines of 1 s in 3.4 s; each applied once, alternately by the seats.
    assert 2 <= len(stored) <= 4
    assert [seq for seq, _, _ in stored] == list(range(1, len(stored) + 1))
    assert [seat for _, seat, _ in stored] == [i % 2 for i in range(len(stored))]
    assert all(data == Action.make("pass").to_json() for _, _, data in stored)
    assert a.accepted + b.accepted == len(stored)
    assert a.accepted > 0 or b.accepted > 0


def test_a_reload_keeps_a_move_being_written_when_its_read_comes_back(pg: str) -> None:
    """A reload (resync, catch-up) reads the room, then this process accepts a move whose
    write is still under way when the read comes back: the copy in memory is the newer one
    and is kept, so the next move takes the next version instead of losing a conflict with
    this process's own log."""

    async def play(a: ClusterHub, b: ClusterHub) -> tuple[bool, int, list[int]]:
        code = await toy_room(a, b)
        room = b.rooms[code]
        read, write = b.writer.read, b.writer.write
        read_back, written = asyncio.Event(), asyncio.Event()

        async def read_then_wait(fn: object, *args: object) -> object:
            result = await read(fn, *args)  # type: ignore[arg-type]
            await read_back.wait()  # the room as it was read, held back
            return result

        def write_later(key: str, op: object) -> asyncio.Future[None]:
            inner = write(key, op)  # type: ignore[arg-type]
            outer: asyncio.Future[None] = asyncio.get_running_loop().create_future()

            async def relay() -> None:
                await written.wait()  # the move's write still under way
                try:
                    await inner
                    outer.set_result(None)
                except BaseException as exc:
                    outer.set_exception(exc)

            b._spawn(relay())
            return outer

        b.writer.read = read_then_wait  # type: ignore[method-assign]
        b.writer.write = write_later  # type: ignore[method-assign]
        reload = asyncio.create_task(b._reload(code))
        await asyncio.sleep(0.2)
        move = asyncio.create_task(b.act(room, 0, room.state.legal_actions(0)[0]))
        await asyncio.sleep(0.05)
        read_back.set()
        await reload
        written.set()
        await move
        b.writer.read, b.writer.write = read, write  # type: ignore[method-assign]
        kept = b.rooms[code] is room
        seat = room.active()[0]
        await b.act(b.rooms[code], seat, b.rooms[code].state.legal_actions(seat)[0])
        return kept, b.conflicts, [seq for seq, _, _ in b.store.actions(room.id)]

    kept, conflicts, stored = on_two_hubs(*two_hubs(pg), play)
    assert kept and conflicts == 0
    assert stored == [1, 2]


def test_a_move_written_with_one_that_lost_is_checked_again_on_the_stored_room(
    pg: str,
) -> None:
    """Two moves of a stale copy are written one after the other and lose to another
    process's move (whose message has not arrived): neither is a storage failure, each is
    checked again on the room as stored, accepted where it is legal there and refused for
    a game reason where it is not."""

    async def play(a: ClusterHub, b: ClusterHub) -> tuple[list[object], list[tuple[int, int]]]:
        code = await toy_room(a, b)
        ra, rb = a.rooms[code], b.rooms[code]
        await a.act(ra, 0, ra.state.legal_actions(0)[0])  # b has not heard of it
        outcomes = await asyncio.gather(
            b.act(rb, 0, rb.state.legal_actions(0)[1]),
            b.act(rb, 1, Action.make("pass")),
            return_exceptions=True)
        stored = [(seq, seat) for seq, seat, _ in a.store.actions(ra.id)]
        return [getattr(o, "code", o) for o in outcomes], stored

    outcomes, stored = on_two_hubs(*two_hubs(pg), play)
    assert "storage_unavailable" not in outcomes, outcomes
    # Seat 0's card was for the turn the other process played: refused on the stored room
    # (not its turn); seat 1's pass is legal there and accepted.
    assert outcomes[0] == "not_your_turn" and isinstance(outcomes[1], list), outcomes
    assert stored == [(1, 0), (2, 1)]


def test_a_copy_with_its_own_writes_under_way_is_ahead_not_behind(pg: str) -> None:
    """A move refused on this copy looks in the database for a newer version; while this
    copy's own moves are still being written, the database is older, not newer: reloading
    then would drop those moves while they are stored (and reuse their versions)."""

    async def play(a: ClusterHub, b: ClusterHub) -> list[bool]:
        code = await toy_room(a, b)
        room = b.rooms[code]
        seen = [await b._behind(room)]  # the same version: not behind
        room.state.apply(0, room.state.legal_actions(0)[0])  # a move not yet stored…
        room.seq += 1
        b._inflight[code] = _InFlight()  # …its write under way
        seen.append(await b._behind(room))
        del b._inflight[code]
        room.seq -= 1  # (the test's copy only: its version is the stored one again)
        await a.act(a.rooms[code], 0, a.rooms[code].state.legal_actions(0)[0])
        seen.append(await b._behind(room))  # another process stored version 1
        return seen

    assert on_two_hubs(*two_hubs(pg), play) == [False, False, True]


def test_a_copy_behind_takes_only_the_moves_it_lacks(pg: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: a process whose copy of a room fell behind (messages missed, another
    process's moves and joins) replayed the room's whole log on its event loop to catch
    up, at every resync. It now reads the row and the actions after its version and
    applies those: the same copy, moved on, equal to the stored room."""
    replays: list[str] = []
    rebuilt = ClusterHub._rebuilt

    def counted(self: ClusterHub, row: Any, *args: Any) -> Any:
        replays.append(row.code)
        return rebuilt(self, row, *args)

    async def play(a: ClusterHub, b: ClusterHub) -> None:
        room, _ = await a.create_room("toy", 3, {"turn_seconds": 0}, seed=7)
        code = room.code
        await a.join(code, "Ada")
        await a.join(code, "Bob")
        await a.command(room, "start", {})
        copy = await b.room(code)
        monkeypatch.setattr(ClusterHub, "_rebuilt", counted)
        for _ in range(3):  # moves b hears nothing of (no Redis here)
            mover = a.rooms[code]
            seat = mover.active()[0]
            await a.act(mover, seat, mover.state.legal_actions(seat)[0])
        await a.command(a.rooms[code], "offer", {"seat": 2})  # a bot's seat opened there…
        await a.join(code, "Cléo", seat=2)  # …and taken
        await a.command(a.rooms[code], "lock", {})
        assert copy.seq < a.rooms[code].seq
        await b.resync()
        assert b.rooms[code] is copy  # the same copy, moved on
        assert copy.seq == a.rooms[code].seq == 3
        assert copy.state.to_json() == a.rooms[code].state.to_json()
        assert [s.to_json() for s in copy.seats] == [s.to_json() for s in a.rooms[code].seats]
        assert copy.deadline_at == a.rooms[code].deadline_at
        assert copy.locked and copy.seats[2].nickname == "Cléo"
        assert b.followed == 1 and replays == []
        await b.resync()  # nothing new: nothing read again
        assert b.followed == 1

    on_two_hubs(*two_hubs(pg), play)


def test_a_copy_ahead_of_storage_replays_the_whole_log(pg: str) -> None:
    """A copy whose version storage does not have (none of its own writes under way: a
    move kept in memory that never landed) cannot take stored moves on top of it: the
    room is rebuilt from the whole log."""

    async def play(a: ClusterHub, b: ClusterHub) -> None:
        code = await toy_room(a, b)
        mover = a.rooms[code]
        await a.act(mover, 0, mover.state.legal_actions(0)[0])
        copy = b.rooms[code]
        copy.state.apply(0, copy.state.legal_actions(0)[0])
        copy.seq = 5  # ahead of the stored version 1
        await b._follow(code)
        assert b.rooms[code] is not copy
        assert b.rooms[code].seq == 1
        assert b.rooms[code].state.to_json() == a.rooms[code].state.to_json()
        assert b.followed == 0

    on_two_hubs(*two_hubs(pg), play)


async def first_move(hub: ClusterHub, code: str) -> None:
    """The player to move in ``code`` on ``hub`` makes their first legal move."""
    room = hub.rooms[code]
    seat = room.state.active_players()[0]
    await hub.act(room, seat, room.state.legal_actions(seat)[0])


async def heard_by_copy(a: ClusterHub, b: ClusterHub, code: str, copy: Any) -> None:
    """A move on ``a`` reaches ``b``'s ``copy`` of the room by the channel (not reloaded)."""
    assert b.bus is not None
    await first_move(a, code)
    await settled(lambda: b.rooms[code].seq == a.rooms[code].seq)
    assert b.rooms[code] is copy and b.bus.received >= 1
    assert copy.state.to_json() == a.rooms[code].state.to_json()


def test_a_process_hears_only_the_moves_of_the_rooms_it_holds(pg: str) -> None:
    """Each room's moves go out on the room's own channel (issue 19: on one channel for all
    rooms, a process received and decoded every move of the other's rooms to drop it). A
    process that does not hold the room hears none of its moves; once it loads the room it
    follows that channel and its copy takes the other's moves as they come; let go, it
    hears them no more."""

    async def play(a: ClusterHub, b: ClusterHub) -> None:
        assert a.bus is not None and b.bus is not None
        code = await started_toy(a, {}, seed=11)
        await settled(lambda: code in a.bus.following)
        for _ in range(3):
            await first_move(a, code)
        await settled(lambda: a.bus.published + a.bus.skipped >= 3)
        await asyncio.sleep(0.2)
        assert code not in b.rooms and b.bus.received == 0  # nothing heard of a's room
        copy = await b.room(code)  # a request reaches b: it holds a copy now
        await settled(lambda: code in b.bus.following)
        await heard_by_copy(a, b, code, copy)
        b._forget(code)
        await settled(lambda: code not in b.bus.following)
        heard = b.bus.received
        await first_move(a, code)
        await asyncio.sleep(0.3)
        assert b.bus.received == heard

    on_two_hubs(*two_hubs(pg, bus=True), play, start=True)


def test_a_room_nobody_else_follows_is_not_published_until_someone_does(pg: str) -> None:
    """With rooms pinned, a room's moves went out on its channel only to come back to
    the process that made them (5 % of its samples under load). Once Redis says that no
    other process received a room's message, the room's next moves are not sent; a
    process that loads the room announces it follows the channel, and the moves go out
    again. A move made before the announcement is heard (not published) reaches the
    newcomer by its second look at storage."""

    async def play(a: ClusterHub, b: ClusterHub) -> None:
        assert a.bus is not None and b.bus is not None
        code = await started_toy(a, {"rounds": 10}, seed=11)
        await settled(lambda: code in a.bus.following)
        await first_move(a, code)
        await settled(lambda: code in a.bus.alone)  # heard by a only
        sent = a.bus.published
        for _ in range(3):
            await first_move(a, code)
        assert a.bus.skipped >= 3 and a.bus.published == sent  # nothing sent for nobody

        copy = await b.room(code)  # a request reaches b: it follows the room and says so
        await settled(lambda: code not in a.bus.alone)
        await heard_by_copy(a, b, code, copy)

        # A move stored after b's look at storage and before a hears b's announcement is
        # not published: b's second look brings it.
        b._forget(code)
        await settled(lambda: code not in b.bus.following)
        await first_move(a, code)
        await settled(lambda: code in a.bus.alone)
        look = b._catch_up_stored
        looks: list[bool] = []

        async def look_then_move(c: str) -> None:
            await look(c)
            if not looks:  # the first look: a moves as if b's announcement were late
                await settled(lambda: code not in a.bus.alone)
                skipped = a.bus.skipped
                a.bus.alone.add(code)
                await first_move(a, code)
                assert a.bus.skipped == skipped + 1  # not published
            looks.append(b.rooms[c].seq == a.rooms[c].seq)

        b._catch_up_stored = look_then_move  # type: ignore[method-assign]
        await b.room(code)
        await settled(lambda: len(looks) >= 2)
        assert looks[:2] == [False, True]  # behind after the first look, caught up after
        assert b.rooms[code].state.to_json() == a.rooms[code].state.to_json()

    on_two_hubs(*two_hubs(pg, bus=True), play, start=True)
