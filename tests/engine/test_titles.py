"""Game titles after a noun (issue 21): « Préparer une partie du jeu du Gnou », never
« de Le jeu du Gnou »."""

from __future__ import annotations

import pytest

from ludinum.engine.game import of_title
from ludinum.games import registry


@pytest.mark.parametrize(("title", "expected"), [
    ("Le jeu du Gnou", "du jeu du Gnou"),
    ("Le Voleur de Données", "du Voleur de Données"),
    ("Les Cyber-héros", "des Cyber-héros"),
    ("La Toile", "de la Toile"),
    ("Web Runners", "de Web Runners"),
    ("Hacker", "de Hacker"),
    ("Anno", "d'Anno"),
])
def test_of_title_contracts_as_french_does(title: str, expected: str) -> None:
    assert of_title(title) == expected


def test_every_game_says_its_title_after_de() -> None:
    expected = {"gnou": "du jeu du Gnou", "hacker": "de Hacker",
                "voleur": "du Voleur de Données", "webrunners": "de Web Runners"}
    english = {"gnou": "of the Gnu game", "hacker": "of Hacker",
               "voleur": "of the Data Thief", "webrunners": "of Web Runners"}
    for name, of in expected.items():
        game = registry().get(name)
        assert game.title_of("fr") == of
        assert game.title_of("en") == english[name]  # not "a game of The Gnu game"
        assert " de Le " not in f"partie {game.title_of('fr')}"


def test_the_home_page_says_du_jeu_du_gnou() -> None:
    from ludinum.server import render

    html = render.page("fr", "home.html", games=[registry().get("gnou")], pack=None)
    assert "Préparer une partie du jeu du Gnou" in html
    assert "de Le jeu" not in html
