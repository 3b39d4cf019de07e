"""The classroom app's language in real Chromium (docs/web.md, Language): a browser set to
English gets the app's pages in English without touching the switch, a French one French;
the switch (its cookie) wins over the browser's language; a phone in an English browser
gets English pages and English frames alike."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.browser.helpers import TIMEOUT, create_room, join

pytestmark = pytest.mark.slow

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def shown(page: Any) -> tuple[str, str]:
    """The page's language and its first heading."""
    return page.get_attribute("html", "lang"), page.inner_text("h1")


def test_the_browser_language_chooses_until_the_switch_does(live: Any, browser: Any,
                                                            contexts: list[Any]) -> None:
    english = browser.new_context(locale="en-US", **PHONE)
    french = browser.new_context(locale="fr-FR", **PHONE)
    contexts += [english, french]
    en, fr = english.new_page(), french.new_page()
    assert not english.cookies() and not french.cookies()
    for path in ("/", "/new/gnou", "/classe/nouvelle"):
        en.goto(f"{live.url}{path}")
        fr.goto(f"{live.url}{path}")
        assert en.get_attribute("html", "lang") == "en", path
        assert fr.get_attribute("html", "lang") == "fr", path
    en.goto(f"{live.url}/")
    assert "Join a game" in en.inner_text("body")
    fr.goto(f"{live.url}/")
    assert "Rejoindre une partie" in fr.inner_text("body")
    # The switch of the English browser offers French; chosen, it stays (the cookie).
    en.click('header a[hreflang="fr"]')
    en.wait_for_url(f"{live.url}/")
    assert en.get_attribute("html", "lang") == "fr"
    en.goto(f"{live.url}/new/gnou")
    assert en.get_attribute("html", "lang") == "fr"
    # And the French browser's switch to English, the same way.
    fr.click('header a[hreflang="en"]')
    fr.wait_for_url(f"{live.url}/")
    assert fr.get_attribute("html", "lang") == "en"
    fr.reload()
    assert fr.get_attribute("html", "lang") == "en"


def test_a_phone_in_an_english_browser_plays_in_english(live: Any, browser: Any,
                                                        contexts: list[Any],
                                                        tmp_path: Path) -> None:
    """A French projector, one French phone, one English: each page and the frames it gets
    over the WebSocket are in its browser's language (the lobby's waiting words are the
    server's: « La partie n'a pas encore commencé. »)."""
    projector = browser.new_context(viewport={"width": 1920, "height": 1080})
    english = browser.new_context(locale="en-US", **PHONE)
    french = browser.new_context(**PHONE)  # the tests' browsers are French by default
    contexts += [projector, english, french]
    host, en, fr = projector.new_page(), english.new_page(), french.new_page()
    code = create_room(host, live.url, "gnou", 3)
    join(en, live.url, code, "Sami")
    join(fr, live.url, code, "Léa")
    for page, lang, words in ((en, "en", "The game has not started yet."),
                              (fr, "fr", "La partie n'a pas encore commencé.")):
        assert page.get_attribute("html", "lang") == lang
        page.wait_for_function(
            "(words) => document.body.innerText.replace(/\\s+/g, ' ').includes(words)",
            arg=words, timeout=TIMEOUT)
    shots = Path(os.environ.get("LUDINUM_SHOTS", tmp_path))  # looked at by a person
    shots.mkdir(parents=True, exist_ok=True)
    en.screenshot(path=str(shots / "language-phone-en.png"))
    fr.screenshot(path=str(shots / "language-phone-fr.png"))
    assert host.get_attribute("html", "lang") == "fr"
    assert "Sami" in host.inner_text('[data-slot="seats"]')
