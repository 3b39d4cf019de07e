"""The game's text under a board is written by the page (issue 19: ``lines`` in each game's
``games/<game>/web/board.js``, from the view the screen holds): it says what the game's
own text says (``GameText.view`` without what the board draws, seats by nickname, no
markup, French spacing: ``render.lines``, what the server wrote before), on every screen
of random games, in French and English, with nicknames holding ``&``, ``<`` and quotes.
The terminal keeps ``GameText.view``: the two cannot drift apart."""

from __future__ import annotations

import json
import random

import pytest

from ludinum.games import registry
from ludinum.server import render
from ludinum.server.framecache import FrameCache
from tests.drawing import shared, state_of
from tests.server import socketless

GAMES = [g.name for g in registry() if g.page_lines]
NAMES = ["Léa", "Tom & <Jo>", 'Zoé "Z" d\'Arc', "Élise-Marie", "Sami", "Noé", "Ana"]


def page_lines(game_name: str, state: dict[str, object], seat: int | None, lang: str
               ) -> list[str]:
    drawing = shared()
    game = registry().get(game_name)
    drawing.kit(game, lang)
    code = ("JSON.stringify(Ludinum.games[" + json.dumps(game_name) + "].lines("
            "Object.assign({}, Ludinum.draw.pieces(" + json.dumps(game_name) + ","
            + json.dumps(lang) + "," + json.dumps(state["names"], ensure_ascii=False)
            + "), {seat: " + json.dumps(seat) + ", view: "
            + json.dumps(state["view"], ensure_ascii=False) + "})))")
    return list(json.loads(str(drawing.ctx.eval(code))))


def test_every_game_with_a_drawer_writes_its_lines_in_the_page() -> None:
    assert sorted(GAMES) == sorted(g.name for g in registry())


@pytest.mark.parametrize("name", GAMES)
def test_the_page_writes_the_games_own_text(name: str) -> None:
    game = registry().get(name)
    checked = 0
    for players in sorted({game.min_players, game.max_players}):
        room = socketless.playing_room(name, players, seed=players)
        for seat, nickname in zip(room.seats, NAMES, strict=False):
            seat.nickname = nickname
        rng = random.Random(players)
        for step in range(400):
            if step % 3 == 0 or room.state.is_terminal():
                for lang in ("fr", "en"):
                    for seat in (None, *range(players)):
                        cache = FrameCache(room, 0.0, ["random"])
                        server = render.lines(game, cache.view(seat), lang, cache.names(lang))
                        assert page_lines(name, state_of(room, seat, lang), seat, lang) == \
                            server, (name, players, step, lang, seat)
                        checked += 1
            if room.state.is_terminal():
                break
            socketless.random_moves(room, rng, 1)
    assert checked >= 100
