"""Issue 21 §3: one full turn of every game played on a phone with the keyboard alone (Tab
to reach a control of the decision, Enter to press it, a card then its target, a question
then « Oui »; no mouse, no tap), bots in the other seats. The first decision is reached by
Tab from the top of the page; after a move the page keeps the focus in the decision. The
turn ends when the phone's decision is gone; every Enter that sends is an accepted action
of the pupil's seat."""

from __future__ import annotations

import time
from typing import Any

import pytest

from ludinum.games import registry
from tests.browser.helpers import (
    TAPPABLE,
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
#: The focused element is a control of the decision: an action, a card of the hand, the
#: « Oui » of a question asked first.
FOCUSED = """() => { const e = document.activeElement;
  return !!e && e.matches('[data-slot="actions"] :is(button.act, button[data-card])'); }"""
#: The focused control makes the page answer itself: a card picked (its first target then
#: has the focus) or a question asked (the question has it, « Oui » comes next).
FOCUSED_KIND = """() => { const e = document.activeElement;
  return e.matches('[data-card]') ? 'card' : e.matches('[data-confirm]') ? 'confirm' : ''; }"""
MAX_TABS = 80


def seat_actions(live: Any, room: Any, seat: int) -> int:
    return sum(1 for _, who, _ in live.hub.store.actions(room.id) if who == seat)


def tab_to(page: Any, condition: str) -> int:
    """Tab until ``condition`` holds for the focused element; the Tab presses."""
    tabs = 0
    while not page.evaluate(condition):
        assert tabs < MAX_TABS, f"nothing to press after {MAX_TABS} Tab presses"
        page.keyboard.press("Tab")
        tabs += 1
    return tabs


def press_once(live: Any, room: Any, page: Any, from_top: bool) -> tuple[int, int] | None:
    """Tab to a control of the decision and press Enter (then the card's target, or Tab to
    « Oui » and Enter), on a page that shows the room as it is now: the Tab and Enter
    presses, or None when the page moved meanwhile. ``from_top``: the Tab presses start
    from the first link of the page (else from where the page put the focus)."""
    if not current(live, room, page) or page.locator(TAPPABLE).count() == 0:
        return None
    number = page_seq(page)
    seat = page_seat(room)
    sent = seat_actions(live, room, seat)
    try:
        if from_top:
            page.focus("header .brand")
        tabs = tab_to(page, FOCUSED)
        if page_seq(page) != number or not current(live, room, page):
            return None
        kind = page.evaluate(FOCUSED_KIND)
        page.keyboard.press("Enter")
        enters = 1
        if kind == "confirm":
            tabs += tab_to(page, "() => document.activeElement.matches('.confirm-yes')")
        if kind:
            assert page.evaluate(FOCUSED), "the focus left the decision"
            page.keyboard.press("Enter")
            enters += 1
        page.wait_for_function(f"() => document.body.dataset.seq !== '{number}'",
                               timeout=5000)
    except AssertionError:
        if page_seq(page) != number:
            return None  # the decision was drawn again under the presses
        raise
    except Exception:
        return None
    # The next frame may be another seat's move or a trip's clock: the press counts once
    # the server has stored the pupil's action; refused (the decision ended under the
    # press: stale, time up), it was not a move, as when the decision is drawn again.
    deadline = time.monotonic() + 3
    while seat_actions(live, room, seat) <= sent:
        if time.monotonic() > deadline:
            return None
        time.sleep(0.05)
    return tabs, enters


def page_seat(room: Any) -> int:
    """The seat of the room's only person (the others are bots)."""
    return next(s.index for s in room.seats if s.kind == "human")


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
        seat = page_seat(room)
        phone.wait_for_selector(TAPPABLE, timeout=TIMEOUT)
        before = seat_actions(live, room, seat)
        presses: list[tuple[int, int]] = []
        end = time.monotonic() + 60
        while turns_of(phone) == 0 and room.status != "finished":
            assert time.monotonic() < end, "the turn never ended"
            tabs = press_once(live, room, phone, from_top=not presses)
            if tabs is not None:
                presses.append(tabs)
            else:
                phone.wait_for_timeout(50)
        assert presses, "no decision was pressed"
        # Every Enter was a move of the pupil's seat, accepted by the server.
        deadline = time.monotonic() + 5
        while seat_actions(live, room, seat) - before < len(presses):  # one action each
            assert time.monotonic() < deadline, (seat_actions(live, room, seat), presses)
            time.sleep(0.05)
        print(f"\n{game}: one turn by keyboard, (Tab, Enter) per decision {presses}")
    finally:
        for c in contexts:
            c.close()
