"""The games' English, as an English-speaking class meets it: every line a random game
says (its narration, each decision's buttons, every seat's view and waiting words, the
result, the lessons) has no French word or French typography left in it
(« Influenceuse », « 1 billets », « 50 % »), and says one of a thing as one, not « 1
cards »."""

from __future__ import annotations

import random
import re

import pytest

from ludinum.games import registry
from tests.server.test_pages import french_in_english

GAMES = [g.name for g in registry()]
#: Proper names and sources cited as they are written: not English screen words.
CITED = re.compile(r"Le jeu du Gnou|Code pénal[^)]*|Règlement \(UE\)[^,;]*|Loi n° [^;]*|"
                   r"CNIL, Guide de la sécurité des données personnelles|"
                   r"https?://\S+|\S+\.gouv\.fr\S*|La Fontaine|Les Restos du cœur|"
                   r"Informatique et Libertés|La Quadrature du Net")
#: « 1 cards »: one of a thing said in the plural.
ONE_AS_MANY = re.compile(r"(?<![\d.,])(?<!Player )(?<!Seat )1 (?:cards|cells|points|pts|"
                         r"bills|turns|rounds|viruses|players|games|data cards|measures)\b")


def english_problems(text: str) -> list[str]:
    plain = CITED.sub("", text)
    return french_in_english(plain) + ONE_AS_MANY.findall(plain)


def test_the_check_finds_french_and_a_plural_of_one() -> None:
    assert english_problems("Bank: 1 bills; see « Le jeu du Gnou »") == ["'«'", "'»'",
                                                                          "1 bills"]
    assert english_problems("Source: Le jeu du Gnou, April; 11 cards, 1 card") == []


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_game_speaks_english_throughout(name: str, seed: int) -> None:
    game = registry().get(name)
    players = min(max(3, game.min_players), game.max_players)
    state = game.setup(game.make_config(players=players, seed=seed))
    rng = random.Random(seed)
    text = game.text
    said: set[str] = set()
    for _ in range(3000):
        if state.is_terminal():
            break
        for seat in [None, *range(players)]:
            view = state.view(seat)
            said.add(text.waiting(view, "en"))
        seat = rng.choice(state.active_players())
        view = state.view(seat)
        actions = list(state.legal_actions(seat))
        said |= {text.button(a, view, "en") for a in actions}
        for event in state.apply(seat, rng.choice(actions)):
            said.add(text.narrated(event, "en"))
    view = state.view(None)
    said.add(text.result(view, "en"))
    said.add(text.view(view, "en", board=False))  # the terminal board: glyphs, « ! »
    for lesson in text.lessons(state, "en"):
        said |= {lesson.title, lesson.text}
    bad = {line: found for line in said if line and (found := english_problems(line))}
    assert not bad, bad


@pytest.mark.parametrize("name", GAMES)
def test_the_english_boards_drawn_by_the_page_speak_english(name: str) -> None:
    """The page's drawing of the board (its labels, legend and spoken title) in English,
    at the start, early and late in a random game, on a projector and on a phone."""
    from html import unescape

    from tests.server.test_boards import draw, play

    bad = {}
    for steps in (0, 30, 200):
        game, state = play(name, seed=3, steps=steps)
        for narrow in (False, True):
            drawn = draw(game, state.view(None), "en", narrow=narrow)
            # each text of the drawing on its own (its elements, their spoken labels)
            texts = re.findall(r">([^<]+)<", drawn) + re.findall(r'aria-label="([^"]*)"', drawn)
            for text in texts:
                if found := english_problems(" ".join(unescape(text).split())):
                    bad[text] = found
    assert not bad, bad
