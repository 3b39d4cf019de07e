"""Le jeu du Gnou on a 1280×720 projector (many classroom projectors are no larger): the
projector's sizes are those of 1920×1080 scaled to the screen (app.css, ``--px``), so the
team quiz shows its question and every answer above the room panel's button, and the
board's cell numbers stay readable; at 1920×1080 nothing changes (test_layout_fit)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.helpers import open_table
from tests.browser.test_layout_fit import BOX, on_screen
from tests.browser.test_phone_screens import PHONE, play_until

pytestmark = pytest.mark.slow

#: The drawn size (px) of a cell's number on the board: 12 SVG units times the scale.
CELL_NUMBER = """() => {
  const svg = document.querySelector('.stage [data-slot="map"] svg.gnou-board');
  return 12 * svg.getScreenCTM().a;
}"""


def test_the_gnou_quiz_fits_a_1280_by_720_projector(
    live: Any, browser: Any, contexts: list[Any]
) -> None:
    """Six players (the most: eight lines of protections under the board) and a quiz: every
    protection line shows whole (the last one was 5 px short: the drawing gave up the
    lines' height scaled with the screen, the top bar's and margins' too, which are not)."""
    six = ("Léa", "Sami", "Tom", "Inès", "Noé", "Jade")
    host, _, phones = open_table(browser, live.url, "gnou", six, contexts, PHONE, (1280, 720))
    play_until(phones, lambda _: host.locator(".stage .quiz-choices li").count() > 0, 150)
    host.wait_for_timeout(300)  # the narration of the move settles beside the quiz
    assert host.evaluate("() => document.documentElement.scrollHeight") <= 720
    quiz = host.evaluate(BOX, ".stage .quiz")
    button = host.evaluate(BOX, ".room-panel > summary")
    assert quiz is not None and button is not None
    assert on_screen(quiz, 1280, 720), quiz
    # Every answer is read on the screen, none under the room panel's button.
    assert quiz["bottom"] <= button["top"], (quiz, button)
    # Scaled, not shrunk past reading: 2/3 of the 1080p sizes (quiz 28, 36, 30 px).
    for selector, size in ((".stage .quiz-title", 28), (".stage .quiz-question", 36),
                           (".stage .quiz-choices", 30)):
        box = host.evaluate(BOX, selector)
        assert box is not None and box["font"] >= size * 720 / 1080 - 0.1, (selector, box)
    # The board keeps its cells' numbers readable (22 px at 1080p; 8 px before).
    assert host.evaluate(CELL_NUMBER) >= 14
    protections = host.evaluate(BOX, '.stage [data-slot="board"]')
    assert protections is not None and on_screen(protections, 1280, 720), protections
    assert protections["scroll"] <= 1, protections
    for name in six:
        assert name in host.inner_text('.stage [data-slot="board"]')


def test_a_long_narration_shrinks_to_the_small_projectors_type(
    live: Any, browser: Any, contexts: list[Any]
) -> None:
    """On 1280×720 the narration's lead line steps down to the stage's type (28 px at
    1080p, two thirds here) like it does at 1080p: it stopped at a fixed 28 px, above what
    it starts at here, so a long one beside a quiz kept its full size in a sliver of box."""
    from tests.browser.test_projector import LONG_LEAD
    from tests.browser.test_whole_games import CUT_TEXT

    host, _, phones = open_table(browser, live.url, "gnou", ("Léa", "Sami"), contexts, PHONE,
                                 (1280, 720))
    play_until(phones, lambda _: host.locator(".stage .quiz-choices li").count() > 0, 150)
    before = host.evaluate(BOX, ".narration-lead")
    host.evaluate("""(lead) => {
      const box = document.querySelector('[data-narration]');
      box.innerHTML = '<p class="narration-lead"></p><p class="narration-more"></p>';
      box.querySelector('.narration-lead').textContent = lead + ' ' + lead;
      box.querySelector('.narration-more').textContent = 'Sami lance 5 + 4 · ' + lead;
      box.hidden = false;
      window.dispatchEvent(new Event('resize'));
    }""", LONG_LEAD)
    lead = host.evaluate(BOX, ".narration-lead")
    assert lead is not None
    stage = 28 * 720 / 1080
    # Too long to fit even so: it went down to the stage's type (it stayed at its 21 px),
    # no further.
    assert abs(lead["font"] - stage) < 0.1, (before, lead)
    assert host.evaluate(CUT_TEXT, False) == []


def test_a_quiz_filling_the_column_leaves_no_sliver_of_narration(
    live: Any, browser: Any, contexts: list[Any]
) -> None:
    """At 1366×768 a long quiz filled the right column: the narration, left no room, still
    showed a 15 px sliver of its first line under the room panel's button. With not one line
    of room it now gives way (the quiz says whose question it is; the log keeps the move),
    and so it does with room for only a part of its lead sentence (it showed its first line
    above a scroll bar)."""
    from tests.browser.test_small_projector import stage_problems

    host, _, phones = open_table(browser, live.url, "gnou", ("Léa", "Sami"), contexts, PHONE,
                                 (1366, 768))
    play_until(phones, lambda _: host.locator(".stage .quiz-choices li").count() > 0, 150)
    host.wait_for_timeout(300)
    assert host.evaluate("() => !document.querySelector('[data-narration]').hidden")
    assert stage_problems(host) == []
    # A question as long as fills the column down to 6 px above the button.
    host.evaluate("""() => {
      const quiz = document.querySelector('.stage .quiz');
      const button = document.querySelector('.room-panel > summary').getBoundingClientRect();
      quiz.style.minHeight = (button.top - 6 - quiz.getBoundingClientRect().top) + 'px';
      window.dispatchEvent(new Event('resize'));
    }""")
    assert stage_problems(host) == []
    assert not host.is_visible("[data-narration]")
    # The quiz gone (answered), the narration has its room again.
    host.evaluate("""() => {
      document.querySelector('.stage .quiz').style.display = 'none';
      window.dispatchEvent(new Event('resize'));
    }""")
    assert host.is_visible("[data-narration]")
    assert stage_problems(host) == []
