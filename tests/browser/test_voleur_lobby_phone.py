"""A Voleur phone in the lobby (before the host starts the game) says the game has not
started and marks no one's turn on its board; once started, the seat to play is marked
(a browser review: the lobby phones circled a seat as if it were its turn)."""

from __future__ import annotations

from typing import Any

from tests.browser.helpers import TIMEOUT, create_room, join

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
RING = 'svg [stroke-dasharray="5 3"]'  # draw.js token: the turn ring around a pawn


def test_the_lobby_phone_marks_no_turn(browser: Any, live: Any, contexts: list[Any]) -> None:
    host_context = browser.new_context(viewport={"width": 1280, "height": 720})
    contexts.append(host_context)
    host = host_context.new_page()
    code = create_room(host, live.url, "voleur", 3)
    context = browser.new_context(**PHONE)
    contexts.append(context)
    phone = context.new_page()
    join(phone, live.url, code, "Léa")
    phone.wait_for_selector('[data-slot="map"] svg', timeout=TIMEOUT)
    assert "La partie n'a pas encore commencé." in phone.inner_text("main")
    assert "Léa" in phone.inner_text('[data-slot="map"]')  # who is at the table
    assert phone.locator(RING).count() == 0
    host.click('[data-cmd="start"]')
    phone.wait_for_function("() => document.body.dataset.status === 'playing'",
                            timeout=TIMEOUT)
    phone.wait_for_selector(RING, timeout=TIMEOUT)
    assert phone.locator(RING).count() == 1
