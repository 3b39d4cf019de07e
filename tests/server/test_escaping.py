"""Every fragment is escaped once: a name with an apostrophe reads « d'ordinateur » on the
screens, never « d&#39;ordinateur » (a macro's output, already escaped, passed to a message
and escaped again)."""

from __future__ import annotations

import random

import pytest

from ludinum.server import frames
from tests.server import socketless


@pytest.mark.parametrize("game", ["voleur", "hacker", "webrunners", "gnou"])
def test_no_fragment_is_escaped_twice(game: str) -> None:
    seen_apostrophe = False
    for seed in (1, 2, 3):
        room = socketless.playing_room(game, 4, seed)
        clients = [socketless.client("player", s) for s in range(4)]
        clients.append(socketless.client("host"))
        rng = random.Random(seed)
        for step in range(300):
            if room.state.is_terminal():
                break
            actor = rng.choice(room.active())
            room.apply(actor, rng.choice(list(room.state.legal_actions(actor))), float(step))
            frames.fan_out(clients, frames.FrameCache(room, float(step), ["random"]))
            for client in clients:
                for text in socketless.sent(client):
                    assert "&amp;#" not in text and "&amp;amp;" not in text, text[:300]
                    seen_apostrophe = seen_apostrophe or "&#39;" in text
    assert seen_apostrophe  # the games did show names with an apostrophe
