"""Issue 21: no screen prints a view's field names, ids or raw values, nor calls a seat
« Joueur 2 » or « Rouge (J1) » instead of its nickname. Whole seeded games
of the four games are played through the room; after every action, every fragment each
seat's phone and the projector would receive (French) and every log line they would read
are scanned as rendered text."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from html import unescape
from typing import Any

import pytest

from ludinum.engine import Game
from ludinum.games import registry
from ludinum.server import framecache, frames
from ludinum.server.clients import Client
from ludinum.server.rooms import PLAYING, Room
from ludinum.server.seats import Seat
from tests.drawing import Screen, decoded, shared

NICKNAMES = ["Léa", "Sami", "Tom", "Inès", "Yanis", "Chloé", "Noé"]
#: Words that are view keys in some game and ordinary French words as well.
FRENCH = {"message", "messages", "question", "questions", "score", "scores", "options",
          "pion", "niveau", "tour", "cartes", "carte", "danger", "dangers", "indice",
          "bonus", "date", "points", "total", "type", "source", "quiz", "protection",
          "protections", "phase", "destructeur", "expert"}
#: English words no French screen shows (field names seen on screens before issue 21).
ENGLISH = {"Answerer", "Series", "Purpose", "Solo", "Id", "True", "False", "None",
           "Player", "Seat", "the", "and", "Details", "Bot"}
#: Names of real products the content cites (a quiz answer « Windows Media Player »): the
#: English in them is the product's name, not a field word.
PRODUCT_NAMES = ("Windows Media Player",)
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
CONTENT_ID = re.compile(r"\b[a-z_]+-\d+-\d+\b")
TAG = re.compile(r"<[^>]*>")
#: A seat called by its number or colour instead of its nickname (issue 21: one identity).
SEAT_NUMBER = re.compile(r"\b(?:Joueur|Player) [1-9]\b|\w+ \((?:J|P)[1-9]\)")


def keys(value: Any) -> Iterator[str]:
    if isinstance(value, Mapping):
        for k, v in value.items():
            yield str(k)
            yield from keys(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from keys(v)


def text_of(html: str) -> str:
    return unescape(TAG.sub(" ", html))


def problems(text: str, view_keys: set[str]) -> list[str]:
    for name in PRODUCT_NAMES:
        text = text.replace(name, " ")
    found = [m.group(0) for m in SNAKE.finditer(text)]
    found += [m.group(0) for m in CONTENT_ID.finditer(text)]
    found += [m.group(0) for m in SEAT_NUMBER.finditer(text)]
    words = set(re.findall(r"[A-Za-zÀ-ÿ_]+", text))
    found += sorted(words & ENGLISH)
    for key in view_keys:
        if len(key) >= 4 and key not in FRENCH and key.isascii():
            for form in (key, key.capitalize()):
                if form in words:
                    found.append(form)
    return found


def room_for(game: Game, seed: int) -> Room:
    players = max(game.min_players, min(3, game.max_players))
    state = game.new_state(players, seed=seed)
    seats = [Seat(i) for i in range(players)]
    for seat in seats:
        seat.make_human(NICKNAMES[seat.index], "x")
    return Room(1, "ABCDEF", game, state.config, "turns", seats, "", state, status=PLAYING)


def client(role: str, seat: int | None = None) -> Client:
    async def send(text: str) -> None:
        return None

    made = Client(send, "fr")
    made.role = role
    made.seats = () if seat is None else (seat,)
    return made


@pytest.mark.parametrize("name", [g.name for g in registry()])
def test_no_screen_shows_raw_data(name: str) -> None:
    game = registry().get(name)
    room = room_for(game, seed=21)
    rng = random.Random(21)
    clients = [client("host"), *(client("player", s) for s in range(len(room.seats)))]
    screens = [Screen(game) for _ in clients]
    seen_keys: set[str] = set()
    bad: dict[str, str] = {}
    steps = 0
    while True:
        for seat in [None, *range(len(room.seats))]:
            seen_keys.update(keys(room.state.view(seat)))
        cache = framecache.FrameCache(room, 0.0, ["random"])
        for c, screen in zip(clients, screens, strict=True):  # the projector, each phone
            frame = frames.build(c, cache)
            if frame is None:
                continue
            screen.apply(frame | {"draw": decoded(frame["draw"])})
            # What the page shows: the room's fragments, its drawing of the game (issue
            # 19), the log lines it is sent.
            shown = [*screen.shown().values(), *(line["text"] for line in frame["log"])]
            for html in shown:
                for word in problems(text_of(html), seen_keys):
                    bad.setdefault(word, text_of(html)[:300])
        if room.state.is_terminal() or steps >= 5000:
            break
        actor = rng.choice(room.active())
        room.apply(actor, rng.choice(list(room.state.legal_actions(actor))), float(steps))
        steps += 1
    assert room.state.is_terminal()
    assert not bad, bad


def test_the_generic_spotlight_speaks_words_only() -> None:
    """The page's generic spotlight (a game without its own, draw.js) shows the texts of
    the view's spotlight keys, never their keys, ids or flags."""
    view = {"quiz": {"id": "culture_generale-1-05", "series": "culture_generale",
                     "solo": False, "question": "Qui a écrit « Candide » ?"},
            "message": "Ne donne jamais ton mot de passe."}
    plain = registry().get("voleur")  # draws no spotlight of its own
    html = shared().screen(plain, {"lang": "fr", "seat": None, "view": view},
                           ("spotlight",))["spotlight"]
    assert "Candide" in html and "mot de passe" in html
    for raw in ("culture_generale", "Series", "Solo", "Id", "non", "<dl"):
        assert raw not in html
