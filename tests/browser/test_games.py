"""Whole games in real headless Chromium for every registered game: a host screen and two
phones in separate browser contexts, bots in the other seats; a reload mid-game resumes the
seat."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludinum.games import registry
from tests.browser.helpers import TIMEOUT, create_room, join, play_until_over, status
from tests.browser.test_whole_games import SHORT

pytestmark = pytest.mark.slow

GAMES = [g.name for g in registry()]


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_in_the_browser(game: str, live: Any, browser: Any) -> None:
    g = registry().get(game)
    players = max(g.min_players, min(3, g.max_players))
    contexts = [browser.new_context() for _ in range(3)]
    try:
        host, alice, bob = (c.new_page() for c in contexts)
        # The short settings of each game's rules (test_whole_games.SHORT): random play
        # ends a Web Runners game in 5 rounds rather than up to 200.
        code = create_room(host, live.url, game, players, options=SHORT[game])
        join(alice, live.url, code, "Léa")
        join(bob, live.url, code)
        host.wait_for_function(
            "() => document.querySelectorAll('.seat-human').length === 2", timeout=TIMEOUT)
        host.select_option("[data-level]", "random")
        host.click('[data-cmd="start"]')
        host.wait_for_function("() => document.body.dataset.status !== 'lobby'", timeout=TIMEOUT)
        room = live.hub.rooms[code]
        assert [s.kind for s in room.seats].count("bot") == players - 2

        reloaded = []

        def reload_once(clicks: int) -> None:
            if clicks == 3 and not reloaded:
                seat_before = alice.inner_text('[data-slot="status"]')
                alice.reload()
                alice.wait_for_selector('[data-slot="status"] .status', timeout=TIMEOUT)
                assert alice.url.endswith(f"/play/{code}")
                assert "Léa" in alice.inner_text('[data-slot="status"]')
                assert "Léa" in seat_before
                reloaded.append(True)

        # 480 s: a card is tapped, then its use (issue 21), two taps where one was.
        play_until_over([alice, bob], host, 480, random.Random(1), reload_once)
        host.wait_for_selector(".debrief", timeout=TIMEOUT)
        assert status(host) == "finished"
        for page in (alice, bob):
            page.wait_for_selector(".debrief", timeout=TIMEOUT)
        assert room.state.is_terminal()
        # The replay of the finished game opens at its end.
        host.goto(f"{live.url}/replay/{code}?step={room.seq}")
        assert host.locator("section.board").count() == 1
        assert host.locator("section.board svg[role=img]").count() == 1
        # Drawn by the page from the step's public view, the game's text too (issue 19).
        assert host.locator("section.board .game-text p").count() >= 1
    finally:
        for c in contexts:
            c.close()
