"""Le jeu du Gnou on small projectors (many classroom projectors are no larger than
1280×720): the projector's sizes are those of 1920×1080 scaled to the screen (app.css,
``--px``), so the narration, the danger card and the protections keep to the stage's type
and show whole; the team quiz beside the protections is checked at both sizes by
test_layout_fit."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.helpers import TIMEOUT, open_table
from tests.browser.test_layout_fit import BOX, on_screen
from tests.browser.test_phone_screens import PHONE, play_until

pytestmark = pytest.mark.slow

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
      // One sentence run: a lead of several gives way sentence by sentence (test below).
      box.querySelector('.narration-lead').textContent = (lead + ' ' + lead)
        .replace(/[.?!] (?=\\S)/g, ', ');
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
    above a scroll bar). Where its lead sentence fits over the drawing's legend, it goes
    there instead."""
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
    # Not in the full column: gone, or whole over the drawing's legend where its lead
    # sentence fits there (app.js fitNarration; stage_problems: nothing cut or covered).
    assert not host.is_visible("[data-narration]") or host.evaluate(
        "() => document.querySelector('[data-narration]').classList.contains('under-board')"
        " && document.querySelector('.stage').classList.contains('story-over-legend')")
    # The quiz gone (answered), the narration has its room again.
    host.evaluate("""() => {
      document.querySelector('.stage .quiz').style.display = 'none';
      window.dispatchEvent(new Event('resize'));
    }""")
    assert host.is_visible("[data-narration]")
    assert stage_problems(host) == []


def test_a_short_narration_draws_a_short_box(live: Any, browser: Any,
                                              contexts: list[Any]) -> None:
    """Le jeu du Gnou's narration has the rest of the right column to grow into: a move
    of two lines drew its box down to the room panel's button all the same (an empty blue
    panel half the screen high at 1280×720). The box is as tall as its lines; a long one
    still gets the column (test above)."""
    host, _, _phones = open_table(browser, live.url, "gnou", ("Léa", "Sami"), contexts,
                                  PHONE, (1280, 720))
    host.evaluate("""() => {
      const box = document.querySelector('[data-narration]');
      box.innerHTML = '<p class="narration-lead"></p>';
      box.querySelector('.narration-lead').textContent =
        'Léa lance 1 + 2 : le pion va à la case 3.';
      box.hidden = false;
      window.dispatchEvent(new Event('resize'));
    }""")
    sizes = host.evaluate("""() => {
      const box = document.querySelector('[data-narration]');
      const lead = box.querySelector('.narration-lead').getBoundingClientRect();
      const style = getComputedStyle(box);
      const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
      return {box: box.getBoundingClientRect().height, lead: lead.height, padding};
    }""")
    assert sizes["box"] <= sizes["lead"] + sizes["padding"] + 2 * 0.25 * 16 + 2, sizes


#: Where Le jeu du Gnou's projector is checked with its danger card: 1080p and the smaller
#: projectors (their sizes are 1080p's scaled, the page's top bar and margins excepted).
PROJECTORS = ((1920, 1080), (1366, 768), (1280, 720), (1024, 768))

#: The danger card shown, its title, text and way to protect oneself replaced by another
#: card's (the longest of the content), then fitted again as after a frame.
SHOW_CARD = """(card) => {
  const box = document.querySelector('.stage .danger-card');
  box.querySelector('.danger-title').lastChild.textContent = ' ' + card.title;
  box.querySelector('.danger-text').textContent = card.text;
  box.querySelector('.danger-protect').lastChild.textContent = ' ' + card.alternative;
  window.dispatchEvent(new Event('resize'));
}"""

#: What a text element shows: its words on one line (no-break spaces as spaces).
SHOWN = """(selector) => {
  const e = document.querySelector(selector);
  return e && e.checkVisibility() ? e.textContent.replace(/\\s+/g, ' ').trim() : null;
}"""


def _words(text: str) -> str:
    return " ".join(text.split())


#: A teammate's choice to pass a protection on, or not (G5), on a phone.
OFFERED = ('[data-slot="actions"] [data-action*="transmit"], '
           '[data-slot="actions"] [data-action*="decline"]')


