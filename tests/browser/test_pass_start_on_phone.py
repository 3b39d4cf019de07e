"""One phone passed around (the home page offers it): the players are added on the host
page, on the phone itself. Its first big button is « Lancer la partie »: tapped there, the
page turned into the projector's stage, drawn for 1920×1080 and shrunk to the phone (its
header's words 7 px high, the board's names unreadable), the shared screen's link folded
away in the room panel. On a phone-sized screen holding this device's players, it now
starts the game as « Commencer la partie sur cet appareil » does and opens the shared
screen."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.helpers import TIMEOUT, add_on_this_device, create_room

pytestmark = pytest.mark.slow


def start_with_every_player_here(live: Any, browser: Any, players: int = 2,
                                 **screen: Any) -> None:
    """A room of ``players`` where Léa and Noé are added on this screen (the other seats
    left to bots), then « Lancer la partie »: the shared screen opens, asking for the
    device to go to Léa, the game started, turn-based."""
    context = browser.new_context(**screen)
    try:
        page = context.new_page()
        code = create_room(page, live.url, "gnou", players)
        add_on_this_device(page, ["Léa", "Noé"])
        page.click('[data-cmd="start"]')
        page.wait_for_url(f"{live.url}/pass/{code}", timeout=TIMEOUT)
        page.wait_for_selector("[data-reveal]", timeout=TIMEOUT)
        said = " ".join(page.inner_text('[data-slot="privacy"]').split())
        assert said.startswith("Passe l'appareil à Léa"), said
        room = live.hub.rooms[code]
        assert room.status == "playing" and room.mode == "turns"
        assert [s.kind for s in room.seats].count("bot") == players - 2
    finally:
        context.close()


def test_starting_on_a_phone_with_its_players_opens_the_shared_screen(
        live: Any, browser: Any) -> None:
    start_with_every_player_here(live, browser, viewport={"width": 390, "height": 844},
                                 has_touch=True, is_mobile=True)


def test_a_projector_with_this_device_s_players_keeps_its_stage(
        live: Any, browser: Any) -> None:
    """A class's projector may hold a pupil's seat too (a pupil with no phone): there
    « Lancer la partie » still shows the stage."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = context.new_page()
        code = create_room(page, live.url, "gnou", 2)
        add_on_this_device(page, ["Léa"])
        page.click('[data-cmd="start"]')
        page.wait_for_function("() => document.body.dataset.status === 'playing'",
                               timeout=TIMEOUT)
        assert page.url == f"{live.url}/host/{code}"
    finally:
        context.close()


def test_a_laptop_holding_every_player_opens_the_shared_screen(
        live: Any, browser: Any) -> None:
    """A family's laptop (1280×720) with every player added on it: « Lancer la partie »
    showed the projector's stage, the question « Combien as-tu de comptes… » asked to
    phones that nobody had, the shared screen's link folded in the room panel; nobody
    could play. With no seat left to a phone or a bot, it opens the shared screen."""
    start_with_every_player_here(live, browser, viewport={"width": 1280, "height": 720})


def test_a_tablet_shared_by_two_with_a_free_seat_opens_the_shared_screen(
        live: Any, browser: Any) -> None:
    """A family's tablet (820×1180), a room of 3 with two players added on it and the third
    seat left to a bot: « Lancer la partie » opened the projector's stage, live, where
    nobody could play (a review of pass-and-play, 2026-12-03). Two people sharing a device
    play on its shared screen, the free seat a bot, turn-based."""
    start_with_every_player_here(live, browser, 3, viewport={"width": 820, "height": 1180},
                                 has_touch=True)
