"""The screens with no seat, read by anyone: a spectator's page (``/watch/<code>``) and a
replay's step (``/replay/<code>``). Each says a thing once, as the projector does, and
draws what the projector draws of the public view (docs/web.md)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from ludinum.engine import Action
from ludinum.games import get_game, make_bot
from ludinum.server import replay_logs
from ludinum.server.replay import Replay
from ludinum.server.rooms import PLAYING, Room
from ludinum.server.seats import Seat
from tests import drawing
from tests.browser.helpers import _STALE, TIMEOUT, enlarges_the_board, open_table, page_seq
from tests.browser.test_gnou_small_projector import _pending_offer, _words
from tests.browser.test_phone_screens import PHONE, play_until
from tests.browser.test_whole_games import shots_dir

pytestmark = pytest.mark.slow



@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the pages are photographed (``LUDINUM_SHOTS``, else a temporary directory)."""
    return shots_dir(tmp_path_factory)

#: What the screen says above its board, as it shows it: its spotlight, then its narration.
SAID = """() => ['[data-slot="spotlight"]', '[data-narration]']
  .map((s) => document.querySelector(s))
  .filter((e) => e && e.checkVisibility())
  .map((e) => e.innerText.replace(/\\s+/g, ' ')).join(' ')"""


def test_a_spectator_reads_the_danger_card_once(
    live: Any, browser: Any, contexts: list[Any], shots: Path
) -> None:
    """A danger whose protection a teammate may pass on (G5): the spectator's page showed
    the card whole in its spotlight and again whole in its narration (its text and how to
    protect oneself twice, one under the other). The narration now names the danger by its
    title; the card is read once, in the spotlight, as on the projector. The journal keeps
    the whole card."""
    from ludinum.games.gnou.content import load_dangers
    from ludinum.games.gnou.text import _quoted

    spectators: list[Any] = []

    def watch(code: str) -> list[Any]:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.goto(f"{live.url}/watch/{code}")
        spectators.append(page)
        return [page]

    host, _, room = _pending_offer(live, browser, contexts, (1920, 1080), watch)
    (page,) = spectators
    met = load_dangers()[room.state.danger]
    # The title as the narration quotes it: a title with quotes of its own (« Le film
    # “acheté” qui disparaît ») has them made second-level ones.
    named = _words(_quoted(met.title, "fr"))
    for screen in (page, host):
        screen.wait_for_selector(".danger-card", timeout=TIMEOUT)
    page.wait_for_function(
        "(named) => document.querySelector('[data-narration]').innerText"
        ".replace(/\\s+/g, ' ').includes(named)",
        arg=named, timeout=TIMEOUT)
    page.screenshot(path=str(shots / "watch-danger-card.png"), full_page=True)
    for screen in (page, host):
        said = _words(screen.evaluate(SAID))
        assert said.count(_words(met.text)) == 1, said
        assert said.count(_words(met.alternative)) == 1, said
    # The danger named (on the projector that line may give way when its column is full).
    narrated = _words(page.inner_text("[data-narration]"))
    assert f"case {met.cell} {named}" in narrated, narrated
    assert _words(met.text) in _words(page.inner_text("[data-log]"))
    # Opened while the card is shown (a reload): its first frame narrates the same way.
    page.reload()
    page.wait_for_selector(".danger-card", timeout=TIMEOUT)
    page.wait_for_function("() => !document.querySelector('[data-narration]').hidden",
                           timeout=TIMEOUT)
    said = _words(page.evaluate(SAID))
    assert said.count(_words(met.text)) == 1, said


def _kept_replay(name: str, players: int, wanted: Callable[[Mapping[str, Any]], bool]
                 ) -> tuple[str, Replay, int]:
    """A game of random bots, kept as an uploaded log is (server/replay_logs.py), played
    until the public view is one ``wanted`` accepts: its key, the replay and that step."""
    game = get_game(name)
    for seed in range(1, 60):
        config = game.make_config(players, seed)
        state = game.setup(config)
        bots = [make_bot(name, "random", seat) for seat in range(players)]
        log: list[tuple[int, Action]] = []
        while not wanted(state.view(None)):
            if state.is_terminal() or len(log) > 400:
                break
            seat = state.active_players()[0]
            action = bots[seat].choose(state, seat)
            state.apply(seat, action)
            log.append((seat, action))
        else:
            seats = [Seat(i) for i in range(players)]
            for seat_ in seats:
                seat_.make_bot("random")
            record = Replay(game, config, seats, log)
            return replay_logs.keep(record), record, len(log)
    raise AssertionError(f"no {name} game came to the step wanted")


