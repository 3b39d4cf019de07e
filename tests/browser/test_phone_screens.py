"""Issue 21 on a phone (390×844, touch): the primary decision is above the fold, nothing
overflows sideways, no raw field name or id is printed; the Gnou question comes before its
answers (large buttons with the answer's text, the hint apart) and a Hacker pupil drops a
virus by tapping the account on the table."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from ludinum.games.hacker.base import queued_account
from tests.browser.helpers import click_some_action, enlarges_the_board, open_table, raw_words
from tests.reading import plain_spaces

pytestmark = pytest.mark.slow

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def check_screen(page: Any) -> None:
    """The screen's rendered text has no raw data and nothing overflows horizontally."""
    found = raw_words(page.inner_text("main"))  # field names, ids, Python values…
    assert not found, found
    overflow = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{overflow} px of horizontal overflow"


def above_the_fold(page: Any, selector: str) -> bool:
    """The element is on the first screen of the page (whatever the page's scroll)."""
    for _ in range(20):  # asked again if a fragment was swapped under the query
        bottom: float | None = page.locator(selector).first.evaluate(
            "e => e.isConnected ? e.getBoundingClientRect().bottom + window.scrollY : null")
        if bottom is not None:
            return bottom <= 844
        page.wait_for_timeout(50)
    raise AssertionError(f"{selector} never stayed on the page")


@pytest.fixture
def table(live: Any, browser: Any) -> Iterator[Callable[[str], tuple[str, list[Any]]]]:
    contexts: list[Any] = []

    def opened(game: str) -> tuple[str, list[Any]]:
        _, code, phones = open_table(browser, live.url, game, ("Léa", "Sami", "Tom"),
                                     contexts, PHONE)
        return code, phones

    yield opened
    for context in contexts:
        context.close()


class GameOver(AssertionError):
    """The game ended before the screen :func:`play_until` looked for came (a random game
    need not meet every situation: a test may play another one)."""


def play_until(phones: list[Any], found: Callable[[Any], bool], seconds: float,
               avoid: str = "") -> Any:
    """Tap random actions on the phones until one of them shows what ``found`` looks for
    (checking every screen on the way); returns that phone."""
    rng = random.Random(21)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for page in phones:
            if found(page):
                return page
        if all(p.evaluate("() => document.body.dataset.status") == "finished" for p in phones):
            raise GameOver("the game ended before the screen looked for came")
        for page in phones:
            check_screen(page)
            if not (avoid and page.locator(avoid).count()):
                click_some_action(page, rng)
    raise AssertionError("the screen looked for never came")


def test_gnou_question_before_its_answers(table: Any) -> None:
    _, phones = table("gnou")
    phone = play_until(phones, lambda p: p.locator(".actions .answers button").count() > 0,
                       120)
    check_screen(phone)
    question = phone.locator(".quiz-question").first.bounding_box()
    answers = phone.locator(".actions .answers button")
    first = answers.first.bounding_box()
    assert question is not None and first is not None
    assert question["y"] + question["height"] <= first["y"]  # the question comes first
    labels = answers.all_inner_texts()
    assert all(re.match(r"[A-D]\. \S", label) for label in labels), labels
    assert not [label for label in labels if "Répondre" in label]
    assert above_the_fold(phone, ".actions .answers button >> nth=-1")
    assert first["height"] >= 48  # a large touch target
    # The hint is never one of the answers.
    assert phone.locator(".actions .answers button.secondary").count() == 0


