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


def test_a_game_of_each_title_says_game_once() -> None:
    """« Set up a game of the Gnu game »: the English title that already says "game" came
    after "a game of". The phrase is composed whole (Game.a_game), so each title reads
    naturally: "a Gnu game", "a game of Hacker"."""
    expected = {"gnou": ("une partie du jeu du Gnou", "a Gnu game"),
                "hacker": ("une partie de Hacker", "a game of Hacker"),
                "voleur": ("une partie du Voleur de Données", "a game of the Data Thief"),
                "webrunners": ("une partie de Web Runners", "a game of Web Runners")}
    for name, (fr, en) in expected.items():
        game = registry().get(name)
        assert (game.a_game("fr"), game.a_game("en")) == (fr, en)


def test_the_english_home_page_says_game_once_per_button() -> None:
    from ludinum.server import render

    games = [registry().get(name) for name in ("webrunners", "gnou", "hacker", "voleur")]
    html = render.page("en", "home.html", games=games, pack=None)
    for button in ("Set up a game of Web Runners", "Set up a Gnu game",
                   "Set up a game of Hacker", "Set up a game of the Data Thief"):
        assert button in html
    assert "of the Gnu game" not in html
    french = render.page("fr", "home.html", games=games, pack=None)
    assert "Préparer une partie du jeu du Gnou" in french
    assert "Préparer une partie de Web Runners" in french


#: Each game's unreadable saved state, as its error says it: « cette partie … », "this …".
UNREADABLE = {"gnou": ("cette partie du jeu du Gnou", "this Gnu game"),
              "hacker": ("cette partie de Hacker", "this game of Hacker"),
              "voleur": ("cette partie du Voleur de Données", "this game of the Data Thief"),
              "webrunners": ("cette partie de Web Runners", "this game of Web Runners")}


@pytest.mark.parametrize("name", list(UNREADABLE))
def test_an_unreadable_state_names_its_game_as_a_sentence_does(name: str) -> None:
    """"Unreadable The Gnu game state", « Unreadable Voleur de Données state: KeyError(…) »,
    « État Web Runners illisible : 'hands' »: the title put mid-sentence with its capital
    article, the French title in English, a field's name on a screen. Every game's
    unreadable state is said in the same words, composed from the game's noun
    (Game.a_game's): « Impossible de lire cette partie du jeu du Gnou : … », "Cannot read
    this Gnu game: …"; another game's state « Ce n'est pas une partie du jeu du Gnou. »"""
    from ludinum.engine import StateFormatError

    game = registry().get(name)
    fr, en = UNREADABLE[name]
    other = "hacker" if name != "hacker" else "gnou"
    good = game.new_state(game.min_players if name != "hacker" else 4, 3).to_json()
    damaged = {**good, **{k: "x" for k in good if k not in ("config", "rng")}}
    other_game = registry().get(other)
    foreign = other_game.new_state(4, 3).to_json()
    cases = [({}, "configuration absente", "no configuration"),
             (damaged, "des données manquent ou sont abîmées", "data missing or damaged"),
             ({**good, "rng": "x"}, "des données manquent ou sont abîmées",
              "data missing or damaged")]
    for data, why_fr, why_en in cases:
        with pytest.raises(StateFormatError) as caught:
            game.restore(data)
        assert caught.value.fr == f"Impossible de lire {fr} : {why_fr}.", data
        assert caught.value.en == f"Cannot read {en}: {why_en}.", data
    with pytest.raises(StateFormatError) as caught:
        game.restore(foreign)
    assert caught.value.fr == f"Ce n'est pas {game.a_game('fr')}.", caught.value.fr
    assert caught.value.en == f"This is not {game.a_game('en')}.", caught.value.en
    assert game.a_game("fr") == "une " + fr.removeprefix("cette ")
