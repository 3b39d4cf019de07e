"""The Web Runners board read from the back of a classroom and on a phone. Measured on a
1920×1080 projector, the centre's word « CENTRE » was 15.5 px and the pawns' numbers
17.8 px (the cells' numbers, 24.7 px); pawns sharing a cell sat on its corners, the cell's
label drawn again above them hid their numbers. The centre's word and the pawns' numbers
now read at 24 px at least (READ_PX), the pawns sit around their cell clear of its label
and of one another, and the enlarged phone board's cell numbers read at 12 px at least.

On a 1280×720 projector (many classrooms' own) the stage left the board a fixed room
(``100vh - 17rem``, 448 px): its labels, « CENTRE » included, read at 13.4 px. The board
now takes the height its legend leaves it (app.js: fitBoard, ``--board-h``), the page's top
bar as much smaller as the projector's sizes, less the room a long narration takes under
it: every word of the board read at 15.2 px there, under the 16 px the projector promises
at 1280×720 (two thirds of 24); its words are now drawn at 29 units, not 27 (board.js:
LABEL), 16.3 px there (27.2 px at 1920×1080), the legend's last line above the stage's
bottom. At the
end of a game the winner's pawn stood on the centre's disc, over « CENTRE »: it now stands
where the flag is, the word read under it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.browser.test_layout_fit import paused_table

pytestmark = pytest.mark.slow

#: The projector's least size of a text that carries meaning, in px (1920×1080).
READ_PX = 24
#: The same on a 1280×720 projector, where the board leaves a long narration its room
#: under it (172 px, app.js: fitNarration): two thirds of READ_PX (the projector's sizes
#: scale with the screen, app.css ``--px``), as the other games' boards there
#: (tests/browser/test_layout_fit.py). It was 15 while the words read at 15.2 px.
SMALL_READ_PX = 16
#: The enlarged phone board's least size of a cell's number, in px (390×844).
PHONE_PX = 12

NAMES = ["Anne-Sophie", "Léa", "Jean-Baptiste", "Tom"]

#: Every text of the board's two layers in ``root`` (``html`` drawn first as the moving
#: layer, if given): its text, its size in px (its font size scaled by the SVG's viewBox
#: to the screen) and its box, for the pawns' numbers, the cells' labels and the centre's
#: words; and what the screen shows on top of the glyphs of each (points across the glyphs'
#: part of its box, ``document.elementFromPoint``): the labels a pawn covers, the pawns'
#: numbers another pawn covers (the labels drawn again above the turn ring set aside; a
#: turn ring's dashes cover nothing).
TEXTS = """([root, html]) => {
  const slot = document.querySelector(root + ' [data-slot="map"]');
  if (html) {
    // Laid out as the page lays it out (app.js: fitBoard, on a resize): the drawing's
    // room measured with this board's legend under it, which a redraw of the page's own
    // board replaces; then this board again, in that room.
    slot.innerHTML = html;
    if (root) window.dispatchEvent(new Event('resize'));
    slot.innerHTML = html;
  }
  const box = (e) => { const b = e.getBoundingClientRect();
    return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; };
  const size = (t) => { const m = t.getScreenCTM();
    return parseFloat(t.getAttribute('font-size')) * Math.hypot(m.a, m.b); };
  const under = (t) => { const b = t.getBoundingClientRect(), out = [];
    for (const fx of [0.15, 0.5, 0.85]) for (const fy of [0.3, 0.55, 0.8]) {
      const hit = document.elementFromPoint(b.left + fx * b.width, b.top + fy * b.height);
      if (hit && !hit.hasAttribute('stroke-dasharray')) out.push(hit.closest('.token'));
    }
    return out; };
  const again = [...slot.querySelectorAll('.cell-label')];
  again.forEach((t) => { t.style.display = 'none'; });
  const ground = document.querySelector(root + ' .board-ground');
  const tokens = [...slot.querySelectorAll('.token')];
  const out = {
    pawns: tokens.map((g) => {
      const t = g.querySelector('text');
      return {text: t.textContent, px: size(t), box: box(t),
              covered: under(t).some((hit) => hit && hit !== g)};
    }),
    labels: [...ground.querySelectorAll('g.cell > text:first-of-type')].map((t) => (
      {text: t.textContent, px: size(t), box: box(t), covered: under(t).some((hit) => hit)})),
    costs: [...ground.querySelectorAll('g.cell > text:nth-of-type(2)')].map((t) => (
      {text: t.textContent, px: size(t)})),
    centre: [...ground.querySelectorAll(':scope > text')].map((t) => (
      {text: t.textContent, px: size(t), box: box(t), covered: under(t).some((hit) => hit)})),
    disc: box(ground.querySelector(':scope > circle:last-of-type')),
    // the lowest line under the drawing, and where the stage ends (nothing under it)
    end: Math.max(...[...slot.querySelectorAll('svg ~ *')].map((e) =>
      e.getBoundingClientRect().bottom)),
    stage: root ? document.querySelector(root).getBoundingClientRect().bottom : Infinity,
  };
  again.forEach((t) => { t.style.display = ''; });
  return out;
}"""


def played(players: int, seed: int, steps: int, narrow: bool = False) -> list[str]:
    """Public boards of a game of ``players`` played at random, every 25 steps."""
    from ludinum.games import registry
    from tests.server.test_boards import draw

    game = registry().get("webrunners")
    state = game.setup(game.make_config(players=players, seed=seed))
    rng = random.Random(seed)
    out = [draw(game, state.view(None), names=NAMES[:players], narrow=narrow)]
    for step in range(steps):
        if state.is_terminal():
            break
        seat = rng.choice(state.active_players())
        state.apply(seat, rng.choice(list(state.legal_actions(seat))))
        if step % 25 == 24:
            out.append(draw(game, state.view(None), names=NAMES[:players], narrow=narrow))
    return out


def crowds(players: int) -> list[str]:
    """Boards with every pawn on one cell (START, a numbered, coloured or bridge cell of
    each circle, the inner circle), and pawns on neighbouring cells of two circles."""
    from ludinum.games import registry
    from tests.server.test_boards import draw

    game = registry().get("webrunners")
    view = game.setup(game.make_config(players=players, seed=1)).view(None)
    spots = [[[1, 0]] * players, [[1, 5]] * players, [[2, 9]] * players,
             [[3, 6]] * players, [[4, 5]] * players, [[4, 10]] * players,
             [[1, 0], [2, 0], [3, 0], [4, 1]][:players], [[1, 3], [1, 3], [2, 2], [2, 3]][:players]]
    boards = [draw(game, {**view, "pawns": pawns, "current": current, "winner": None},
                   names=NAMES[:players]) for pawns in spots for current in (0, players - 1)]
    # The end: a winner on the centre (the first seat, then the last), the others around it.
    others = [[4, 3], [3, 6], [4, 10]][:players - 1]
    for winner, pawns in ((0, [[5, 0], *others]), (players - 1, [*others, [5, 0]])):
        boards.append(draw(game, {**view, "pawns": pawns, "current": winner, "winner": winner,
                                  "phase": "over"}, names=NAMES[:players]))
    return boards


@pytest.mark.parametrize(("players", "screen", "least"), [
    (3, (1920, 1080), READ_PX), (4, (1920, 1080), READ_PX), (4, (1280, 720), SMALL_READ_PX)])
def test_the_board_reads_from_the_back_of_the_room(players: int, screen: tuple[int, int],
                                                   least: float, live: Any, browser: Any,
                                                   contexts: list[Any]) -> None:
    """On a projector (1920×1080, and 1280×720 with four players, the longest legend):
    every word of the board (cells' labels, costs to the centre, pawns' numbers, the
    centre's words) at ``least`` px at least; the centre's words inside its disc; no pawn
    over a cell's label, the centre's word (a winner there too), nor over another
    pawn's number; the legend under the drawing ends above the stage's bottom."""
    host, _ = paused_table(browser, live, contexts, "webrunners", players, viewport=screen)
    boards = played(players, players, 600) + crowds(players)
    for html in boards:
        out = host.evaluate(TEXTS, [".stage", html])
        assert len(out["pawns"]) == players
        texts = out["pawns"] + out["labels"] + out["costs"] + out["centre"]
        small = sorted({(t["text"], round(t["px"], 1)) for t in texts if t["px"] < least})
        assert not small, small
        hidden = [p["text"] for p in out["pawns"] if p["covered"]]
        assert not hidden, hidden
        covered = [t["text"] for t in out["labels"] + out["centre"][1:] if t["covered"]]
        assert not covered, covered
        assert out["end"] <= out["stage"] + 1, (out["end"], out["stage"])
    centre = out["centre"]
    assert [t["text"] for t in centre] == ["⚑", "CENTRE"], centre
    disc = out["disc"]
    for t in centre:
        assert disc["left"] <= t["box"]["left"] and t["box"]["right"] <= disc["right"] and (
            disc["top"] <= t["box"]["top"] and t["box"]["bottom"] <= disc["bottom"]), (t, disc)


def test_the_enlarged_phone_board_reads_in_a_hand(live: Any, browser: Any,
                                                  contexts: list[Any]) -> None:
    """On a phone (390×844) « Agrandir le plateau » draws the board 1,000 px wide: every
    cell's label and every pawn's number at PHONE_PX at least (the miniature's were 11 and
    8 px), the centre's word too."""
    _, phone = paused_table(browser, live, contexts, "webrunners", 4)
    phone.click("[data-board-zoom]")
    phone.wait_for_selector(".board.zoomed", timeout=5000)
    for html in played(4, 2, 300, narrow=True)[-2:]:
        out = phone.evaluate(TEXTS, ["", html])
        texts = out["labels"] + out["costs"] + out["pawns"] + out["centre"]
        assert len(out["labels"]) == 24 + 18 + 12 + 9 and len(out["costs"]) == 9
        small = sorted({(t["text"], round(t["px"], 1)) for t in texts if t["px"] < PHONE_PX})
        assert not small, small


#: A board drawn into the paused projector's stage as the page lays it out (TEXTS' way),
#: then every text of its two layers (helpers.DRAWN_TEXTS).
LAID = """([html, texts]) => {
  const slot = document.querySelector('.stage [data-slot="map"]');
  slot.innerHTML = html;
  window.dispatchEvent(new Event('resize'));
  slot.innerHTML = html;
  return eval(texts)('.stage .board-svg');
}"""


@pytest.mark.parametrize(("screen", "least"), [((1280, 720), 16), ((1920, 1080), 24)])
def test_every_word_of_the_board_reads_apart_and_whole(
        screen: tuple[int, int], least: float, live: Any, browser: Any,
        contexts: list[Any]) -> None:
    """At 1280×720 every word of the board read at 15.2 px (its cells' labels, the costs
    to the centre, « CENTRE », the start's ▶), under the 16 px the projector promises there
    (24 px at 1920×1080, two thirds of it: tests/browser/test_layout_fit.py, the other
    games' boards). Four players, from the first move to the last and crowded cells: every
    text of the drawing at ``least`` px at least, the ground's words none over another
    (turned with their text, the costs too), each inside the shape it is written in (a
    cell's label in its cell, the centre's words in its disc), « CENTRE » squeezed to
    85 % of its width at most, nothing past the screen's edges."""
    from tests.browser.helpers import DRAWN_TEXTS, out_of_holder, overlapping

    host, _ = paused_table(browser, live, contexts, "webrunners", 4, viewport=screen)
    width, height = screen
    for html in played(4, 4, 600) + crowds(4):
        texts = host.evaluate(LAID, [html, DRAWN_TEXTS])
        assert len(texts) > 60
        small = sorted({(t["text"], round(t["px"], 1)) for t in texts if t["px"] < least})
        assert not small, small
        ground = [t for t in texts if "token" not in t["group"] and t["label"] != "cell-label"]
        assert not overlapping(ground), overlapping(ground)
        assert not out_of_holder(ground), out_of_holder(ground)
        squeezed = [(t["text"], round(t["squeeze"], 2)) for t in texts if t["squeeze"] < 0.85]
        assert not squeezed, squeezed
        off = [t["text"] for t in texts if min(min(x, y) for x, y in t["quad"]) < 0
               or max(x for x, _ in t["quad"]) > width or max(y for _, y in t["quad"]) > height]
        assert not off, off