def test_hacker_tap_an_account_to_drop_a_virus(table: Any, live: Any) -> None:
    code, phones = table("hacker")

    def drop_prompt(page: Any) -> bool:
        return "poser un virus" in page.inner_text('[data-slot="actions"]')

    phone = play_until(phones, drop_prompt, 120)
    check_screen(phone)
    tiles = phone.locator("button.account-tile")
    assert tiles.count() >= 1
    assert above_the_fold(phone, "button.account-tile")
    # Each row names its owner by nickname next to the colour's shape and number.
    owners = phone.locator(".account-owner").all_inner_texts()
    assert any("Léa" in o for o in owners) and any("Sami" in o for o in owners)
    tile = tiles.first
    label = tile.locator(".visually-hidden").inner_text()  # what a screen reader says
    number = tile.locator(".tile-no").inner_text()
    account = int(re.sub(r"\D", "", number)) - 1
    assert f"compte {account + 1}" in label and "virus" in label
    room = live.hub.rooms[code]
    assert room.config.options["trip_seconds"] == 0  # a room « tour par tour » (H3)

    def dropped() -> int:  # landed, or ready to land when the turn-based trip ends
        state = room.state
        return len(state.stacks[account]) + sum(
            queued_account(x) == account for x in state.pending)

    before = dropped()
    tile.tap()  # the same action the old « Poser un virus sur le compte N » button sent
    deadline = time.monotonic() + 5
    while dropped() == before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert dropped() == before + 1


def test_webrunners_targets_are_people_with_their_character(table: Any) -> None:
    _, phones = table("webrunners")
    # The people to aim at, as a decision of its own (an attack played, Influenceuse's
    # power), not a card's targets still folded under it in the hand (« Touche une carte
    # pour la jouer. »: the test once read that prompt when a folded card was found).
    phone = play_until(phones, lambda p: p.locator(".actions .targets button.target").count() > 0,
                       180)
    check_screen(phone)
    targets = phone.locator(".actions .targets button.target").all_inner_texts()
    assert targets and not [t for t in targets if "Joueur" in t], targets
    characters = ("White Hat", "Influenceuse", "Cyber-activiste", "Geekcolo")
    for target in targets:
        assert any(n in target for n in ("Léa", "Sami", "Tom")), target
        assert any(c in target for c in characters), target
    # with what, and what happens next
    prompt = " ".join(phone.locator(".actions .prompt").all_inner_texts())
    assert ("Tu attaques avec «\u202f" in prompt and "Effet\u00a0: la cible" in prompt) or (
        "Pouvoir Influenceuse\u00a0: touche un voisin pour lui prendre une carte" in prompt
    ), prompt
    assert above_the_fold(phone, ".actions .targets button.target")


