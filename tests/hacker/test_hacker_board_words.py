"""The words of the Hacker and Le Voleur de Données boards name a seat by its place
(« Place 2 »), its colour and shape, or its nickname: never « joueur 2 », a number the
table never gave anyone. The Hacker legend said « ✈2 posé pendant le trajet du joueur 2 »
("dropped during player 2's trip")."""

from __future__ import annotations

import re

import pytest

from tests.reading import plain_spaces
from tests.server.test_boards import draw, play

#: A seat named by a number, in each language.
BY_NUMBER = {"fr": re.compile(r"\b[Jj]oueur \d"), "en": re.compile(r"\b[Pp]layer \d")}


def words(html: str) -> str:
    """What a board says: its texts without their markup, spaces made plain."""
    return plain_spaces(re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("name", ["hacker", "voleur"])
@pytest.mark.parametrize("steps", [0, 40, 200])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_seat_is_named_by_a_bare_number(name: str, steps: int, lang: str) -> None:
    game, state = play(name, seed=3, steps=steps)
    for narrow in (False, True):
        said = words(draw(game, state.view(None), lang, narrow=narrow))
        assert not BY_NUMBER[lang].search(said), BY_NUMBER[lang].findall(said)


@pytest.mark.parametrize("name", ["hacker", "voleur"])
def test_an_english_board_title_has_no_french_spacing(name: str) -> None:
    """The board's spoken title (its <title>) in English read « Léa : score: 3 ; Tom
    (thief) : score: 20 »: the French space before « : » and « ; » in English."""
    from tests.server.test_boards import title_of

    game, state = play(name, seed=3, steps=60)
    english = title_of(draw(game, state.view(None), "en"))
    assert "; " in english and not re.search(r"\S [;:]", english), english
    french = title_of(draw(game, state.view(None), "fr"))
    assert re.search(r"\S [;:]", french), french  # French keeps it


@pytest.mark.parametrize(("bank", "lang", "said"), [
    (1, "en", "bank: 1 bill"), (2, "en", "bank: 2 bills"), (0, "en", "bank: 0 bills"),
    (1, "fr", "banque : 1 billet"), (0, "fr", "banque : 0 billet"),
    (5, "fr", "banque : 5 billets")])
def test_the_bank_counts_its_bills_in_the_singular_or_plural(bank: int, lang: str,
                                                             said: str) -> None:
    """The board's head read « bank: 1 bills » (« banque : 1 billets »)."""
    game, state = play("hacker", seed=3, steps=40)
    view = {**state.view(None), "bank": bank}
    text = words(draw(game, view, lang))
    assert re.search(re.escape(said) + "(?![a-z])", text), text


def test_the_spoken_title_counts_viruses_without_a_bracketed_plural() -> None:
    """The board's <title> said « account 3: 1 virus(es) »."""
    from tests.server.test_boards import title_of

    game, state = play("hacker", seed=3, steps=60)
    english = title_of(draw(game, state.view(None), "en"))
    assert "(es)" not in english and "account 1, viruses: " in english, english