def _projectors_spotlight(record: Replay, step: int) -> str:
    """The spotlight the projector draws at ``step`` of ``record`` (the page's own code run
    by the tests: tests/drawing.py), from the public view a room at that step holds."""
    state, _ = record.at(step)
    room = Room(1, "ABCD", record.game, record.config, "live", record.seats, "", state,
                status=PLAYING)
    held = drawing.state_of(room, None)
    return drawing.shared().screen(record.game, held, ("spotlight",))["spotlight"]


def _open_step(live: Any, browser: Any, contexts: list[Any], key: str, step: int,
               shown: str = '[data-slot="spotlight"] .spotlight', **context: Any) -> Any:
    """The replay of the kept game ``key`` opened at ``step`` in a new browser context
    (``context``: its options, a 1280×900 screen unless given), once ``shown`` is drawn."""
    opened = browser.new_context(**(context or {"viewport": {"width": 1280, "height": 900}}))
    contexts.append(opened)
    page = opened.new_page()
    page.goto(f"{live.url}/replay/journal/{key}?step={step}")
    page.wait_for_selector(shown, timeout=TIMEOUT)
    return page


def test_a_replay_step_shows_the_gnou_danger_card_in_its_spotlight(
    live: Any, browser: Any, contexts: list[Any], shots: Path
) -> None:
    """A step where a danger waits for a teammate to pass its protection on (G5): the
    replay drew the board and listed the step's events, with no spotlight, so the danger
    card was read only in the event list. It is drawn in the spotlight as the projector
    draws it at that step (the same code), and the event list names the danger by its
    title: the card is read once."""
    from ludinum.games.gnou.content import load_dangers
    from ludinum.games.gnou.text import _quoted

    key, record, step = _kept_replay(
        "gnou", 4, lambda v: v.get("danger") is not None and not v.get("quiz"))
    page = _open_step(live, browser, contexts, key, step)
    assert page.evaluate(_STALE, {"spotlight": _projectors_spotlight(record, step)}) == []
    state, _ = record.at(step)
    met = load_dangers()[state.view(None)["danger"]]
    assert page.is_visible('[data-slot="spotlight"] .danger-card')
    said = _words(page.inner_text("main"))
    assert said.count(_words(met.text)) == 1, said
    assert said.count(_words(met.alternative)) == 1, said
    listed = _words(page.inner_text("main .narration"))
    assert f"case {met.cell} {_words(_quoted(met.title, 'fr'))}" in listed, listed
    page.screenshot(path=str(shots / "replay-danger-card.png"), full_page=True)


def test_a_replay_step_shows_the_gnou_quiz_in_its_spotlight(
    live: Any, browser: Any, contexts: list[Any], shots: Path
) -> None:
    """A step where the team's quiz is asked (G4): its question and answers in the
    spotlight as on the projector; the event list names the quiz without its question."""
    key, record, step = _kept_replay(
        "gnou", 4, lambda v: bool((v.get("quiz") or {}).get("question")))
    page = _open_step(live, browser, contexts, key, step)
    assert page.evaluate(_STALE, {"spotlight": _projectors_spotlight(record, step)}) == []
    state, _ = record.at(step)
    question = _words(state.view(None)["quiz"]["question"])
    assert page.is_visible('[data-slot="spotlight"] .quiz-question')
    assert _words(page.inner_text("main")).count(question) == 1
    page.screenshot(path=str(shots / "replay-quiz.png"), full_page=True)


def test_a_replay_step_shows_the_web_runners_opening_question(
    live: Any, browser: Any, contexts: list[Any], shots: Path
) -> None:
    """Web Runners' first-player question (W15), in the spotlight at the replay's first
    step as on the projector: every game whose drawer draws a spotlight has it there."""
    key, record, step = _kept_replay(
        "webrunners", 3, lambda v: v.get("phase") == "setup_accounts")
    page = _open_step(live, browser, contexts, key, step)
    assert page.evaluate(_STALE, {"spotlight": _projectors_spotlight(record, step)}) == []
    assert "Combien as-tu de comptes" in page.inner_text('[data-slot="spotlight"]')
    page.screenshot(path=str(shots / "replay-webrunners-question.png"), full_page=True)


