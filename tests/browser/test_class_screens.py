"""Class mode's screens measured in a real browser (docs/class.md): the dashboard as the
class reads it on the projector (1920×1080 and 1280×720), and a pupil's nickname form on a
phone (390×844)."""

from __future__ import annotations

import json
import os
import re
import time
import urllib.request
from typing import Any

import pytest

from ludinum.server.class_hub import STUCK_AFTER
from tests.browser.helpers import TIMEOUT, VISIBLE_TEXTS, refused_as_lookalike

pytestmark = pytest.mark.slow

PROJECTOR = {"width": 1920, "height": 1080}
SMALL_PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
ANIMALS = ["Loutre", "Panda", "Castor", "Renard", "Koala", "Lynx", "Zèbre", "Lama", "Furet",
           "Hibou"]
QUALITIES = ["Agile", "Brave", "Calme"]
#: Read from the back of the room (docs/class.md: every text ≥ 28 px).
READABLE = 28


def create_class(page: Any, base: str) -> str:
    """A class of Le jeu du Gnou made from its set-up page (the browser keeps the key)."""
    page.goto(f"{base}/classe/nouvelle/gnou")
    page.check('input[name="mode"][value="turns"]')
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r".*/classe/\w+/tableau$"), timeout=TIMEOUT)
    code: str = page.eval_on_selector("body", "b => b.dataset.code")
    page.wait_for_selector("[data-class-board] .class-count", timeout=TIMEOUT)
    return code


