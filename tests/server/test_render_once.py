"""Render once per distinct viewer (issue 19): the tabs of one seat, the spectators and the
host screens of a room each get one frame built per change, however many connections show
it, and every connection is sent exactly what it would be sent alone (its own numbering,
its own seat's secrets and nobody else's)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludinum.games import registry
from ludinum.server import framecache, frames
from ludinum.server.clients import Client
from tests.server import socketless


@pytest.mark.parametrize("name", [g.name for g in registry()])
def test_one_frame_per_viewer_and_each_tab_gets_what_it_would_alone(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    room = socketless.playing_room(name, 3, seed=5, code="ONCEXX")
    rng = random.Random(5)
    tabs = [socketless.client("player", 0) for _ in range(4)]  # a fifth tab opens later
    others = [socketless.client(role, seat) for role, seat in (
        ("host", None), ("spectator", None), ("spectator", None), ("player", 1), ("player", 2))]
    clients = tabs + others
    twins = {id(c): socketless.client(str(c.role), c.view_seat()) for c in clients}
    built = 0
    original = frames.build

    def counting(client: Client, cache: framecache.FrameCache, full: bool = False) -> Any:
        nonlocal built
        built += 1
        return original(client, cache, full)

    monkeypatch.setattr(frames, "build", counting)
    counts: list[int] = []
    for step in range(25):
        cache = framecache.FrameCache(room, float(step), ["random"])
        if step == 3:  # the fifth tab of seat 0: its hello's full frame, then the others'
            late = socketless.client("player", 0)
            twins[id(late)] = socketless.client("player", 0)
            for made in (late, twins[id(late)]):
                frame = original(made, cache, True)
                assert frame is not None
                made.push_text("update", frames.encode(frame, cache))
            tabs.append(late)
            clients.append(late)
        built = 0
        assert frames.fan_out(clients, cache) == built
        counts.append(built)
        for client in clients:  # alone: one build each, as before frames were shared
            twin = twins[id(client)]
            frame = original(twin, cache)
            if frame is not None:
                twin.push_text("update", frames.encode(frame, cache))
            assert socketless.sent(client) == socketless.sent(twin)
            assert client.frame_seq == twin.frame_seq
        if room.state.is_terminal():
            break
        actor = rng.choice(room.active())
        room.apply(actor, rng.choice(list(room.state.legal_actions(actor))), float(step))
    # Seat 0 (its tabs), the host, the spectators, seats 1 and 2: five viewers. When the
    # fifth tab opens it has seen the latest move and the others not yet: a sixth frame,
    # once; from the next change on it shares seat 0's.
    assert len(counts) > 5 and len(tabs) == 5
    assert counts[3] == 6 and set(counts[:3] + counts[4:]) == {5}
    assert tabs[-1].slots is tabs[0].slots and tabs[-1].frame_seq != tabs[0].frame_seq


def test_a_frame_number_is_spliced_into_one_shared_encoding() -> None:
    class Cache:
        def __init__(self) -> None:
            self._json: dict[str, str] = {}

        json_text = framecache.FrameCache.json_text

    cache: Any = Cache()
    frame = {"type": "update", "seq": 4, "status": "playing",
             "slots": {"status": "<p>« 4 »</p>"},
             "log": [{"seq": 4, "text": "seq 4", "private": False},
                     {"seq": 4, "text": "{\"seq\":", "private": True}], "actions": []}
    parts = frames.encode_parts(frame, cache)
    import json

    for number in (0, 12, 345):
        again = json.loads(str(number).join(parts))
        assert again["seq"] == number and [x["seq"] for x in again["log"]] == [number] * 2
        assert {**again, "seq": 4, "log": frame["log"]} == frame
        assert [x["text"] for x in again["log"]] == ["seq 4", "{\"seq\":"]