#: A screen's narration and journal, line by line (the narration's lines in their order).
TOLD = """() => ({
  narration: [...document.querySelectorAll('[data-narration] p')].map((p) => p.textContent),
  journal: [...document.querySelectorAll('[data-log] li')].map((li) => li.textContent),
})"""


def _settled(live: Any, room: Room, pages: list[Any]) -> None:
    """Waits until every page applied its last frame and its client was sent every change
    of the room (frames are numbered per client: the server says which it sent last)."""
    deadline = time.monotonic() + TIMEOUT / 1000
    while time.monotonic() < deadline:
        clients = list(live.hub.clients.get(room.code, ()))
        shown = {page_seq(page) for page in pages}
        if all(c.log_seq == room.seq for c in clients if not c.closed) and all(
            any(c.frame_seq == n and not c.closed for c in clients) for n in shown):
            time.sleep(0.2)  # the last frame's narration fitted (app.js, after each frame)
            if all(c.log_seq == room.seq for c in clients if not c.closed):
                return
        time.sleep(0.05)
    raise AssertionError("the screens did not catch up with the room")


def test_a_reloaded_screen_narrates_the_last_move_not_the_game(
    live: Any, browser: Any, contexts: list[Any], shots: Path
) -> None:
    """A projector, a spectator's page and a phone opened again mid-game (a reload): their
    first frame carries the whole game's log, and the narration showed all of it, the
    game's first line large and every move since under it. The frame now says how many of
    its last lines the latest change wrote (``latest``); the narration tells those only, as
    a screen connected all along does, and the journal lists the whole game."""
    host, code, phones = open_table(browser, live.url, "gnou", ("Léa", "Sami"), contexts,
                                    PHONE)
    room = live.hub.rooms[code]
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    contexts.append(context)
    spectator = context.new_page()
    spectator.goto(f"{live.url}/watch/{code}")
    spectator.wait_for_selector('[data-slot="status"] .status', timeout=TIMEOUT)
    play_until(phones, lambda _: room.seq >= 6, 120)
    screens = [host, spectator, phones[0]]
    _settled(live, room, [*screens, phones[1]])
    before = [screen.evaluate(TOLD) for screen in screens]
    host.screenshot(path=str(shots / "narration-before-reload.png"))
    for screen in screens:
        screen.reload()
        screen.wait_for_selector('[data-slot="status"] .status', timeout=TIMEOUT)
    _settled(live, room, [*screens, phones[1]])
    host.screenshot(path=str(shots / "narration-after-reload.png"))
    for screen, was in zip(screens, before, strict=True):
        now = screen.evaluate(TOLD)
        assert now["journal"] == was["journal"], screen.url  # the whole game, as before
        assert was["narration"], screen.url
        assert now["narration"] == was["narration"], (screen.url, now["narration"])
        # Not the game's opening line (it was the narration's lead after a reload).
        assert len(now["narration"]) < len(now["journal"]), now


#: The look of a box: its background and its left edge (the spotlight's and the
#: narration's boxes are told apart by these on the live projector).
LOOK = """(sel) => { const e = document.querySelector(sel); if (!e) return null;
  const s = getComputedStyle(e);
  return [s.backgroundColor, s.borderLeftColor, s.borderLeftWidth]; }"""

#: The look of the live pages' narration (app.css ``.narration``), measured in the page.
NARRATION_LOOK = """() => { const e = document.createElement('section');
  e.className = 'narration'; document.body.append(e);
  const s = getComputedStyle(e);
  const look = [s.backgroundColor, s.borderLeftColor, s.borderLeftWidth];
  e.remove(); return look; }"""

#: Each of the step's moves: its text, whether it leads somewhere, its box and type size.
MOVES = """() => [...document.querySelectorAll('nav.steps .button')].map((a) => {
  const r = a.getBoundingClientRect();
  return { text: a.innerText.trim(), href: a.getAttribute('href'),
           disabled: a.getAttribute('aria-disabled'),
           top: r.top, left: r.left, right: r.right, height: r.height,
           size: parseFloat(getComputedStyle(a).fontSize) }; })"""


