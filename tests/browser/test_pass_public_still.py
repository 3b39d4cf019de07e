"""The projector beside a table playing on one device passed around: while the device goes
round (a Hacker thief crediting in secret, H5; a trip's drops, H2, H4), the host page
stands as it was when the round began, as the shared screen does between two visits
(``rounds.PublicStill``). It followed the game live and showed the table when the secret
ended, at whose visit."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.browser.helpers import (
    TAPPABLE,
    TIMEOUT,
    add_on_this_device,
    click_some_action,
    create_room,
)

pytestmark = pytest.mark.slow

NAMES = ("Léa", "Noé", "Tom", "Inès")


def going_round(live: Any, code: str) -> bool:
    return any(c.role == "pass" and c.passing.owed for c in live.hub.clients.get(code, ()))


def host_frames(live: Any, code: str) -> int:
    """The number of the last frame the server sent the host page."""
    return int(next(c.frame_seq for c in live.hub.clients[code]
                    if c.role == "host" and not c.closed))


def shown(live: Any, code: str, host: Any) -> tuple[str, str, str]:
    """What the host page shows once it has every frame sent to it: its frame number,
    its status line and its board."""
    sent = host_frames(live, code)
    host.wait_for_function(f"() => Number(document.body.dataset.seq) >= {sent}",
                           timeout=TIMEOUT)
    return (host.eval_on_selector("body", "b => b.dataset.seq"),
            host.inner_text('[data-slot="status"]'),
            host.inner_html('[data-slot="map"]'))


def test_the_projector_stands_still_while_the_device_goes_round(
    live: Any, browser: Any
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    projector = None
    try:
        page = context.new_page()
        code = create_room(page, live.url, "hacker", 4)
        add_on_this_device(page, NAMES)
        # The projector: the host page again, beside the table, in a window of its own
        # with the host's cookie. A second tab of the table's window would hide the table:
        # a hidden page draws no frame, and each tap on it waited out its 2 s timeout for
        # the button to be seen still (139 taps: 270 of the test's 290 s).
        projector = browser.new_context(viewport={"width": 1280, "height": 800},
                                        storage_state=context.storage_state())
        host = projector.new_page()
        host.goto(f"{live.url}/host/{code}")
        host.wait_for_selector('[data-slot="seats"] li', timeout=TIMEOUT)
        page.locator("[data-pass-link]").click()
        page.wait_for_url(f"{live.url}/pass/{code}", timeout=TIMEOUT)
        host.wait_for_function("() => document.body.dataset.status === 'playing'",
                               timeout=TIMEOUT)
        room = live.hub.rooms[code]
        rng = random.Random(5)
        standing: tuple[str, str, str] | None = None
        rounds = checked = hid = 0  # hid: rounds at whose end the board moved on
        for _ in range(1500):
            if room.status == "finished" or (hid >= 2 and checked >= 6):
                break
            try:
                page.wait_for_selector(f'[data-reveal], [data-cmd="hand_on"], {TAPPABLE}',
                                       timeout=5000)
            except Exception:
                continue
            reveal = page.query_selector("[data-reveal]")
            hand_on = page.query_selector('[data-cmd="hand_on"]')
            if reveal is not None or hand_on is not None:
                # Between two visits: the projector as the round found it, or the game.
                if going_round(live, code):
                    now = shown(live, code, host)
                    if standing is None:
                        standing, rounds = now, rounds + 1
                    else:
                        assert now == standing, "the projector moved on during a round"
                        checked += 1
                elif standing is not None:  # the round is over: the game as it is now
                    hid += shown(live, code, host)[2] != standing[2]
                    standing = None
            try:
                if reveal is not None:
                    reveal.click(timeout=2000)
                    page.wait_for_selector(f'{TAPPABLE}, [data-cmd="hand_on"]', timeout=TIMEOUT)
                elif hand_on is not None:
                    hand_on.click(timeout=2000)
                    page.wait_for_selector("[data-reveal]", timeout=TIMEOUT)
                else:
                    click_some_action(page, rng)
            except Exception:
                continue
        assert hid >= 2 and checked >= 6, (rounds, hid, checked)
    finally:
        context.close()
        if projector is not None:
            projector.close()
