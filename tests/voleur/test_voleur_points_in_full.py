"""A data card's tile on the phone said « 5 pts », its board « 2 données (3 pts) », its
card page « Carte personnelle (2 pt) »: abbreviations a child reads as words of their own.
Points are written in full wherever a player reads them (V2: a data card's points)."""

from __future__ import annotations

import random
import re

from ludinum.games import registry
from ludinum.games.voleur.site import _kind
from tests.drawing import shared, state_of
from tests.server import socketless

GAME = registry().get("voleur")
ABBREVIATED = re.compile(r"\b\d+ pts?\b")


def test_every_data_card_tile_says_points_in_full() -> None:
    faces = 0
    for ident in GAME.text.deck.index:
        for lang in ("fr", "en"):
            face = GAME.text.card_face(ident, lang)
            if face is None or not face.value:
                continue
            assert re.fullmatch(r"\d+ points?", face.value), face
            assert face.value.endswith("s") == (not face.value.startswith("1 ")), face
            faces += 1
    assert faces > 10


def test_the_card_pages_say_points_in_full() -> None:
    deck = GAME.text.deck
    said = [_kind(card, lang) for card in deck.cards for lang in ("fr", "en")]
    assert not [s for s in said if ABBREVIATED.search(s)], said
    assert any(re.search(r"\(\d points\)", s) for s in said), said


def test_the_phone_says_points_in_full() -> None:
    """The phone's screens (hand tiles, the boards a card is laid on or aimed at) in
    French and English, over a random game."""
    room = socketless.playing_room("voleur", 3, seed=2)
    rng = random.Random(2)
    drawing = shared()
    seen = 0
    for _step in range(60):
        if room.state.is_terminal():
            break
        for lang in ("fr", "en"):
            for seat in range(3):
                html = " ".join(drawing.screen(GAME, state_of(room, seat, lang)).values())
                assert not ABBREVIATED.search(html), (lang, ABBREVIATED.findall(html))
                seen += html.count(" point")
        socketless.random_moves(room, rng, 1)
    assert seen > 0
