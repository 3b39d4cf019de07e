"""The projector's board uses the height of its column (issue 21: read from the back of
the room). Hacker's board of 3 players, two owners a row, was 2.4 times wider than high:
it filled the width of its column and ended at 591 px of a 1920×1080 screen, its labels
25 px, the rest of the column empty; Le Voleur de Données' of 3 players ended at 749 px.
The page measures the room its stage leaves the drawing (app.js: fitBoard) and the
drawers lay their board out to fill it (draw.js: fit): the drawing now ends near the
stage's bottom (its legend under it), with 3 players as with 7, nothing past the screen
or under the room panel's button, nothing cut, no box scrolling, the page never
scrolled."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.browser.helpers import TIMEOUT, click_some_action, create_room, join
from tests.browser.test_layout_fit import assert_read_from_afar, hacker_boards, paused_table
from tests.browser.test_phone_screens import PHONE
from tests.browser.test_small_projector import stage_problems

pytestmark = pytest.mark.slow

#: Where the drawing is, where the stage ends, and how wide the drawing and its column are.
DRAWING = """() => {
  const svg = document.querySelector('.stage [data-slot="map"] svg');
  const stage = document.querySelector('.stage').getBoundingClientRect();
  const b = svg.getBoundingClientRect();
  const column = document.querySelector('.stage .board-stack').getBoundingClientRect();
  return {top: b.top, bottom: b.bottom, stage: stage.bottom, width: b.width,
          column: column.width};
}"""


@pytest.mark.parametrize(("game", "players"), [("hacker", 3), ("hacker", 7), ("voleur", 3)])
def test_the_board_fills_the_height_of_the_stage(
    game: str, players: int, live: Any, browser: Any, contexts: list[Any]
) -> None:
    """A 1920×1080 projector and one phone (the other seats bots), a few moves played
    (Le Voleur's cards on its boards), then paused: the drawing's bottom edge within 15 %
    of the stage's height under it of the stage's bottom, or the drawing as wide as its
    column (a board drawn larger, limited by the width: Hacker's 3 players, 35.9 px)."""
    host_context = browser.new_context(viewport={"width": 1920, "height": 1080})
    phone_context = browser.new_context(**PHONE)
    contexts += [host_context, phone_context]
    host, phone = host_context.new_page(), phone_context.new_page()
    join(phone, live.url, create_room(host, live.url, game, players), "Léa")
    host.wait_for_function("() => document.querySelectorAll('.seat-human').length === 1",
                           timeout=TIMEOUT)
    host.click('[data-cmd="start"]')
    host.wait_for_selector('.stage [data-slot="map"] svg', timeout=TIMEOUT)
    rng = random.Random(players)
    for _ in range(6):
        click_some_action(phone, rng)
        host.wait_for_timeout(200)
    host.evaluate("() => document.querySelector('[data-cmd=\"pause\"]').click()")
    host.wait_for_function("() => document.body.dataset.status === 'paused'", timeout=TIMEOUT)
    host.wait_for_timeout(300)  # the last frame drawn before the pause
    at = host.evaluate(DRAWING)
    assert (at["stage"] - at["bottom"] <= 0.15 * (at["stage"] - at["top"])
            or at["width"] >= 0.97 * at["column"]), (game, players, at)
    assert stage_problems(host) == []
    assert host.evaluate("() => document.documentElement.scrollWidth") <= 1920


#: The room the projector's stage leaves its drawing, as the page measured it (app.js:
#: fitBoard): its column's width and ``--board-h``.
BOX = """() => {
  const stage = document.querySelector('.stage');
  return {w: Math.floor(stage.querySelector('.board-stack').getBoundingClientRect().width),
          h: parseFloat(getComputedStyle(stage).getPropertyValue('--board-h'))};
}"""


@pytest.mark.parametrize(("width", "height", "least"), [
    (1920, 1080, {3: 35, 4: 30}), (1280, 720, {3: 23, 4: 19})])
def test_hackers_taller_boards_are_read_from_the_back_of_the_room(
    width: int, height: int, least: dict[int, float], live: Any, browser: Any,
    contexts: list[Any]
) -> None:
    """3 and 4 players' Hacker boards laid out for the projector's room (« side »: their
    columns one under the other left of the accounts), at every phase, in French and
    English, with long nicknames, drawn by the page's code into the paused projector:
    every text larger than on the board two owners a row (25 px at 1920×1080, 16.6 at
    1280×720), inside its card or its column, none over another, the drawing and its
    legend on the screen and clear of the room panel's button. With 3 players the side
    columns were 320 units wide, the board 984: it filled the width of its column only,
    ending at 531 px of a 1280×720 screen, its texts 21.7 px (30.4 at 1920×1080, drawn the
    phone's way); 256 units wide, the board 904, they are 23.6 px (35.9)."""
    host, _ = paused_table(browser, live, contexts, "hacker", 4, (width, height))
    box = host.evaluate(BOX)
    assert box["h"] > 0, box
    for players in (3, 4):
        for html in hacker_boards(players, box=box):
            assert 'viewBox="0 0 1288 ' not in html  # not two owners a row
            assert_read_from_afar(host, html, players, least[players], (width, height))
