"""Pass-and-play: one device, several people. Between turns a privacy screen hides every
private thing; once revealed, a seat sees its own view and nobody else's."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from ludinum.games import registry
from tests.browser.helpers import (
    HIDE,
    TAPPABLE,
    TIMEOUT,
    add_on_this_device,
    click_some_action,
    create_room,
    hide_game,
)
from tests.server.helpers import leaves

pytestmark = pytest.mark.slow

GAMES = [g.name for g in registry()]


def secrets_for(room: Any, allowed: int | None) -> set[str]:
    """What the other seats know that ``allowed`` (None: nobody) does not."""
    state = room.state
    seen = leaves(state.view(None)) | (leaves(state.view(allowed)) if allowed is not None
                                       else set())
    out: set[str] = set()
    for q in range(room.config.players):
        if q != allowed:
            out |= leaves(state.view(q)) - seen
    return out


def leaked(html: str, secrets: set[str]) -> list[str]:
    return [s for s in secrets
            if re.search(r"(?<![\w-])" + re.escape(s) + r"(?![\w-])", html)]


@pytest.mark.parametrize("game", GAMES)
def test_pass_and_play_hides_private_information(game: str, live: Any, browser: Any) -> None:
    g = registry().get(game)
    context = browser.new_context()
    try:
        page = context.new_page()
        code = create_room(page, live.url, game, max(2, g.min_players))
        add_on_this_device(page, ("Léa", "Noé"))
        page.click('[data-cmd="start"]')
        # Both people are on this device and the other seats are free (bots at the start):
        # « Lancer la partie » opens the shared screen itself (app.js, holdsAll), whatever the
        # number of seats; a second navigation to it would interrupt the first.
        page.wait_for_url(f"{live.url}/pass/{code}", timeout=TIMEOUT)
        room = live.hub.rooms[code]
        rng = random.Random(3)
        screens: list[str] = []
        revealed: int | None = None
        for _ in range(80):
            if room.status == "finished":
                break
            try:
                page.wait_for_selector(f"[data-reveal], {HIDE}, {TAPPABLE}", timeout=5000)
            except Exception:
                continue
            if page.query_selector(HIDE):
                # « Ton tour est fini »: the seat's own game still, nobody else's.
                assert revealed is not None
                assert not leaked(page.content(), secrets_for(room, revealed))
                hide_game(page)
                continue
            reveal = page.query_selector("[data-reveal]")
            if reveal is not None:
                # The privacy screen: nothing private of anyone is on the page.
                assert not leaked(page.content(), secrets_for(room, None))
                assert not page.query_selector_all('[data-slot="actions"] button.act')
                revealed = int(reveal.get_attribute("data-reveal"))
                try:
                    reveal.click(timeout=2000)
                    page.wait_for_selector(TAPPABLE, timeout=TIMEOUT)
                except Exception:
                    continue  # the screen changed under the click (bots play meanwhile)
                screens.append(room.seats[revealed].nickname)
            # Revealed: this seat's own view, and still nothing of the others.
            assert revealed is not None
            assert not leaked(page.content(), secrets_for(room, revealed))
            click_some_action(page, rng)  # swapped under the click, refused: look again
            if len(set(screens)) == 2 and len(screens) >= 4:
                break
        assert {"Léa", "Noé"} <= set(screens), screens
    finally:
        context.close()


def test_pass_and_play_starts_from_its_link_and_its_screen_says_how(live: Any,
                                                                    browser: Any) -> None:
    """The shared screen has no start button: opened before the start it says who plays
    on this device and leads back to the facilitator's screen; there, the same link
    reads « Commencer la partie sur cet appareil » and starts the game before going."""
    context = browser.new_context()
    try:
        page = context.new_page()
        code = create_room(page, live.url, "gnou", 2)
        add_on_this_device(page, ("Léa", "Noé"))
        # Not « déconnecté » on the host's list: they wait for the shared screen, here.
        page.wait_for_function("() => document.querySelectorAll('.seat.on-device').length === 2",
                               timeout=TIMEOUT)
        rows = [" ".join(t.split()) for t in page.locator(
            '[data-slot="seats"] .seat-state').all_inner_texts()]
        assert rows == ["▣ sur cet appareil"] * 2, rows
        page.reload()  # remembered by this device
        page.wait_for_selector('[data-slot="seats"] .seat.on-device', timeout=TIMEOUT)
        page.click("details.local summary")  # folded again by the reload
        shared = context.new_page()
        shared.goto(f"{live.url}/pass/{code}")
        shared.wait_for_selector('[data-slot="privacy"] .privacy', timeout=TIMEOUT)
        said = " ".join(shared.inner_text('[data-slot="privacy"]').split())
        assert "La partie n'a pas encore commencé." in said and "Léa, Noé" in said, said
        assert shared.get_attribute('[data-slot="privacy"] a', "href") == f"/host/{code}"
        shared.close()
        link = page.locator("[data-pass-link]")
        assert link.inner_text() == "Commencer la partie sur cet appareil"
        link.click()
        page.wait_for_url(f"{live.url}/pass/{code}", timeout=TIMEOUT)
        assert live.hub.rooms[code].status == "playing"
        page.wait_for_selector("[data-reveal]", timeout=TIMEOUT)
    finally:
        context.close()