def _pending_offer(live: Any, browser: Any, contexts: list[Any], size: tuple[int, int],
                   watching: Callable[[str], list[Any]] = lambda _code: []
                   ) -> tuple[Any, list[Any], Any]:
    """Six players on a projector of ``size``, each protection held by one of the last
    five (a team some turns into the game), played until a danger waits for a teammate to
    pass its protection on (G5): the host page, the phones, the room. ``watching``: the
    pages opened on the room (its code) before the first roll, such as a spectator's."""
    from ludinum.games.gnou.content import PROTECTIONS
    from tests.browser.helpers import click_some_action

    six = ("Léa", "Sami", "Tom", "Inès", "Noé", "Jade")
    host, code, phones = open_table(browser, live.url, "gnou", six, contexts, PHONE, size)
    errors: list[str] = []
    host.on("pageerror", lambda error: errors.append(str(error)))
    room = live.hub.rooms[code]
    assert room.state.step == "roll" and room.state.current == 0
    for seat in range(1, 6):  # before the first roll: the server waits for Léa's
        room.state.prot[seat] = 1 << (seat - 1) % len(PROTECTIONS)
    for page in watching(code):
        page.wait_for_function("() => document.body.dataset.status === 'playing'",
                               timeout=TIMEOUT)
    rng = random.Random(4)
    end = time.monotonic() + 90
    while room.state.step != "offer" and room.status == "playing":
        assert time.monotonic() < end, "no danger came to be passed on"
        for phone in phones:
            # Looked at before each tap too: a teammate's phone shows the offer as soon as
            # the server is in it, and a tap there (decline) took the danger card away
            # before the loop had seen the offer (a flaky run at 1024×768).
            if room.state.step == "offer" or phone.locator(OFFERED).count():
                break
            seq = room.seq
            # Never the offer's own buttons: a CI run's phone drew the offer between the
            # look above and its tap, passed it on, and the game was won before another.
            if click_some_action(phone, rng, avoid=OFFERED):
                # The server has played the tap before the next phone is looked at (on a
                # loaded machine its answer came after click_some_action stopped waiting,
                # and the next phone's tap declined the offer it had just made).
                settle = time.monotonic() + 15
                while room.seq == seq and time.monotonic() < settle:
                    phone.wait_for_timeout(50)
            if room.state.step == "offer":
                break
    assert room.state.step == "offer", (room.status, room.state.step, room.state.result)
    # Three times the usual wait: on a slow machine late in a whole suite the projector's
    # frame once came after 15 s (the offer is the server's state already). A run in CI
    # waited the 45 s in vain: what the projector showed and the room was then are said.
    try:
        host.wait_for_selector(".stage .danger-card", timeout=3 * TIMEOUT)
    except Exception as error:
        shown = host.evaluate("() => [document.body.dataset.status,"
                              " (document.querySelector('.stage [data-slot=spotlight]')"
                              " || {}).innerHTML]")
        raise AssertionError((room.status, room.state.step, room.seq, shown, errors)) from error
    host.wait_for_timeout(300)  # the narration of the move settles
    return host, phones, room


def _card_read_whole(host: Any, size: tuple[int, int], parts: tuple[str, ...]) -> None:
    """The danger card's ``parts`` shown whole on the screen, above the room panel's button,
    at the stage's type; nothing of the stage cut, under the button or scrolling: checked
    again until it holds, for up to :data:`SETTLE_MS` (a slow machine's page was still
    fitting its column and narration after the fixed 300 ms wait), the last failure raised."""
    _settled(host, lambda: _card_whole_now(host, size, parts))


def _settled(host: Any, check: Callable[[], None]) -> None:
    """``check`` (its assertions) again every 100 ms until it holds, for up to
    :data:`SETTLE_MS`; its last failure raised."""
    deadline = time.monotonic() + SETTLE_MS / 1000
    while True:
        try:
            check()
            return
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            host.wait_for_timeout(100)


