"""Browser tests: Debian's Chromium driven by Playwright, against a real server on loopback.

Chromium is installed with apt-get when missing (as root) and axe-core with npm into the
venv; under CI=true a missing prerequisite fails, elsewhere it skips with the reason.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.live import LiveServer

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
AXE = Path(sys.prefix) / "axe" / "node_modules" / "axe-core" / "axe.min.js"


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(reason)
    pytest.skip(reason)


def ensure_chromium() -> None:
    if Path(CHROMIUM).exists():
        return
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=False, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=False, env=env)
    if not Path(CHROMIUM).exists():
        _missing(f"{CHROMIUM} is missing (apt-get install chromium)")


def ensure_axe() -> Path:
    if not AXE.exists() and shutil.which("npm"):
        subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix",
                        str(AXE.parents[2]), "axe-core@4"], check=False)
    if not AXE.exists():
        _missing(f"axe-core is missing ({AXE}); run make browser-deps")
    return AXE


# Package scope, not session: Playwright's sync API keeps an event loop running in the main
# thread until it stops, and later tests (asyncio.run) need that thread free.
@pytest.fixture(scope="package")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("browser") / "ludinum.sqlite3"
    with LiveServer(f"sqlite:///{db}") as server:
        yield server


#: The tests' browsers speak French: the app's pages and frames follow the browser's
#: language when no cookie chose one (Accept-Language, docs/web.md), and Playwright's
#: Chromium says en-US unless told otherwise.
LOCALE = "fr-FR"


class FrenchBrowser:
    """Chromium whose new contexts and pages are French (``locale``) unless a test names
    another; everything else is the browser's own."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser

    def new_context(self, **options: Any) -> Any:
        return self.browser.new_context(**{"locale": LOCALE, **options})

    def new_page(self, **options: Any) -> Any:
        return self.browser.new_page(**{"locale": LOCALE, **options})

    def __getattr__(self, name: str) -> Any:
        return getattr(self.browser, name)


def launch(playwright: Any) -> FrenchBrowser:
    """Debian's Chromium, headless, its contexts French (:class:`FrenchBrowser`)."""
    return FrenchBrowser(playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS,
                                                    headless=True))


@pytest.fixture(scope="package")
def browser() -> Iterator[FrenchBrowser]:
    ensure_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture(scope="session")
def axe_path() -> Path:
    return ensure_axe()


@pytest.fixture
def contexts() -> Iterator[list[Any]]:
    """Browser contexts a test opens (its projector, its phones), closed after it."""
    made: list[Any] = []
    yield made
    for context in made:
        context.close()
