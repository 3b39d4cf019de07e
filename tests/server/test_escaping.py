"""Everything a screen shows is escaped once: a name with an apostrophe reads
« d'ordinateur » on the screens, never « d&#39;ordinateur » (a drawing's output, already
escaped, passed to a sentence and escaped again), and a nickname holding ``&``, ``<`` or a
quote reads as typed, on the server's fragments and on what the page draws (issue 19)."""

from __future__ import annotations

import json
import random
from html import unescape

import pytest

from ludinum.server import framecache, frames
from tests.drawing import Screen
from tests.server import socketless

NICKNAMES = ["Zoé d'Arc", "Tom & Jo", 'Léo "Le Roi"', "Ana <3"]
TWICE = ("&amp;#", "&amp;amp;", "&amp;lt;", "&amp;gt;", "&amp;quot;")


@pytest.mark.parametrize("game", ["voleur", "hacker", "webrunners", "gnou"])
def test_no_screen_is_escaped_twice(game: str) -> None:
    seen_apostrophe = named = False
    for seed in (1, 2, 3):
        room = socketless.playing_room(game, 4, seed)
        for seat, name in zip(room.seats, NICKNAMES, strict=True):
            seat.nickname = name
        clients = [socketless.client("player", s) for s in range(4)]
        clients.append(socketless.client("host"))
        screens = [Screen(room.game) for _ in clients]
        rng = random.Random(seed)
        for step in range(300):
            if room.state.is_terminal():
                break
            actor = rng.choice(room.active())
            room.apply(actor, rng.choice(list(room.state.legal_actions(actor))), float(step))
            frames.fan_out(clients, framecache.FrameCache(room, float(step), ["random"]))
            for client, screen in zip(clients, screens, strict=True):
                for text in socketless.sent(client):
                    frame = json.loads(text)
                    screen.apply(frame)
                    for html in screen.shown().values():
                        assert not any(t in html for t in TWICE), html[:300]
                        seen_apostrophe = seen_apostrophe or "&#39;" in html
                        shown = unescape(html)
                        named = named or any(n in shown for n in NICKNAMES[1:])
    assert seen_apostrophe  # the games did show names with an apostrophe
    assert named  # and nicknames with markup characters, read as typed
