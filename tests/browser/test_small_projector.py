"""Every game on a small projector — 1280×720 (many classroom projectors are no larger),
1366×768 (the common laptop's) and 1024×768 (the old 4:3 one) — with the most players:
during play nothing of the stage runs past the screen's bottom or lies under the room
panel's button (« Salle : commandes, places et journal »), no text is cut by its box, no
box of the stage scrolls (no one scrolls a projector, so what it hides is not read); at
1280×720, Web Runners' long card message leaves the seats, the piles and the attack under
way readable beside the board; the end screen's score table and its « Revoir la partie
pas à pas » button do not overlap. At 1920×1080 nothing changes (test_layout_fit,
test_projector)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tests.browser.helpers import TIMEOUT, VISIBLE_TEXTS, click_some_action, open_table
from tests.browser.test_phone_screens import PHONE
from tests.browser.test_whole_games import CUT_TEXT

pytestmark = pytest.mark.slow

NAMES = ("Léa", "Sami", "Tom", "Inès", "Noé", "Jade", "Lou")
MOST = {"gnou": 6, "hacker": 7, "voleur": 6, "webrunners": 4}
#: Classroom projectors smaller than 1920×1080: 16:9, the common laptop's 1366×768 and the
#: old 4:3 one.
SMALL = ((1280, 720), (1366, 768), (1024, 768))

#: What of the projector's stage is out of sight: a line of text (outside the drawing)
#: or the drawing past the screen's bottom, a line under the room panel's button, a line
#: that a box which scrolls shows only in part or not at all (no one scrolls a projector:
#: the scroll bar let the danger card under Le jeu du Gnou's protections go unseen).
HIDDEN = """() => {""" + VISIBLE_TEXTS + """
  const out = [];
  const H = window.innerHeight;
  const button = document.querySelector('.room-panel > summary').getBoundingClientRect();
  const stage = document.querySelector('.stage');
  // The box between a text and the stage that scrolls, if any: what it shows of its
  // content (its padding box).
  const scrollView = (el) => {
    for (let a = el; a && a !== stage; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (![s.overflowX, s.overflowY].some((o) => o === 'auto' || o === 'scroll')) continue;
      const r = a.getBoundingClientRect();
      const top = r.top + a.clientTop;
      return {top, bottom: top + a.clientHeight};
    }
    return null;
  };
  for (const {node, text, el} of visibleTexts(stage)) {
    const range = document.createRange();
    range.selectNodeContents(node);
    const seen = scrollView(el);
    for (const b of range.getClientRects()) {
      if (b.width <= 1 || b.height <= 1) continue;
      const what = text.slice(0, 40);
      // Above or below what it shows (a line's box may run past its right edge with the
      // spaces that end it, unseen: a word past that edge scrolls the box, told below).
      if (seen && (b.top < seen.top - 1 || b.bottom > seen.bottom + 1)) {
        out.push('cut by a box that scrolls (' + Math.round(b.top) + '–' +
                 Math.round(b.bottom) + ' in ' + Math.round(seen.top) + '–' +
                 Math.round(seen.bottom) + '): ' + what);
        break;  // its first line out of sight says it
      }
      if (b.bottom > H + 1) out.push('past the bottom (' + Math.round(b.bottom) + '): ' + what);
      if (b.right > button.left && b.left < button.right && b.bottom > button.top + 1 &&
          b.top < button.bottom) out.push('under the button: ' + what);
    }
  }
  for (const svg of document.querySelectorAll('.stage .board-svg svg')) {
    const b = svg.getBoundingClientRect();
    if (b.height > 1 && b.bottom > H + 1) out.push('the drawing ends at ' + Math.round(b.bottom));
  }
  return [...new Set(out)];
}"""

#: Every box of the stage that scrolls, and by how much (px): none should.
SCROLLING = """() => {
  const out = [];
  for (const el of document.querySelectorAll('.stage *')) {
    const s = getComputedStyle(el);
    if (![s.overflowX, s.overflowY].some((o) => o === 'auto' || o === 'scroll')) continue;
    const by = Math.max(el.scrollHeight - el.clientHeight, el.scrollWidth - el.clientWidth);
    if (by > 1) {
      const name = el.dataset.slot ? '[data-slot=' + el.dataset.slot + ']'
                                   : el.className || el.tagName;
      out.push(name + ' scrolls by ' + by + ' px');
    }
  }
  return out;
}"""

#: How much of the game's own text its region hides (it scrolls), in px.
TEXT_HIDDEN = """() => {
  const own = document.querySelector('.stage [data-slot="board"]');
  return own.scrollHeight - own.clientHeight;
}"""


def small_table(live: Any, browser: Any, contexts: list[Any], game: str, players: int,
                options: dict[str, str] | None = None,
                viewport: tuple[int, int] = (1280, 720)) -> tuple[Any, list[Any], Any]:
    """A small projector (1280×720 unless ``viewport``) and one phone per player, the game
    started."""
    host, code, phones = open_table(browser, live.url, game, NAMES[:players], contexts, PHONE,
                                    viewport, options)
    host.wait_for_function("() => !document.querySelector('[data-room-panel]').open",
                           timeout=TIMEOUT)
    return host, phones, live.hub.rooms[code]


def stage_problems(host: Any) -> list[str]:
    found: list[str] = host.evaluate(HIDDEN)
    found += host.evaluate(SCROLLING)
    found += [f"cut: {t}" for t in host.evaluate(CUT_TEXT, False)]
    if host.evaluate("() => document.documentElement.scrollHeight > window.innerHeight"):
        found.append("the page scrolls")
    return found


@pytest.mark.parametrize("size", SMALL, ids=lambda size: "{}x{}".format(*size))
@pytest.mark.parametrize("game", sorted(MOST))
def test_the_stage_fits_a_small_projector(
    game: str, size: tuple[int, int], live: Any, browser: Any, contexts: list[Any]
) -> None:
    """The first turns of each game with its most players, checked after every tap."""
    host, phones, room = small_table(live, browser, contexts, game, MOST[game], None, size)
    rng = random.Random(7)
    end = time.monotonic() + 60
    taps = 0
    while taps < 18 and time.monotonic() < end and room.status == "playing":
        for phone in phones:
            if room.status != "playing":
                break
            click_some_action(phone, rng)
            taps += 1
            host.wait_for_timeout(200)  # the narration settles
            found = stage_problems(host)
            assert not found, (taps, found)
    assert taps >= 6


#: A card's long message, as Web Runners narrates a card played (its prevention text).
WHITE_HAT = ("White Hat (Contre-surveillance, riposte) : « Vérifie quelles applis ont accès à "
             "ta position, à ton micro et à ta caméra, et coupe ce qui ne sert pas. Ne partage"
             " ta position qu'avec ta famille ou des adultes de confiance, jamais avec "
             "quelqu'un rencontré en ligne. Change tes codes si quelqu'un les connaît. »")


def test_web_runners_long_message_leaves_the_seats_readable(
    live: Any, browser: Any, contexts: list[Any]
) -> None:
    """Four players at 1280×720: a card's long message beside the board used to push the
    game's text (seats, piles, « … peut répondre à l'attaque ») into a scroll ending at
    640 px; the message now gives way (its secondary lines, then under the board), and
    the game's text shows whole, at the next frame too."""
    host, phones, room = small_table(live, browser, contexts, "webrunners", 4)
    rng = random.Random(3)
    end = time.monotonic() + 120
    while time.monotonic() < end and room.status == "playing":
        if "répondre à l" in host.inner_text('.stage [data-slot="board"]'):
            break
        for phone in phones:
            click_some_action(phone, rng)
    else:
        pytest.skip("no attack came")
    narrate(host, WHITE_HAT, ["Léa répond avec Contre-surveillance, riposte : retour à "
                              "l'envoyeur !", "Léa pioche 5 cartes (Surveillance)."])
    assert host.evaluate(TEXT_HIDDEN) <= 1
    assert host.locator(".narration-lead").is_visible()
    assert stage_problems(host) == []
    # Not shrunk past the stage's type (28 px at 1080p).
    assert host.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('.narration-lead'))"
        ".fontSize)") >= 28 * 720 / 1080 - 0.1
    # The card's message under a short lead, as a card played is narrated: it gives way,
    # and stays away at the next frame (a resize fits the narration the same way). Measured
    # with the lines the last fit hid, the seats looked as if they fitted, and the message
    # came back over them (103 px of the seats hidden, met in play).
    narrate(host, "Léa joue la carte « White Hat » et va sur la case 5 du cercle 2.",
            [WHITE_HAT])
    for _ in range(2):
        assert host.evaluate(TEXT_HIDDEN) <= 1
        assert stage_problems(host) == []
        host.evaluate("() => window.dispatchEvent(new Event('resize'))")


