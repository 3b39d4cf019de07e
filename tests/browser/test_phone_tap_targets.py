"""What a pupil taps on a phone before and around a game is at least 44×44 px (WCAG 2.5.5):
on a 360×640 phone the header's « Ludinum » was 94×28 px and its « English » 61×20, the
join page's « Regarder sans jouer » 169×20 — a child's finger missed them or hit the
neighbour. Links inside running text are left out (WCAG's inline exception). A family playing
on one phone sets the room up on the host page there: its bots' level lists were 40 px high,
« Lien spectateur » and « Revoir la partie (à la fin) » 20 px."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.helpers import add_on_this_device, create_room

pytestmark = pytest.mark.slow

PHONE = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}

#: Every visible control or link standing on its own (not inside a sentence), too small to
#: tap: [width, height, its words].
TOO_SMALL = """() => [...document.querySelectorAll('a, button, summary, input, select')]
  .filter(el => el.checkVisibility() && el.type !== 'hidden')
  .filter(el => el.tagName !== 'A' || el.closest('header, .links') ||
    el.parentElement.textContent.trim() === el.textContent.trim())
  .map(el => { const r = el.getBoundingClientRect();
               return [Math.round(r.width), Math.round(r.height),
                       (el.innerText || el.value || el.tagName).trim()]; })
  .filter(([w, h]) => w < 44 || h < 44)"""


def test_a_phone_s_links_are_big_enough_to_tap(live: Any, browser: Any) -> None:
    host_context = browser.new_context(viewport={"width": 1280, "height": 720})
    phone_context = browser.new_context(**PHONE)
    try:
        code = create_room(host_context.new_page(), live.url, "gnou", 2)
        phone = phone_context.new_page()
        seen = {}
        for path in ("/", f"/j/{code}"):
            phone.goto(f"{live.url}{path}")
            seen[path] = phone.evaluate(TOO_SMALL)
        phone.fill("#nickname", "Léa")
        phone.click("button[type=submit]")
        phone.wait_for_url(f"{live.url}/play/{code}")
        phone.wait_for_selector('[data-slot="status"] .status')
        seen["play"] = phone.evaluate(TOO_SMALL)
        assert seen == {"/": [], f"/j/{code}": [], "play": []}
    finally:
        phone_context.close()
        host_context.close()


def test_the_host_page_on_one_phone_is_big_enough_to_tap(live: Any, browser: Any) -> None:
    """One device passed around (the home page offers it): the room is made and its
    players added on the phone itself, the empty seats left to bots."""
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        create_room(page, live.url, "voleur", 3)
        add_on_this_device(page, ["Léa"])
        assert page.evaluate(TOO_SMALL) == []
    finally:
        context.close()

