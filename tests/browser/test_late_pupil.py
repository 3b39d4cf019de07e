"""Issue 21: during a game, the host gives a bot's seat to a late pupil, whose phone takes
it on the join page and then plays a turn of that seat."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tests.browser.helpers import TIMEOUT, click_some_action, create_room, join

pytestmark = pytest.mark.slow


def test_the_host_gives_a_bots_seat_to_a_late_phone_which_plays(live: Any,
                                                                browser: Any) -> None:
    contexts = [browser.new_context(viewport={"width": 1920, "height": 1080}),
                browser.new_context(), browser.new_context()]
    try:
        host, lea, late = (c.new_page() for c in contexts)
        code = create_room(host, live.url, "gnou", 3)
        join(lea, live.url, code, "Léa")
        host.wait_for_function(
            "() => document.querySelectorAll('.seat-human').length === 1", timeout=TIMEOUT)
        host.click('[data-cmd="start"]')
        host.wait_for_function("() => document.body.dataset.status === 'playing'",
                               timeout=TIMEOUT)
        # Before the host offers a seat, the late pupil is told to ask for one.
        late.goto(f"{live.url}/j/{code}")
        assert late.locator("[data-no-offer]").is_visible()
        assert late.locator("[data-offered-seat]").count() == 0
        host.click("[data-room-panel] > summary")
        host.click('[data-cmd="offer"][data-seat="2"]')
        host.wait_for_selector('[data-cmd="withdraw"][data-seat="2"]', timeout=TIMEOUT)
        assert "proposée aux élèves" in host.inner_text('[data-slot="seats"]')
        room = live.hub.rooms[code]
        assert room.seats[2].offered
        late.click(f'a[href="/j/{code}"]')
        late.wait_for_selector("#nickname", timeout=TIMEOUT)
        late.fill("#nickname", "Tom")
        late.click('[data-offered-seat="2"]')
        late.wait_for_url(f"{live.url}/play/{code}", timeout=TIMEOUT)
        late.wait_for_selector('[data-slot="status"] .status', timeout=TIMEOUT)
        host.wait_for_function(
            "() => document.querySelectorAll('.seat-human').length === 2", timeout=TIMEOUT)
        assert room.seats[2].kind == "human" and room.seats[2].nickname == "Tom"
        handed = room.seq
        rng = random.Random(3)
        end = time.monotonic() + 90

        def tom_moved() -> bool:
            return any(seat == 2 and seq > handed
                       for seq, seat, _ in live.hub.store.actions(room.id))

        while not tom_moved():
            assert time.monotonic() < end, "the late pupil never played a turn"
            assert room.status == "playing"
            moved = click_some_action(late, rng)
            moved = click_some_action(lea, rng) or moved
            if not moved:
                late.wait_for_timeout(50)
        assert room.seats[2].kind == "human"  # the bot did not take its seat back
    finally:
        for context in contexts:
            context.close()


def test_the_host_closes_the_room_and_a_removed_phone_cannot_come_back(
        live: Any, browser: Any) -> None:
    """Seat squatting: the host touches « Fermer la salle », removes an unwanted player,
    whose phone is then told the room is closed; « Ouvrir la salle » lets people in again."""
    contexts = [browser.new_context(viewport={"width": 1920, "height": 1080}),
                browser.new_context()]
    try:
        host, squat = (c.new_page() for c in contexts)
        code = create_room(host, live.url, "gnou", 3)
        join(squat, live.url, code, "Squat")
        host.wait_for_function(
            "() => document.querySelectorAll('.seat-human').length === 1", timeout=TIMEOUT)
        host.click('[data-cmd="lock"]')
        host.wait_for_selector('[data-cmd="unlock"]', timeout=TIMEOUT)
        assert "Salle fermée" in host.inner_text('[data-slot="seats"]')
        # The projector stops inviting: no QR code, and the room says it is closed.
        assert host.locator(".room-closed").is_visible()
        assert not host.locator(".qr-box").first.is_visible()
        host.click('.seat-human [data-cmd="kick"]')
        host.wait_for_function(
            "() => document.querySelectorAll('.seat-human').length === 0", timeout=TIMEOUT)
        # The removed phone keeps nothing of the seat: a page that says so, and the way back.
        squat.wait_for_selector(".kicked", timeout=TIMEOUT)
        assert "On t'a retiré de la partie." in squat.inner_text("main")
        assert squat.locator("[data-slot]").count() == 0
        assert squat.locator(f'.kicked a[href="/j/{code}"]').inner_text() == "Rejoindre"
        squat.goto(f"{live.url}/j/{code}")
        assert "La salle est fermée" in squat.inner_text("[data-locked]")
        assert squat.locator("#nickname").count() == 0
        host.click('[data-cmd="unlock"]')
        host.wait_for_selector('[data-cmd="lock"]', timeout=TIMEOUT)
        assert host.locator(".qr-box").first.is_visible()
        assert not host.locator(".room-closed").is_visible()
        squat.click(f'a[href="/j/{code}"]')
        squat.wait_for_selector("#nickname", timeout=TIMEOUT)
    finally:
        for context in contexts:
            context.close()