#: How long a page may take to settle its layout after a change (ms).
SETTLE_MS = 5_000


def _card_whole_now(host: Any, size: tuple[int, int], parts: tuple[str, ...]) -> None:
    """:func:`_card_read_whole`'s check, once."""
    from tests.browser.test_small_projector import stage_problems

    width, height = size
    assert stage_problems(host) == []
    card = host.evaluate(BOX, ".stage .danger-card")
    button = host.evaluate(BOX, ".room-panel > summary")
    assert card is not None and button is not None
    assert on_screen(card, width, height), card
    assert card["bottom"] <= button["top"], (card, button)
    scale = min(height / 1080, width / 1920)
    for part in parts:
        box = host.evaluate(BOX, f".stage .{part}")
        assert box is not None and on_screen(box, width, height), (part, box)
        assert box["font"] >= 28 * scale - 0.1, (part, box)


@pytest.mark.parametrize("size", PROJECTORS, ids=lambda size: "{}x{}".format(*size))
def test_the_danger_card_is_read_whole_on_the_projector(
    size: tuple[int, int], live: Any, browser: Any, contexts: list[Any]
) -> None:
    """Six players, a danger whose protection a teammate may pass on (G5): the projector
    showed the card (title, text, « Comment s'en protéger ? » and its alternative) under
    the six protection lines, in a region that scrolled 174 px at 1280×720 (205 px at
    1366×768, 265 px at 1920×1080) with its first line cut at the screen's bottom. It is
    now in large type where the quiz is (the spotlight), whole, the longest card of the
    content too, and the protections show whole; with the quiz that follows the offer,
    the card's title and how to protect oneself stay whole beside it."""
    from ludinum.games.gnou.content import load_dangers

    host, phones, room = _pending_offer(live, browser, contexts, size)
    met = load_dangers()[room.state.danger]

    def card_shown() -> None:
        assert host.evaluate(SHOWN, ".stage .danger-title") == _words(f"⚠ {met.title}")
        assert host.evaluate(SHOWN, ".stage .danger-text") == _words(met.text)
        assert host.evaluate(SHOWN, ".stage .danger-protect") == _words(
            f"Comment s'en protéger ? {met.alternative}")

    _settled(host, card_shown)
    parts = ("danger-title", "danger-text", "danger-protect")
    _card_read_whole(host, size, parts)
    # The protections under the board, whole; the card is not said there a second time.
    own = host.evaluate(BOX, '.stage [data-slot="board"]')
    assert own is not None and own["scroll"] <= 1, own
    said = _words(host.inner_text('.stage [data-slot="board"]'))
    for name in ("Léa", "Sami", "Tom", "Inès", "Noé", "Jade", "Dispositifs anti-espion"):
        assert name in said, (name, said)
    assert _words(met.title) not in said and _words(met.text) not in said
    longest = max(load_dangers().values(),
                  key=lambda d: len(d.title) + len(d.text) + len(d.alternative))
    host.evaluate(SHOW_CARD, {"title": longest.title, "text": longest.text,
                              "alternative": longest.alternative})
    _card_read_whole(host, size, parts)

    # A teammate passes the protection on: the learner answers alone (G4), the card stays.
    giver = next(p for p in phones
                 if p.locator('[data-slot="actions"] [data-action*="transmit"]').count())
    giver.click('[data-slot="actions"] [data-action*="transmit"]')
    host.wait_for_selector(".stage .quiz", timeout=TIMEOUT)
    host.wait_for_selector(".stage .danger-card", timeout=TIMEOUT)
    host.wait_for_timeout(300)
    assert room.state.step == "answer" and room.state.danger == met.cell
    _card_read_whole(host, size, ("quiz-title", "danger-title", "danger-protect"))
    if size == (1920, 1080):  # room for all of it
        _card_read_whole(host, size, parts)
    host.evaluate(SHOW_CARD, {"title": longest.title, "text": longest.text,
                              "alternative": longest.alternative})
    _card_read_whole(host, size, ("quiz-title", "danger-title", "danger-protect"))
    assert host.evaluate(SHOWN, ".stage .danger-protect") == _words(
        f"Comment s'en protéger ? {longest.alternative}")


