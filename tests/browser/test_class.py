"""Class mode in a real browser (issue 22 §1, docs/class.md): 30 phones and a dashboard.

The teacher creates a class of Le jeu du Gnou on the default SQLite server; 30 phone contexts
(390×844) join the one class code from one address (loopback, with the app's own join
limits), are seated over 6 tables of 5, moved by the teacher (tap, then drag-and-drop),
sent to their seats at the start with no extra tap, get the teacher's message as a banner,
and play every table to the end by tapping their phones; the dashboard is checked to show
each table's state while it plays, then the class debrief is downloaded as a page and a PDF.

Why this game and these options: Le jeu du Gnou is cooperative (every seat plays in turn,
there is nothing to win against a neighbour) and a turn is a roll and at most one quiz
question, so with a turn limit of 5 (G2: one turn per pupil of a table of 5) each table ends
after 6 to 12 taps and still meets quiz questions, which the debrief counts; turn-based
pace (no timer) so that the game moves only when a phone taps.
"""

from __future__ import annotations

import io
import math
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest

from ludinum.weblib.ratelimit import RateLimit
from tests.browser.conftest import LiveServer
from tests.browser.helpers import TIMEOUT

pytestmark = pytest.mark.slow

PUPILS = 30
TABLE = 5
PHONE = {"width": 390, "height": 844}
ANIMALS = ["Loutre", "Panda", "Castor", "Renard", "Koala", "Lynx", "Zèbre", "Lama", "Furet",
           "Hibou"]
QUALITIES = ["Agile", "Brave", "Calme"]


def nickname(n: int) -> str:
    return f"{ANIMALS[n % 10]} {QUALITIES[n // 10]}"


def create_class(page: Any, base: str) -> str:
    page.goto(f"{base}/classe/nouvelle")
    page.click('a[href="/classe/nouvelle/gnou"]')
    page.select_option("#table_size", str(TABLE))
    page.check('input[name="mode"][value="turns"]')
    page.fill("#opt_turn_limit", "5")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r".*/classe/\w+/tableau$"), timeout=TIMEOUT)
    code: str = page.eval_on_selector("body", "b => b.dataset.code")
    page.wait_for_selector('[data-class-board] .class-count', timeout=TIMEOUT)
    return code


def join(page: Any, base: str, code: str, name: str) -> None:
    page.goto(f"{base}/c/{code}")
    page.fill("#nickname", name)
    page.click("button[type=submit]")
    page.wait_for_function(
        "() => (document.querySelector('[data-class-table]').textContent || '')"
        ".startsWith('Tu es à la table')", timeout=TIMEOUT)


def table_shown(page: Any) -> int:
    text: str = page.inner_text("[data-class-table]")
    return int(text.rsplit(" ", 1)[1].rstrip("."))


def wait_table(page: Any, table: int) -> None:
    page.wait_for_function(
        f"() => document.querySelector('[data-class-table]').textContent"
        f".includes('table {table}.')", timeout=TIMEOUT)