def join(base: str, code: str, nickname: str) -> None:
    """A pupil joins through the JSON API (the phones' own request)."""
    request = urllib.request.Request(
        f"{base}/api/classes/{code}/join", data=json.dumps({"nickname": nickname}).encode(),
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        assert answer.status == 201


def font_px(page: Any, selector: str) -> float:
    size: float = page.eval_on_selector(selector, "e => parseFloat(getComputedStyle(e).fontSize)")
    return size


#: The controls of the teacher's dashboard shown now: text, font size and box (px).
CONTROLS = """() => [...document.querySelectorAll(
    '.class-controls :is(button, input, label), .room-lock button, .remove-all, .pupils .remove')]
  .filter((e) => e.checkVisibility())
  .map((e) => { const b = e.getBoundingClientRect();
                return [e.textContent.trim() || e.name, parseFloat(getComputedStyle(e).fontSize),
                        b.width, b.height, e.tagName]; })"""


def big_enough(page: Any) -> list[str]:
    """The teacher's controls smaller than 20 px text or a 44 px target (used standing, at
    arm's length from the laptop): they were 16.8 px."""
    found = page.evaluate(CONTROLS)
    assert found
    return [f"{text}: {size} px, {w:.0f}×{h:.0f}" for text, size, w, h, tag in found
            if size < 20 or (tag != "LABEL" and h < 44) or (tag == "BUTTON" and w < 44)]


def test_a_look_alike_nickname_gets_its_variant_in_the_class_form(live: Any,
                                                                  browser: Any) -> None:
    teacher = browser.new_context(viewport=PROJECTOR).new_page()
    phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    try:
        code = create_class(teacher, live.url)
        join(live.url, code, "Zoé")
        phone.goto(f"{live.url}/c/{code}")
        phone.fill("#nickname", "ZOE")
        phone.click("button[type=submit]")
        refused_as_lookalike(phone, "ZOE 2")
        phone.click("button[type=submit]")
        phone.wait_for_function(
            "() => (document.querySelector('[data-class-table]').textContent || '')"
            ".startsWith('Tu es à la table')", timeout=TIMEOUT)
        assert phone.inner_text("[data-class-name]") == "ZOE 2"
    finally:
        for page in (teacher, phone):
            page.context.close()


def pupil_name(n: int) -> str:
    return f"{ANIMALS[n % 10]} {QUALITIES[n // 10]}"


def class_of_thirty(page: Any, base: str, pupils: int = 30) -> str:
    """A class created on ``page`` (the teacher's projector), thirty pupils (or
    ``pupils``) joined and listed on it; its code."""
    code = create_class(page, base)
    for n in range(pupils):
        join(base, code, pupil_name(n))
    page.wait_for_function(
        f"() => document.querySelectorAll('[data-pupil]').length === {pupils}",
        timeout=TIMEOUT)
    return code


def test_the_projector_shows_the_class_readably(live: Any, browser: Any) -> None:
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    try:
        # 29 and a bot: a late pupil has a seat to take, so the projector invites.
        code = class_of_thirty(page, live.url, pupils=29)
        # The teacher's tools (« Retirer tous les élèves », ✕) at arm's length.
        assert big_enough(page) == []
        # The page's main action is not smaller than « Fermer la classe » beside it.
        start = font_px(page, '[data-class-cmd="start"]')
        assert start >= READABLE and start >= font_px(page, "[data-class-lock]")
        # On a 1280 px projector the code and the QR code stay on the first screen, in
        # their column beside the six tables.
        page.set_viewport_size(SMALL_PROJECTOR)
        qr = page.locator(".class-head .qr-box").bounding_box()
        big = page.locator(".class-head .room-code").bounding_box()
        seated = page.locator(".class-tables").bounding_box()
        assert qr["y"] + qr["height"] <= SMALL_PROJECTOR["height"]
        assert qr["x"] >= seated["x"] + seated["width"] <= big["x"]
        page.set_viewport_size(PROJECTOR)

        page.click('[data-class-cmd="start"]')
        page.wait_for_function("() => document.querySelectorAll('.table-card').length === 6",
                               timeout=TIMEOUT)
        page.wait_for_selector('[data-class-cmd="end"]', timeout=TIMEOUT)
        assert big_enough(page) == []
        # A late pupil reads the address from the back of the room.
        assert page.is_visible(".class-head .lead")
        assert font_px(page, ".class-head .lead") >= READABLE
        assert font_px(page, ".class-head .room-code") >= READABLE
        # The six tables on one screen: two rows of three, none below the fold.
        cards = [page.locator(".table-card").nth(i).bounding_box() for i in range(6)]
        assert max(c["y"] + c["height"] for c in cards) <= PROJECTOR["height"]
        assert len({round(c["y"]) for c in cards}) == 2

        # Closed, then ended: the projector no longer invites anyone to join.
        page.click('[data-class-lock="true"]')
        page.wait_for_selector(".room-locked", timeout=TIMEOUT)
        assert not page.is_visible(".class-head .lead")
        assert not page.is_visible(".class-head .qr-box")
        page.click('[data-class-lock="false"]')
        page.wait_for_selector('[data-class-lock="true"]', timeout=TIMEOUT)
        assert page.is_visible(".class-head .lead")
        # The thirtieth pupil takes the bot's seat: every table is full, and the projector
        # says so instead of inviting.
        join(live.url, code, pupil_name(29))
        page.wait_for_selector(".room-locked", timeout=TIMEOUT)
        assert "Toutes les tables sont complètes" in page.inner_text(".room-lock")
        assert not page.is_visible(".class-head .lead")
        page.click('[data-class-cmd="end"]')
        page.wait_for_function("() => document.body.dataset.classStatus === 'ended'",
                               timeout=TIMEOUT)
        assert not page.is_visible(".class-head .lead")
    finally:
        context.close()


#: The class commands the dashboard offers now.
COMMANDS = """() => [...document.querySelectorAll('[data-class-cmd]')]
  .filter((e) => !e.hidden).map((e) => e.dataset.classCmd)"""


def test_the_dashboard_offers_only_the_command_that_applies(live: Any, browser: Any
                                                            ) -> None:
    """The dashboard showed « Tout mettre en pause » and « Tout reprendre » together,
    whatever the tables did: now only the command that applies, following a table paused
    from its own host screen."""
    context = browser.new_context(viewport=SMALL_PROJECTOR)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    try:
        code = create_class(page, live.url)
        for name in ANIMALS[:3]:
            join(live.url, code, name)
        page.wait_for_function("() => document.querySelectorAll('[data-pupil]').length === 3",
                               timeout=TIMEOUT)
        page.click('[data-class-cmd="start"]')
        page.wait_for_selector(".table-card", timeout=TIMEOUT)
        page.wait_for_function(f"() => ({COMMANDS})().join() === 'pause,end'", timeout=TIMEOUT)
        page.click('[data-class-cmd="pause"]')
        page.wait_for_function(f"() => ({COMMANDS})().join() === 'resume,end'", timeout=TIMEOUT)
        page.click('[data-class-cmd="resume"]')
        page.wait_for_function(f"() => ({COMMANDS})().join() === 'pause,end'", timeout=TIMEOUT)
        # Paused from the table's own host screen: the dashboard follows at its next poll.
        with context.expect_page() as opened:
            page.click("[data-open-room]")
        host = opened.value
        host.wait_for_function("() => document.body.dataset.status === 'playing'",
                               timeout=TIMEOUT)
        host.evaluate("() => { document.querySelector('[data-room-panel]').open = true; }")
        host.click('[data-cmd="pause"]')
        page.wait_for_function(f"() => ({COMMANDS})().join() === 'resume,end'", timeout=TIMEOUT)
    finally:
        context.close()


def test_a_closed_class_says_so_when_its_join_page_opens(live: Any, browser: Any) -> None:
    """A pupil (re)opening the join page after the teacher closed the class got the
    nickname form, refused only once sent: now the page says the class is closed, with
    « Réessayer », and no form; a pupil who had joined still reaches their waiting page."""
    teacher = browser.new_context(viewport=PROJECTOR).new_page()
    phones = [browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
              for _ in range(3)]
    joined, late, open_before = phones
    closed = "[data-class-closed]"
    try:
        code = create_class(teacher, live.url)
        joined.goto(f"{live.url}/c/{code}")
        joined.fill("#nickname", "Zoé")
        joined.click("button[type=submit]")
        joined.wait_for_selector("[data-class-wait]:not([hidden])", timeout=TIMEOUT)
        open_before.goto(f"{live.url}/c/{code}")  # the form open while the teacher closes
        teacher.click('[data-class-lock="true"]')
        teacher.wait_for_selector(".room-locked", timeout=TIMEOUT)

        late.goto(f"{live.url}/c/{code}")
        said = late.text_content(f"{closed} [data-closed-text]") or ""
        assert said == "La classe est fermée\u00a0: demande à l'enseignant de l'ouvrir."
        assert late.is_visible(closed) and not late.is_visible("#nickname")
        assert late.is_visible("text=Réessayer")
        assert font_px(late, f"{closed} [data-closed-text]") >= 20
        # The pupil who joined before reloads: their table, not the closed notice.
        joined.reload()
        joined.wait_for_selector("[data-class-wait]:not([hidden])", timeout=TIMEOUT)
        assert not joined.is_visible(closed) and not joined.is_visible("#nickname")
        assert joined.inner_text("[data-class-name]") == "Zoé"
        # A form opened before the closing: sent, it gives way to the same notice.
        open_before.fill("#nickname", "Lou")
        open_before.click("button[type=submit]")
        open_before.wait_for_selector(f"{closed}:not([hidden])", timeout=TIMEOUT)
        assert not open_before.is_visible("#nickname")
        # Opened again: « Réessayer » brings the form back.
        teacher.click('[data-class-lock="false"]')
        teacher.wait_for_selector('[data-class-lock="true"]', timeout=TIMEOUT)
        late.click("text=Réessayer")
        late.wait_for_selector("#nickname", state="visible", timeout=TIMEOUT)
        assert not late.is_visible(closed)
    finally:
        for page in (teacher, *phones):
            page.context.close()


#: Lines of text an element takes: its height over its line height.
LINES = """(e) => { const s = getComputedStyle(e);
  const line = parseFloat(s.lineHeight) || 1.2 * parseFloat(s.fontSize);
  return Math.round(e.getBoundingClientRect().height / line); }"""


def test_a_stuck_table_says_so_on_one_line(live: Any, browser: Any) -> None:
    """« Bloquée » on a table's card is read from the back of the room: on six tables at
    1920 px it took three lines (« ⚠ Bloquée : rien de nouveau depuis plus d'une
    minute », and six stuck cards went below the fold); it now reads « ⚠ Bloquée » on the
    table's heading line, at ≥ 28 px, its explanation as a tooltip."""
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    clock = live.app.state.hub.clock
    try:
        class_of_thirty(page, live.url)
        page.click('[data-class-cmd="start"]')
        page.wait_for_function("() => document.querySelectorAll('.table-card').length === 6",
                               timeout=TIMEOUT)
        # A minute on, for this hub only while the test runs: the browser tests share one
        # server, and a clock left ahead put the next tests' timers a minute late.
        live.app.state.hub.clock = lambda: time.time() + STUCK_AFTER + 5
        page.wait_for_function(
            "() => document.querySelectorAll('.table-card.stuck').length === 6",
            timeout=TIMEOUT)
        if os.environ.get("LUDINUM_SHOTS"):
            page.screenshot(path=f"{os.environ['LUDINUM_SHOTS']}/class-stuck-1920.png")
        states = page.locator(".table-card.stuck .table-state")
        for i in range(6):
            label = states.nth(i)
            assert label.inner_text() == "⚠ Bloquée"
            assert label.evaluate(LINES) == 1
            assert label.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= READABLE
            # On the heading's line: « Table 2  ⚠ Bloquée ».
            head = page.locator(".table-card.stuck h2").nth(i).bounding_box()
            box = label.bounding_box()
            assert box["y"] < head["y"] + head["height"] and box["x"] > head["x"] + head["width"]
            assert "plus d'une minute" in (label.get_attribute("title") or "")
        cards = [page.locator(".table-card").nth(i).bounding_box() for i in range(6)]
        assert max(c["y"] + c["height"] for c in cards) <= PROJECTOR["height"]
    finally:
        live.app.state.hub.clock = clock
        context.close()


def test_a_class_of_thirty_at_tables_of_four_fits_the_projector(live: Any, browser: Any
                                                                ) -> None:
    """30 pupils at tables of 4 (a game of 4 at most) make 8 tables: each card said « À
    jouer : » with all four nicknames again (three lines under the names' two) when every
    seat plays at once, and the second row went below a 1920×1080 screen. Now « À jouer :
    tout le monde » on one line, and the eight cards fit."""
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    try:
        # Web Runners: 4 at most, and it begins with a question every seat answers.
        page.goto(f"{live.url}/classe/nouvelle/webrunners")
        page.select_option("#table_size", "4")
        page.click("button[type=submit]")
        page.wait_for_url(re.compile(r".*/classe/\w+/tableau$"), timeout=TIMEOUT)
        code = page.eval_on_selector("body", "b => b.dataset.code")
        for n in range(30):
            join(live.url, code, f"{ANIMALS[n % 10]} {QUALITIES[n // 10]}")
        page.wait_for_function("() => document.querySelectorAll('[data-pupil]').length === 30",
                               timeout=TIMEOUT)
        page.click('[data-class-cmd="start"]')
        page.wait_for_function("() => document.querySelectorAll('.table-card').length === 8",
                               timeout=TIMEOUT)
        page.wait_for_selector(".table-turn", timeout=TIMEOUT)
        turns = page.locator(".table-turn")
        everyone = [i for i in range(turns.count())
                    if turns.nth(i).inner_text() == "▶ À jouer\u00a0: tout le monde"]
        assert everyone
        for i in everyone:
            assert turns.nth(i).evaluate(LINES) == 1
        cards = [page.locator(".table-card").nth(i).bounding_box() for i in range(8)]
        assert max(c["y"] + c["height"] for c in cards) <= PROJECTOR["height"]
    finally:
        context.close()


def open_debrief(page: Any, base: str, pupils: int) -> None:
    """A class of ``pupils`` at tables of 5 (bots in the empty seats), started and ended at
    once, its debrief opened on ``page`` (the teacher's browser)."""
    page.on("dialog", lambda dialog: dialog.accept())
    code = create_class(page, base)
    for name in ANIMALS[:pupils]:
        join(base, code, name)
    page.wait_for_function(
        f"() => document.querySelectorAll('[data-pupil]').length === {pupils}", timeout=TIMEOUT)
    page.click('[data-class-cmd="start"]')
    page.wait_for_selector('[data-class-cmd="end"]', timeout=TIMEOUT)
    page.click('[data-class-cmd="end"]')
    page.wait_for_function("() => document.body.dataset.classStatus === 'ended'",
                           timeout=TIMEOUT)
    page.goto(f"{base}/classe/{code}/bilan")
    page.wait_for_selector("text=Bilan de la classe", timeout=TIMEOUT)


def test_the_class_debrief_counts_pupils_not_bots(live: Any, browser: Any) -> None:
    """The class debrief said « Élèves : 5 » for three pupils at a table filled with two
    bots, and « (0 actions jouées) », « (1 actions jouées) ». Now the pupils alone, and
    « action jouée » below two, as the dashboard's « coup joué »."""
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    try:
        open_debrief(page, live.url, 3)
        text = page.inner_text("body")
        assert "Élèves\u00a0: 3" in text
        assert "actions jouées)" not in text
        assert "(0 action jouée)" in text
    finally:
        context.close()


#: The visible texts of the page smaller than ``min_px``: [text, size].
SMALL_TEXTS = VISIBLE_TEXTS + """
  return (min_px) => visibleTexts(document.body)
    .map(({text, el}) => [text, parseFloat(getComputedStyle(el).fontSize)])
    .filter(([, size]) => size < min_px);
"""


def test_the_class_debrief_reads_from_the_back_of_the_room(live: Any, browser: Any) -> None:
    """The class debrief is for the class's discussion on the projector: its text was 20 px
    (headings 24 px) at 1920×1080. Now every text ≥ 28 px on a projector; a phone keeps
    its smaller size."""
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    try:
        open_debrief(page, live.url, 2)
        small = page.evaluate(f"(() => {{ {SMALL_TEXTS} }})()({READABLE})")
        assert small == []
        page.set_viewport_size(PHONE)
        assert page.evaluate(f"(() => {{ {SMALL_TEXTS} }})()(28)")
    finally:
        context.close()


def test_the_class_debrief_leads_back_to_the_dashboard(live: Any, browser: Any) -> None:
    """The class debrief, projected at the end, had no way back to the class's page. Its
    first keyboard stop is now « Retour au tableau de la classe », as large as the page's
    text (≥ 28 px on a projector) on a target ≥ 44 px high, and Enter opens the dashboard,
    which this browser still commands (the teacher's key)."""
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    try:
        open_debrief(page, live.url, 2)
        code = page.url.split("/classe/")[1].split("/")[0]
        page.keyboard.press("Tab")
        focused = page.evaluate("""() => {
            const a = document.activeElement, box = a.getBoundingClientRect();
            return {text: a.innerText, href: a.getAttribute('href'), height: box.height,
                    size: parseFloat(getComputedStyle(a).fontSize)};
        }""")
        assert focused["text"].strip() == "← Retour au tableau de la classe", focused
        assert focused["href"] == f"/classe/{code}/tableau"
        assert focused["size"] >= READABLE and focused["height"] >= 44, focused
        page.keyboard.press("Enter")
        page.wait_for_url(re.compile(rf".*/classe/{code}/tableau$"), timeout=TIMEOUT)
        page.wait_for_selector("[data-class-board] .class-count", timeout=TIMEOUT)
        assert "Bilan de la classe" in page.inner_text("body")  # the board's own links
    finally:
        context.close()


def test_the_class_debrief_opens_in_the_dashboard_s_tab(live: Any, browser: Any) -> None:
    """« Bilan de la classe (page) » opened the debrief in a new tab, whose « ← Retour au
    tableau de la classe » opened the dashboard in it: two dashboards projected side by
    side, for the teacher to find the right one. The debrief opens in the dashboard's own
    tab, and the link (or the browser's Back) comes back to it: one tab, the dashboard
    polling again with the teacher's key, the tables as they were, and a message half
    typed to the phones still there."""
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    try:
        code = create_class(page, live.url)
        for name in ANIMALS[:2]:
            join(live.url, code, name)
        page.wait_for_function("() => document.querySelectorAll('[data-pupil]').length === 2",
                               timeout=TIMEOUT)
        page.click('[data-class-cmd="start"]')
        page.wait_for_selector("[data-class-message]:not([hidden])", timeout=TIMEOUT)
        page.fill("#class-message", "Plus que cinq minutes")
        tables = page.inner_text("[data-class-board]")
        for way_back in ("link", "back"):
            page.click("[data-debrief-form] button:not([formaction])")
            page.wait_for_url(re.compile(rf".*/classe/{code}/bilan$"), timeout=TIMEOUT)
            page.wait_for_selector("text=← Retour au tableau de la classe", timeout=TIMEOUT)
            assert context.pages == [page]  # no other tab
            if way_back == "link":
                page.click("text=← Retour au tableau de la classe")
            else:
                page.go_back()
            page.wait_for_url(re.compile(rf".*/classe/{code}/tableau$"), timeout=TIMEOUT)
            page.wait_for_selector("[data-class-board] .table-card", timeout=TIMEOUT)
            page.wait_for_function("() => document.body.dataset.classStatus === 'playing'",
                                   timeout=TIMEOUT)
            assert context.pages == [page]
            assert page.is_hidden("[data-teacher-missing]")
            assert page.input_value("#class-message") == "Plus que cinq minutes", way_back
            assert page.inner_text("[data-class-board]").split("\n")[:3] == \
                tables.split("\n")[:3]
        # the draft sent is gone for good: not shown again on the next visit
        page.click("[data-class-message] button[type=submit]")
        page.wait_for_function("() => document.querySelector('#class-message').value === ''",
                               timeout=TIMEOUT)
        page.reload()
        page.wait_for_selector("[data-class-message]:not([hidden])", timeout=TIMEOUT)
        assert page.input_value("#class-message") == ""
    finally:
        context.close()


def test_the_waiting_phone_says_whose_nickname_it_shows(live: Any, browser: Any) -> None:
    """The waiting page showed the pupil's nickname alone, in small type, above « Tu es à
    la table 1. »: now « Ton pseudo : Zébulon », large enough to check at a glance against
    the names on the projector."""
    teacher = browser.new_context(viewport=PROJECTOR).new_page()
    phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    try:
        code = create_class(teacher, live.url)
        phone.goto(f"{live.url}/c/{code}")
        phone.fill("#nickname", "Zébulon")
        phone.click("button[type=submit]")
        phone.wait_for_selector("[data-class-wait]:not([hidden])", timeout=TIMEOUT)
        phone.wait_for_function(
            "() => document.querySelector('[data-class-name]').textContent === 'Zébulon'",
            timeout=TIMEOUT)
        assert phone.inner_text(".waiting-name") == "Ton pseudo\u00a0: Zébulon"
        assert font_px(phone, "[data-class-name]") >= 24
    finally:
        for page in (teacher, phone):
            page.context.close()


#: The nicknames on the dashboard's cards cut over two lines: [table, name].
CUT_NAMES = """() => {
  const cut = [];
  for (const p of document.querySelectorAll('.table-card .table-names')) {
    const node = p.firstChild === null ? null : document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    const texts = [];
    for (let n = node && node.nextNode(); n; n = node.nextNode()) texts.push(n);
    for (const t of texts) {
      let at = 0;
      for (const name of t.textContent.split(' · ')) {
        const start = t.textContent.indexOf(name, at);
        at = start + name.length;
        if (!name.trim()) continue;
        const range = document.createRange();
        range.setStart(t, start); range.setEnd(t, at);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) cut.push([p.closest('.table-card').dataset.table, name]);
      }
    }
  }
  return cut;
}"""


def test_a_nickname_is_never_cut_on_the_dashboard(live: Any, browser: Any) -> None:
    """On a 1280×720 projector a card read « Panda · Renard · Lynx · Bot » then « 4 · Bot
    5 » on the next line: a nickname (or a bot's name) stays on one line, as on every
    other screen."""
    context = browser.new_context(viewport=SMALL_PROJECTOR)
    page = context.new_page()
    try:
        code = create_class(page, live.url)
        for n in range(7):
            join(live.url, code, f"{ANIMALS[n]} {QUALITIES[n % 3]}")
        page.wait_for_function("() => document.querySelectorAll('[data-pupil]').length === 7",
                               timeout=TIMEOUT)
        page.click('[data-class-cmd="start"]')
        page.wait_for_function("() => document.querySelectorAll('.table-card').length === 2",
                               timeout=TIMEOUT)
        for width in (1280, 1100, 1920):
            page.set_viewport_size({"width": width, "height": 720})
            assert page.evaluate(CUT_NAMES) == [], width
    finally:
        context.close()


def test_a_pupil_back_after_the_end_is_not_told_to_wait(live: Any, browser: Any) -> None:
    """A pupil who opened the class's address again after the end read « La classe est
    terminée. » then « Attends que l'enseignant lance les parties : ton téléphone ira tout
    seul à ta table. »: the wait hint is now shown only while the class gathers."""
    teacher = browser.new_context(viewport=PROJECTOR).new_page()
    teacher.on("dialog", lambda dialog: dialog.accept())
    phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    hint = "[data-class-wait] [data-class-hint]"
    try:
        code = create_class(teacher, live.url)
        phone.goto(f"{live.url}/c/{code}")
        phone.fill("#nickname", "Mangue")
        phone.click("button[type=submit]")
        phone.wait_for_selector("[data-class-wait]:not([hidden])", timeout=TIMEOUT)
        phone.wait_for_selector(hint, state="visible", timeout=TIMEOUT)
        assert "Attends" in phone.inner_text(hint)
        teacher.wait_for_function(
            "() => document.querySelectorAll('[data-pupil]').length === 1", timeout=TIMEOUT)
        teacher.click('[data-class-cmd="start"]')
        phone.wait_for_url(re.compile(r".*/play/\w+$"), timeout=TIMEOUT)
        teacher.wait_for_selector('[data-class-cmd="end"]', timeout=TIMEOUT)
        teacher.click('[data-class-cmd="end"]')
        teacher.wait_for_function("() => document.body.dataset.classStatus === 'ended'",
                                  timeout=TIMEOUT)
        phone.goto(f"{live.url}/c/{code}")
        phone.wait_for_function(
            "() => document.querySelector('[data-class-table]').textContent"
            " === 'La classe est terminée.'", timeout=TIMEOUT)
        assert not phone.is_visible(hint)
        assert "Attends" not in phone.inner_text("main")
    finally:
        for page in (teacher, phone):
            page.context.close()


#: The class overview on the screen it is shown on: how far the page scrolls (px, down and
#: across), where each table's card ends and what of its text is cut, and the smallest
#: text of the cards (each table's name, state, players, moves, who plays, outcome).
OVERVIEW = """() => {
  const root = document.documentElement;
  const cards = [...document.querySelectorAll('.table-card')].map((card) => {
    const c = card.getBoundingClientRect();
    const texts = [...card.querySelectorAll('h2, p, .button')].filter((e) => e.checkVisibility());
    const cut = texts.filter((e) => { const b = e.getBoundingClientRect();
      return e.scrollWidth > e.clientWidth + 1 || b.left < c.left - 1 || b.right > c.right + 1
        || b.bottom > c.bottom + 1; }).map((e) => e.textContent.trim());
    return {table: card.dataset.table, bottom: c.bottom, right: c.right, cut,
            least: Math.min(...texts.map((e) => parseFloat(getComputedStyle(e).fontSize))),
            name: parseFloat(getComputedStyle(card.querySelector('h2')).fontSize),
            state: parseFloat(getComputedStyle(card.querySelector('.table-state')).fontSize)};
  });
  return {down: root.scrollHeight - root.clientHeight, across: root.scrollWidth - root.clientWidth,
          height: window.innerHeight, width: window.innerWidth, cards};
}"""


def class_under_way(page: Any, base: str, tables: int) -> None:
    """A class of 2, 6, 8 or 10 tables (tables of 5, 5, 4 and 3) created on ``page`` and started,
    its dashboard showing every table's card and the teacher's commands."""
    class_gathered(page, base, tables)
    page.click('[data-class-cmd="start"]')
    page.wait_for_function(
        f"() => document.querySelectorAll('.table-card').length === {tables}",
        timeout=TIMEOUT)
    page.wait_for_selector('[data-class-cmd="end"]', timeout=TIMEOUT)


def class_gathered(page: Any, base: str, tables: int) -> None:
    """A class of 2, 6, 8 or 10 tables (tables of 5, 5, 4 and 3) created on ``page``, its
    pupils joined and listed at their tables, not started."""
    game, size, pupils = {2: ("gnou", 5, 7), 6: ("gnou", 5, 30), 8: ("webrunners", 4, 30),
                          10: ("gnou", 3, 30)}[tables]
    gathered(page, base, game, size, pupils)


def gathered(page: Any, base: str, game: str, size: int, pupils: int) -> None:
    """A class of ``game`` at tables of ``size`` created on ``page``, ``pupils`` joined
    and listed at their tables, not started."""
    page.goto(f"{base}/classe/nouvelle/{game}")
    if game == "gnou":
        page.check('input[name="mode"][value="turns"]')
    page.select_option("#table_size", str(size))
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r".*/classe/\w+/tableau$"), timeout=TIMEOUT)
    code = page.eval_on_selector("body", "b => b.dataset.code")
    for n in range(pupils):
        join(base, code, pupil_name(n))
    page.wait_for_function(
        f"() => document.querySelectorAll('[data-pupil]').length === {pupils}",
        timeout=TIMEOUT)


