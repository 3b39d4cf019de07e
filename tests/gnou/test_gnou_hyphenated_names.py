"""Hyphenated nicknames are never cut across lines on a Gnou screen (app.css ``.nick``):
the quiz's heading (« … · question pour Anne- / Sophie » on a phone) and the offer to pass
a protection on (« Anne-Sophie est sur un danger… ») put each in a ``.nick`` span."""

from __future__ import annotations

import random
import re

from tests.drawing import slot
from tests.server import socketless

NAMES = ["Anne-Sophie", "Jean-Léo", "Marie-Ange"]


def test_the_quiz_heading_and_the_offer_keep_each_nickname_whole() -> None:
    headings = offers = 0
    for seed in range(30):
        room = socketless.named_room("gnou", NAMES, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if room.state.is_terminal():
                break
            public = room.state.view(None)
            if public.get("quiz"):
                for seat in (None, public["quiz"]["answerer"]):
                    shown = slot(room, seat, "spotlight")
                    title = re.search(r'<p class="quiz-title">.*?</p>', shown)
                    assert title and socketless.cut_nicknames(title.group(0), NAMES) == [], shown
                    headings += 1
            for seat in room.deciding():
                if room.state.view(seat).get("step") == "offer":
                    shown = slot(room, seat, "actions")
                    prompt = re.search(r'<p class="prompt">.*?</p>', shown)
                    assert prompt and any(n in prompt.group(0) for n in NAMES), shown
                    assert socketless.cut_nicknames(prompt.group(0), NAMES) == [], prompt.group(0)
                    offers += 1
            socketless.random_moves(room, rng, 1)
        if headings >= 6 and offers >= 2:
            return
    raise AssertionError(f"met {headings} quiz headings and {offers} offers only")
