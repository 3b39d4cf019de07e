"""In a browser: the facilitator renames a player from the host screen (the « Renommer »
button asks for the new nickname; left empty, one is drawn at random), and the player's own
screen shows it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ludinum.weblib import names
from tests.browser.conftest import ensure_chromium, launch
from tests.browser.helpers import TIMEOUT, create_room, join
from tests.live import LiveServer

pytestmark = pytest.mark.slow


def seat_text(page: Any) -> str:
    text: str = page.eval_on_selector('[data-slot="seats"]', "e => e.textContent")
    return text


def test_the_facilitator_renames_a_player_from_the_host_screen(tmp_path: Path) -> None:
    ensure_chromium()
    from playwright.sync_api import sync_playwright

    with LiveServer(f"sqlite:///{tmp_path}/db.sqlite3") as live, sync_playwright() as p:
        base = live.url
        browser = launch(p)
        host = browser.new_context().new_page()
        phone = browser.new_context().new_page()
        code = create_room(host, base, "gnou", 2)
        join(phone, base, code, "Pirate Vilain")
        host.wait_for_function("() => document.querySelector('[data-slot=\"seats\"]')"
                               ".textContent.includes('Pirate Vilain')", timeout=TIMEOUT)
        answers = ["Lynx Sage", ""]
        host.on("dialog", lambda dialog: dialog.accept(answers.pop(0)))
        host.click('[data-cmd="rename"][data-seat="0"]')
        for page in (host, phone):
            page.wait_for_function("() => document.body.textContent.includes('Lynx Sage')",
                                   timeout=TIMEOUT)
        assert "Pirate Vilain" not in phone.eval_on_selector("body", "b => b.textContent")
        host.click('[data-cmd="rename"][data-seat="0"]')  # empty: drawn at random
        host.wait_for_function("() => !document.querySelector('[data-slot=\"seats\"]')"
                               ".textContent.includes('Lynx Sage')", timeout=TIMEOUT)
        drawn = live.app.state.hub.rooms[code].seats[0].nickname
        assert drawn.split(" ")[0] in names.ANIMALS and drawn in seat_text(host)
        browser.close()
