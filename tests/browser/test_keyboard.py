"""Issue 21 §3: one full turn of every game played on a phone with the keyboard alone (Tab
to reach a control of the decision, Enter to press it; no mouse, no tap), bots in the other
seats. The turn ends when the phone's decision is gone; every press is an accepted action
of the pupil's seat."""

from __future__ import annotations

import time
from typing import Any

import pytest

from ludinum.games import registry
from tests.browser.helpers import (
    BUTTONS,
    TIMEOUT,
    count_turns,
    create_room,
    current,
    join,
    page_seq,
    turns_of,
)
from tests.browser.test_live_trips import start_with_bots
from tests.browser.test_whole_games import PHONE, SHORT

pytestmark = pytest.mark.slow

GAMES = [g.name for g in registry()]
#: Whether the focused element is a control of the decision.
FOCUSED = ("() => { const e = document.activeElement;"
           " return !!e && e.matches('[data-slot=\"actions\"] button.act'); }")
MAX_TABS = 80


def seat_actions(live: Any, room: Any, seat: int) -> int:
    return sum(1 for _, who, _ in live.hub.store.actions(room.id) if who == seat)


def press_once(live: Any, room: Any, page: Any) -> int | None:
    """Tab to the first control of the decision and press Enter, on a page that shows the
    room as it is now: the number of Tab presses, or None when the page moved meanwhile."""
    if not current(live, room, page) or page.locator(BUTTONS).count() == 0:
        return None
    number = page_seq(page)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    tabs = 0
    while tabs < MAX_TABS:
        page.keyboard.press("Tab")
        tabs += 1
        if page.evaluate(FOCUSED):
            break
    else:
        if page_seq(page) != number:
            return None  # the decision was drawn again under the Tab presses
        raise AssertionError(f"no control of the decision after {MAX_TABS} Tab presses")
    if page_seq(page) != number or not current(live, room, page):
        return None
    page.keyboard.press("Enter")
    try:
        page.wait_for_function(f"() => document.body.dataset.seq !== '{number}'",
                               timeout=5000)
    except Exception:
        return None
    return tabs


@pytest.mark.parametrize("game", GAMES)
def test_one_turn_with_the_keyboard_alone(game: str, live: Any, browser: Any) -> None:
    contexts = [browser.new_context(), browser.new_context(**PHONE)]
    try:
        host, phone = (c.new_page() for c in contexts)
        code = create_room(host, live.url, game, 3, "turns", SHORT[game])
        join(phone, live.url, code, "Léa")
        host.wait_for_function(
            "() => document.querySelectorAll('.seat-human').length === 1", timeout=TIMEOUT)
        count_turns(phone)
        start_with_bots(host)
        room = live.hub.rooms[code]
        seat = next(s.index for s in room.seats if s.kind == "human")
        phone.wait_for_selector(BUTTONS, timeout=TIMEOUT)
        before = seat_actions(live, room, seat)
        presses: list[int] = []
        end = time.monotonic() + 60
        while turns_of(phone) == 0 and room.status != "finished":
            assert time.monotonic() < end, "the turn never ended"
            tabs = press_once(live, room, phone)
            if tabs is not None:
                presses.append(tabs)
            else:
                phone.wait_for_timeout(50)
        assert presses, "no decision was pressed"
        # Every Enter was a move of the pupil's seat, accepted by the server.
        deadline = time.monotonic() + 5
        while seat_actions(live, room, seat) - before < len(presses):
            assert time.monotonic() < deadline, (seat_actions(live, room, seat), presses)
            time.sleep(0.05)
        print(f"\n{game}: one turn by keyboard, Tab presses per decision {presses}")
    finally:
        for c in contexts:
            c.close()
