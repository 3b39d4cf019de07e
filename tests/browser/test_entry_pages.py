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


def test_the_set_up_form_follows_the_player_count(live: Any, browser: Any) -> None:
    """An option that changes only some player counts (Hacker's viruses per player, H1:
    3 players) and a value only some counts have (Le Voleur's thief in seat 5, V1) come and
    go with the count chosen, on a room's form and a class's: hidden and disabled (not
    sent) for the other counts; a list whose chosen value goes takes its first."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(f"{live.url}/new/hacker")
        viruses = page.locator("#opt_viruses_3p")
        # 4 players proposed first (H1: 4–7 in the text, 3 a variant chosen on purpose)
        assert page.input_value("#players") == "4" and not viruses.is_visible()
        page.select_option("#players", "3")
        assert viruses.is_visible()
        viruses.select_option("3")
        page.select_option("#players", "5")
        assert not viruses.is_visible() and viruses.is_disabled()
        page.select_option("#players", "3")
        assert viruses.is_visible() and viruses.is_enabled()
        page.select_option("#players", "5")
        page.click("button[type=submit]")
        page.wait_for_url(f"{live.url}/host/*")
        code = page.eval_on_selector("body", "b => b.dataset.code")
        assert live.hub.rooms[code].config.options["viruses_3p"] == 4  # not sent: default

        page.goto(f"{live.url}/classe/nouvelle/hacker")
        assert page.input_value("#table_size") == "5" and not viruses.is_visible()
        page.select_option("#table_size", "3")
        assert viruses.is_visible() and viruses.is_enabled()

        page.goto(f"{live.url}/new/voleur")
        seat5 = page.locator('#opt_thief_seat option[value="4"]')
        assert seat5.is_disabled()
        page.select_option("#players", "6")
        assert seat5.is_enabled()
        page.select_option("#opt_thief_seat", "4")
        page.select_option("#players", "3")
        assert seat5.is_disabled() and page.input_value("#opt_thief_seat") == "-1"
    finally:
        context.close()


#: Every number field that says its empty value in words: [its placeholder, the width its
#: words take in the field's font, the room inside the field for them].
PLACEHOLDERS = """() => [...document.querySelectorAll('input[type=number][placeholder]')].map(f => {
  const style = getComputedStyle(f);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = f.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return [f.placeholder, ctx.measureText(f.placeholder).width, room];
})"""


@pytest.mark.parametrize("locale", ["fr-FR", "en-GB"])
@pytest.mark.parametrize("width", [390, 1280])
def test_a_number_left_empty_shows_its_words_whole(live: Any, browser: Any, locale: str,
                                                   width: int) -> None:
    """Le jeu du Gnou's number of turns, empty, says « Selon la difficulté »: the field kept
    the browser's narrow width and showed « Set by t » (« Selon la d »), cut."""
    context = browser.new_context(viewport={"width": width, "height": 900}, locale=locale)
    try:
        page = context.new_page()
        seen = []
        for game in ("gnou", "voleur"):
            page.goto(f"{live.url}/new/{game}")
            seen += page.evaluate(PLACEHOLDERS)
        assert seen  # the turns of Le jeu du Gnou at least
        for words, needed, room in seen:
            assert needed <= room, (words, needed, room)
    finally:
        context.close()
