"""An English screen speaks English: every screen a phone, the host and a spectator show
(what they are sent and what the page draws from it) in a whole game of each title, at
its fewest and most players, holds no French word or French quotation mark outside the
names that stay French (a game's title, a French law, an association). A Voleur decision
had read « « Business contracts » : tap the board… » and every debrief's source « Le
Voleur de Données, règles du jeu »."""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

import pytest

from ludinum.engine.lessons import source_in
from ludinum.games import registry
from ludinum.server import framecache, frames
from ludinum.server.clients import Client
from tests.drawing import Screen
from tests.server import socketless

#: Words of French grammar that English text never holds.
FRENCH = re.compile(
    r"[«»]|\b(le|la|les|des|du|une|est|pas|tour|joueur|carte|cartes|avec|pour|sur|dans|"
    r"ton|ta|tes|qui|que|et|au|aux|règles|jeu)\b", re.I)
#: Names that stay French in English text.
NAMES = ("Le jeu du Gnou", "Le Voleur de Données", "Informatique et Libertés",
         "La Quadrature du Net", "École Centrale")


def _text(fragment: str) -> str:
    """What a screen prints of a fragment: no tags, no scripts; a lesson's source line
    (a citation: a French law keeps its name) left out, its own words checked apart."""
    fragment = re.sub(r'<p class="source">.*?</p>', " ", fragment, flags=re.S)
    fragment = re.sub(r"<(script|style)\b.*?</\1>", " ", fragment, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


def _frames(client: Client) -> list[dict[str, Any]]:
    out = []
    while not client.queue.empty():
        item = client.queue.get_nowait()
        if item is not None:
            out.append(json.loads(item[1]))
    return out


def _printed(frame: dict[str, Any], screen: Screen) -> list[str]:
    """What a page shows after ``frame``: the room's fragments, its drawing of the game
    (issue 19), the frame's log lines and moves."""
    screen.apply(frame)
    texts = [_text(v) for v in screen.shown().values()]
    texts += [line["text"] for line in frame.get("log") or []]
    texts += [str(a.get("label", "")) for a in frame.get("actions") or []]  # type: ignore[attr-defined]
    session = frame.get("session")
    if isinstance(session, dict):
        texts.append(str(session.get("rule", "")))
    return texts


def _french(text: str) -> list[str]:
    for name in NAMES:
        text = text.replace(name, " ")
    return [text[max(0, m.start() - 40):m.end() + 40] for m in FRENCH.finditer(text)]


@pytest.mark.parametrize("name", [g.name for g in registry()])
def test_an_english_screen_shows_no_french(name: str) -> None:
    game = registry().get(name)
    found: list[str] = []
    for players in sorted({game.min_players, game.max_players}):
        room = socketless.playing_room(name, players, seed=players)
        for seat in room.seats:
            seat.nickname = f"Zed{seat.index + 1}"
        clients = []
        for role, seat_of in [*(("player", s) for s in range(players)), ("host", None),
                              ("spectator", None)]:
            client = Client(socketless._nowhere, "en")
            client.role, client.seats = role, () if seat_of is None else (seat_of,)
            clients.append(client)
        screens = {id(c): Screen(game, "en") for c in clients}
        rng = random.Random(players)
        for step in range(2000):
            frames.fan_out(clients, framecache.FrameCache(room, float(step), ["random"]))
            for client in clients:
                for frame in _frames(client):
                    for text in _printed(frame, screens[id(client)]):
                        found += _french(text)
            if room.state.is_terminal():
                break
            socketless.random_moves(room, rng, 1)
        assert room.state.is_terminal()  # the end screen and its debrief were read too
    assert not found, sorted(set(found))[:10]


def test_a_lessons_source_says_its_own_words_in_english() -> None:
    assert source_in("Le Voleur de Données, règles du jeu", "en") == (
        "Le Voleur de Données, rules of the game")
    assert source_in("Code pénal, art. 323-1 ; https://www.cybermalveillance.gouv.fr",
                     "en") == "Code pénal, art. 323-1; https://www.cybermalveillance.gouv.fr"
    assert source_in("Web Runners, règles du jeu", "fr") == "Web Runners, règles du jeu"
