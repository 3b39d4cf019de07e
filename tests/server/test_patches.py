"""Parts of a slot sent alone (server/patches.py): a page that applies every frame it is
sent, slots whole and parts by rank, holds exactly the HTML the server believes it holds,
in every game, for phones, the projector and spectators, in both languages."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ludinum.games import registry
from ludinum.server import framecache, frames, patches, render
from ludinum.server.clients import Client
from tests.drawing import Screen, comparable, decoded, state_of
from tests.server import socketless

P, Q = patches.OPEN, patches.CLOSE


def test_cut_finds_the_frame_and_the_parts() -> None:
    html = f"<svg>{P}<g>a</g>{Q}<defs/>{P}<g>b</g>{Q}</svg>"
    assert patches.cut(html) == (("<svg>", "<defs/>", "</svg>"), ("<g>a</g>", "<g>b</g>"))
    assert patches.cut("<p>no parts</p>") is None


@pytest.mark.parametrize("html", [
    f"<g>{P}a{P}b{Q}{Q}</g>",  # nested
    f"<g>{P}a</g>",  # never closed
    f"<g>a{Q}{P}b{Q}</g>",  # closed first
])
def test_markers_that_nest_or_do_not_pair_mean_the_slot_is_sent_whole(html: str) -> None:
    assert patches.cut(html) is None
    assert patches.patch(html, html.replace("a", "z")) is None


def test_only_the_changed_parts_are_sent_and_applying_them_gives_the_new_slot() -> None:
    old = f"<svg>{P}<g>{'a' * 50}</g>{Q}{P}<g>{'b' * 50}</g>{Q}{P}<g>c</g>{Q}</svg>"
    new = old.replace("<g>c</g>", "<g>C!</g>")
    assert patches.patch(old, new) == {"2": "<g>C!</g>"}
    assert patches.apply(old, {"2": "<g>C!</g>"}) == new


def test_a_slot_whose_frame_changed_is_sent_whole() -> None:
    old = f"<svg>{P}<g>a</g>{Q}</svg>"
    assert patches.patch(old, old.replace("<svg>", "<svg class='x'>")) is None
    assert patches.patch(old, old.replace(f"{Q}</svg>", f"{Q}{P}b{Q}</svg>")) is None
    with pytest.raises(ValueError):
        patches.apply("<p>no parts</p>", {"0": "x"})


def test_every_template_opens_and_closes_its_parts_in_turn() -> None:
    marked = 0
    for path in sorted(render.TEMPLATES.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        marks = text.replace(Q, "\0").split(P)
        # Between two opening markers exactly one closing one; none before the first.
        assert "\0" not in marks[0], path
        assert all(m.count("\0") == 1 for m in marks[1:]), path
        marked += len(marks) - 1
    assert marked >= 1  # the seat list (the games' boards are drawn by the page)


def test_user_text_cannot_forge_a_marker() -> None:
    """A nickname that spells a marker is escaped like any other text (markupsafe)."""
    room = socketless.playing_room("hacker", 4, 3)
    room.seats[1].nickname = P + "x" + Q
    cache = framecache.FrameCache(room, 0.0, ["random"])
    host = socketless.client("host")
    frame = frames.build(host, cache, full=True)
    assert frame is not None
    seats = frame["slots"]["seats"]
    assert "&lt;!--p--&gt;x&lt;!--/p--&gt;" in seats
    assert patches.cut(seats) is not None  # the real markers still pair up


def _updates(client: Client) -> list[dict[str, Any]]:
    out = []
    for text in socketless.sent(client):
        message = json.loads(text)
        if message["type"] == "update":
            out.append(message)
    return out


def _follow(name: str, players: int, seed: int) -> tuple[int, int, int]:
    """Plays a random game; every client's page applies what it is sent. Returns the
    frames that carried parts, the characters sent as parts and what those slots would
    have cost whole."""
    room = socketless.playing_room(name, players, seed, code=f"P{seed:05d}")
    clients = [socketless.client("player", s) for s in range(players)]
    for seat, client in enumerate(clients):
        client.lang = ("fr", "en")[seat % 2]
    english = socketless.client("spectator")
    english.lang = "en"
    clients += [socketless.client("host"), socketless.client("spectator"), english]
    screens = [Screen(room.game, client.lang) for client in clients]
    rng = random.Random(seed)
    patched = sent = whole = 0
    for step in range(220):
        if room.state.is_terminal():
            break
        cache = framecache.FrameCache(room, float(step), ["random"])
        frames.fan_out(clients, cache)
        for client, screen in zip(clients, screens, strict=True):
            for update in _updates(client):
                for slot, parts in update.get("parts", {}).items():
                    patched += 1
                    sent += sum(len(h) for h in parts.values())
                    whole += len(patches.apply(screen.slots[slot], parts))
                screen.apply(update)
            assert screen.slots == client.slots, (name, client.role, step)
            # What the page draws from is what a screen of that seat opened now holds.
            seat = client.view_seat()
            assert comparable(screen.drawn_state()) == comparable(
                state_of(room, seat, client.lang)), (name, client.role, seat, step)
        actor = rng.choice(room.active())
        room.apply(actor, rng.choice(list(room.state.legal_actions(actor))), float(step))
    return patched, sent, whole


@pytest.mark.parametrize("name", [g.name for g in registry()])
def test_a_page_applying_its_frames_holds_what_the_server_sent(name: str) -> None:
    """Every client follows a whole game (phones in French and English, a host, two
    spectators): the room's fragments it holds are the server's, and what it draws the
    game from (views sent by their changed keys, the game's lines, the seat's moves) is
    what a screen of the same seat opened at that moment would hold."""
    game = registry().get(name)
    totals = [0, 0, 0]
    for players in sorted({game.min_players, min(game.max_players, 5)}):
        for seed in (1, 2):
            for i, value in enumerate(_follow(name, players, seed)):
                totals[i] += value
    _patched, sent, whole = totals
    # The room's seat list is sent by the seats that changed once it is long enough.
    assert sent <= whole, (sent, whole)


@pytest.mark.parametrize("name", [g.name for g in registry()])
def test_a_frame_is_encoded_as_json_dumps_writes_it(name: str) -> None:
    """``frames.encode`` (fragments encoded once, plain values written without the
    encoder, parts nested by slot and rank, the drawn parts JSON already) writes what
    ``json.dumps`` writes of the frame, its drawn parts decoded."""
    room = socketless.playing_room(name, 4 if name != "hacker" else 5, 7, code="ENCODE")
    clients = [socketless.client("player", s) for s in range(len(room.seats))]
    clients += [socketless.client("host"), socketless.client("spectator")]
    rng = random.Random(7)
    kinds: set[str] = set()
    for step in range(150):
        if room.state.is_terminal():
            break
        cache = framecache.FrameCache(room, float(step), ["random"])
        for client in clients:
            frame = frames.build(client, cache)
            if frame is None:
                continue
            kinds.update(k for k, v in frame.items() if v not in (None, [], {}))
            plain = dict(frame, draw=decoded(frame["draw"]))
            assert frames.encode(frame, cache) == json.dumps(
                plain, ensure_ascii=False, separators=(",", ":"))
        actor = rng.choice(room.active())
        room.apply(actor, rng.choice(list(room.state.legal_actions(actor))), float(step))
    assert {"slots", "log", "actions", "active", "draw"} <= kinds


def test_the_cuts_kept_are_bounded_by_their_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(patches, "CUTS_CHARS", 10_000)
    for n in range(100):
        patches.cut(f"<svg>{P}<g>{n:04d}{'x' * 500}</g>{Q}</svg>")
    kept = sum(map(len, patches._CUTS))
    assert kept <= 10_000 and len(patches._CUTS) < 100
    assert patches.cut(f"<svg>{P}<g>0099{'x' * 500}</g>{Q}</svg>") is not None  # the newest
