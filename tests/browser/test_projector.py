"""Issue 21 on the projector (1920×1080): once the game starts the lobby folds away (the
join code stays, small, for late joiners), the board fills the screen without scrolling,
the turn banner and the narrated move are large (≥ 28 px), the room's controls fold into a
side panel; removing a pupil mid-game asks for confirmation."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ludinum.games import registry
from tests.browser.helpers import TIMEOUT, create_room, join

pytestmark = pytest.mark.slow

GAMES = [g.name for g in registry()]
PROJECTOR = {"viewport": {"width": 1920, "height": 1080}}


@pytest.fixture
def contexts(browser: Any) -> Iterator[list[Any]]:
    made = [browser.new_context(**PROJECTOR), browser.new_context(), browser.new_context()]
    yield made
    for context in made:
        context.close()


def font_px(page: Any, selector: str) -> float:
    size: str = page.locator(selector).first.evaluate("e => getComputedStyle(e).fontSize")
    return float(size.removesuffix("px"))


def start(live: Any, contexts: list[Any], game: str) -> tuple[Any, Any, str]:
    host, lea, sami = (c.new_page() for c in contexts)
    code = create_room(host, live.url, game, 3)
    join(lea, live.url, code, "Léa")
    join(sami, live.url, code, "Sami")
    host.wait_for_function(
        "() => document.querySelectorAll('.seat-human').length === 2", timeout=TIMEOUT)
    assert host.locator(".qr-box").is_visible()  # the lobby: code, QR code, controls
    assert host.locator("[data-room-panel]").get_attribute("open") is not None
    host.click('[data-cmd="start"]')
    host.wait_for_function("() => document.body.dataset.status === 'playing'",
                           timeout=TIMEOUT)
    return host, lea, code


@pytest.mark.parametrize("game", GAMES)
def test_the_board_fills_the_projector(game: str, live: Any, contexts: list[Any]) -> None:
    host, _, code = start(live, contexts, game)
    host.wait_for_selector('[data-slot="map"] svg', timeout=TIMEOUT)
    assert not host.locator(".qr-box").is_visible()
    assert host.locator(".room-code").is_visible()
    assert host.inner_text(".room-code").strip() == code
    assert font_px(host, ".room-code") <= 48  # small, in a corner
    assert host.locator("[data-room-panel]").get_attribute("open") is None
    assert not host.locator('[data-cmd="start"]').is_visible()
    scroll = host.evaluate("() => [document.documentElement.scrollHeight, innerHeight,"
                           " document.documentElement.scrollWidth, innerWidth]")
    assert scroll[0] <= scroll[1] and scroll[2] <= scroll[3], scroll  # no scrolling
    board = host.locator('[data-slot="map"] svg').bounding_box()
    assert board is not None
    assert board["width"] >= 0.5 * 1920 or board["height"] >= 0.6 * 1080, board
    assert board["y"] < 200  # at the top, not under the lobby
    assert font_px(host, ".stage .status") >= 28
    for selector in (".stage .board-svg .legend", ".stage [data-slot='board']"):
        assert font_px(host, selector) >= 28, selector


def test_removing_a_pupil_mid_game_asks_first(live: Any, contexts: list[Any]) -> None:
    host, _, code = start(live, contexts, "gnou")
    room = live.hub.rooms[code]
    host.click("[data-room-panel] > summary")
    kick = host.locator('[data-cmd="kick"][data-seat="0"]')
    host.once("dialog", lambda dialog: dialog.dismiss())
    kick.click()
    host.wait_for_timeout(300)
    assert room.seats[0].kind == "human" and room.seats[0].nickname == "Léa"
    host.once("dialog", lambda dialog: dialog.accept())
    kick.click()
    host.wait_for_function(
        "() => document.querySelectorAll('.seat-human').length === 1", timeout=TIMEOUT)
    assert room.seats[0].kind != "human" or room.seats[0].nickname != "Léa"