def _size(page: Any, selector: str) -> float:
    size: float = page.evaluate(
        "(s) => parseFloat(getComputedStyle(document.querySelector(s)).fontSize)", selector)
    return size


def _answered_once() -> tuple[str, Replay, int]:
    """A Web Runners replay at its second step: the first-player question (W15) still in
    the spotlight, and the step's move « Bot 1 a répondu. » told under it."""
    calls: list[Mapping[str, Any]] = []

    def second(view: Mapping[str, Any]) -> bool:
        calls.append(view)
        return len(calls) == 2

    return _kept_replay("webrunners", 3, second)


def test_a_replay_step_tells_its_moves_apart_from_its_spotlight(
    live: Any, browser: Any, contexts: list[Any], shots: Path
) -> None:
    """The spotlight (the question asked, as the projector drew it) and the list of the
    step's moves were both drawn as yellow boxes with the same brown edge, so the big
    display and what happened looked alike. The moves are now told as the live projector
    narrates the last move (its blue narration: the first move large, what followed under
    it), the spotlight keeps its own look."""
    key, _, step = _answered_once()
    assert step == 1
    for size in ((1920, 1080), (390, 844)):
        page = _open_step(live, browser, contexts, key, step, '[data-slot="spotlight"] .quiz',
                          viewport={"width": size[0], "height": size[1]})
        spot = page.evaluate(LOOK, '[data-slot="spotlight"] .quiz')
        told = page.evaluate(LOOK, "main .narration, main ul.spotlight li")
        assert told is not None and spot is not None
        assert told[:2] != spot[:2], (told, spot)  # neither its background nor its edge
        assert told == page.evaluate(NARRATION_LOOK), told
        lead = page.inner_text("main .narration .narration-lead")
        assert "Bot 1" in lead and "répondu" in lead, lead
        # The question once, in the spotlight; the narration says who answered.
        assert "Combien as-tu" not in page.inner_text("main .narration")
        page.screenshot(path=str(shots / f"replay-told-apart-{size[0]}.png"))


def test_a_replay_s_moves_fit_a_phone_and_a_projector(
    live: Any, browser: Any, contexts: list[Any], shots: Path
) -> None:
    """On a phone the step's moves wrapped anyhow (« Précédent », the step number and
    « Suivant » split over two lines) and « Précédent » at the start or « Suivant » at the
    end were links that did nothing. On a projector the page was a 70 rem column of 17 px
    type, the board under the fold. Now: on a phone the step first, then « Précédent » and
    « Suivant » side by side, then « Début » and « Fin », every move at least 44 px high
    and none off the screen, a move that goes nowhere greyed and not a link; on a
    projector the board on the left and the step, its spotlight and its moves on the
    right, all on the first screen, in the live stage's type (≥ 28 px at 1920×1080)."""
    key, _, step = _answered_once()
    phone = _open_step(live, browser, contexts, key, 0, '[data-slot="spotlight"] .quiz',
                       **PHONE)
    phone.screenshot(path=str(shots / "replay-phone-moves.png"))
    moves = {m["text"]: m for m in phone.evaluate(MOVES)}
    assert set(moves) == {"Début", "Précédent", "Suivant", "Fin"}, moves
    for m in moves.values():
        assert m["height"] >= 44 and m["left"] >= 0 and m["right"] <= 390, m
    assert moves["Précédent"]["top"] == moves["Suivant"]["top"]
    assert moves["Début"]["top"] == moves["Fin"]["top"] > moves["Suivant"]["top"]
    assert moves["Précédent"]["right"] <= moves["Suivant"]["left"]
    count = phone.locator(".step-count").bounding_box()
    assert count is not None and count["y"] + count["height"] <= moves["Suivant"]["top"]
    # At the start, the moves back go nowhere: greyed, not links; at the end, those ahead.
    assert moves["Début"]["href"] is None and moves["Début"]["disabled"] == "true"
    assert moves["Précédent"]["href"] is None and moves["Suivant"]["href"] == "?step=1"
    phone.goto(f"{live.url}/replay/journal/{key}?step={step}")
    ends = {m["text"]: m for m in phone.evaluate(MOVES)}
    assert ends["Suivant"]["href"] is None and ends["Fin"]["disabled"] == "true"
    assert ends["Précédent"]["href"] == f"?step={step - 1}"
    for width, height in ((1920, 1080), (1280, 720)):
        page = _open_step(live, browser, contexts, key, step, '[data-slot="spotlight"] .quiz',
                          viewport={"width": width, "height": height})
        page.screenshot(path=str(shots / f"replay-projector-{width}.png"))
        board = page.locator(".board-svg svg").first.bounding_box()
        spot = page.locator('[data-slot="spotlight"]').bounding_box()
        told = page.locator("main .narration").bounding_box()
        assert board is not None and spot is not None and told is not None
        assert board["x"] + board["width"] <= spot["x"], (board, spot)  # side by side
        for box in (board, spot, told):
            assert box["y"] + box["height"] <= height, box  # all on the first screen
        for m in page.evaluate(MOVES):
            assert m["top"] >= 0 and m["top"] + m["height"] <= height and m["right"] <= width, m
        if width == 1920:
            for selector in (".step-count", "nav.steps .button", ".narration-lead",
                             ".quiz-question", ".board-svg .legend"):
                assert _size(page, selector) >= 28, selector


