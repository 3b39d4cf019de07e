"""The classroom app's language, chosen as the learning site's (``i18n.lang_of``): the
``lang`` cookie (the pages' language switch), else the browser's ``Accept-Language`` (the
first of French and English it prefers), else French — for its pages, its class API's
texts and its WebSocket frames alike, so that an English phone gets an English page and
English frames without touching the switch."""

from __future__ import annotations

import contextlib
import json

import pytest
from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog
from tests.server.helpers import Conn, create_room, finished_by_bots, join, make_app
from tests.server.test_classes import create_class
from tests.server.test_classes import join as join_class

#: Accept-Language headers and the language they choose.
HEADERS = [
    (None, "fr"),
    ("en-US,en;q=0.9", "en"),
    ("en-GB", "en"),
    ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
    ("de-DE, en;q=0.5, fr;q=0.8", "fr"),  # q-values, not the order, rank them
    ("de-DE, fr;q=0.2, en;q=0.7", "en"),
    ("de-DE, es", "fr"),  # neither named: French
    ("en;q=0, fr;q=0.1", "fr"),  # q=0: not wanted
]


@pytest.fixture
def client(sqlite_url: str, catalog: Catalog) -> TestClient:
    with TestClient(make_app(sqlite_url, catalog)) as c:
        yield c


def page_lang(client: TestClient, path: str, accept: str | None) -> str:
    headers = {"accept-language": accept} if accept else {}
    response = client.get(path, headers=headers)
    assert response.status_code == 200, (path, response.status_code)
    found = response.text.split('<html lang="', 1)[1].split('"', 1)[0]
    assert response.headers["content-language"] == found, path
    assert response.headers["vary"] == "Cookie, Accept-Language", path
    return found


@pytest.mark.parametrize(("accept", "lang"), HEADERS)
def test_an_app_page_follows_the_browser_language_without_a_cookie(
    client: TestClient, accept: str | None, lang: str
) -> None:
    code, _ = create_room(client, "toy", 2)
    class_code, _ = create_class(client)
    for path in ("/", "/new/toy", f"/j/{code}", f"/play/{code}", f"/host/{code}",
                 "/classe/nouvelle", f"/c/{class_code}", f"/classe/{class_code}/tableau"):
        assert page_lang(client, path, accept) == lang, path


def test_the_english_home_page_says_english_words(client: TestClient) -> None:
    page = client.get("/", headers={"accept-language": "en-US,en;q=0.9"})
    assert "Join a game" in page.text
    # The switch offers the other language: French, which the cookie then keeps.
    assert 'href="/lang/fr?next=/"' in page.text


@pytest.mark.parametrize("chosen", ["fr", "en"])
def test_the_language_switch_wins_over_the_browser_language(client: TestClient,
                                                            chosen: str) -> None:
    client.get(f"/lang/{chosen}?next=/", follow_redirects=False)
    for accept in ("en-US,en;q=0.9", "fr-FR", None):
        assert page_lang(client, "/", accept) == chosen, accept


def welcome_and_frame(client: TestClient, code: str, accept: str | None,
                      **hello: str) -> tuple[str, str]:
    """The ``lang`` of a welcome and the last frame after it (JSON), ``hello`` naming no
    language unless given: the WebSocket's own request decides."""
    headers = {"accept-language": accept} if accept else {}
    with contextlib.ExitStack() as stack:
        conn = Conn(stack.enter_context(client.websocket_connect(f"/ws/{code}",
                                                                 headers=headers)))
        conn.send(type="hello", **{"role": "spectator", **hello})
        conn.sync()
        welcome = next(m for m in conn.messages if m["type"] == "welcome")
        return welcome["lang"], json.dumps(conn.last, ensure_ascii=False)