def test_a_move_to_a_full_table_leaves_no_pupil_chosen(live: Any, browser: Any) -> None:
    """The teacher touches a pupil, then a full table: the server refuses (« La table 2 est
    complète. ») and the board's HTML comes back unchanged, so the page kept it, and the
    pupil's button still read chosen while the next touch on a table did nothing. Now the
    refusal is said, no pupil reads chosen, and a table touched next sends no move."""
    page = browser.new_context(viewport=PROJECTOR).new_page()
    moves: list[str] = []
    page.on("request", lambda r: moves.append(r.url) if r.url.endswith("/move") else None)
    try:
        gathered(page, live.url, "gnou", 5, 10)  # two tables of five, both full
        pupil = page.locator('[data-table="1"] [data-pupil]').first
        chosen = pupil.get_attribute("data-pupil")
        pupil.click()
        assert pupil.get_attribute("aria-pressed") == "true"
        page.click('[data-move-to="2"]')
        page.wait_for_function(
            "() => (document.getElementById('toast').textContent || '').includes('complète')",
            timeout=TIMEOUT)
        assert "La table 2 est complète" in page.inner_text("#toast")
        assert len(moves) == 1
        page.wait_for_function(
            "() => !document.querySelector('[data-pupil][aria-pressed=\"true\"]')",
            timeout=TIMEOUT)
        page.click('[data-move-to="2"]')
        page.wait_for_timeout(300)
        assert len(moves) == 1  # no pupil chosen: the touch on a table sends nothing
        assert page.locator(f'[data-table="1"] [data-pupil="{chosen}"]').count() == 1
    finally:
        page.context.close()