def test_a_replay_s_board_is_enlarged_on_a_phone(
    live: Any, browser: Any, contexts: list[Any], shots: Path
) -> None:
    """A replay's board on a phone was a miniature with no way to enlarge it (Web Runners'
    cell numbers about 8 px high): « Agrandir le plateau » now shows it full screen as on
    a live phone, drawn at the projector's layout, and « Fermer le plateau » brings the
    page back as it was."""
    key, _, step = _answered_once()
    phone = _open_step(live, browser, contexts, key, step, '[data-slot="map"] svg',
                       **PHONE)
    enlarges_the_board(phone, 390, str(shots / "replay-phone-board-enlarged.png"))


def test_a_replay_is_stepped_from_the_keyboard_or_a_presenter_s_remote(
    live: Any, browser: Any, contexts: list[Any]
) -> None:
    """A replay shown on a projector was stepped by clicking « Suivant » only: a teacher at
    the laptop's keyboard or holding a presenter's remote (PageDown, PageUp) could not.
    → and PageDown go to the next step, ← and PageUp to the one before, never past the
    ends."""
    key, _, steps = _answered_once()
    page = _open_step(live, browser, contexts, key, 0, '[data-slot="spotlight"] .quiz',
                      viewport={"width": 1920, "height": 1080})
    assert page.get_attribute("a[rel=next]", "aria-keyshortcuts") == "ArrowRight PageDown"
    for press, step in (("ArrowLeft", 0), ("ArrowRight", 1), ("ArrowRight", steps),
                        ("PageUp", 0), ("PageDown", 1)):
        # The keys are heard once app.js (deferred) has run, at the page's « load »: the
        # step's text is drawn before, and a key pressed then would be lost.
        page.wait_for_load_state("load")
        if step != _step_of(page):
            with page.expect_navigation(timeout=TIMEOUT):
                page.keyboard.press(press)
        else:
            page.keyboard.press(press)
        page.wait_for_selector(f"text=Étape {step} sur {steps}", timeout=TIMEOUT)
        assert page.url.endswith(f"?step={step}"), (press, page.url)


def _finished(name: str, players: int) -> tuple[str, Replay]:
    """A whole game of random bots kept as an uploaded log is: its key and its replay (Web
    Runners: 871 steps, stopped at its 200-round limit; Hacker: 119 steps, 4 rounds)."""
    game = get_game(name)
    config = game.make_config(players, 1)
    state = game.setup(config)
    bots = [make_bot(name, "random", seat) for seat in range(players)]
    log: list[tuple[int, Action]] = []
    while not state.is_terminal():
        seat = state.active_players()[0]
        action = bots[seat].choose(state, seat)
        state.apply(seat, action)
        log.append((seat, action))
    seats = [Seat(i) for i in range(players)]
    for seat_ in seats:
        seat_.make_bot("random")
    record = Replay(game, config, seats, log)
    return replay_logs.keep(record), record


def _shown_turn(page: Any) -> int:
    """The turn the board's own line shows (« Web Runners — … — tour 12 », « Tour 2 / 4 »)."""
    text: str = page.evaluate("() => document.querySelector('main .board').textContent")
    found = re.search(r"\b[Tt]our (\d+)", text)
    assert found is not None, text
    return int(found.group(1))


