"""On a phone: a nickname that looks like another player's (« LEA » after « Léa ») is
refused with a free variant, which the join page puts in the field; one touch on « Entrer »
joins with it (issue 21 §2)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.helpers import TIMEOUT, create_room, join, refused_as_lookalike

pytestmark = pytest.mark.slow


def test_a_look_alike_gets_a_variant_in_the_field(live: Any, browser: Any) -> None:
    host = browser.new_context(locale="fr-FR").new_page()
    first = browser.new_context(locale="fr-FR").new_page()
    second = browser.new_context(locale="fr-FR").new_page()
    try:
        code = create_room(host, live.url, "gnou", 3)
        join(first, live.url, code, "Léa")
        second.goto(f"{live.url}/j/{code}")
        second.fill("#nickname", "LEA")
        second.click("button[type=submit]")
        refused_as_lookalike(second, "LEA 2")
        second.click("button[type=submit]")
        second.wait_for_url(f"{live.url}/play/{code}", timeout=TIMEOUT)
        seats = [s.nickname for s in live.hub.rooms[code].humans()]
        assert seats == ["Léa", "LEA 2"]
    finally:
        for page in (host, first, second):
            page.context.close()
