"""Browser steps shared by the tests: create a room, join, play clickable actions."""

from __future__ import annotations

import contextlib
import random
import time
from typing import Any

TIMEOUT = 15_000


def create_room(host: Any, base: str, game: str, players: int, mode: str = "turns") -> str:
    host.goto(f"{base}/new/{game}")
    host.select_option("#players", str(players))
    host.check(f'input[name="mode"][value="{mode}"]')
    host.click("button[type=submit]")
    host.wait_for_url(f"{base}/host/*", timeout=TIMEOUT)
    code: str = host.eval_on_selector("body", "b => b.dataset.code")
    host.wait_for_selector('[data-slot="seats"] li', timeout=TIMEOUT)
    return code


def join(page: Any, base: str, code: str, nickname: str | None = None) -> None:
    page.goto(f"{base}/j/{code}")
    if nickname is None:
        page.click("[data-generate]")
        page.wait_for_function("() => document.querySelector('#nickname').value.length > 1")
    else:
        page.fill("#nickname", nickname)
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/play/{code}", timeout=TIMEOUT)
    page.wait_for_selector('[data-slot="status"] .status', timeout=TIMEOUT)


def status(page: Any) -> str:
    value: str = page.eval_on_selector("body", "b => b.dataset.status || ''")
    return value


#: What a pupil may tap in the decision now: actions, cards of the hand (a card is tapped,
#: then its target, issue 21), the « Oui » of a question asked before a costly tap.
TAPPABLE = ('[data-slot="actions"] button.act:visible, '
            '[data-slot="actions"] button[data-card]:visible')


#: What follows a card picked or a question asked: its targets, or « Oui ».
FOLLOW_UP = ('[data-slot="actions"] .card-targets:not([hidden]) button.act, '
             ".confirm-box .confirm-yes")


def click_some_action(page: Any, rng: random.Random) -> bool:
    """Tap something of the decision at random, as a pupil does: a card picked or a
    question asked is followed at once by one of its targets or « Oui » (the page answers
    those taps, not the server), then wait for the server's answer."""
    seq = page.eval_on_selector("body", "b => b.dataset.seq")
    for selector in (TAPPABLE, FOLLOW_UP, FOLLOW_UP):
        buttons = page.query_selector_all(selector)
        if not buttons:
            return selector != TAPPABLE  # a pick or a question already tapped counts
        button = buttons[rng.randrange(len(buttons))]
        try:
            local = button.evaluate("b => b.matches('[data-card], [data-confirm]')")
            button.click(timeout=2000)
        except Exception:
            return False  # the fragment was swapped under the click: try again
        if not local:
            break
    # Wait for the server's answer (a new seq) before looking again.
    with contextlib.suppress(Exception):
        page.wait_for_function(f"() => document.body.dataset.seq !== '{seq}'", timeout=3000)
    return True


def confirm(page: Any) -> None:
    """Answer « Oui » to the question a costly tap asks first (app.js)."""
    page.click(".confirm-box .confirm-yes", timeout=2000)


def play_until_over(pages: list[Any], host: Any, seconds: float, rng: random.Random,
                    on_step: Any = None) -> int:
    end = time.monotonic() + seconds
    clicks = 0
    while time.monotonic() < end:
        if status(host) == "finished":
            return clicks
        moved = False
        for page in pages:
            if click_some_action(page, rng):
                clicks += 1
                moved = True
                if on_step is not None:
                    on_step(clicks)
        if not moved:
            time.sleep(0.05)
    raise AssertionError(f"game not over after {seconds} s ({clicks} clicks)")