def narrate(host: Any, lead: str, more: list[str]) -> None:
    """The projector's narration box showing ``lead`` then the lines ``more``, fitted as
    app.js fits it after a frame."""
    host.evaluate("""([lead, more]) => {
      const box = document.querySelector('[data-narration]');
      box.innerHTML = '<p class="narration-lead"></p><div class="narration-more"></div>';
      box.querySelector('.narration-lead').textContent = lead;
      for (const text of more) {
        const line = document.createElement('p');
        line.textContent = text;
        box.querySelector('.narration-more').appendChild(line);
      }
      box.hidden = false;
      window.dispatchEvent(new Event('resize'));
    }""", [lead, more])


def test_a_long_narration_ends_above_the_room_panels_button(
    live: Any, browser: Any, contexts: list[Any]
) -> None:
    """A trip of many viruses (Hacker) narrates a line per virus: the box ended under the
    room panel's button; now the right column stops above it and the lines give way."""
    host, _, _ = small_table(live, browser, contexts, "hacker", 4)
    host.wait_for_selector('[data-slot="map"] svg', timeout=TIMEOUT)
    narrate(host, "Un virus apparaît sur le compte 7 (trajet de Léa).",
            [f"Un virus apparaît sur le compte {i} (trajet de Léa)." for i in range(1, 11)])
    assert stage_problems(host) == []
    narration = host.locator("[data-narration]").bounding_box()
    button = host.locator(".room-panel > summary").bounding_box()
    assert narration is not None and button is not None
    assert narration["y"] + narration["height"] <= button["y"], (narration, button)