@pytest.mark.parametrize("size", ((1366, 768), (1280, 720)),
                         ids=lambda size: "{}x{}".format(*size))
def test_a_player_with_every_protection_keeps_the_protections_whole(
    size: tuple[int, int], live: Any, browser: Any, contexts: list[Any]
) -> None:
    """Six players, one holding all five protections (a long game, turn limit raised): that
    line takes two, and the protections' region scrolled 7 px at 1280×720 (5 px at
    1366×768), its last line cut; the lines now sit without margins between them."""
    from ludinum.games.gnou.content import PROTECTIONS
    from tests.browser.helpers import click_some_action
    from tests.browser.test_small_projector import stage_problems

    six = ("Léa", "Sami", "Tom", "Inès", "Noé", "Jade")
    host, code, phones = open_table(browser, live.url, "gnou", six, contexts, PHONE, size)
    errors: list[str] = []
    host.on("pageerror", lambda error: errors.append(str(error)))
    room = live.hub.rooms[code]
    assert room.state.step == "roll" and room.state.current == 0
    room.state.prot[5] = (1 << len(PROTECTIONS)) - 1  # before Léa's first roll
    assert click_some_action(phones[0], random.Random(1))
    host.wait_for_function(
        "() => document.querySelector('.stage [data-slot=\"board\"]').textContent"
        ".includes('Action citoyenne')", timeout=TIMEOUT)
    host.wait_for_timeout(300)
    own = host.evaluate(BOX, '.stage [data-slot="board"]')
    assert own is not None and own["scroll"] <= 1, own
    said = _words(host.inner_text('.stage [data-slot="board"]'))
    assert "Jade : Dispositifs anti-espion, Logiciels libres, Œuvres sous licence libre, " \
           "Services décentralisés, Action citoyenne" in said, said
    assert stage_problems(host) == []


def test_an_answer_of_two_lines_lines_up_under_its_first_word(
    live: Any, browser: Any, contexts: list[Any]
) -> None:
    """A team quiz's answer too long for one line went on under its letter (« A Oui :
    gratuit et libre veulent dire / exactement la même chose »): its second line now
    starts under its first word, the letter alone in its column."""
    host, _, phones = open_table(browser, live.url, "gnou", ("Léa", "Sami"), contexts, PHONE,
                                 (1280, 720))
    play_until(phones, lambda _: host.locator(".stage .quiz-choices li").count() > 0, 150)
    lines = host.evaluate("""() => {
      const li = document.querySelector('.stage .quiz-choices li');
      const text = li.lastChild;
      const answer = 'Oui : gratuit et libre veulent dire exactement la même chose ';
      text.textContent = ' ' + answer.repeat(3);
      const range = document.createRange();
      range.selectNodeContents(text);
      const rects = [...range.getClientRects()].filter((r) => r.width > 1);
      const letter = li.querySelector('.letter').getBoundingClientRect();
      return {letter: letter.right, lefts: rects.map((r) => Math.round(r.left))};
    }""")
    assert len(lines["lefts"]) >= 2, lines
    assert len(set(lines["lefts"])) == 1, lines  # every line starts where the first does
    assert lines["lefts"][0] >= lines["letter"] - 1, lines


#: Whatever the narration box, a box it must not lie over on the projector: the quiz, the
#: turn banner, the drawing (its cells), the game's text and the room panel's button.
NARRATION_CLEAR = """() => {
  const box = document.querySelector('[data-narration]').getBoundingClientRect();
  const out = [];
  for (const s of ['.stage .quiz', '.stage .status-bar', '.stage .board-svg svg',
                   '.stage [data-slot="board"]', '.room-panel > summary']) {
    const e = document.querySelector(s);
    if (!e || !e.checkVisibility()) continue;
    const b = e.getBoundingClientRect();
    if (b.left < box.right - 1 && box.left < b.right - 1 && b.top < box.bottom - 1 &&
        box.top < b.bottom - 1) out.push(s);
  }
  return out;
}"""


