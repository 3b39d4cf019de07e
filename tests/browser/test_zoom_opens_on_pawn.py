"""« Agrandir le plateau » on a phone shows the board 1,000 px wide, moved with the finger:
it opened on the board's top-left corner, where a Web Runners pupil saw cells and no pawn
(the pawns start at the top of the rings, in the middle). It now opens on the pawn the
drawing marks (``.zoom-to``: the phone's own pawn; Le jeu du Gnou's team pawn)."""

from __future__ import annotations

from typing import Any

from tests.browser.helpers import TIMEOUT, open_table
from tests.browser.test_phone_screens import PHONE

#: Whether the marked pawn's middle is on the phone's screen, not hidden by the « Fermer »
#: bar at the top.
IN_VIEW = """() => {
  const r = document.querySelector('.board.zoomed .zoom-to').getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  return {x, y, shown: x > 0 && x < innerWidth && y > 56 && y < innerHeight};
}"""


def test_the_enlarged_board_opens_on_the_pupils_pawn(live: Any, browser: Any,
                                                     contexts: list[Any]) -> None:
    for game in ("webrunners", "gnou"):
        _, _, phones = open_table(browser, live.url, game, ["Jean-Léo", "Inès"], contexts,
                                  PHONE, viewport=(1280, 720))
        phone = phones[0]
        phone.wait_for_selector('[data-slot="map"] .zoom-to', state="attached",
                                timeout=TIMEOUT)
        phone.click("[data-board-zoom]")
        phone.wait_for_selector(".board.zoomed", timeout=TIMEOUT)
        seen = phone.evaluate(IN_VIEW)
        assert seen["shown"], (game, seen)