def test_the_end_screen_fits_a_1280_by_720_projector_with_six_players(
    live: Any, browser: Any, contexts: list[Any]
) -> None:
    """Six players' scores at 1280×720: the table ran out of its box, off the screen, under
    « Revoir la partie pas à pas »; now the button sits under the lessons, the table whole."""
    host, phones, room = small_table(live, browser, contexts, "voleur", 6, {"rounds": "4"})
    rng = random.Random(5)
    end = time.monotonic() + 240
    while room.status == "playing" and time.monotonic() < end:
        for phone in phones:
            click_some_action(phone, rng)
    host.wait_for_function("() => document.body.dataset.status === 'finished'",
                           timeout=TIMEOUT)
    host.wait_for_selector(".debrief .scores", timeout=TIMEOUT)
    table = host.locator(".debrief .scores").bounding_box()
    replay = host.locator(".debrief .replay-link .button").bounding_box()
    button = host.locator(".room-panel > summary").bounding_box()
    assert table is not None and replay is not None and button is not None
    apart = (table["y"] + table["height"] <= replay["y"] or
             replay["x"] >= table["x"] + table["width"])
    assert apart, (table, replay)
    assert table["y"] + table["height"] <= 720
    assert replay["y"] + replay["height"] <= button["y"], (replay, button)
    assert host.evaluate(CUT_TEXT, False) == []
    assert host.evaluate("() => document.documentElement.scrollHeight") <= 720


def test_a_race_s_positions_fit_the_end_screen_of_a_1280_by_720_projector(
    live: Any, browser: Any, contexts: list[Any]
) -> None:
    """A race's end (Web Runners stopped by its round limit) names where each pawn stopped,
    « la case 23 du cercle 1 », beside a long nickname: the position's column was squeezed
    to a word a line, four lines a row, and the last rows ran off the screen; now every
    row is whole on screen, each position on two lines at most."""
    names = ("Léa", "Noé", "Inès", "Maxime-Alexandre")
    host, _, phones = open_table(browser, live.url, "webrunners", names, contexts, PHONE,
                                 (1280, 720), {"max_rounds": "5"})
    rng = random.Random(5)
    end = time.monotonic() + 240
    while host.evaluate("() => document.body.dataset.status") == "playing" \
            and time.monotonic() < end:
        for phone in phones:
            click_some_action(phone, rng)
    host.wait_for_function("() => document.body.dataset.status === 'finished'",
                           timeout=TIMEOUT)
    host.wait_for_selector(".debrief .scores td", timeout=TIMEOUT)
    rows = host.evaluate("""() => [...document.querySelectorAll('.debrief .scores tbody td')]
      .map((td) => {
        const r = td.getBoundingClientRect();
        const line = parseFloat(getComputedStyle(td).lineHeight);
        const range = document.createRange();
        range.selectNodeContents(td);
        const lines = new Set([...range.getClientRects()].map((b) => Math.round(b.top)));
        return {text: td.textContent, bottom: r.bottom, lines: lines.size, line};
      })""")
    assert len(rows) == 4
    for row in rows:
        assert row["bottom"] <= 720, row
        assert row["lines"] <= 2, row
    assert host.evaluate(CUT_TEXT, False) == []
    assert host.evaluate("() => document.documentElement.scrollHeight") <= 720
