"""The page puts the focus on the first control of a new decision (for the keyboard, issue
21). Chromium drew its focus ring there on a phone that had not used a keyboard: the first
answer of a quiz (« A. … »), Web Runners' « Aucun », looked chosen or suggested. The ring
now shows once a key is pressed, and only then."""

from __future__ import annotations

from typing import Any

from tests.browser.helpers import TIMEOUT, open_table
from tests.browser.test_phone_screens import PHONE

#: The focused control of the decision and the outline drawn around it.
RING = """() => {
  const e = document.activeElement;
  const s = getComputedStyle(e);
  return {inDecision: !!e.closest('[data-slot="actions"]'), text: e.textContent.trim(),
          ring: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0};
}"""


def test_a_decisions_first_control_has_no_ring_until_a_key_is_pressed(
        live: Any, browser: Any, contexts: list[Any]) -> None:
    _, _, phones = open_table(browser, live.url, "webrunners", ["Jean-Léo", "Inès"], contexts,
                              PHONE, viewport=(1280, 720))
    phone = phones[0]
    phone.wait_for_function(
        "() => document.activeElement.closest('[data-slot=\"actions\"]') !== null",
        timeout=TIMEOUT)
    seen = phone.evaluate(RING)
    assert seen["inDecision"] and seen["text"] == "Aucun", seen
    assert not seen["ring"], seen  # nothing looks chosen on a phone touched, never typed on
    phone.keyboard.press("Tab")
    phone.keyboard.press("Shift+Tab")
    seen = phone.evaluate(RING)
    assert seen["inDecision"] and seen["ring"], seen  # a keyboard user sees where they are
