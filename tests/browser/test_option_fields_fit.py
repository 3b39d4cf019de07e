"""Every rule option's values read whole on a set-up page, on a 390 px phone and at
1280×720 (a room's and a class's): a list box showed « Information, technique et esprit
crit… » on a phone, the content's own theme name (W16) cut; a value too long for a list
box is now a button to tick with its words whole on their lines (server/forms.py)."""

from __future__ import annotations

from typing import Any

import pytest

from ludinum.games import registry

pytestmark = pytest.mark.slow

GAMES = [g.name for g in registry()]

#: For each rule option's field on the page: every value's words that do not show whole,
#: as [field, words, width they need, width shown], and the buttons to tick smaller than a
#: 44 px target or beyond the screen. A list box shows its chosen value in its box less
#: its paddings and its arrow (Chromium draws it in about 20 px): each of its values may be
#: chosen, each is measured in the box's font. A button's words wrap within its label: a
#: label wider than its box, or beyond the screen, is cut.
CUT = """() => {
  const cut = [];
  const canvas = document.createElement('canvas').getContext('2d');
  const arrow = 20;
  document.querySelectorAll('fieldset .field select').forEach((list) => {
    if (!list.checkVisibility()) return;
    const style = getComputedStyle(list);
    canvas.font = style.font;
    const room = list.clientWidth - parseFloat(style.paddingLeft)
      - parseFloat(style.paddingRight) - arrow;
    [...list.options].forEach((o) => {
      const need = canvas.measureText(o.text).width;
      if (need > room) cut.push([list.id, o.text, Math.round(need), Math.round(room)]);
    });
  });
  document.querySelectorAll('fieldset .field .choice-list label').forEach((label) => {
    if (!label.checkVisibility()) return;
    const box = label.getBoundingClientRect();
    if (label.scrollWidth > label.clientWidth || box.right > innerWidth || box.left < 0)
      cut.push([label.textContent.trim(), 'cut', label.scrollWidth, label.clientWidth]);
    if (box.height < 44) cut.push([label.textContent.trim(), 'target', box.height, 44]);
    const input = label.querySelector('input');
    if (!input.labels.length) cut.push([label.textContent.trim(), 'no label', 0, 0]);
  });
  return cut;
}"""


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 720)])
@pytest.mark.parametrize("where", ["/new/{game}", "/classe/nouvelle/{game}"])
def test_no_option_value_is_cut(live: Any, browser: Any, game: str, width: int, height: int,
                                where: str) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.goto(live.url + where.format(game=game))
        assert page.locator("fieldset .field").count() > 0
        assert page.evaluate(CUT) == []
    finally:
        context.close()


def test_a_long_value_is_chosen_as_a_button_to_tick(live: Any, browser: Any) -> None:
    """The theme (W16) is one named button per theme, the chosen one ticked, named by the
    option's help: a screen reader says the group's name and each theme."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(f"{live.url}/new/webrunners")
        group = page.get_by_role("radiogroup", name="Thème de la partie")
        themes = group.get_by_role("radio")
        assert themes.count() == 4
        whole = group.get_by_role("radio", name="Information, technique et esprit critique")
        assert whole.is_checked()
        page.get_by_text("Éducation et culture").click()
        assert group.get_by_role("radio", name="Éducation et culture").is_checked()
        assert not whole.is_checked()
    finally:
        context.close()
