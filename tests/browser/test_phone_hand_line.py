"""A phone draws its pupil's hand as cards (« Ta main », their faces); the game's text
under the board said it again in a line, « Ta main : Communauté, carte PONT ; Contre-
hacking, riposte ; … » (Web Runners, Le Voleur de Données), on a screen already long. That
line is now for screen readers only while the hand is drawn (the page's ``visually-hidden``:
the game's text stays whole for them), and seen when it is not (the game over)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_layout_fit import paused_table

pytestmark = pytest.mark.slow

#: The game's text lines of the phone: their text, whether they take room on the screen,
#: and whether a screen reader reads them; and whether the hand is drawn as cards.
LINES = """() => ({
  lines: [...document.querySelectorAll('[data-slot="board"] .game-text p')].map((p) => {
    const box = p.getBoundingClientRect();
    const style = getComputedStyle(p);
    return {text: p.textContent, seen: box.width > 1 && box.height > 1,
            read: style.display !== 'none' && style.visibility !== 'hidden'
                  && !p.closest('[aria-hidden="true"], [hidden]')};
  }),
  cards: document.querySelectorAll('[data-slot="actions"] .hand .card-tile').length,
})"""


@pytest.mark.parametrize(("game", "players"), [("webrunners", 2), ("voleur", 3)])
def test_the_hand_is_said_once_on_the_phone(
    game: str, players: int, live: Any, browser: Any, contexts: list[Any]
) -> None:
    _, phone = paused_table(browser, live, contexts, game, players)
    out = phone.evaluate(LINES)
    assert out["cards"] > 0, "the hand drawn as cards"
    hand = [line for line in out["lines"] if line["text"].startswith("Ta main")]
    assert len(hand) == 1, out["lines"]
    assert not hand[0]["seen"], hand
    assert hand[0]["read"], hand
    # the rest of the game's text stays on the screen
    assert all(line["seen"] for line in out["lines"] if line not in hand), out["lines"]