def _step_of(page: Any) -> int:
    found = re.search(r"[?&]step=(\d+)", page.url)
    assert found is not None, page.url
    return int(found.group(1))


def test_a_long_replay_goes_a_turn_at_a_time_or_by_its_slider(
    live: Any, browser: Any, contexts: list[Any], shots: Path
) -> None:
    """A Web Runners replay of 871 steps was crossed one step at a time, or to its ends:
    a teacher looking for round 150 pressed « Suivant » some 650 times. « Tour suivant »
    (Shift+→) now opens the first step of the next round, « Tour précédent » (Shift+←) the
    first step of the round before, as the board's line counts them; the slider of the
    steps opens the step it is let go on, its value said in words; each keeps the step in
    the address."""
    key, record = _finished("webrunners", 3)
    steps = record.length
    assert steps > 500
    middle = steps // 2
    page = _open_step(live, browser, contexts, key, middle, '[data-slot="map"] svg',
                      viewport={"width": 1920, "height": 1080})
    turn = _shown_turn(page)
    ahead = page.locator("nav.steps a.turn-next")
    assert ahead.inner_text() == "Tour suivant"
    assert ahead.get_attribute("aria-keyshortcuts") == "Shift+ArrowRight"
    ahead.click()
    page.wait_for_url(re.compile(r"step="), timeout=TIMEOUT)
    page.wait_for_selector('[data-slot="map"] svg', timeout=TIMEOUT)
    start = _step_of(page)
    assert start > middle and _shown_turn(page) == turn + 1, (start, _shown_turn(page))
    # The first step of that round: the step before is still in the round before.
    assert record.turns()[start - 1] == turn
    page.keyboard.press("Shift+ArrowRight")
    page.wait_for_function(f"() => !location.search.endsWith('step={start}')",
                           timeout=TIMEOUT)
    page.wait_for_selector('[data-slot="map"] svg', timeout=TIMEOUT)
    assert _shown_turn(page) == turn + 2
    page.keyboard.press("Shift+ArrowLeft")
    page.wait_for_function(f"() => location.search.endsWith('step={start}')",
                           timeout=TIMEOUT)
    page.wait_for_selector('[data-slot="map"] svg', timeout=TIMEOUT)
    assert _shown_turn(page) == turn + 1
    page.locator("nav.steps a.turn-prev").click()
    page.wait_for_function(f"() => !location.search.endsWith('step={start}')",
                           timeout=TIMEOUT)
    page.wait_for_selector('[data-slot="map"] svg', timeout=TIMEOUT)
    assert _shown_turn(page) == turn
    page.screenshot(path=str(shots / "replay-turns-1920.png"))
    # The slider: its value in words while it moves, the step opened when let go.
    slider = page.locator("input[type=range][name=step]")
    assert slider.get_attribute("max") == str(steps)
    assert page.locator("[data-jump-go]").is_hidden()
    slider.evaluate("(e) => { e.value = 200; e.dispatchEvent(new Event('input')); }")
    assert slider.get_attribute("aria-valuetext") == f"Étape 200 sur {steps}"
    assert page.inner_text(".step-count") == f"Étape 200 sur {steps}"
    slider.evaluate("(e) => e.dispatchEvent(new Event('change'))")
    page.wait_for_function("() => location.search.endsWith('step=200')", timeout=TIMEOUT)
    page.wait_for_selector(f"text=Étape 200 sur {steps}", timeout=TIMEOUT)
    assert page.locator("input[type=range][name=step]").input_value() == "200"


#: The live end screen's headline size on this screen (frag/debrief.html as the host page
#: lays it out at its end: the larger of its two layouts, with lessons or without), measured
#: by the page's own style sheet.
LIVE_HEADLINE = """() => {
  const body = document.body, was = [body.dataset.page, body.dataset.status];
  body.dataset.page = 'host'; body.dataset.status = 'finished';
  const sizes = ['<div class="lessons-box"></div>', ''].map((inside) => {
    const d = document.createElement('section');
    d.className = 'debrief card'; d.innerHTML = '<p class="winner">x</p>' + inside;
    body.append(d);
    const size = parseFloat(getComputedStyle(d.querySelector('.winner')).fontSize);
    d.remove(); return size; });
  [body.dataset.page, body.dataset.status] = was;
  return Math.max(...sizes); }"""