#: The gathering dashboard as the class reads it: how far it scrolls, where the QR code,
#: the code and the tables are, and the least text size of what the class reads.
GATHERING = """() => {
  const root = document.documentElement;
  const box = (s) => { const b = document.querySelector(s).getBoundingClientRect();
                       return {top: b.top, bottom: b.bottom, left: b.left, right: b.right}; };
  const read = [...document.querySelectorAll(
    '.class-head .lead, .class-head .room-code, .qr-box figcaption, .room-lock, '
    + '.class-count, .hint, .pupil, .table-target')];
  return {down: root.scrollHeight - root.clientHeight, across: root.scrollWidth - root.clientWidth,
          qr: box('.qr-box svg'), code: box('.class-head .room-code'), tables: box('.class-tables'),
          least: Math.min(...read.map((e) => parseFloat(getComputedStyle(e).fontSize)))};
}"""


#: Classes gathering (game, places a table, pupils): two tables, thirty pupils at six tables
#: of five, eight of four, five of six and ten of three, twenty-eight at four of seven.
CLASSES = [("gnou", 5, 7), ("gnou", 5, 30), ("webrunners", 4, 30), ("gnou", 6, 30),
           ("gnou", 3, 30), ("hacker", 7, 28)]


@pytest.mark.parametrize("game,size,pupils", CLASSES)
def test_a_gathering_class_fits_one_projector_screen(game: str, size: int, pupils: int,
                                                     live: Any, browser: Any) -> None:
    """Thirty pupils at six tables of five or eight of four, the teacher arranging them:
    the address, the code and the QR code stacked above the tables took 666 px of a
    1920×1080 projector, and the tables went to 1,378 and 1,522 px, a scroll bar while
    the class is arranged and latecomers still join. Once a table seats three pupils, how
    to join and the class's state stand in a column beside the tables (more than five
    tables only, before: five tables of six went 53 px past 1080p and 148 past 720p,
    four of seven 106 and 195 px), every table on the screen, every text still read from
    the back (28 px), on a 1280×720 projector too (six tables of five went 81 px past it,
    « Lancer toutes les tables » and a hint on two lines above the tables: the button is
    in the column now, the hint one line; ten tables of three 18 px)."""
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    try:
        gathered(page, live.url, game, size, pupils)
        for screen in (PROJECTOR, SMALL_PROJECTOR):
            page.set_viewport_size(screen)
            at = page.evaluate(GATHERING)
            assert (at["down"], at["across"]) == (0, 0), (screen, at)
            assert at["least"] >= READABLE * screen["height"] / 1080 - 0.1, at
            qr, code, seated = at["qr"], at["code"], at["tables"]
            # Beside the tables, on their right, with the start button.
            assert qr["left"] >= seated["right"] and code["left"] >= seated["right"], at
            start = page.locator('[data-class-cmd="start"]').bounding_box()
            assert start is not None and start["x"] >= seated["right"], (start, at)
            assert start["y"] + start["height"] <= screen["height"], start
            # Each pupil's ✕ inside its table's card (five cards a row at 720p: 160 px).
            outside = page.evaluate("""() => [...document.querySelectorAll('.class-table')]
              .flatMap((t) => { const r = t.getBoundingClientRect();
                return [...t.querySelectorAll('.remove')].filter((x) =>
                  x.getBoundingClientRect().right > r.right + 0.5); }).length""")
            assert outside == 0, (screen, outside)
    finally:
        context.close()


