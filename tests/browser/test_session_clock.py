"""« Durée de la séance » on the projector (issue 21, W18): the room set-up offers the
lengths in words, and from the lobby on the projector shows the time left and the rule in
large type, without making the page scroll; when it runs out, the projector narrates the
winner in large type."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.helpers import TIMEOUT, join

pytestmark = pytest.mark.slow

RULE = "À la fin de la séance, le plus proche du centre gagne."


def test_the_projector_shows_the_time_left_and_the_rule(live: Any, browser: Any) -> None:
    projector = browser.new_context(viewport={"width": 1920, "height": 1080})
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        host = projector.new_page()
        host.goto(f"{live.url}/new/webrunners")
        labels = host.locator("#opt_session_minutes option").all_inner_texts()
        assert labels == ["Pas de limite", "15 minutes", "20 minutes", "30 minutes",
                          "45 minutes"]
        host.select_option("#players", "2")
        host.select_option("#opt_session_minutes", label="15 minutes")
        host.select_option("#opt_first_player", "host")
        host.check('input[name="mode"][value="turns"]')
        host.click("button[type=submit]")
        host.wait_for_url(f"{live.url}/host/*", timeout=TIMEOUT)
        code: str = host.eval_on_selector("body", "b => b.dataset.code")
        session = host.locator("[data-session]")
        session.wait_for(state="visible", timeout=TIMEOUT)
        shown = session.inner_text()
        assert shown.startswith("Séance\u00a0: 15:00") and RULE in shown
        pupil = phone.new_page()
        join(pupil, live.url, code, "Léa")
        host.click('[data-cmd="start"]')
        host.wait_for_function("() => document.body.dataset.status === 'playing'",
                               timeout=TIMEOUT)
        host.wait_for_function(
            "() => /Séance\u00a0: 14:5\\d/.test("
            "document.querySelector('[data-session]').textContent)",
            timeout=TIMEOUT)  # running
        assert RULE in session.inner_text()
        size = float(session.evaluate("e => getComputedStyle(e).fontSize").removesuffix("px"))
        assert size >= 28
        scroll = host.evaluate("() => document.documentElement.scrollHeight - innerHeight")
        assert scroll <= 0
        pupil.wait_for_selector("[data-session]:not([hidden])", timeout=TIMEOUT)
        assert re.search(r"Séance\u00a0: 1[45]:\d\d", pupil.inner_text("[data-session]"))
        # Pause and resume from the host screen: the clock resumes with what is left, and
        # fires. What is left is brought near its end while paused (the room's memory, as if
        # 15 minutes had passed): set before the pause, a slow machine's clicks could let
        # the session end first.
        room = live.hub.rooms[code]
        host.click("[data-room-panel] > summary")
        host.click('[data-cmd="pause"]')
        host.wait_for_function("() => document.body.dataset.status === 'paused'",
                               timeout=TIMEOUT)
        assert room.session_left is not None and room.session_left > 800
        room.session_left = 1.0
        host.click('[data-cmd="resume"]')
        host.wait_for_function("() => document.body.dataset.status === 'finished'",
                               timeout=TIMEOUT)
        # The end screen (issue 21) names the winner(s) of the session's end in one large
        # sentence, by nickname.
        lead = host.locator(".debrief .winner")
        lead.wait_for(state="visible", timeout=TIMEOUT)
        assert "Léa" in lead.inner_text() or "Bot" in lead.inner_text()
        assert float(lead.evaluate("e => getComputedStyle(e).fontSize").removesuffix("px")) >= 28
        assert host.locator("[data-session]").is_hidden()
    finally:
        projector.close()
        phone.close()
