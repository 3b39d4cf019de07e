"""Pages, forms built from each game's options, languages, headers and the OpenAPI file."""

from __future__ import annotations

import html
import re

import pytest
from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog
from ludinum.weblib import i18n
from tests.reading import unescaped
from tests.server.conftest import catalog_with_toy
from tests.server.helpers import create_room, form_code, make_app

GAMES = [g.name for g in catalog_with_toy().games()]
EXTERNAL = re.compile(r"""(?:src|href|action)=["'](?:https?:)?//""")


@pytest.fixture
def client(sqlite_url: str, catalog: Catalog) -> TestClient:
    app = make_app(sqlite_url, catalog, public_url="http://192.0.2.10:8000")
    with TestClient(app) as c:
        yield c


def test_home_lists_every_game_and_sends_strict_headers(client: TestClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    csp = response.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "script-src 'self'" in csp
    assert "unsafe-inline" not in csp
    for name in GAMES:
        assert f'href="/new/{name}"' in response.text
    assert not EXTERNAL.search(response.text)
    assert 'lang="fr"' in response.text


@pytest.mark.parametrize("game", GAMES)
def test_the_creation_form_is_built_from_the_options(client: TestClient, game: str) -> None:
    g = client.app.state.hub.catalog.game(game)  # type: ignore[attr-defined]
    page = client.get(f"/new/{game}")
    assert page.status_code == 200
    assert g.summary_fr.split()[0] in page.text
    for option in g.options:  # a per-seat option has one list per seat (Gnou's G3)
        seat = "-1" if option.seats_of else ""
        assert f'name="opt_{option.name}{seat}"' in page.text
    # Submitting the defaults creates a room and hands the host token to the browser.
    form = {"players": str(g.min_players), "mode": "live"}
    for option in g.options:
        if option.kind == "bool":
            if option.default:
                form[f"opt_{option.name}"] = "true"
        else:
            form[f"opt_{option.name}"] = str(option.default)
    created = client.post(f"/new/{game}", data=form)
    assert created.status_code == 200, created.text
    code, token = form_code(created.text)
    room = client.app.state.hub.rooms[code]  # type: ignore[attr-defined]
    assert dict(room.config.options) == g.options.defaults()
    host = client.get(f"/host/{code}")
    assert host.status_code == 200
    assert "<svg" in host.text and code in host.text
    assert f"http://192.0.2.10:8000/j/{code}" in host.text
    assert token not in host.text
    assert not EXTERNAL.search(host.text)
    for path in (f"/j/{code}", f"/play/{code}", f"/pass/{code}", f"/watch/{code}"):
        assert client.get(path).status_code == 200, path


def test_a_bad_option_re_renders_the_form_with_the_reason(client: TestClient) -> None:
    page = client.post("/new/toy", data={"players": "2", "opt_rounds": "99"})
    assert page.status_code == 400
    assert "rounds" in page.text and "99" in page.text


def test_an_address_naming_no_game_says_so_in_words(client: TestClient) -> None:
    """/new/nope and /classe/nouvelle/nope answered « Jeu inconnu : « nope » (jeux : gnou,
    hacker, voleur, webrunners) »: the games' internal names, for a teacher."""
    for path in ("/new/nope", "/classe/nouvelle/nope"):
        page = client.get(path)
        assert page.status_code == 404
        text = html.unescape(page.text)
        assert "Ce jeu n'existe pas" in text and "page d'accueil" in text, path
        assert "webrunners" not in text and "jeux :" not in text


def test_language_is_remembered_per_browser(client: TestClient) -> None:
    response = client.get("/lang/en?next=/", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/"
    assert "lang=en" in response.headers["set-cookie"]
    page = client.get("/")
    assert 'lang="en"' in page.text and "Join a game" in page.text
    assert client.get("/lang/en?next=//evil.example", follow_redirects=False).headers[
        "location"] == "/"


def test_every_french_message_has_an_english_translation() -> None:
    """The server's templates and the page's drawings (draw.js, games/*.js) alike."""
    english = i18n.catalog("en")
    sources = set()
    from ludinum.server import kits
    from ludinum.server.render import TEMPLATES

    for path in TEMPLATES.rglob("*.html"):
        sources |= set(re.findall(r"""_\(\s*"([^"]+)\"""", path.read_text()))
        sources |= set(re.findall(r"""_\(\s*'([^']+)'""", path.read_text()))
    drawn = kits.drawing_messages()
    # Every drawing of the games loaded (LUDINUM_GAMES may load fewer) says something.
    for path in kits.drawing_files():
        assert kits._MESSAGE.search(path.read_text()), path
    assert len(drawn) >= 5 * len(kits.drawing_files())
    sources |= drawn
    missing = sorted(s for s in sources if s not in english)
    assert not missing, missing
    # A drawing's message written with single quotes would not reach the page's kit.
    for path in kits.drawing_files():
        assert not re.search(r"""\b_\(\s*'""", path.read_text()), path


#: Words that give French away in an English text (a word for word « Influenceuse », a
#: « tour » left untranslated); proper names and sources cited as they are written
#: (« Le jeu du Gnou », « Code pénal ») are not English screen words and not listed here.
FRENCH_WORDS = re.compile(
    r"\b(le|la|les|des|une|est|du|et|pour|dans|avec|sur|tu|ton|ta|tes|pas|qui|au|aux|"
    r"joueur|joueurs|carte|cartes|partie|salon|tour|leçon|oui|non|animateur|classe|jeu|"
    r"jeux|réponse|influenceuse|personnage)\b", re.IGNORECASE)
#: French typography an English text must not carry: « », a space before : ; ! ? or a
#: percent sign (« 50 % »), the no-break spaces French spacing puts there.
FRENCH_TYPOGRAPHY = re.compile(r"[«»\u00a0\u202f]| [:;!?](?=\s|$)|(?:\d|\)s) %(?!\()")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def french_in_english(text: str) -> list[str]:
    """The French words and typography found in an English ``text``."""
    return [m.group(0) for m in FRENCH_WORDS.finditer(text)] + [
        repr(m.group(0)) for m in FRENCH_TYPOGRAPHY.finditer(text)]


def test_french_in_english_finds_words_and_typography() -> None:
    assert french_in_english("Using White Hat or Influenceuse ends the turn.") == [
        "Influenceuse"]
    assert french_in_english("See « ludinum serve » : done") == ["'«'", "'»'", "' :'"]
    assert french_in_english("Right answers: 50 %") == ["'0 %'"]
    assert french_in_english("Tom's trip: 2 cards; “free society”! 50%") == []


def test_the_english_catalogues_read_as_english() -> None:
    """Every translation of the app's and the learning site's catalogues: no French word or
    typography, and the same values as its French (a value lost or renamed raises)."""
    from ludinum.site.render import LOCALE

    bad = []
    for folder in (i18n.LOCALE_DIR, LOCALE):
        for french, english in i18n.catalog("en", folder).items():
            if found := french_in_english(english):
                bad.append((english, found))
            if sorted(PLACEHOLDER.findall(french)) != sorted(PLACEHOLDER.findall(english)):
                bad.append((english, ["values differ from " + french]))
    assert not bad, bad


def test_the_games_english_summaries_and_options_read_as_english() -> None:
    """What the set-up pages and ``ludinum games --lang en`` show of each game: its
    summary, its note, its options' descriptions and named values, in English."""
    from ludinum.games import registry

    bad = []
    for game in registry():
        texts = [game.title_en, game.summary_en, game.note_en]
        for option in game.options:
            texts += [option.help_en, option.title_en, option.unit_en]
            texts += [label_en for *_, label_en in option.named]
        bad += [(game.name, t, found) for t in texts if (found := french_in_english(t))]
    assert not bad, bad


def test_openapi_describes_the_api(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert spec["openapi"].startswith("3.")
    for path in ("/api/games", "/api/rooms", "/api/rooms/{code}/join", "/api/nickname"):
        assert path in spec["paths"]


def test_api_games_and_rooms(client: TestClient) -> None:
    games = client.get("/api/games").json()["games"]
    assert {g["name"] for g in games} == set(GAMES)
    assert all("random" in g["bot_levels"] for g in games)
    code, _ = create_room(client, "toy", 2)
    info = client.get(f"/api/rooms/{code.lower()}").json()
    assert info["code"] == code and info["status"] == "lobby" and len(info["seats"]) == 2
    assert "token" not in str(info)
    svg = client.get(f"/qr/{code}.svg")
    assert svg.headers["content-type"].startswith("image/svg+xml")
    nick = client.get("/api/nickname").json()["nickname"]
    assert 2 <= len(nick) <= 20


def test_static_assets_are_served(client: TestClient) -> None:
    for path in ("/static/app.js", "/static/app.css", "/static/favicon.svg"):
        response = client.get(path)
        assert response.status_code == 200
        assert not EXTERNAL.search(response.text)


def test_a_game_raising_sensitive_subjects_says_so_on_its_set_up_pages(client: TestClient
                                                                        ) -> None:
    """Web Runners' cards speak of pornography and intimate pictures (the original deck):
    the facilitator reads it before creating a room or a class; other games say nothing."""
    for address in ("/new/webrunners", "/classe/nouvelle/webrunners"):
        page = client.get(address)
        assert page.status_code == 200
        assert 'class="note"' in page.text and "pornographie" in page.text, address
    client.get("/lang/en?next=/")
    english = client.get("/new/webrunners")
    assert "pornography" in english.text and "pornographie" not in english.text
    client.get("/lang/fr?next=/")
    assert 'class="note"' not in client.get("/new/gnou").text


def _field(page: str, name: str) -> str:
    """The set-up form's field of option ``name``: its ``<div class="field">`` tag."""
    found = re.search(r'<div class="field"[^>]*>\s*<label for="opt_' + name, page)
    assert found, name
    return found.group(0)


def test_an_option_of_some_player_counts_is_offered_only_for_them(client: TestClient) -> None:
    """Hacker's viruses per player only change a 3-player game (H1, ``Option.applies``):
    the form showed the field whatever the count. Now it says at which count it applies
    (app.js hides and disables it for the others), is drawn hidden and disabled when the
    count chosen is another, and the server leaves out a value sent for another count (the
    game keeps its default, as with the field hidden). Every game's form, room or class,
    does so from the options (server/forms.py)."""
    page = client.get("/new/hacker").text  # 4 players proposed first (H1: 3 is a variant)
    assert re.search(r'<option value="4" selected>', page)
    assert 'data-players="3"' in _field(page, "viruses_3p")
    assert " hidden" in _field(page, "viruses_3p")  # drawn for the 4 proposed
    page = client.post("/new/hacker", data={"players": "3", "opt_trip_seconds": "-1"}).text
    assert " hidden" not in _field(page, "viruses_3p")  # chosen: 3 players
    assert "data-players" not in _field(page, "vigilance")  # every count
    wrong = client.post("/new/hacker", data={"players": "5", "opt_viruses_3p": "3",
                                             "opt_trip_seconds": "-1"})
    assert wrong.status_code == 400  # the form comes back for 5 players: hidden, disabled
    field = _field(wrong.text, "viruses_3p")
    assert "hidden" in field
    assert re.search(r'<select id="opt_viruses_3p" name="opt_viruses_3p" disabled>', wrong.text)
    rooms = client.app.state.hub.rooms  # type: ignore[attr-defined]
    for players, kept in (("5", 4), ("3", 3)):
        made = client.post("/new/hacker", data={"players": players, "opt_viruses_3p": "3"})
        assert made.status_code == 200, made.text
        assert rooms[form_code(made.text)[0]].config.options["viruses_3p"] == kept
    size5 = client.get("/classe/nouvelle/hacker").text  # a class: tables of 5
    assert "hidden" in _field(size5, "viruses_3p")


def test_a_value_of_some_player_counts_is_offered_only_for_them(client: TestClient) -> None:
    """Le Voleur's thief in seat 5 does not exist at 3 players (V1, ``Option.fits``): the
    list offered « Place 5 » and the server refused it with a long sentence. Each seat now
    says with which counts it exists (app.js hides and disables it for the others), is drawn
    hidden and disabled for the count chosen, and any game refuses it with the seats it may
    take."""
    page = client.get("/new/voleur").text  # 3 players chosen
    assert '<option value="2">Place 3</option>' in page  # every count has a third seat
    assert '<option value="4" data-players="5 6" hidden disabled>Place 5</option>' in page
    assert '<option value="-1">Tiré au sort</option>' in page.replace(" selected", "")
    refused = client.post("/new/voleur", data={"players": "3", "opt_thief_seat": "4"})
    assert refused.status_code == 400
    said = unescaped(refused.text)
    assert ("Voleur : « Place 5 » n'est pas possible à 3 joueurs (au choix : Tiré au sort, "
            "Place 1, Place 2, Place 3).") in said
    made = client.post("/new/voleur", data={"players": "5", "opt_thief_seat": "4"})
    assert made.status_code == 200
