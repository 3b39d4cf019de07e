"""A screen opened or reloaded mid-game is sent the whole game's log in its first frame
(its journal lists it); the frame's ``latest`` says how many of those lines the room's
latest change wrote, so that its narration tells that change only, as a screen connected
all along does (docs/protocol.md, the update frame; docs/web.md, narration)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludinum.games import registry
from ludinum.server import framecache, frames
from ludinum.server.clients import Client
from ludinum.server.rooms import Room
from tests.server.socketless import client, playing_room, random_moves


def _frame(room: Room, reader: Client) -> dict[str, Any] | None:
    return frames.build(reader, framecache.FrameCache(room, 0.0, ["random"]))


def _narrated(lines: list[dict[str, Any]]) -> list[str]:
    """What app.js ``narrate`` shows of a frame's log lines: the public ones, each in its
    brief form if it has one, the empty ones left out."""
    told = [line.get("brief", line["text"]) for line in lines if not line["private"]]
    return [text for text in told if text]


def _reload_narrates(frame: dict[str, Any]) -> list[str]:
    """What a page opened with ``frame`` narrates (app.js ``update``)."""
    log: list[dict[str, Any]] = frame["log"]
    return _narrated(log[len(log) - frame["latest"]:] if "latest" in frame else log)


def _readers(room: Room) -> list[tuple[str, int | None]]:
    """The projector, a spectator and every seat's phone."""
    return [("host", None), ("spectator", None),
            *(("player", seat) for seat in range(len(room.seats)))]


@pytest.mark.parametrize("name", [game.name for game in registry()])
def test_a_reloaded_screen_narrates_what_one_connected_all_along_narrates(name: str) -> None:
    """After every move, a screen opened then (for the projector, a spectator and each
    seat) narrates what a screen connected since the start narrates now: the latest change
    that said something to it, not the game's first line and every line since. Its journal
    gets the whole game, and only the lines it may see (a seat's own private lines, never
    another's)."""
    room = playing_room(name, 3 if name != "gnou" else 2, seed=7)
    rng = random.Random(7)
    along = {reader: client(*reader) for reader in _readers(room)}
    shown: dict[tuple[str, int | None], list[str]] = {reader: [] for reader in along}
    journal: dict[tuple[str, int | None], list[str]] = {reader: [] for reader in along}
    checked = 0
    for _ in range(40):
        if room.state.is_terminal():
            break
        random_moves(room, rng, 1)
        for reader, screen in along.items():
            frame = _frame(room, screen)
            if frame is None:
                continue
            # A screen connected all along is sent the change alone: no ``latest``.
            assert "latest" not in frame, (reader, frame["log"])
            journal[reader] += [line["text"] for line in frame["log"]]
            shown[reader] = _narrated(frame["log"]) or shown[reader]
            opened = _frame(room, client(*reader))
            assert opened is not None
            assert [line["text"] for line in opened["log"]] == journal[reader], reader
            assert _reload_narrates(opened) == shown[reader], (reader, opened["log"])
            if "latest" in opened:
                assert 0 <= opened["latest"] < len(opened["log"])
                checked += 1
    assert checked, "no reload ever had older lines than the latest change's"


def test_latest_counts_the_trailing_lines_of_the_newest_change_told() -> None:
    """The count runs from the first line of the newest change with a line to narrate
    (public, its brief not empty) to the end: a later change of private lines only is
    counted in, and narrated by no one (narrate leaves private lines out)."""
    lines = [(1, "a", None, False), (2, "b", None, False), (2, "c", "", False),
             (3, "d", None, True)]
    assert framecache.latest_lines(lines) == 3
    assert framecache.latest_lines(lines[:2]) == 1
    assert framecache.latest_lines([(1, "a", "", False), (2, "d", None, True)]) == 0
    assert framecache.latest_lines([]) == 0


def test_a_first_frame_of_one_change_gets_no_latest() -> None:
    """The first frame of a room with a single change carries no ``latest`` (its log is
    that change already): the field is only sent where it tells something."""
    room = playing_room("gnou", 2, seed=3)
    random_moves(room, random.Random(3), 1)
    frame = _frame(room, client("host"))
    assert frame is not None and frame["log"] and "latest" not in frame
