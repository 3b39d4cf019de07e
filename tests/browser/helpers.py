"""Browser steps shared by the tests: create a room, join, play clickable actions, take
one decision on a page that shows the room as it is now, scan a screen's text."""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ludinum.content.typography import breakable_spaces
from tests import drawing
from tests.reading import plain_spaces
from tests.server.test_no_raw_data import problems

TIMEOUT = 15_000
#: A seat's decision on the phone: every control that sends an action.
BUTTONS = '[data-slot="actions"] button.act'

#: A JavaScript ``visibleTexts(root)``, to begin a script that checks a screen's words: the
#: text nodes under ``root`` a reader may see, each as ``{node, text, el}`` (its trimmed
#: words, its element). Left out: blank text, the board's drawing (an SVG scaled to the
#: screen, whose words its legend says again) and what is not displayed or not visible
#: (``checkVisibility``); a script still sets aside the 1-px boxes of screen-reader text.
VISIBLE_TEXTS = """
  const visibleTexts = (root) => {
    const found = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const el = node.parentElement;
      if (!text || !el || el.closest('svg')) continue;
      if (el.checkVisibility({visibilityProperty: true})) found.push({node, text, el});
    }
    return found;
  };
"""


def create_room(host: Any, base: str, game: str, players: int, mode: str = "turns",
                options: Mapping[str, str] | None = None) -> str:
    """A room made from the set-up page; ``options`` fills the game's option fields (a
    list is chosen, a button ticked, a number or a text typed)."""
    host.goto(f"{base}/new/{game}")
    host.select_option("#players", str(players))
    host.check(f'input[name="mode"][value="{mode}"]')
    for name, value in (options or {}).items():
        field = host.locator(f"#opt_{name}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        elif field.evaluate("e => e.type") == "radio":  # values too long for a list box
            host.check(f'input[name="opt_{name}"][value="{value}"]')
        else:
            field.fill(value)
    host.click("button[type=submit]")
    host.wait_for_url(f"{base}/host/*", timeout=TIMEOUT)
    code: str = host.eval_on_selector("body", "b => b.dataset.code")
    host.wait_for_selector('[data-slot="seats"] li', timeout=TIMEOUT)
    return code


def join(page: Any, base: str, code: str, nickname: str | None = None) -> None:
    page.goto(f"{base}/j/{code}")
    if nickname is None:
        page.click("[data-generate]")
        page.wait_for_function("() => document.querySelector('#nickname').value.length > 1")
    else:
        page.fill("#nickname", nickname)
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/play/{code}", timeout=TIMEOUT)
    page.wait_for_selector('[data-slot="status"] .status', timeout=TIMEOUT)


def add_on_this_device(page: Any, names: Iterable[str]) -> None:
    """Pass-and-play from the host screen: each nickname added on this browser, seen on the
    seats' list before the next."""
    page.click("details.local summary")
    for name in names:
        page.fill("#local-name", name)
        page.click("[data-local-join] button[type=submit]")
        page.wait_for_function(
            f"() => document.querySelector('[data-slot=\"seats\"]').textContent"
            f".includes('{name}')", timeout=TIMEOUT)


def open_table(browser: Any, base: str, game: str, names: Iterable[str],
               contexts: list[Any], phone: Mapping[str, Any],
               viewport: tuple[int, int] = (1920, 1080),
               options: Mapping[str, str] | None = None) -> tuple[Any, str, list[Any]]:
    """A projector (1920×1080 unless ``viewport``) and one phone per nickname, joined and
    started (``options``: the game's, as :func:`create_room` fills them): the host page,
    the room code and the phones' pages. Contexts opened are added to ``contexts`` (the
    caller closes them)."""
    width, height = viewport
    host_context = browser.new_context(viewport={"width": width, "height": height})
    contexts.append(host_context)
    host = host_context.new_page()
    names = list(names)
    code = create_room(host, base, game, len(names), options=options)
    phones = []
    for name in names:
        context = browser.new_context(**phone)
        contexts.append(context)
        page = context.new_page()
        join(page, base, code, name)
        phones.append(page)
    host.wait_for_function(
        f"() => document.querySelectorAll('.seat-human').length === {len(names)}",
        timeout=TIMEOUT)
    host.click('[data-cmd="start"]')
    host.wait_for_function("() => document.body.dataset.status === 'playing'",
                           timeout=TIMEOUT)
    return host, code, phones


def status(page: Any) -> str:
    value: str = page.eval_on_selector("body", "b => b.dataset.status || ''")
    return value


#: What a pupil may tap in the decision now: actions, cards of the hand (a card is tapped,
#: then its target, issue 21), the « Oui » of a question asked before a costly tap.
TAPPABLE = ('[data-slot="actions"] button.act:visible, '
            '[data-slot="actions"] button[data-card]:visible')


#: « Cacher mon jeu » on a pass-and-play device: a seat hides its game again, its turn over
#: (« Ton tour est fini ») or with nothing to decide (« Rien à faire pour toi cette fois »).
HIDE = '[data-slot="privacy"] [data-cmd="hand_on"]'


def hide_game(page: Any) -> bool:
    """On a pass-and-play device showing « Cacher mon jeu »: tap it (True)."""
    button = page.query_selector(HIDE)
    if button is None:
        return False
    with contextlib.suppress(Exception):  # the screen changed under the tap: look again
        button.click(timeout=2000)
    return True


#: What follows a card picked or a question asked: its targets, or « Oui ».
FOLLOW_UP = ('[data-slot="actions"] .card-targets:not([hidden]) button.act, '
             ".confirm-box .confirm-yes")


def click_some_action(page: Any, rng: random.Random, avoid: str | None = None) -> bool:
    """Tap something of the decision at random, as a pupil does: a card picked or a
    question asked is followed at once by one of its targets or « Oui » (the page answers
    those taps, not the server), then wait for the server's answer. ``avoid``: a selector
    of controls never tapped; a decision showing one is left alone (False), checked on
    the very buttons about to be tapped, so a frame arriving between a caller's look and
    the tap cannot slip one in."""
    seq = page.eval_on_selector("body", "b => b.dataset.seq")
    for selector in (TAPPABLE, FOLLOW_UP, FOLLOW_UP):
        buttons = page.query_selector_all(selector)
        if not buttons:
            return selector != TAPPABLE  # a pick or a question already tapped counts
        button = buttons[rng.randrange(len(buttons))]
        try:
            if avoid is not None and any(b.evaluate("(b, s) => b.matches(s)", avoid)
                                         for b in buttons):
                return False
            local = button.evaluate("b => b.matches('[data-card], [data-confirm]')")
            button.click(timeout=2000)
        except Exception:
            return False  # the fragment was swapped under the click: try again
        if not local:
            break
    # Wait for the server's answer (a new seq) before looking again.
    with contextlib.suppress(Exception):
        page.wait_for_function(f"() => document.body.dataset.seq !== '{seq}'", timeout=3000)
    return True


def confirm(page: Any) -> None:
    """Answer « Oui » to the question a costly tap asks first (app.js)."""
    page.click(".confirm-box .confirm-yes", timeout=2000)


def play_until_over(pages: list[Any], host: Any, seconds: float, rng: random.Random,
                    on_step: Any = None) -> int:
    end = time.monotonic() + seconds
    clicks = 0
    while time.monotonic() < end:
        if status(host) == "finished":
            return clicks
        moved = False
        for page in pages:
            if click_some_action(page, rng):
                clicks += 1
                moved = True
                if on_step is not None:
                    on_step(clicks)
        if not moved:
            time.sleep(0.05)
    raise AssertionError(f"game not over after {seconds} s ({clicks} clicks)")


def page_seq(page: Any) -> int:
    """The number of the last frame the page applied (numbered per client)."""
    return int(page.eval_on_selector("body", "b => b.dataset.seq || '-1'"))


def current(live: Any, room: Any, page: Any) -> bool:
    """Whether ``page`` shows the room as it is now. Frames are numbered per client (a
    viewer must not count others' secret moves, issue 20), so ask the server: some phone's
    client has sent this very frame number and has seen every action of the room."""
    number = page_seq(page)
    return any(c.frame_seq == number and c.log_seq == room.seq
               and c.role in ("player", "pass")
               for c in list(live.hub.clients.get(room.code, ())))


#: After a tap the page answers itself (a card picked, a question asked before a costly
#: tap), what is tapped next: the card's first target, or « Oui ».
FOLLOW_UP = ('[data-slot="actions"] .card-targets:not([hidden]) button.act:visible, '
             '[data-slot="actions"] .confirm-box .confirm-yes:visible')


def decide(live: Any, room: Any, page: Any, choose: Callable[[list[Any]], Any],
           selector: str = TAPPABLE, tap: bool = False) -> int:
    """One decision on a page that shows the room as it is now (bots and other people move
    meanwhile): ``choose`` gets the page's controls and returns the one to press, or the
    ones to press in turn (a card, then the target it opens), or None; they are pressed
    (tapped on a touch screen), then, while the page answers the last press itself (a card
    picked, a question asked), the first control it opens (``FOLLOW_UP``), and the page
    waits for its next frame. Returns the number of presses, 0 when the page was not
    current or changed under a press (the caller looks again)."""
    seq = room.seq
    if not current(live, room, page):
        return 0
    number = page_seq(page)
    try:
        controls = page.query_selector_all(selector)
        chosen = choose(controls) if controls else None
    except AssertionError:
        raise
    except Exception:
        return 0  # swapped under us
    if chosen is None or room.seq != seq or not current(live, room, page):
        return 0
    steps = list(chosen) if isinstance(chosen, list) else [chosen]
    presses = 0
    try:
        while steps:
            control = steps.pop(0)
            local = control.evaluate("b => b.matches('[data-card], [data-confirm]')")
            if tap:
                control.tap(timeout=2000)
            else:
                control.click(timeout=2000)
            presses += 1
            if local and not steps:
                follow = page.query_selector(FOLLOW_UP)
                if follow is None:
                    return 0  # the page showed nothing to tap next: look again
                steps.append(follow)
        page.wait_for_function(f"() => document.body.dataset.seq !== '{number}'",
                               timeout=5000)
    except Exception:
        return 0  # swapped under the press: look again
    return presses


def first_legal(room: Any, page: Any) -> Callable[[list[Any]], Any]:
    """A ``choose`` for ``decide``: the first legal move (in the game's own order) among
    those the page offers, as the control(s) to tap: the thing that sends it, or the card
    (or the folded « Ou bien : … » line) that opens it, then it (the order the plain
    buttons had before the screens drew things)."""
    def choose(controls: list[Any]) -> Any:
        offered: dict[str, Any] = {}
        for control in page.query_selector_all('[data-slot="actions"] [data-action]'):
            key = json.dumps(json.loads(control.get_attribute("data-action")), sort_keys=True)
            offered.setdefault(key, control)
        if not offered:
            return None
        seat = seat_of(offered.values())
        for action in room.state.legal_actions(seat):
            control = offered.get(json.dumps(action.to_json(), sort_keys=True))
            if control is None:
                continue
            if control.is_visible():
                return control
            folded = control.evaluate_handle(
                "b => { const d = b.closest('details'); return d && !d.open ? "
                "d.querySelector('summary') : null; }").as_element()
            if folded is not None:  # « Ou bien : … » folded: open it, then tap
                return [folded, control]
            card = control.evaluate(
                "b => { const g = b.closest('.card-targets'); return g ? g.dataset.for : null; }")
            picks = [c for c in controls if c.get_attribute("data-card") == card]
            return [picks[0], control] if picks else None
        return None

    return choose


def seat_of(controls: Iterable[Any]) -> int:
    """The seat a decision's controls act for (a card that only opens its targets has
    none: the others say it)."""
    seats = {c.get_attribute("data-seat") for c in controls} - {None}
    assert len(seats) == 1, seats
    return int(seats.pop())


def labels_of(controls: Iterable[Any]) -> list[str]:
    """The visible words of each control."""
    return [c.inner_text().strip() for c in controls]


def visible_text(page: Any) -> str:
    """The text a person reads on the page now (hidden and folded parts left out)."""
    text: str = page.evaluate("() => document.body.innerText")
    return text


def raw_words(text: str, view_keys: Iterable[str] = ()) -> list[str]:
    """What a French screen must not print: snake_case field names, content ids, seats
    called « Joueur 2 », English field words, the view's own keys (the scanner of
    tests/server/test_no_raw_data.py, run on a page's rendered text)."""
    return problems(text, set(view_keys))


#: Listens to the phone's decision slot: a turn ends when its last control goes away.
TURN_COUNTER = """() => {
  const slot = document.querySelector('[data-slot="actions"]');
  window.ludinumTurns = 0;
  let open = !!slot.querySelector('.act');
  new MutationObserver(() => {
    const now = !!slot.querySelector('.act');
    if (open && !now) window.ludinumTurns += 1;
    open = now;
  }).observe(slot, {childList: true, subtree: true});
}"""


def count_turns(page: Any) -> None:
    """From now on the page counts its ended turns (see ``turns_of``)."""
    page.evaluate(TURN_COUNTER)


def turns_of(page: Any) -> int:
    """How many turns the page has ended since ``count_turns``."""
    count: int = page.evaluate("() => window.ludinumTurns")
    return count


#: Slots only frames write (app.js changes nothing inside them between two frames): the
#: room's, sent as HTML, and the game's, drawn by the page from what frames bring.
SERVER_SLOTS = ("seats", "status")
DRAWN_SLOTS = ("map", "board")
#: The slots of ``expected`` whose DOM is not what a fresh page parses from that HTML. A
#: line the page found narrower than its room has lost its squeezing (app.js: unstretch):
#: the HTML's line loses it too, where the page's did.
_STALE = """(expected) => {
  const stale = [];
  for (const [name, html] of Object.entries(expected)) {
    const el = document.querySelector('[data-slot="' + name + '"]');
    if (!el) continue;
    const fresh = el.cloneNode(false);
    fresh.innerHTML = html;
    const shown = el.querySelectorAll("svg text");
    fresh.querySelectorAll("svg text").forEach((t, i) => {
      if (shown[i] && !shown[i].hasAttribute("textLength")) {
        t.removeAttribute("textLength");
        t.removeAttribute("lengthAdjust");
      }
    });
    if (fresh.innerHTML !== el.innerHTML) stale.push(name);
  }
  return stale;
}"""


#: The box a projector's board was last laid out in (``{w, h}``, app.js: fitBoard), or null.
BOARD_BOX = """() => {
  const b = (document.querySelector('.stage') || {dataset: {}}).dataset.box;
  if (!b) return null;
  const [w, h] = b.split('x').map(Number);
  return {w, h};
}"""


def stale_slots(live: Any, room: Any, page: Any, role: str) -> list[str]:
    """The slots of ``page`` (a ``role`` client: host, player…) whose DOM differs from the
    HTML the server last sent it, or the page's drawing of what it last sent it (drawn
    here by the same code), once the page has applied that frame: slots are sent whole,
    or as parts that app.js puts in place (server/patches.py). Several phones may
    number their frames alike: the page matches if it matches one of them."""
    for _ in range(50):
        number = page_seq(page)
        clients = [c for c in list(live.hub.clients.get(room.code, ()))
                   if c.role == role and c.frame_seq == number]
        if clients:
            stale: list[str] = []
            # a phone's page draws its boards laid out for its width (app.js: narrowNow),
            # but not enlarged
            narrow = bool(page.evaluate("() => matchMedia('(max-width: 50rem)').matches"
                                        " && !document.querySelector('.board.zoomed')"))
            # a projector's board is laid out for the room its stage leaves it (app.js:
            # fitBoard, draw.js: fit)
            box = page.evaluate(BOARD_BOX)
            for client in clients:
                expected = {k: v for k, v in client.slots.items() if k in SERVER_SLOTS}
                if client.drawn is not None:  # what the page draws (issue 19)
                    held = {**drawing.held(client.drawn, client.lang), "narrow": narrow,
                            "box": box}
                    if held["seat"] is not None:  # its moves: a hand drawn as cards among
                        # them leaves the board's line of the hand to screen readers
                        held["choices"] = drawing.state_of(
                            room, held["seat"], client.lang)["choices"]
                    expected.update(drawing.shared().screen(room.game, held, DRAWN_SLOTS))
                stale = list(page.evaluate(_STALE, expected))
                if not stale:
                    return []
            if page_seq(page) == number:
                return stale
        time.sleep(0.1)
    return [f"no {role} client of the server sent frame {page_seq(page)}"]


def refused_as_lookalike(page: Any, variant: str) -> None:
    """After a nickname too like another's was sent from ``page``'s join form: the error
    says so with its French spacing, and the free ``variant`` is put in the field (one touch
    on « Entrer » joins with it)."""
    page.wait_for_function(
        "() => document.querySelector('[data-error]').textContent.length > 0",
        timeout=TIMEOUT)
    said = page.text_content("[data-error]") or ""  # innerText would lose U+00A0
    assert not breakable_spaces(said), said
    assert plain_spaces(said) == (
        f"Ce pseudo ressemble trop à celui d'un autre joueur : essaie « {variant} ».")
    assert page.input_value("#nickname") == variant


def enlarges_the_board(phone: Any, width: int, shot: str | None = None) -> None:
    """A phone ``width`` px wide showing a drawn board: « Agrandir le plateau » shows it
    full screen (at least 2.5 times wider), says how to move it, keeps its own button on
    screen to close it, and the page does not scroll sideways; « Fermer le plateau »
    brings it back to its size. ``shot``: a screenshot of the enlarged board there."""
    board = phone.locator('[data-slot="map"] svg').first
    small = board.bounding_box()
    assert small is not None and small["width"] <= width
    button = phone.locator("[data-board-zoom]")
    assert button.is_visible() and button.inner_text() == "Agrandir le plateau"
    button.tap()
    big = board.bounding_box()
    assert big is not None and big["width"] >= 2.5 * small["width"], (small, big)
    assert button.inner_text() == "Fermer le plateau"
    assert phone.locator(".zoom-hint").inner_text() == "Fais glisser le plateau avec ton doigt."
    assert button.get_attribute("aria-expanded") == "true"
    closing = button.bounding_box()  # always on screen to close the board
    assert closing is not None and closing["y"] >= 0 and closing["x"] + closing["width"] <= width
    # The page itself does not scroll sideways: the board moves inside its own frame.
    assert phone.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    ) <= 0
    if shot is not None:
        phone.screenshot(path=shot)
    button.tap()
    again = board.bounding_box()
    assert again is not None and again["width"] == small["width"]
    assert button.get_attribute("aria-expanded") == "false"


