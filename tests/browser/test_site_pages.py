"""The learning site in real Chromium: pages render (to an image), pass axe-core, and the
print-and-play and diploma PDFs download from the pages a person clicks."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_accessibility import audit

pytestmark = pytest.mark.slow

PAGES = [
    "/apprendre",
    "/apprendre/webrunners",
    "/apprendre/gnou",
    "/apprendre/quiz",
]


def test_site_pages_render_and_pass_axe(live: Any, browser: Any, axe_path: Path,
                                        tmp_path: Path) -> None:
    context = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844},
                                  locale="fr-FR")  # a French classroom's phone
    try:
        page = context.new_page()
        page.goto(f"{live.url}/")
        page.click('a[href="/apprendre"]')
        assert page.url.endswith("/apprendre")
        problems: dict[str, list[str]] = {}
        for path in PAGES:
            page.goto(f"{live.url}{path}")
            shot = tmp_path / (path.strip("/").replace("/", "_") + ".png")
            page.screenshot(path=str(shot), full_page=True)
            # A rendered phone page: a real PNG, wider than tall is not expected on a phone.
            data = shot.read_bytes()
            assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5_000, path
            assert "é" in page.inner_text("body") or "É" in page.inner_text("body"), path
            problems[path] = audit(page, axe_path)
        # A card page, reached by following a link as a person would.
        page.goto(f"{live.url}/apprendre")
        link = "a[href^='/cartes/webrunners/']"
        href = page.eval_on_selector(link, "a => a.getAttribute('href')")
        page.goto(f"{live.url}{href}")
        problems[href] = audit(page, axe_path)
        assert not any(problems.values()), problems
    finally:
        context.close()


def test_print_pdf_downloads_in_the_browser(live: Any, browser: Any) -> None:
    context = browser.new_context(accept_downloads=True, locale="fr-FR")
    try:
        page = context.new_page()
        response = page.request.get(f"{live.url}/imprimer/webrunners.pdf")
        assert response.ok
        assert response.headers["content-type"] == "application/pdf"
        assert response.body()[:5] == b"%PDF-"
    finally:
        context.close()


def test_site_pages_in_english_pass_axe(live: Any, browser: Any, axe_path: Path) -> None:
    """A phone set to English gets the learning pages in English (Accept-Language, issue 21
    §2), as accessible as the French ones; its links keep English."""
    context = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844},
                                  locale="en-GB")
    try:
        page = context.new_page()
        problems: dict[str, list[str]] = {}
        for path in PAGES:
            page.goto(f"{live.url}{path}")
            assert page.get_attribute("html", "lang") == "en", path
            problems[path] = audit(page, axe_path)
        page.goto(f"{live.url}/apprendre")
        page.click("text=Start the quiz")
        assert page.url.endswith("/apprendre/quiz?lang=en")
        assert "The Web Runners quiz" in page.inner_text("h1")
        assert not any(problems.values()), problems
    finally:
        context.close()


def test_site_pages_fit_a_small_phone(live: Any, browser: Any) -> None:
    """At 360 px wide no page scrolls sideways: the quiz's score table pushed its last
    column (« Réussi ») off the screen; a resource's contact and its source are two lines."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="fr-FR",
                                  is_mobile=True, has_touch=True)
    wide = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    try:
        page = context.new_page()
        for path in ["/apprendre", "/apprendre/hacker", "/apprendre/webrunners/relations",
                     "/cartes/webrunners/pornographie", "/apprendre/voleur"]:
            page.goto(f"{live.url}{path}")
            assert page.evaluate(wide) <= 0, path
        page.goto(f"{live.url}/cartes/webrunners/pornographie")
        assert re.search(r"3018\.fr\n+Source", page.inner_text("ul.resources"))
        page.goto(f"{live.url}/apprendre/quiz")
        page.click("text=C'est parti")
        page.click("text=Voir mon score")  # nothing answered: the table is drawn all the same
        assert page.locator("table th").count() > 3
        assert page.evaluate(wide) <= 0
    finally:
        context.close()


#: Each box to tick whose words are the label after it: [box top, box bottom, label height,
#: words' first line top, bottom].
CHOICES = """() => [...document.querySelectorAll('input[type=radio], input[type=checkbox]')]
  .flatMap(box => {
    const label = box.nextElementSibling;
    if (!label || label.tagName !== 'LABEL') return [];
    const range = document.createRange();
    range.selectNodeContents(label);
    const line = range.getClientRects()[0], b = box.getBoundingClientRect();
    return [[b.top, b.bottom, label.getBoundingClientRect().height, line.top, line.bottom]];
  })"""


def test_quiz_answers_are_44_px_targets_beside_their_box(live: Any, browser: Any) -> None:
    """A pupil taps an answer's words: each is at least 44 px high (they were one line of
    text, about 25 px), its button on their first line, long answers wrapping beside it; the
    question is inside its box."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="fr-FR",
                                  is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        for path in ["/apprendre/quiz/reglages", "/apprendre/quiz/questions"]:
            page.goto(f"{live.url}{path}")
            choices = page.evaluate(CHOICES)
            assert len(choices) >= 4, path
            for top, bottom, height, line_top, line_bottom in choices:
                assert height >= 44, (path, height)
                assert top < line_bottom and bottom > line_top, (path, top, line_top)
        # A question (its theme and its words, often three lines) is drawn inside its box:
        # the box's top border ran through the middle of it.
        outside = page.evaluate("""() => [...document.querySelectorAll('fieldset.question')]
          .filter(f => f.querySelector('legend').getBoundingClientRect().top
                       <= f.getBoundingClientRect().top).length""")
        assert outside == 0
    finally:
        context.close()
