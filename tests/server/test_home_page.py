"""The home page as a first-time visitor reads it: what to do to run a game and how the
players get in, before the forms; the learning site's « Home » brings back its language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

import pytest
from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog
from tests.reading import single_spaced
from tests.server.helpers import make_app


@pytest.fixture
def client(sqlite_url: str, catalog: Catalog) -> Iterator[TestClient]:
    with TestClient(make_app(sqlite_url, catalog)) as c:
        yield c


def visible(html: str) -> str:
    return single_spaced(unescape(re.sub(r"<[^>]+>", " ", html)))


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", ("crée un salon", "QR code", "téléphone", "pseudo", "pas de compte")),
    ("en", ("create a room", "QR code", "phone", "nickname", "no account")),
])
def test_the_home_page_says_how_a_game_starts_and_how_players_join(
        client: TestClient, lang: str, words: tuple[str, ...]) -> None:
    client.cookies.set("lang", lang)
    html = client.get("/").text
    intro = visible(html[html.index("<h1"):html.index('id="join-title"')])
    for word in words:
        assert word in intro, (word, intro)


def test_the_class_button_comes_with_what_it_is_for(client: TestClient) -> None:
    # It stood alone between the learning site and « Créer un salon »: one room per table
    # or one code for a whole class was for the visitor to guess.
    html = client.get("/").text
    before = html[:html.index('href="/classe/nouvelle"')]
    assert "Toute une classe" in visible(before[before.rindex("<p"):])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_learning_site_s_home_link_leads_home_in_its_language(client: TestClient,
                                                                  lang: str) -> None:
    client.cookies.set("lang", "en" if lang == "fr" else "fr")  # the other one
    page = client.get(f"/apprendre?lang={lang}").text
    home = re.search(r'<a href="([^"]+)">(?:Accueil|Home)</a>', page)
    assert home is not None
    assert f'<html lang="{lang}"' in client.get(unescape(home.group(1))).text


def test_english_buttons_name_a_game_after_of_without_a_capital_the(client: TestClient) -> None:
    # "Set up a game of The Gnu game", "Set up a class of The Data Thief"
    client.cookies.set("lang", "en")
    for path in ("/", "/classe/nouvelle"):
        text = visible(client.get(path).text)
        assert re.search(r"\bof the \w", text), path
        assert " of The " not in text, path


@pytest.mark.parametrize(("lang", "hacker", "gnou"), [
    ("fr", "4 à 7 joueurs (3 en variante)", "2 à 6 joueurs · coopératif"),
    ("en", "4 to 7 players (3 as a variant)", "2 to 6 players · cooperative"),
])
def test_a_game_s_card_says_how_many_play_as_its_rules_do(
    client: TestClient, lang: str, hacker: str, gnou: str
) -> None:
    """Hacker is for 4 to 7 players; 3 is a variant (H1, the English edition). The home
    page and the class's choice of game said « 3 à 7 joueurs », as if 3 were the rules'."""
    for path in ("/", "/classe/nouvelle"):
        page = visible(client.get(f"{path}?lang={lang}", headers={"accept-language": lang}).text)
        assert hacker in page and gnou in page, (path, page)
        assert ("3 à 7" if lang == "fr" else "3 to 7") not in page, path


@pytest.mark.parametrize("typed", ["X" * 6000, "O0O0O0", "ABC", "ABCDEFG", "AB CD EF GH",
                                   "ABC!DE", " - ", "<b>ABCDEF</b>"])
def test_a_code_that_cannot_be_one_is_said_on_the_home_page(client: TestClient,
                                                            typed: str) -> None:
    """The code box sent any text on to ``/j/<text>`` (« Aucun salon », as if the room had
    ended; 6,000 characters into the address): now the home page says the code is not
    valid (400), with the box and the games still there and at most 12 characters of it."""
    answer = client.get("/join", params={"code": typed}, follow_redirects=False)
    assert answer.status_code == 400
    html = answer.text
    text = visible(html)
    assert "Ce code n'est pas valable : un code de salon a 6 lettres et chiffres" in text
    assert 'role="alert"' in html and 'aria-invalid="true"' in html
    assert 'name="code"' in html and "/new/" in html  # the page still works
    assert "X" * 13 not in html and "<b>ABCDEF" not in html  # not echoed whole, escaped
    assert len(html) < len(client.get("/").text) + 1000
    client.cookies.set("lang", "en")
    english = visible(client.get("/join", params={"code": typed}).text)
    assert "This code is not valid: a room code has 6 letters and digits" in english


def test_a_code_of_the_right_shape_goes_on_to_its_page(client: TestClient) -> None:
    # Whether a room has it is told by /j/ (which counts guesses), never by the box.
    for typed, code in (("abc-def", "ABCDEF"), ("zz zz zz", "ZZZZZZ")):
        answer = client.get("/join", params={"code": typed}, follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"] == f"/j/{code}"
    assert client.get("/join", follow_redirects=False).headers["location"] == "/"


@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "crée le salon, puis ouvre « Jouer sur cet appareil (chacun son tour) » sur son "
           "écran"),
    ("en", "create the room, then open “Play on this device (taking turns)” on its screen"),
])
def test_the_home_page_says_where_one_device_for_all_begins(
        client: TestClient, lang: str, said: str) -> None:
    """« À la maison, un seul appareil peut aussi passer de main en main. »: a parent read
    that and looked for it on the home page and the set-up form, in vain; it is the host
    screen's folded « Jouer sur cet appareil (chacun son tour) »."""
    client.cookies.set("lang", lang)
    html = client.get("/").text
    intro = visible(html[html.index("<h1"):html.index('id="join-title"')])
    assert said in intro, intro