def test_the_first_pupils_see_the_header_above_their_tables(live: Any, browser: Any) -> None:
    """While no table seats more than two pupils (the class coming in), the header stays
    above the tables, the code and the QR code at full size; on a 1280 px projector the QR
    code beside the code, not under it."""
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    try:
        gathered(page, live.url, "gnou", 2, 4)
        at = page.evaluate(GATHERING)
        qr, code, seated = at["qr"], at["code"], at["tables"]
        assert qr["bottom"] <= seated["top"] and code["bottom"] <= seated["top"], at
        page.set_viewport_size(SMALL_PROJECTOR)
        at = page.evaluate(GATHERING)
        assert at["qr"]["top"] < at["code"]["bottom"], at
        assert at["qr"]["left"] >= at["code"]["right"], at
    finally:
        context.close()


@pytest.mark.parametrize("tables", [2, 6, 8, 10])
def test_the_class_overview_fits_a_small_projector(tables: int, live: Any,
                                                   browser: Any) -> None:
    """Many classroom projectors are 1280×720. There the dashboard of a class under way
    kept its 1920×1080 sizes: two tables' cards already ran below the screen (the address,
    the teacher's controls and « Classe ouverte » took 370 px), six or eight tables took
    two screens and more. Its sizes are now the projector's (two thirds at 1280×720, as the
    host page's): at 1280×720 and 1920×1080, with 2, 6, 8 and 10 tables (tables of 5, 5, 4
    and 3; ten cards went 164 px past 1080p and 145 px past 720p before their lines drew
    closer), every table's card on the screen, nothing cut, no scroll bar, each table's name and
    state, its players and who plays read at 28 px at 1080p, 18.7 px at 1280×720 (the
    house's least projector text, 16 px there, with room to spare)."""
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    try:
        class_under_way(page, live.url, tables)
        for screen in (SMALL_PROJECTOR, PROJECTOR):
            page.set_viewport_size(screen)
            at = page.evaluate(OVERVIEW)
            scale = min(1, screen["width"] / 1920, screen["height"] / 1080)
            assert (at["down"], at["across"]) == (0, 0), (screen, at)
            assert len(at["cards"]) == tables
            for card in at["cards"]:
                assert card["bottom"] <= at["height"] and card["right"] <= at["width"], (
                    screen, card)
                assert card["cut"] == [], (screen, card)
                assert card["least"] >= READABLE * scale - 0.1, (screen, card)
                assert card["name"] > card["state"] >= READABLE * scale - 0.1, (screen, card)
    finally:
        context.close()


