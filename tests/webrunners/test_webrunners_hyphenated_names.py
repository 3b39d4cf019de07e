"""Hyphenated nicknames (« Marie-Ange ») are never cut across two lines: every screen puts
them in a span the stylesheet keeps whole (app.css ``.nick``). On a 390-px phone the
board's legend printed « ◆ 3 Marie- / Ange : Influenceuse », a step's prompt « la main
d'Anne- / Sophie », the end screen's key moments and the host's seat list likewise."""

from __future__ import annotations

import random
import re

from ludinum.games.webrunners import GAME
from ludinum.server import framecache
from ludinum.server.framecache import FrameCache
from ludinum.server.rooms import FINISHED, Room
from tests.drawing import shared, slot
from tests.server import socketless

NAMES = ["Jean-Léo", "Marie-Ange", "Anne-Sophie", "Inès"]
HYPHENATED = [n for n in NAMES if "-" in n]


def part(html: str, pattern: str) -> str:
    found = re.search(pattern, html, re.S)
    assert found, pattern
    return found.group(0)


def test_the_boards_legend_keeps_each_nickname_whole() -> None:
    room = socketless.named_room("webrunners", NAMES, 2)
    for seat in (None, 0):
        legend = part(slot(room, seat, "map"), r'<p class="legend">●.*?</p>')
        assert all(n in legend for n in NAMES)
        assert socketless.cut_nicknames(legend, NAMES) == [], legend


def test_a_steps_prompt_keeps_the_nickname_whole() -> None:
    rng = random.Random(7)
    for seed in range(40):
        room = socketless.named_room("webrunners", NAMES, seed)
        for _ in range(3000):
            for seat in room.deciding():
                if room.state.view(seat).get("phase") == "hack" and any(
                        a.kind == "take" for a in room.state.legal_actions(seat)):
                    shown = slot(room, seat, "actions")
                    prompt = part(shown, r'<div class="prompt step">.*?</div>')
                    victim = NAMES[room.state.view(seat)["pending"]["victim"]]
                    assert victim in prompt
                    assert socketless.cut_nicknames(prompt, NAMES) == [], prompt
                    if "-" in victim:
                        return
            if room.state.is_terminal():
                break
            socketless.random_moves(room, rng, 1)
    raise AssertionError("no Hacking exchange with a hyphenated victim met")


def test_a_buttons_nickname_is_kept_whole() -> None:
    shown = shared().piece(GAME, "fr", NAMES, 'c.plainButtons([[{kind: "x"}, '
                           '"Donner à Marie-Ange", "{}"]], 0)')
    assert 'Donner à <span class="nick">Marie-Ange</span></button>' in shown


def test_the_seat_list_and_key_moments_keep_each_nickname_whole() -> None:
    room = socketless.named_room("webrunners", NAMES, 1)
    seats = FrameCache(room, 0.0, ["random"]).html("seats", (True, None), "fr")
    names = re.findall(r'<span class="seat-name">(.*?)</span>\s*<span class="seat-state">',
                       seats, re.S)
    assert len(names) == 4 and socketless.cut_nicknames("".join(names), NAMES) == [], names
    socketless.random_moves(room, random.Random(1), 5000)
    assert room.status == FINISHED
    shown = framecache.debrief(room, "fr", NAMES)
    moments = part(shown, r'<ul class="moments">.*?</ul>')
    assert any(n in moments for n in HYPHENATED)
    assert socketless.cut_nicknames(moments, NAMES) == [], moments


def test_the_projectors_character_choice_keeps_the_nickname_whole() -> None:
    """W13, characters chosen in turn: « Marie-Ange choisit son personnage. » in large type
    on the projector."""
    from ludinum.server.rooms import PLAYING
    from ludinum.server.seats import Seat

    state = GAME.new_state(4, seed=1, options={"characters": "chosen"})
    seats = [Seat(i) for i in range(4)]
    for seat, name in zip(seats, NAMES, strict=True):
        seat.make_human(name, "x")
    room = Room(1, "SOCKET", GAME, state.config, "turns", seats, "", state, status=PLAYING)
    rng = random.Random(1)
    for _ in range(200):
        public = room.state.view(None)
        if public.get("phase") == "setup_character" and "-" in NAMES[public["pending"]["seat"]]:
            shown = part(slot(room, None, "spotlight"), r'<p class="quiz-question">.*?</p>')
            assert "choisit son personnage" in shown, shown
            assert socketless.cut_nicknames(shown, NAMES) == [], shown
            return
        socketless.random_moves(room, rng, 1)
    raise AssertionError("no hyphenated nickname chose a character")