@pytest.mark.parametrize("size", ((1280, 720), (1920, 1080), (1024, 768)),
                         ids=lambda size: "{}x{}".format(*size))
def test_the_longest_quiz_leaves_the_narration_readable(
    size: tuple[int, int], live: Any, browser: Any, contexts: list[Any]
) -> None:
    """The longest question of the content (its four answers too) filled the right column
    of a 1280×720 projector (and of a 1920×1080 one): the narration gave way entirely and
    the room saw nothing of what happened. It now takes the place of the drawing's legend,
    in the stage's type at least (18.7 px at 1280×720), over nothing, the quiz still whole
    above the room panel's button."""
    from ludinum.games.gnou.content import load_bank
    from tests.browser.test_small_projector import stage_problems

    width, height = size
    bank = load_bank()
    longest = max(range(len(bank.questions)), key=lambda i: len(bank.questions[i].question)
                  + sum(len(choice) for choice in bank.questions[i].choices))
    host, code, phones = open_table(browser, live.url, "gnou", ("Léa", "Sami"), contexts,
                                    PHONE, size)
    room = live.hub.rooms[code]
    room.state.piles = [(longest,)] * len(room.state.piles)  # before Léa's first roll
    play_until(phones, lambda _: host.locator(".stage .quiz-choices li").count() > 0, 150)
    question = host.evaluate(SHOWN, ".stage .quiz-question")
    assert question == _words(bank.questions[longest].question)

    def readable() -> None:
        assert stage_problems(host) == []
        lead = host.evaluate(BOX, ".narration-lead")
        assert lead is not None and host.is_visible(".narration-lead"), lead
        assert on_screen(lead, width, height), lead
        assert lead["font"] >= 28 * min(height / 1080, width / 1920) - 0.1, lead
        if size == (1280, 720):
            assert lead["font"] >= 16, lead
        assert host.evaluate(NARRATION_CLEAR) == []
        quiz = host.evaluate(BOX, ".stage .quiz")
        button = host.evaluate(BOX, ".room-panel > summary")
        assert quiz is not None and button is not None
        assert on_screen(quiz, width, height) and quiz["bottom"] <= button["top"], (quiz, button)

    _settled(host, readable)


def test_an_answer_with_a_long_explanation_keeps_its_answer_on_the_projector(
    live: Any, browser: Any, contexts: list[Any]
) -> None:
    """A quiz's answer is narrated with its explanation in one sentence run (« Bonne
    réponse : B. … Explication : … », up to about 450 characters): beside the longest quiz
    of a 1280×720 projector it did not show whole even over the legend, and the narration
    gave way entirely. Its last sentences now give way first: the answer shows, whole."""
    from ludinum.games.gnou.content import load_bank
    from tests.browser.test_small_projector import stage_problems

    bank = load_bank()
    longest = max(range(len(bank.questions)), key=lambda i: len(bank.questions[i].question)
                  + sum(len(choice) for choice in bank.questions[i].choices))
    wordy = max(bank.questions, key=lambda q: len(q.explanation))
    answer = f"Bonne réponse\u00a0: B. {wordy.choices[1]}"
    answer += "" if answer[-1] in ".!?…" else "."
    said = f"{answer} Explication\u00a0: {wordy.explanation}"
    assert len(said) > 300
    host, code, phones = open_table(browser, live.url, "gnou", ("Léa", "Sami"), contexts,
                                    PHONE, (1280, 720))
    room = live.hub.rooms[code]
    room.state.piles = [(longest,)] * len(room.state.piles)  # before Léa's first roll
    play_until(phones, lambda _: host.locator(".stage .quiz-choices li").count() > 0, 150)
    # The narration the page writes (app.js narrate): the answer's line, then a short one.
    host.evaluate("""(said) => {
      const box = document.querySelector('[data-narration]');
      box.innerHTML = '<p class="narration-lead"></p>'
        + '<div class="narration-more"><p>Tour 2 : Sami.</p></div>';
      box.querySelector('.narration-lead').textContent = said;
      box.hidden = false;
      window.dispatchEvent(new Event('resize'));
    }""", said)

    def answered() -> None:
        assert stage_problems(host) == []
        lead = host.evaluate(BOX, ".narration-lead")
        assert lead is not None and host.is_visible(".narration-lead"), lead
        assert on_screen(lead, 1280, 720) and lead["font"] >= 16, lead
        shown = host.evaluate(SHOWN, ".narration-lead")
        assert shown.startswith(_words("Bonne réponse : B.")), shown
        assert _words(said).startswith(shown), shown  # whole sentences, in their order
        assert host.evaluate(NARRATION_CLEAR) == []

    _settled(host, answered)


