"""A board drawn while it is not shown (the projector's board in the lobby is hidden,
app.css) could not be measured: its lines kept the width the drawing guessed for them
(``textLength``, draw.js: squeezed), stretched wider than their letters once shown. The
page measures them again when the drawing is shown (app.js: unstretch)."""

from __future__ import annotations

import contextlib
from typing import Any

#: A slot holding one line squeezed by a generous guess into 500 units, though its four
#: letters are about 50 wide: drawn while hidden, as app.js draws a frame's slot.
DRAW_HIDDEN = """() => {
  const slot = document.createElement('div');
  slot.id = 'drawn-hidden';
  slot.style.display = 'none';
  slot.innerHTML = '<svg viewBox="0 0 600 50" width="600" height="50">' +
    '<text x="0" y="30" font-size="20" textLength="500" ' +
    'lengthAdjust="spacingAndGlyphs">Bleu</text></svg>';
  document.body.append(slot);
  Ludinum.unstretch(slot);
  return slot.querySelector('text').getAttribute('textLength');
}"""

WIDTH = "() => document.querySelector('#drawn-hidden text').getBBox().width"


def test_a_line_drawn_while_hidden_is_measured_once_shown(live: Any, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        page.goto(f"{live.url}/")
        assert page.evaluate(DRAW_HIDDEN) == "500"  # nothing measured yet: kept
        page.evaluate("() => { document.querySelector('#drawn-hidden').style.display = 'block'; }")
        with contextlib.suppress(Exception):  # the width below says what went wrong
            page.wait_for_function(
                "() => !document.querySelector('#drawn-hidden text').hasAttribute('textLength')",
                timeout=3000)
        width = page.evaluate(WIDTH)
        assert width < 200, f"« Bleu » drawn {width:.0f} wide: stretched to its guessed room"
    finally:
        page.close()
