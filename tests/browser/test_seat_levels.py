"""Le Gnou's level of each player (G3) on the set-up form, in real Chromium: one list per
seat that comes and goes with the player count, never a text « 1,2,3,1 » to type."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.slow


def test_levels_chosen_per_seat_make_the_room_s_config(live: Any, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(f"{live.url}/new/gnou")
        assert page.locator("input[type=text][name^=opt_handicap]").count() == 0
        page.select_option("#players", "3")
        seats = [page.locator(f"#opt_handicap-{n}") for n in range(1, 7)]
        assert [s.is_visible() for s in seats] == [True] * 3 + [False] * 3
        assert all(s.is_disabled() for s in seats[3:])  # not sent
        assert page.get_by_label("Place 2").is_visible()
        page.select_option("#opt_quiz_level", "2")
        seats[0].select_option(label="3 – difficile")
        seats[2].select_option(label="1 – facile")  # seat 2 stays « comme les autres »
        page.click("button[type=submit]")
        page.wait_for_url(f"{live.url}/host/*")
        code = page.eval_on_selector("body", "b => b.dataset.code")
        assert live.hub.rooms[code].config.options["handicap"] == "3,2,1"
        assert live.hub.rooms[code].config.players == 3

        page.goto(f"{live.url}/classe/nouvelle/gnou")
        assert page.input_value("#table_size") == "5"
        page.select_option("#table_size", "2")
        assert [s.is_visible() for s in seats] == [True] * 2 + [False] * 4
    finally:
        context.close()