def test_an_english_browser_s_frames_are_english(client: TestClient) -> None:
    """A player's phone whose hello names no language: its waiting words in the lobby are
    the language of its browser."""
    code, _ = create_room(client, "toy", 2)
    _, token = join(client, code, "Léa")
    for accept, lang, words in (("en-US,en;q=0.9", "en", "The game has not started yet."),
                                ("de, fr;q=0.9", "fr", "La partie n'a pas encore commencé."),
                                (None, "fr", "La partie n'a pas encore commencé.")):
        said, frame = welcome_and_frame(client, code, accept, role="player", token=token)
        assert said == lang and words in frame, (accept, frame)


def test_the_page_s_language_in_the_hello_and_the_switch_win_over_the_header(
    client: TestClient
) -> None:
    code, _ = create_room(client, "toy", 2)
    # The page says its language in its hello (app.js): it is the one kept.
    assert welcome_and_frame(client, code, "en-US", lang="fr")[0] == "fr"
    client.get("/lang/fr?next=/", follow_redirects=False)
    assert welcome_and_frame(client, code, "en-US")[0] == "fr"


def test_the_class_api_speaks_the_browser_language(client: TestClient) -> None:
    """A pupil's waiting words (``/api/classes/<code>/me``) in the phone's language."""
    code, _ = create_class(client)
    token = join_class(client, code, "Léa")
    said = {}
    for accept in ("en-US,en;q=0.9", "fr-FR", None):
        headers = {"accept-language": accept} if accept else {}
        response = client.post(f"/api/classes/{code}/me", json={"token": token},
                               headers=headers)
        assert response.status_code == 200, response.text
        said[accept] = response.json()["text"]
    assert said == {"en-US,en;q=0.9": "You are at table 1.",
                    "fr-FR": "Tu es à la table 1.", None: "Tu es à la table 1."}


def test_a_page_says_what_its_language_depends_on(client: TestClient) -> None:
    """The app's pages and the learning site's are chosen by the cookie and Accept-Language:
    each says so (``Vary``), so that a cache in front never gives one browser's language to
    another."""
    for path in ("/", "/apprendre/"):
        response = client.get(path, headers={"accept-language": "en"})
        assert response.status_code == 200, path
        assert response.headers["content-language"] == "en", path
        assert response.headers["vary"] == "Cookie, Accept-Language", path


def test_a_language_s_catalogue_is_read_once() -> None:
    """Every English text of a page or a frame goes through ``i18n.gettext``: its
    catalogue is read from disk once, then kept (read again each time, an English frame
    cost milliseconds per text)."""
    from ludinum.weblib import i18n

    assert i18n.catalog("en") is i18n.catalog("en")
    assert i18n.catalog("en")


def test_the_json_api_speaks_the_browser_language_unless_asked(client: TestClient) -> None:
    """``/api/rooms/<code>`` and its replay: ``?lang=`` first, else the cookie, else the
    browser's ``Accept-Language`` (they defaulted to French whatever the browser)."""
    with contextlib.ExitStack() as stack:
        code, _ = finished_by_bots(client, stack, "gnou", 2)
    english = {"accept-language": "en-US,en;q=0.9"}
    for path, read in ((f"/api/rooms/{code}", lambda data: data["title"]),
                       (f"/api/rooms/{code}/replay?step=1", lambda data: data["events"])):
        join = "&" if "?" in path else "?"
        told = {}
        for asked, headers in (("", english), ("", {}), (f"{join}lang=fr", english),
                               (f"{join}lang=en", {})):
            response = client.get(path + asked, headers=headers)
            assert response.status_code == 200, response.text
            lang = response.headers["content-language"]
            assert response.headers["vary"] == "Cookie, Accept-Language", path
            told[asked, bool(headers)] = lang, read(response.json())
        assert [lang for lang, _ in told.values()] == ["en", "fr", "fr", "en"], path
        english_text, french_text = told["", True][1], told["", False][1]
        assert english_text != french_text, path
        assert told[f"{join}lang=en", False][1] == english_text, path
        assert told[f"{join}lang=fr", True][1] == french_text, path
