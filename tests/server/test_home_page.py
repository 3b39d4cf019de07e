"""The home page as a first-time visitor reads it: what to do to run a game and how the
players get in, before the forms; the learning site's « Home » brings back its language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

import pytest
from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog
from tests.server.helpers import make_app


@pytest.fixture
def client(sqlite_url: str, catalog: Catalog) -> Iterator[TestClient]:
    with TestClient(make_app(sqlite_url, catalog)) as c:
        yield c


def visible(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).replace("\u202f", " ")
                    .replace("\u00a0", " ").split())


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