#: Every text of the drawings (SVG) under the selector ``root`` as the screen shows it:
#: ``{text, px, quad, ink, holder, squeeze, layer, group, label}``: its size in px (its font
#: size through the drawing's scale), the four corners of its box on the screen (turned with
#: it; ``ink``: less a fifth of its size above and below, the room of its font's accents and
#: descenders that the lines of a wrapped text share), the box
#: of the shape it is written in (the first shape, rect or circle, of its nearest group
#: holding the text's middle; else the drawing's own box), how much a ``textLength`` squeezes
#: it (1 when it does not), the index of its SVG under ``root``, its group's classes and its
#: own.
DRAWN_TEXTS = """(root) => {
  const svgs = [...document.querySelectorAll(root + ' svg')];
  const out = [];
  svgs.forEach((svg, layer) => {
    for (const t of svg.querySelectorAll('text')) {
      if (!t.getClientRects().length || !t.textContent.trim()) continue;
      const m = t.getScreenCTM(), b = t.getBBox();
      const at = (x, y) => { const p = new DOMPoint(x, y).matrixTransform(m); return [p.x, p.y]; };
      const quad = [at(b.x, b.y), at(b.x + b.width, b.y), at(b.x + b.width, b.y + b.height),
                    at(b.x, b.y + b.height)];
      const fs = parseFloat(getComputedStyle(t).fontSize);
      const top = b.y + fs / 5, bottom = b.y + b.height - fs / 5;
      const ink = [at(b.x, top), at(b.x + b.width, top), at(b.x + b.width, bottom),
                   at(b.x, bottom)];
      const mid = at(b.x + b.width / 2, b.y + b.height / 2);
      const box = (e) => { const r = e.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom]; };
      let holder = box(svg);
      for (let g = t.closest('g'); g && svg.contains(g); g = g.parentElement.closest('g')) {
        const shape = [...g.children].find((e) => /^(rect|circle)$/.test(e.tagName) && (() => {
          const [l, tp, r, bt] = box(e);
          return l <= mid[0] && mid[0] <= r && tp <= mid[1] && mid[1] <= bt; })());
        if (shape) { holder = box(shape); break; }
      }
      let squeeze = 1;
      if (t.hasAttribute('textLength')) {
        const free = t.cloneNode(true);
        free.removeAttribute('textLength');
        t.parentNode.appendChild(free);
        squeeze = Math.min(1, parseFloat(t.getAttribute('textLength'))
          / free.getComputedTextLength());
        free.remove();
      }
      out.push({text: t.textContent, px: fs * Math.hypot(m.a, m.b), quad, ink, holder, squeeze,
                layer, group: (t.closest('g') || svg).getAttribute('class') || '',
                label: t.getAttribute('class') || ''});
    }
  });
  return out;
}"""


