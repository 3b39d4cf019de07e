"""A set-up form with a field it does not have (« mdoe » for « mode », a name added by
hand or by a script) is refused with the field named, in French and English, and makes
nothing: it used to be dropped silently, and the room or class made with the default in
its place. Every field the page itself sends still goes through."""

from __future__ import annotations

import html
import re

import pytest
from starlette.testclient import TestClient

from ludinum.content.typography import french_spacing
from ludinum.server.catalog import Catalog
from tests.server.helpers import make_app

#: Each set-up page, with what it needs beside its options to make something.
PAGES = {"/new/gnou": {"players": "3"},
         "/classe/nouvelle/gnou": {"table_size": "3", "bot_level": "random"}}


def made(app: object) -> int:
    return len(app.state.hub.rooms) + len(app.state.classes.sessions)  # type: ignore[attr-defined]


def sent_by_the_page(page: str) -> dict[str, str]:
    """What the page's form sends: each named field with a value it offers (the first
    choice of a list, a checkbox ticked, the first radio button)."""
    form = page.split('<form method="post" class="options">')[1].split("</form>")[0]
    sent: dict[str, str] = {}
    for tag in re.findall(r"<(?:input|select|textarea|button)\b[^>]*>", form):
        name = re.search(r'\bname="([^"]*)"', tag)
        if name is None or "disabled" in tag:
            continue
        value = re.search(r'\bvalue="([^"]*)"', tag)
        sent.setdefault(html.unescape(name.group(1)),
                        html.unescape(value.group(1)) if value else "")
    for name in re.findall(r'<select id="[^"]*" name="([^"]*)"', form):
        body = form.split(f'name="{name}"')[1].split("</select>")[0]
        first = re.search(r'<option value="([^"]*)"', body)
        sent[html.unescape(name)] = html.unescape(first.group(1)) if first else ""
    return sent


@pytest.mark.parametrize("path", list(PAGES))
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_unknown_field_is_refused_by_name_and_makes_nothing(
        sqlite_url: str, catalog: Catalog, path: str, lang: str) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        client.cookies.set("lang", lang)
        answer = client.post(path, data={**PAGES[path], "mdoe": "turns"})
        assert answer.status_code == 400, answer.text[-800:]
        error = html.unescape(answer.text.split('<p class="error" role="alert">')[1]
                              .split("</p>")[0])
        expected = ("Unknown field in the form: 'mdoe'." if lang == "en" else
                    "Champ inconnu dans le formulaire : « mdoe ».")
        assert error == french_spacing(expected)
        assert made(app) == 0


@pytest.mark.parametrize("path", list(PAGES))
def test_every_field_the_page_sends_goes_through(sqlite_url: str, catalog: Catalog,
                                                 path: str) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        sent = sent_by_the_page(client.get(path).text)
        assert set(PAGES[path]) <= set(sent) and "mode" in sent
        answer = client.post(path, data=sent)
        assert answer.status_code == 200, answer.text[-800:]
        assert made(app) == 1


#: Each game's title as a page names it, at the start of the sentence (its capital kept).
TITLES = {"webrunners": ("Web Runners", "Web Runners"),
          "gnou": ("Le jeu du Gnou", "The Gnu game"),
          "hacker": ("Hacker", "Hacker"),
          "voleur": ("Le Voleur de Données", "The Data Thief")}


@pytest.mark.parametrize("game", list(TITLES))
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_unknown_option_names_the_game_by_its_title(
        sqlite_url: str, catalog: Catalog, game: str, lang: str) -> None:
    """The set-up page said « Option inconnue pour gnou : « x ». », the game's id on a
    screen; the JSON API too (« … pour gnou : « x » (options : …) »). Both name the game
    by its title in the page's language: « Le jeu du Gnou n'a pas d'option « x ». »
    ("The Gnu game has no option 'x'."). The API lists the options by the names its
    caller types."""
    app = make_app(sqlite_url, catalog)
    title = TITLES[game][lang == "en"]
    with TestClient(app) as client:
        client.cookies.set("lang", lang)
        players = "3" if game != "hacker" else "4"
        answer = client.post(f"/new/{game}", data={"players": players, "opt_zzz": "1"})
        assert answer.status_code == 400, answer.text[-800:]
        error = html.unescape(answer.text.split('<p class="error" role="alert">')[1]
                              .split("</p>")[0])
        expected = (f"{title} has no option 'zzz'." if lang == "en" else
                    f"{title} n'a pas d'option « zzz ».")
        assert error == french_spacing(expected)
        for kind, path in (("room", "/api/rooms"), ("class", "/api/classes")):
            sent: dict[str, object] = {"game": game, "options": {"zzz": 1}}
            if kind == "room":
                sent["players"] = int(players)
            else:
                sent.update(table_size=int(players), bot_level="random")
            answer = client.post(path, json=sent)
            assert answer.status_code == 400, (path, answer.text)
            said = answer.json()["error"][lang]  # both languages, the page picks
            assert said.startswith(french_spacing(
                f"{title} has no option 'zzz' (options: " if lang == "en" else
                f"{title} n'a pas d'option « zzz » (options : ")), (path, said)
        assert made(app) == 0


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_refused_value_names_its_field_as_the_form_does(
        sqlite_url: str, catalog: Catalog, lang: str) -> None:
    """« 1e1 » passes a browser's number field (it reads 10); the page then said « Valeur
    invalide pour l'option « turn_limit » », a key no screen shows (a review of the site,
    2026-12-03). It names the field by its label, and makes nothing."""
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        client.cookies.set("lang", lang)
        answer = client.post("/new/gnou", data={"players": "3", "opt_turn_limit": "1e1"})
        assert answer.status_code == 400, answer.text[-800:]
        error = html.unescape(answer.text.split('<p class="error" role="alert">')[1]
                              .split("</p>")[0])
        assert "turn_limit" not in error, error
        label = "Number of turns" if lang == "en" else "Nombre de tours"  # the label's start
        assert error.startswith(french_spacing(f"« {label}") if lang == "fr" else
                                f"'{label}'"), error
        assert "1e1" in error and made(app) == 0