@pytest.mark.parametrize("size", ((1280, 720), (1920, 1080)),
                         ids=lambda size: "{}x{}".format(*size))
def test_the_answered_quiz_shows_its_whole_explanation_on_the_projector(
    size: tuple[int, int], live: Any, browser: Any, contexts: list[Any]
) -> None:
    """Once a quiz is answered, its question and choices no longer need their room: the
    projector showed nothing of it any more, the answer and its explanation (the point of
    the quiz) told by the narration alone, of which only the first sentence showed beside
    a long quiz at 1280×720. The answered quiz's place now shows the right choice, marked,
    and the whole explanation, the longest of the content, in the stage's type at least,
    nothing cut, above the room panel's button; with the longest question of the content
    too (it gives way first). The phones say the answer and its explanation too (their
    narration, under the decision)."""
    from ludinum.games.gnou.content import load_bank
    from tests.browser.test_small_projector import stage_problems

    width, height = size
    bank = load_bank()
    wordy = max(range(len(bank.questions)), key=lambda i: len(bank.questions[i].explanation))
    asked = bank.questions[wordy]
    longest = max(bank.questions, key=lambda q: len(q.question))
    host, code, phones = open_table(browser, live.url, "gnou", ("Léa", "Sami"), contexts,
                                    PHONE, size)
    room = live.hub.rooms[code]
    room.state.piles = [(wordy,)] * len(room.state.piles)  # before Léa's first roll
    play_until(phones, lambda _: host.locator(".stage .quiz-choices li").count() > 0, 150)
    answerer = next(p for p in phones if p.locator(".actions .answers button").count())
    wrong = (asked.answer + 1) % len(asked.choices)
    answerer.locator(".actions .answers button").nth(wrong).click()
    host.wait_for_function("() => !document.querySelector('.stage .quiz-choices')",
                           timeout=TIMEOUT)
    assert room.state.quiz is None
    scale = min(height / 1080, width / 1920)

    def whole() -> None:
        assert stage_problems(host) == []
        assert host.evaluate(SHOWN, ".stage .answered-explanation") == _words(asked.explanation)
        marked = host.evaluate(SHOWN, ".stage .answered-choice")
        assert marked == _words(
            f"La bonne réponse : ✓ {'ABCD'[asked.answer]} {asked.choices[asked.answer]}"), marked
        button = host.evaluate(BOX, ".room-panel > summary")
        assert button is not None
        for part in ("answered-choice", "answered-explanation"):
            box = host.evaluate(BOX, f".stage .{part}")
            assert box is not None and on_screen(box, width, height), (part, box)
            assert box["scroll"] <= 1 and box["bottom"] <= button["top"], (part, box, button)
            assert box["font"] >= 28 * scale - 0.1, (part, box)

    _settled(host, whole)
    # The longest question of the content in its place: the explanation still whole.
    host.evaluate("""(question) => {
      document.querySelector('.stage .answered-question').textContent = question;
      window.dispatchEvent(new Event('resize'));
    }""", longest.question)
    _settled(host, whole)
    # The phones: the answer's whole line, its explanation with it.
    for phone in phones:
        phone.wait_for_function(
            "(e) => document.querySelector('[data-narration]').textContent.replace(/\\s+/g, ' ')"
            ".includes(e)", arg=_words(asked.explanation)[:60], timeout=TIMEOUT)
        assert phone.is_visible("[data-narration] .narration-lead")