#: Every control of the page the teacher may touch or click, shown now: its words, its box
#: (px) and where it is.
TARGETS = """() => [...document.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]')]
  .filter((e) => e.checkVisibility() && e.tabIndex >= 0)
  .map((e) => { const b = e.getBoundingClientRect();
                return {text: (e.textContent.trim() || e.name || e.tagName).slice(0, 40),
                        width: b.width, height: b.height, bottom: b.bottom}; })"""


def test_every_control_of_the_dashboard_is_a_44_px_target(live: Any, browser: Any) -> None:
    """The dashboard's sizes are the projector's, two thirds at 1280×720 (above): its
    controls shrank with it, « Tout mettre en pause », « Voir la table en grand » and
    the others 29 px high there, too small to hit reliably with a finger or a hurried
    mouse. Now every one, the page's header links too, is at least 44×44 CSS px at
    1280×720 and 1920×1080, with eight tables under way, all of them on the screen."""
    context = browser.new_context(viewport=SMALL_PROJECTOR)
    page = context.new_page()
    try:
        class_under_way(page, live.url, 8)
        for screen in (SMALL_PROJECTOR, PROJECTOR):
            page.set_viewport_size(screen)
            found = page.evaluate(TARGETS)
            texts = [target["text"] for target in found]
            assert texts.count("Voir la table en grand") == 8, (screen, texts)
            assert {"Tout mettre en pause", "Tout terminer", "Envoyer",
                    "Fermer la classe"} <= set(texts), (screen, texts)
            small = [target for target in found
                     if target["width"] < 44 or target["height"] < 44]
            assert small == [], (screen, small)
            assert all(target["bottom"] <= screen["height"] for target in found), (
                screen, [t for t in found if t["bottom"] > screen["height"]])
            # « Message à tous les téléphones » on the line of its field and its button (it
            # sat at their bottom edge, below them), centred with them.
            middles = page.evaluate("""() => [...document.querySelectorAll(
                '[data-class-message] :is(label, input, button)')].map((el) => {
                  const r = el.getBoundingClientRect(); return r.top + r.height / 2; })""")
            assert len(middles) == 3 and max(middles) - min(middles) <= 2, (screen, middles)
    finally:
        context.close()