def last_action(live: Any, room: Any, before: int) -> dict[str, Any] | None:
    """The action the server applied next after the room's version ``before`` (as stored)."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        found = [data for seq, _, data in live.hub.store.actions(room.id) if seq == before + 1]
        if found:
            return found[0]
        time.sleep(0.05)
    return None


def focus_is_kept(page: Any) -> bool:
    """After a frame swapped the decision, the focus is not back at the top of the page."""
    return bool(page.evaluate(
        "() => document.activeElement !== document.body && document.activeElement !== null"))


def test_voleur_hand_is_cards_tapped_then_their_target(table: Any, live: Any) -> None:
    code, phones = table("voleur")
    room = live.hub.rooms[code]
    phone = play_until(phones, lambda p: p.locator(".actions button[data-card]").count() > 0,
                       120)
    check_screen(phone)
    cards = phone.locator(".actions button[data-card]")
    first = cards.first
    # A card: its family's symbol and name in words (never the colour alone), its title.
    assert first.locator(".card-symbol").inner_text().strip() in ("▤", "⚔", "✔")
    assert first.locator(".card-family").inner_text().strip()
    assert first.locator(".card-title").inner_text().strip()
    assert above_the_fold(phone, ".actions button[data-card]")
    # Nothing to aim at before a card is chosen; the card's targets once it is tapped.
    assert phone.locator(".actions .card-targets button.act:visible").count() == 0
    ident = first.get_attribute("data-card")
    first.tap()
    assert first.get_attribute("aria-pressed") == "true"
    targets = phone.locator(f'.card-targets[data-for="{ident}"] button.act')
    assert targets.count() >= 1 and targets.first.is_visible()
    assert focus_is_kept(phone)  # on the first target, for a keyboard
    others = phone.locator(f'.card-targets:not([data-for="{ident}"]) button.act:visible')
    assert others.count() == 0
    target = targets.first
    sent = json.loads(target.get_attribute("data-action") or "{}")
    assert sent.get("card") == ident and target.get_attribute("data-target")
    before = room.seq
    seq = phone.eval_on_selector("body", "b => b.dataset.seq")
    target.tap()
    assert last_action(live, room, before) == sent  # the tap played that card there
    phone.wait_for_function(f"() => document.body.dataset.seq !== '{seq}'", timeout=5000)
    assert focus_is_kept(phone)
    check_screen(phone)


def test_voleur_hidden_measures_stay_backs_and_letting_an_attack_through_asks(
    table: Any, live: Any
) -> None:
    def defending(page: Any) -> bool:
        return page.locator(".actions [data-confirm]").count() > 0

    for attempt in range(3):  # a random game may end before an attack on a phone
        code, phones = table("voleur")
        try:
            phone = play_until(phones, defending, 240, avoid=".actions [data-confirm]")
            break
        except GameOver:
            if attempt == 2:
                raise
    check_screen(phone)
    # The attack card is drawn; the measure that counters it is a card to tap.
    assert phone.locator(".actions .prompt.attacked .card-tile").count() == 1
    assert phone.locator(".actions button.card-tile.act").count() >= 1
    # Its explanation is said once, where the child chooses: not again in the narration
    # under it (V4); the other phones, which have no such box, narrate it.
    explanation = phone.inner_text(".actions .prompt.attacked .effect")
    assert len(explanation) > 40
    assert explanation not in phone.inner_text("main [data-narration]")
    for other in phones:
        if other is not phone:
            other.wait_for_function(
                "(t) => document.querySelector('[data-narration]').textContent.includes(t)",
                arg=explanation, timeout=5000)
    room = live.hub.rooms[code]
    before = room.seq
    phone.locator(".actions [data-confirm]").first.tap()
    box = phone.locator(".confirm-box")
    assert box.is_visible() and "L'attaque réussira" in box.inner_text().replace("\u2019", "'")
    phone.locator(".confirm-box .confirm-no").tap()
    assert phone.locator(".confirm-box").count() == 0
    assert room.seq == before  # « Non » sent nothing
    phone.locator(".actions [data-confirm]").first.tap()
    phone.locator(".confirm-box .confirm-yes").tap()
    assert last_action(live, room, before) == {"kind": "let_through"}


def test_hacker_done_asks_first(table: Any, live: Any) -> None:
    code, phones = table("hacker")
    room = live.hub.rooms[code]
    phone = play_until(phones, lambda p: p.locator('.actions [data-confirm]').count() > 0, 120,
                       avoid=".actions [data-confirm]")
    check_screen(phone)
    done = phone.locator(".actions [data-confirm]").first
    assert "J'ai fini" in done.inner_text()
    before = room.seq
    done.tap()
    question = phone.locator(".confirm-box .confirm-question")
    assert "vraiment fini" in question.inner_text()
    assert above_the_fold(phone, ".confirm-box .confirm-yes")
    assert room.seq == before  # nothing sent yet
    phone.locator(".confirm-box .confirm-yes").tap()
    assert last_action(live, room, before) == {"kind": "done"}


#: Each card tile of a phone's hand: its title (without its count) and whether it shows a
#: portrait.
HAND_TILES = """() => [...document.querySelectorAll('.actions .hand .card-tile')].map((t) => [
  t.querySelector('.card-title').firstChild.textContent,
  !!t.querySelector('img.card-portrait')])"""


def hand_tiles(page: Any) -> list[tuple[str, bool]]:
    """:data:`HAND_TILES` of ``page``, each title with plain spaces and trimmed: as the kit
    gives it."""
    return [(plain_spaces(title).strip(), shown) for title, shown in page.evaluate(HAND_TILES)]


def test_webrunners_hand_is_cards_with_their_speaker(table: Any) -> None:
    """A named card of the hand shows its speaker's portrait (W16), a card without a
    name none. A hand may hold no named card (15 move cards and 5 bridges of 75 have
    none: 1 hand in 250 where a card may be played, in random play): play goes on until
    a hand with a card to play by one tap holds one."""
    from ludinum.games import get_game
    from ludinum.server.kits import kit

    faces = kit(get_game("webrunners"), "fr")["faces"].values()
    named = {plain_spaces(f["title"]).strip() for f in faces if f.get("portrait")}
    _, phones = table("webrunners")
    cards = ".actions .hand .card-tile"

    def named_card_to_play(page: Any) -> bool:
        # A card played by one tap (``.act``; a card with several moves is picked first).
        return page.locator(f"{cards}.act").count() > 0 and any(
            title in named for title, _ in hand_tiles(page))

    phone = play_until(phones, named_card_to_play, 180)
    check_screen(phone)
    symbols = phone.locator(f"{cards} .card-symbol").all_inner_texts()
    assert symbols and set(symbols) <= {"→", "P", "⚡", "↩"}, symbols
    tiles = hand_tiles(phone)
    # A character speaks on each named card, and only there.
    assert [(title, shown) for title, shown in tiles if shown != (title in named)] == [], tiles
    assert above_the_fold(phone, f"{cards}:not(.idle)")
    # A card is played by one tap: the card says what it does there.
    playable = phone.locator(f"{cards}.act")
    assert playable.count() >= 1 and playable.first.locator(".card-note").inner_text()


@pytest.mark.parametrize("game", ["gnou", "hacker", "voleur", "webrunners"])
def test_set_up_form_says_every_value_in_words(game: str, live: Any, browser: Any) -> None:
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(f"{live.url}/new/{game}")
        check_screen(page)
        listed = page.locator("form.options option").all_inner_texts()
        units = page.locator("form.options .unit").all_inner_texts()
        for text in listed + units:
            assert not raw_words(text) and not re.search(r"\b(?:true|false)\b", text), text
        for text in listed:  # a value in words starts with a capital or a number
            assert not re.fullmatch(r"[a-z_]+", text.strip()), text  # an internal value
        assert "de Le " not in page.inner_text("main")
    finally:
        context.close()


def test_the_phones_board_is_enlarged_on_demand(table: Any) -> None:
    """The drawn board is a miniature on a phone: « Agrandir le plateau » shows it full
    screen, wide enough to read its smallest text, moved around with a finger; « Fermer le
    plateau » brings the page back as it was."""
    _, phones = table("voleur")
    phone = phones[0]
    phone.wait_for_selector('[data-slot="map"] svg', timeout=15_000)
    enlarges_the_board(phone, 390)


def test_a_line_only_you_see_is_marked_by_a_badge(table: Any) -> None:
    """A journal line only this phone sees (a Hacker traveller's bill) is marked « Pour
    toi » as a badge before it, not « Pour toi : » run into its sentence, whose capital
    would then be wrong (« Pour toi : Tu rapportes un billet… »)."""
    _, phones = table("hacker")
    found = "() => document.querySelectorAll('.log li.private').length > 0"
    phone = play_until(phones, lambda p: bool(p.evaluate(found)), 150)
    mark = phone.evaluate("""() => {
      const li = document.querySelector('.log li.private');
      const before = getComputedStyle(li, '::before');
      return [before.content, before.backgroundColor, li.textContent];
    }""")
    content, background, text = mark
    assert content == '"Pour toi"', mark
    assert background not in ("rgba(0, 0, 0, 0)", "transparent"), mark  # a badge
    assert text[:1].isupper(), mark  # the line's own sentence, whole
    # The journal's lines keep clear of its right border: its words ran into it.
    gaps = phone.evaluate("""() => [...document.querySelectorAll('.log')]
      .filter((log) => log.checkVisibility()).map((log) => {
        // the inner edge of its right border, or of its scroll bar
        const edge = log.getBoundingClientRect().left + log.clientLeft + log.clientWidth;
        return edge - log.querySelector('li').getBoundingClientRect().right;
      })""")
    assert gaps and min(gaps) >= 8, gaps


def test_the_host_screen_on_a_phone_does_not_overflow(live: Any, browser: Any) -> None:
    # One device passed around the table (pass-and-play) may be a phone: its host screen
    # was 474 px wide at 390 px, the join address « http://…/j/CODE » in one unbroken line.
    from tests.browser.helpers import create_room

    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        create_room(page, live.url, "gnou", 3)
        check_screen(page)
    finally:
        context.close()


#: For each of ``words``, how many lines ``selector``'s text draws it on (the distinct tops
#: of its characters' boxes), measured where it first appears in that text.
LINES_OF = """([selector, words]) => {
  const el = document.querySelector(selector);
  const nodes = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n);
  const text = nodes.map((n) => n.data).join('');
  const out = {};
  for (const word of words) {
    const at = text.indexOf(word);
    if (at < 0) { out[word] = 0; continue; }
    const tops = new Set();
    let start = 0;
    for (const n of nodes) {
      for (let i = 0; i < n.data.length; i++) {
        const k = start + i;
        if (k < at || k >= at + word.length || !n.data[i].trim()) continue;
        const r = document.createRange();
        r.setStart(n, i); r.setEnd(n, i + 1);
        tops.add(Math.round(r.getBoundingClientRect().top));
      }
      start += n.data.length;
    }
    out[word] = tops.size;
  }
  return out;
}"""


@pytest.mark.parametrize("winners", [["Anne-Sophie"], ["Jean-Baptiste"],
                                     ["Léa", "Anne-Sophie"], ["Marie-Hélène", "Jean-Baptiste"],
                                     ["Tom", "Jean-Baptiste"]])
def test_a_hyphenated_nickname_is_never_cut(winners: list[str], live: Any, browser: Any
                                            ) -> None:
    """« Victoire d'Anne- / Sophie ! » on a phone's end screen (390×844): a nickname was cut
    at its hyphen. Each nickname is now kept on one line (render.py: nick, app.css: .nick),
    in the end screen's headline (frag/outcome.html as the server renders it, in the
    phone's own page and style sheet) and in the lines of the game's story the page writes
    (draw.js: nicks)."""
    from ludinum.server import render

    names = ["Maximilien", *winners]
    outcome = render.environment("fr").get_template("frag/outcome.html").render(
        outcome={"team": False, "winners": list(range(1, len(names)))}, names=names,
        ending=None)
    from tests.browser.helpers import create_room, join

    host_context = browser.new_context()
    context = browser.new_context(**PHONE)
    try:
        code = create_room(host_context.new_page(), live.url, "gnou", 3)
        page = context.new_page()
        join(page, live.url, code, winners[0])  # the phone's own page, draw.js and all
        lines = page.evaluate("""([outcome, names]) => {
          const d = document.createElement('section');
          d.className = 'debrief card'; d.id = 'end'; d.innerHTML = outcome;
          document.querySelector('main').prepend(d);
          const t = document.createElement('div');
          t.className = 'game-text'; t.id = 'story';
          const said = `${names[1]} lance le dé et avance de 2 cases, puis ${names.at(-1)} répond.`;
          t.innerHTML = '<p class="narration-lead">' + (window.Ludinum && Ludinum.draw
            ? Ludinum.draw.nicks(Ludinum.draw.escape(said), names) : said) + '</p>';
          document.querySelector('main').prepend(t);
          return null; }""", [outcome, names])
        assert lines is None
        assert page.evaluate("() => !!(window.Ludinum && Ludinum.draw)"), "draw.js not loaded"
        for selector in ("#end .winner", "#story p"):
            font = page.evaluate(f"() => getComputedStyle(document.querySelector('{selector}'))"
                                 ".fontSize")
            counted = page.evaluate(LINES_OF, [selector, winners])
            assert all(n == 1 for n in counted.values()), (selector, font, counted)
    finally:
        context.close()
        host_context.close()
