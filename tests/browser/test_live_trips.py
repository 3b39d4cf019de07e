"""Live play for humans first, in the browser: one person against bots (a phone) and two
people on one device (pass-and-play) are offered a drop on every trip but their own, and
never the traveller's return (H3: a trip lasts its time; seed 002 « Pendant toute la phase
de piratage, les joueurs ont le droit d'infecter les comptes adverses »).

Each person keeps every virus (answers « J'ai fini pour ce trajet »), so a drop must be
offered on each of the 12 trips of the others (4 rounds, 4 seats)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser.helpers import (
    HIDE,
    TAPPABLE,
    TIMEOUT,
    add_on_this_device,
    create_room,
    decide,
    first_legal,
    hide_game,
    join,
    labels_of,
    seat_of,
)
from tests.browser.test_privacy import leaked, secrets_for

pytestmark = pytest.mark.slow

DONE, DROP, RETURN = "J'ai fini pour ce trajet", "Poser un virus", "Je reviens de la banque"


def every_trip(people: tuple[int, ...]) -> set[tuple[int, int, int]]:
    return {(p, r, t) for p in people for r in range(4) for t in range(4) if t != p}


def answer(live: Any, page: Any, room: Any, offered: set[tuple[int, int, int]]) -> None:
    """One decision: note a drop offered (seat, round, traveller), keep the viruses. Only
    a page that shows the room's current version counts (bots move meanwhile): ``decide``
    checks that the room did not move while ``choose`` read it."""

    def choose(controls: list[Any]) -> Any:
        trip = (room.state.round, room.state.traveller)
        shown = labels_of(controls)
        assert not any(text.startswith(RETURN) for text in shown), shown
        if any(text.startswith(DROP) for text in shown):
            offered.add((seat_of(controls), *trip))
            return controls[shown.index(DONE)]
        return first_legal(room, page)(controls)

    decide(live, room, page, choose)


def start_with_bots(host: Any) -> None:
    host.select_option("[data-level]", "random")
    host.click('[data-cmd="start"]')
    host.wait_for_function("() => document.body.dataset.status === 'playing'",
                           timeout=TIMEOUT)


@pytest.mark.parametrize("mode", ["turns", "live"])
def test_a_phone_against_bots_is_offered_a_drop_on_every_trip(
    mode: str, live: Any, browser: Any
) -> None:
    contexts = [browser.new_context() for _ in range(2)]
    try:
        host, phone = (c.new_page() for c in contexts)
        code = create_room(host, live.url, "hacker", 4, mode)
        join(phone, live.url, code, "Léa")
        host.wait_for_function(
            "() => document.querySelectorAll('.seat-human').length === 1", timeout=TIMEOUT)
        start_with_bots(host)
        room = live.hub.rooms[code]
        offered: set[tuple[int, int, int]] = set()
        end = time.monotonic() + 240
        while room.status != "finished" and time.monotonic() < end:
            try:
                phone.wait_for_selector(TAPPABLE, timeout=2000)
            except Exception:
                continue
            answer(live, phone, room, offered)
        assert room.status == "finished"
        assert offered == every_trip((0,))
    finally:
        for c in contexts:
            c.close()


def test_pass_and_play_offers_each_person_a_drop_on_every_trip(
    live: Any, browser: Any
) -> None:
    """Live room, one device for two people and two bots: the privacy screen never hands
    the device to the traveller to decide (whose only move would end the trip), and hides
    every private thing between two people. A round of the device while a bot steals in
    secret (engine.passing) may reach him with nothing to decide: he hides his game again."""
    context = browser.new_context()
    try:
        page = context.new_page()
        code = create_room(page, live.url, "hacker", 4, "live")
        add_on_this_device(page, ("Léa", "Noé"))
        start_with_bots(page)
        page.goto(f"{live.url}/pass/{code}")
        room = live.hub.rooms[code]
        offered: set[tuple[int, int, int]] = set()
        end = time.monotonic() + 300
        while room.status != "finished" and time.monotonic() < end:
            try:
                page.wait_for_selector(f"[data-reveal], {HIDE}, {TAPPABLE}", timeout=2000)
            except Exception:
                continue
            if hide_game(page):  # its turn over: « Ton tour est fini »
                continue
            reveal = page.query_selector("[data-reveal]")
            if reveal is not None:
                assert not leaked(page.content(), secrets_for(room, None))
                try:
                    seat = int(reveal.get_attribute("data-reveal") or "")
                    state = room.state
                    trip = state.deadline() is not None
                    reveal.click(timeout=2000)
                    page.wait_for_selector(f'{TAPPABLE}, [data-cmd="hand_on"]', timeout=5000)
                    if page.query_selector('[data-cmd="hand_on"]'):  # nothing to decide
                        page.click('[data-cmd="hand_on"]', timeout=2000)
                        continue
                    if trip:  # a trip: never to the traveller to decide
                        assert seat != state.traveller
                except AssertionError:
                    raise
                except Exception:
                    continue  # the screen changed under the click
            answer(live, page, room, offered)
        assert room.status == "finished"
        assert offered == every_trip((0, 1))
    finally:
        context.close()
