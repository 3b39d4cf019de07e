"""Le Voleur de Données in the lobby, in the browser: the phone draws the table set up,
no one's turn ringed, no « Tour 1 / 15 », the thief not named when dealt at random (V1);
once the host starts, the seat to play has its ring and the round is counted. The page's
drawing is the one the server's frames describe (views.py: lobby), not the page's own
reading of the room's status."""

from __future__ import annotations

from typing import Any

from tests.browser.helpers import TIMEOUT, create_room, join, stale_slots

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
RING = 'svg [stroke-dasharray="5 3"]'  # draw.js token: the turn ring around a pawn


def test_the_lobby_phone_shows_the_table_not_a_game(browser: Any, live: Any,
                                                    contexts: list[Any]) -> None:
    host_context = browser.new_context(viewport={"width": 1280, "height": 720})
    contexts.append(host_context)
    host = host_context.new_page()
    code = create_room(host, live.url, "voleur", 3)
    phones = []
    for name in ("Léa", "Noé", "Zoé"):
        context = browser.new_context(**PHONE)
        contexts.append(context)
        phones.append(context.new_page())
        join(phones[-1], live.url, code, name)
    host.wait_for_function("() => document.querySelectorAll('.seat-human').length === 3",
                           timeout=TIMEOUT)
    room = live.hub.rooms[code]
    phone = phones[0]
    phone.wait_for_selector('[data-slot="map"] svg', timeout=TIMEOUT)
    phone.wait_for_function("() => document.querySelector('[data-slot=\"map\"]')"
                            ".textContent.includes('Zoé')", timeout=TIMEOUT)
    board = phone.inner_text('[data-slot="map"]') + phone.inner_text('[data-slot="board"]')
    assert "Partie en 15 tours" in board and "Tour 1" not in board
    assert "Le voleur sera tiré au sort au lancement de la partie." in board
    assert "voleur ·" not in board and "· voleur" not in board
    assert phone.locator(RING).count() == 0 and host.locator(RING).count() == 0
    assert stale_slots(live, room, phone, "player") == []
    assert stale_slots(live, room, host, "host") == []
    host.click('[data-cmd="start"]')
    phone.wait_for_function("() => document.body.dataset.status === 'playing'",
                            timeout=TIMEOUT)
    phone.wait_for_selector(RING, timeout=TIMEOUT)
    assert phone.locator(RING).count() == 1
    assert "Tour 1 / 15" in phone.inner_text('[data-slot="map"]')
    assert stale_slots(live, room, phone, "player") == []
