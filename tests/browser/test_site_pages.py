"""The learning site in real Chromium: pages render (to an image), pass axe-core, and the
print-and-play and diploma PDFs download from the pages a person clicks."""

from __future__ import annotations

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