def _apart(one: list[list[float]], other: list[list[float]]) -> bool:
    """Whether two convex quads (corners in order) lie apart (a line between them: the
    separating axis theorem), touching allowed within half a pixel."""
    for quad in (one, other):
        for i in range(4):
            (x1, y1), (x2, y2) = quad[i], quad[(i + 1) % 4]
            nx, ny = y2 - y1, x1 - x2
            length = (nx * nx + ny * ny) ** 0.5 or 1.0
            a = [(x * nx + y * ny) / length for x, y in one]
            b = [(x * nx + y * ny) / length for x, y in other]
            if max(a) <= min(b) + 0.5 or max(b) <= min(a) + 0.5:
                return True
    return False


def overlapping(texts: list[dict[str, Any]], box: str = "quad") -> list[tuple[str, str]]:
    """The pairs of ``texts`` (DRAWN_TEXTS) whose boxes (``quad`` or ``ink``) overlap on
    the screen."""
    return [(one["text"], other["text"]) for i, one in enumerate(texts)
            for other in texts[i + 1:] if not _apart(one[box], other[box])]


def out_of_holder(texts: list[dict[str, Any]], slack: float = 0.5) -> list[str]:
    """The ``texts`` (DRAWN_TEXTS) whose box runs out of the shape they are written in."""
    out = []
    for t in texts:
        left, top, right, bottom = t["holder"]
        xs, ys = [x for x, _ in t["quad"]], [y for _, y in t["quad"]]
        if min(xs) < left - slack or max(xs) > right + slack or min(ys) < top - slack or (
                max(ys) > bottom + slack):
            out.append(t["text"])
    return out