@pytest.mark.parametrize(("name", "players"), [("webrunners", 3), ("hacker", 4)])
def test_a_replay_s_last_step_shows_the_outcome_large(
    live: Any, browser: Any, contexts: list[Any], shots: Path, name: str, players: int
) -> None:
    """The last step of a replay said how the game ended in a small line of its narration
    (« Fin de la partie ! Gagnant : … »). It now shows the live end screen's headline
    (« Victoire de … ! », « Pas de gagnant. », and why), as large as the end screen shows it,
    on the first screen of a projector and of a phone; the steps before do not."""
    key, record = _finished(name, players)
    steps = record.length
    for width, height in ((1920, 1080), (1280, 720), (390, 844)):
        page = _open_step(live, browser, contexts, key, steps, ".board svg",
                          viewport={"width": width, "height": height})
        page.screenshot(path=str(shots / f"replay-end-{name}-{width}.png"))
        headline = page.locator(".replay-outcome .winner")
        assert headline.is_visible()
        said = headline.inner_text()
        assert said.startswith(("Victoire d", "Pas de gagnant", "L'équipe")), said
        size = float(headline.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
        live_size = page.evaluate(LIVE_HEADLINE)
        assert size >= live_size, (width, size, live_size)
        box = headline.bounding_box()
        assert box is not None and box["y"] + box["height"] <= height, (width, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (width, box)
        if width == 1920:
            assert size >= 64
        for m in page.evaluate(MOVES):  # Hacker's narrow column too
            assert m["left"] >= 0 and m["right"] <= width, (width, m)
        page.goto(f"{live.url}/replay/journal/{key}?step={steps - 1}")
        page.wait_for_selector(".board svg", timeout=TIMEOUT)
        assert page.locator(".replay-outcome").count() == 0
    page = _open_step(live, browser, contexts, key, steps, ".board svg",
                      viewport={"width": 1280, "height": 720}, locale="en-GB",
                      extra_http_headers={"accept-language": "en"})
    said = page.inner_text(".replay-outcome .winner")
    assert said.endswith(" won!") or said.startswith(("No winner", "The team")), said
    page.screenshot(path=str(shots / f"replay-end-{name}-1280-en.png"))


def test_a_long_replay_s_turns_and_slider_fit_a_phone(
    live: Any, browser: Any, contexts: list[Any], shots: Path
) -> None:
    """On a phone the turn moves and the slider are a thumb high, none off the screen, all
    above the board, the two moves of a row as high as each other (at 360 px « Tour
    précédent » wraps, « Tour suivant » did not and was shorter); on a projector they stay
    on the first screen beside the board."""
    key, record = _finished("webrunners", 3)
    middle = record.length // 2
    for viewport in ((360, 800), (390, 844), (1280, 720), (1920, 1080)):
        page = _open_step(live, browser, contexts, key, middle, '[data-slot="map"] svg',
                          viewport={"width": viewport[0], "height": viewport[1]})
        page.screenshot(path=str(shots / f"replay-turns-webrunners-{viewport[0]}.png"))
        moves = {m["text"]: m for m in page.evaluate(MOVES)}
        assert set(moves) == {"Début", "Précédent", "Suivant", "Fin", "Tour précédent",
                              "Tour suivant"}, moves
        slider = page.locator("input[type=range][name=step]").bounding_box()
        assert slider is not None
        for m in [*moves.values(), {"top": slider["y"], "height": slider["height"],
                                    "left": slider["x"], "right": slider["x"] + slider["width"]}]:
            assert m["height"] >= 44 and m["left"] >= 0 and m["right"] <= viewport[0], m
            assert m["top"] + m["height"] <= viewport[1], m
        board = page.locator('[data-slot="map"] svg').first.bounding_box()
        assert board is not None
        if viewport[0] < 400:
            assert moves["Tour suivant"]["top"] + moves["Tour suivant"]["height"] <= board["y"]
            for left, right in (("Précédent", "Suivant"), ("Tour précédent", "Tour suivant"),
                                ("Début", "Fin")):
                assert (moves[left]["top"], moves[left]["height"]) == (
                    moves[right]["top"], moves[right]["height"]), (viewport, left, moves)
        else:
            assert board["x"] + board["width"] <= slider["x"]
            assert all(m["size"] >= 28 for m in moves.values()) or viewport[0] != 1920
