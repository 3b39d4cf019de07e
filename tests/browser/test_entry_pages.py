"""The pages a first-time visitor meets before a game, in real Chromium: the set-up form's
boxes and buttons to tick sit beside their words."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.slow

#: For every label holding a check box or a radio button: its words' first line and the box,
#: as [box top, box bottom, words top, words bottom, the words].
BOXES = """() => [...document.querySelectorAll('label')].flatMap(label => {
  const box = label.querySelector(':scope > input[type=checkbox], :scope > input[type=radio]');
  const words = [...label.childNodes].find(n => n.nodeType === 3 && n.textContent.trim());
  if (!box || !words) return [];
  const range = document.createRange();
  range.selectNodeContents(words);
  const line = range.getClientRects()[0], b = box.getBoundingClientRect();
  return [[b.top, b.bottom, line.top, line.bottom, words.textContent.trim()]];
})"""


@pytest.mark.parametrize("path", ["/new/webrunners", "/new/gnou", "/classe/nouvelle/hacker"])
@pytest.mark.parametrize("width", [390, 1280])
def test_each_box_to_tick_is_on_its_label_s_first_line(live: Any, browser: Any, path: str,
                                                       width: int) -> None:
    # The radio buttons « En direct » and « Tour par tour » were drawn above their words,
    # each in a 44 px high box, the words on the line below.
    context = browser.new_context(viewport={"width": width, "height": 900}, locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(f"{live.url}{path}")
        boxes = page.evaluate(BOXES)
        assert len(boxes) >= 2, path  # the two rhythms at least
        for top, bottom, line_top, line_bottom, words in boxes:
            assert top < line_bottom and bottom > line_top, (words, top, bottom, line_top)
            assert bottom - top < 30, words  # a box, not a 44 px field
    finally:
        context.close()