def board_tables(dashboard: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = dashboard.eval_on_selector_all(
        "[data-class-board] .table-card",
        "els => els.map(e => ({room: e.dataset.room, status: e.dataset.status,"
        " text: e.innerText, size: parseFloat(getComputedStyle(e).fontSize)}))")
    return found


def tap_some_action(page: Any, rng: random.Random) -> bool:
    buttons = page.query_selector_all('[data-slot="actions"] button.act')
    if not buttons:
        return False
    seq = page.eval_on_selector("body", "b => b.dataset.seq")
    try:
        buttons[rng.randrange(len(buttons))].click(timeout=2000)
    except Exception:
        return False  # the fragment was swapped under the tap: look again
    try:
        page.wait_for_function(f"() => document.body.dataset.seq !== '{seq}'", timeout=3000)
    except Exception:
        return True
    return True


def test_thirty_phones_six_tables_one_dashboard(browser: Any, tmp_path: Path) -> None:
    from pypdf import PdfReader

    rng = random.Random(22)
    # The default SQLite server with the app's own join limits (one address for 30 phones).
    with LiveServer(f"sqlite:///{tmp_path / 'ludinum.sqlite3'}",
                    rate_limit=RateLimit()) as live:
        base = live.url
        teacher_ctx = browser.new_context(viewport={"width": 1920, "height": 1080},
                                          accept_downloads=True)
        contexts = [browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
                    for _ in range(PUPILS)]
        try:
            dashboard = teacher_ctx.new_page()
            code = create_class(dashboard, base)
            session = live.app.state.classes.get(code)
            phones = [c.new_page() for c in contexts]

            # -- the first 7 pupils: two tables; the teacher moves one by tapping ------
            for n in range(7):
                join(phones[n], base, code, nickname(n))
            dashboard.wait_for_function(
                "() => document.querySelectorAll('[data-class-board] [data-pupil]').length"
                " === 7", timeout=TIMEOUT)
            first = table_shown(phones[0])
            other = 2 if first == 1 else 1
            dashboard.click('[data-pupil="0"]')
            assert dashboard.get_attribute('[data-pupil="0"]', "aria-pressed") == "true"
            dashboard.click(f'[data-move-to="{other}"]')
            wait_table(phones[0], other)  # the pupil's page follows within a poll
            assert session.pupils[0].pinned == other - 1
            # ... and drags another one (HTML drag-and-drop) to the table with room left.
            dashboard.wait_for_selector(f'[data-table="{first}"] [data-pupil="1"],'
                                        f'[data-table="{other}"] [data-pupil="1"]')
            here = 1 if dashboard.query_selector('[data-table="1"] [data-pupil="1"]') else 2
            dashboard.locator(f'[data-table="{3 - here}"]').scroll_into_view_if_needed()
            dashboard.drag_and_drop('[data-pupil="1"]', f'[data-table="{3 - here}"]')
            wait_table(phones[1], 3 - here)
            assert session.pupils[1].pinned == 2 - here

            # -- the other 23 pupils, one after the other, from the same address -------
            for n in range(7, PUPILS):
                join(phones[n], base, code, nickname(n))
            dashboard.wait_for_function(
                "() => document.querySelectorAll('[data-class-board] .class-table').length"
                " === 6", timeout=TIMEOUT)
            # Each waiting page polls every 2 s: wait for each to show the server's seating
            # (joins re-deal the tables until the class starts), then count.
            for t, members in enumerate(session.tables(), start=1):
                for n in members:
                    wait_table(phones[n], t)
            shown = [table_shown(p) for p in phones]
            assert sorted(shown.count(t) for t in range(1, 7)) == [TABLE] * 6

            # The address and the QR code's caption are read from the back while pupils join.
            for selector in (".class-head .lead", ".class-head .qr-box figcaption"):
                size = dashboard.eval_on_selector(
                    selector, "e => parseFloat(getComputedStyle(e).fontSize)")
                assert size >= 28, (selector, size)

            # -- start: every phone goes to its seat, no extra tap ----------------------
            dashboard.click('[data-class-cmd="start"]')
            deadline = time.monotonic() + 60
            while not all("/play/" in p.url for p in phones):
                assert time.monotonic() < deadline, "phones not sent to their tables"
                phones[0].wait_for_timeout(200)
            for page in phones:
                page.wait_for_selector('[data-slot="status"] .status', timeout=TIMEOUT)
            rooms = list(session.rooms)
            assert len(rooms) == 6
            for n, page in enumerate(phones):  # each phone sits at its own table's room
                assert page.url.endswith("/play/" + rooms[shown[n] - 1])
            dashboard.wait_for_selector("[data-class-board] .table-card", timeout=TIMEOUT)

            # -- the teacher's message reaches every phone as a banner ------------------
            dashboard.fill("#class-message", "Pensez à lire la question en entier !")
            dashboard.click("[data-class-message] button[type=submit]")
            for page in phones:
                page.wait_for_selector("[data-notice]:not([hidden])", timeout=TIMEOUT)
                assert "lire la question" in page.inner_text("[data-notice]")

            # -- one table full screen: its host screen answers to the teacher's key ----
            full = teacher_ctx.new_page()
            full.goto(f"{base}/host/{rooms[0]}")
            full.wait_for_selector('body[data-status="playing"]', timeout=TIMEOUT)
            assert full.is_hidden("[data-host-missing]")
            full.close()

            # -- play every table to the end by tapping the phones ---------------------
            seen_playing: set[str] = set()
            measured: set[str] = set()
            questions: set[str] = set()
            taps = 0
            end = time.monotonic() + 300
            while True:
                tables = board_tables(dashboard)
                for t in tables:
                    # A card being swapped by the dashboard's redraw has no computed size
                    # (NaN): it is measured again on the next round.
                    if math.isfinite(t["size"]):
                        assert t["size"] >= 28  # readable on a projector
                        measured.add(t["room"])
                    if t["status"] == "playing" and ("À jouer" in t["text"]):
                        seen_playing.add(t["room"])
                if len(tables) == 6 and all(t["status"] == "finished" for t in tables):
                    break
                assert time.monotonic() < end, f"tables not over ({taps} taps): {tables}"
                for page in phones:
                    question = page.query_selector(".quiz-question")
                    if question is not None:
                        questions.add(" ".join(question.inner_text().split()))
                    if tap_some_action(page, rng):
                        taps += 1
                dashboard.wait_for_timeout(100)
            assert seen_playing == set(rooms), "the dashboard showed every table playing"
            assert measured == set(rooms), "every table's card was measured"
            for room in rooms:
                assert live.hub.rooms[room].status == "finished"
            dashboard.wait_for_function(
                "() => document.querySelectorAll('.table-card .table-outcome').length === 6",
                timeout=TIMEOUT)
            assert questions, "quiz questions were met"

            # -- the class debrief: page and PDF ---------------------------------------
            dashboard.wait_for_selector("[data-debrief-form]:not([hidden])", timeout=TIMEOUT)
            with dashboard.expect_download() as pdf_download:
                dashboard.click("[data-debrief-form] button[formaction]")
            data = Path(pdf_download.value.path()).read_bytes()
            assert data.startswith(b"%PDF")
            text = " ".join(" ".join(p.extract_text().split())
                            for p in PdfReader(io.BytesIO(data)).pages)
            assert all(f"Table {n}" in text for n in range(1, 7)), text[:500]
            assert any(q[:40] in text for q in questions), (sorted(questions)[:3], text[:800])
            # the page opens in the dashboard's tab (its link comes back to it)
            dashboard.click("[data-debrief-form] button:not([formaction])")
            dashboard.wait_for_url(re.compile(r".*/classe/\w+/bilan$"), timeout=TIMEOUT)
            debrief = dashboard
            debrief.wait_for_load_state()
            flat = " ".join(debrief.inner_text("body").split())
            assert all(f"Table {n}" in flat for n in range(1, 7)), flat[:500]
            assert any(q[:40] in flat for q in questions)
            # Its own styles apply (the server's policy allows that block by its hash).
            assert "DejaVu Sans" in debrief.evaluate(
                "getComputedStyle(document.body).fontFamily")
            print(f"class of {PUPILS}: {taps} taps over 6 tables")
        finally:
            teacher_ctx.close()
            for c in contexts:
                c.close()


def test_class_pages_have_no_serious_violation(live: Any, browser: Any, axe_path: Path
                                               ) -> None:
    from tests.browser.test_accessibility import audit

    teacher_ctx = browser.new_context(bypass_csp=True, viewport={"width": 1920, "height": 1080})
    phone_ctx = [browser.new_context(bypass_csp=True, viewport=PHONE) for _ in range(3)]
    try:
        dashboard = teacher_ctx.new_page()
        problems: dict[str, list[str]] = {}
        dashboard.goto(f"{live.url}/classe/nouvelle")
        problems["games"] = audit(dashboard, axe_path)
        dashboard.goto(f"{live.url}/classe/nouvelle/gnou")
        problems["set-up"] = audit(dashboard, axe_path)
        code = create_class(dashboard, live.url)
        phones = [c.new_page() for c in phone_ctx[:2]]
        phones[0].goto(f"{live.url}/c/{code}")
        problems["join"] = audit(phones[0], axe_path)
        for n, page in enumerate(phones):
            join(page, live.url, code, nickname(n))
        problems["waiting"] = audit(phones[0], axe_path)
        dashboard.wait_for_selector('[data-pupil="1"]', timeout=TIMEOUT)
        problems["gathering"] = audit(dashboard, axe_path)
        dashboard.click('[data-class-cmd="start"]')
        dashboard.wait_for_selector(".table-card", timeout=TIMEOUT)
        problems["dashboard"] = audit(dashboard, axe_path)
        dashboard.click('[data-class-lock="true"]')
        dashboard.wait_for_selector(".room-locked", timeout=TIMEOUT)
        closed = phone_ctx[2].new_page()  # a pupil who never joined
        closed.goto(f"{live.url}/c/{code}")
        closed.wait_for_selector("[data-class-closed]", timeout=TIMEOUT)
        problems["join, closed"] = audit(closed, axe_path)
        bad = {k: v for k, v in problems.items() if v}
        assert not bad, bad
    finally:
        teacher_ctx.close()
        for c in phone_ctx:
            c.close()


def test_the_teacher_removes_a_pupil_and_closes_the_class(live: Any, browser: Any) -> None:
    """The ✕ beside a name removes the pupil (asked first) and their phone says so; « Fermer
    la classe » hides the QR code and refuses the next pupil with the reason."""
    teacher_ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    phone_ctx = [browser.new_context(viewport=PHONE) for _ in range(2)]
    try:
        dashboard = teacher_ctx.new_page()
        code = create_class(dashboard, live.url)
        phones = [c.new_page() for c in phone_ctx]
        join(phones[0], live.url, code, nickname(0))
        dashboard.wait_for_selector('[data-remove="0"]', timeout=TIMEOUT)
        dashboard.once("dialog", lambda dialog: dialog.accept())
        dashboard.click('[data-remove="0"]')
        dashboard.wait_for_function(
            "() => !document.querySelector('[data-remove]')", timeout=TIMEOUT)
        phones[0].wait_for_function(
            "() => document.querySelector('[data-error]').textContent"
            ".includes(\"Tu n'es plus dans la classe\")", timeout=TIMEOUT)
        dashboard.click('[data-class-lock="true"]')
        dashboard.wait_for_selector(".room-locked", timeout=TIMEOUT)
        assert dashboard.is_hidden(".class-head .qr-box")
        size = dashboard.eval_on_selector(".room-lock",
                                          "e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 28
        # The next pupil reads why as the page opens, with no form to fill in vain.
        phones[1].goto(f"{live.url}/c/{code}")
        assert "fermée" in phones[1].inner_text("[data-class-closed]")
        assert not phones[1].is_visible("#nickname")
        assert len(live.app.state.classes.get(code).pupils) == 0
    finally:
        teacher_ctx.close()
        for c in phone_ctx:
            c.close()


def test_the_teacher_removes_every_pupil_with_one_button(live: Any, browser: Any) -> None:
    """« Retirer tous les élèves » (asked first, naming how many): the class is empty, and
    each removed phone says so."""
    teacher_ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    phone_ctx = [browser.new_context(viewport=PHONE) for _ in range(3)]
    try:
        dashboard = teacher_ctx.new_page()
        code = create_class(dashboard, live.url)
        phones = [c.new_page() for c in phone_ctx]
        for n, page in enumerate(phones):
            join(page, live.url, code, nickname(n))
        dashboard.wait_for_selector('[data-remove-all="3"]', timeout=TIMEOUT)
        asked: list[str] = []

        def accept(dialog: Any) -> None:
            asked.append(dialog.message)
            dialog.accept()

        dashboard.once("dialog", accept)
        dashboard.click("[data-remove-all]")
        dashboard.wait_for_function(
            "() => !document.querySelector('[data-remove]')", timeout=TIMEOUT)
        assert asked and "Retirer les 3 élèves" in asked[0]
        assert len(live.app.state.classes.get(code).pupils) == 0
        phones[2].wait_for_function(
            "() => document.querySelector('[data-error]').textContent"
            ".includes(\"Tu n'es plus dans la classe\")", timeout=TIMEOUT)
    finally:
        teacher_ctx.close()
        for c in phone_ctx:
            c.close()
