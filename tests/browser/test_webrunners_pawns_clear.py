"""Web Runners pawns sharing a cell, measured on the drawn board (1280×720 projector): on
the inner circle the third and fourth pawns of four stood on the way to the centre, over
its cost « P1 » (W4; their slots left 42 units between their middles and the cost's,
where the others keep 46). Every cell of every circle, with one to four pawns on it (each
set of seats: the pawns of a cell are placed in seat order; the others stand across the
board): no pawn's shape meets the ink of any word of the board (cells' numbers, symbols
and bridge costs, the costs to the centre, the centre's flag and word) nor another pawn's
shape, and the pawns keep their size (20 units, 25 px numbers on a 1920×1080 projector)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from tests.browser.test_layout_fit import paused_table

pytestmark = pytest.mark.slow

NAMES = ["Anne-Sophie", "Léa", "Jean-Baptiste", "Tom"]

#: The board ``html`` drawn in the projector's stage, measured in px: each pawn's shape as
#: a convex polygon (a disc as a 64-gon) grown by half its stroke, with its radius in
#: board units; each word of the board's fixed layer as the box of its ink. Then every pawn that
#: meets a word or another pawn: two convex shapes are apart when one of their edges'
#: normals separates them (the separating axis theorem).
CLASHES = """(html) => {
  const slot = document.querySelector('.stage [data-slot="map"]');
  slot.innerHTML = html;
  window.dispatchEvent(new Event('resize'));
  slot.innerHTML = html;
  const screen = (el, x, y) => { const p = new DOMPoint(x, y).matrixTransform(el.getScreenCTM());
    return [p.x, p.y]; };
  const pawns = [...slot.querySelectorAll('.token')].map((g) => {
    const shape = g.querySelector('circle:not([fill="none"]), rect, polygon');
    const grow = parseFloat(shape.getAttribute('stroke-width') || '0') / 2;
    let points;
    if (shape.tagName === 'circle') {
      const cx = shape.cx.baseVal.value, cy = shape.cy.baseVal.value;
      const r = shape.r.baseVal.value + grow;
      points = Array.from({length: 64}, (_x, k) => screen(shape,
        cx + r * Math.cos(k * Math.PI / 32), cy + r * Math.sin(k * Math.PI / 32)));
    } else {
      const own = shape.tagName === 'rect'
        ? (() => { const x = shape.x.baseVal.value, y = shape.y.baseVal.value,
            w = shape.width.baseVal.value, h = shape.height.baseVal.value;
            return [[x - grow, y - grow], [x + w + grow, y - grow], [x + w + grow, y + h + grow],
                    [x - grow, y + h + grow]]; })()
        : (() => { const pts = [...shape.points].map((p) => [p.x, p.y]);
            const mx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
            const my = pts.reduce((s, p) => s + p[1], 0) / pts.length;
            return pts.map(([x, y]) => { const d = Math.hypot(x - mx, y - my);
              return [x + (x - mx) * grow / d, y + (y - my) * grow / d]; }); })();
      points = own.map(([x, y]) => screen(shape, x, y));
    }
    const text = g.querySelector('text');
    return {seat: text.textContent, points,
            size: parseFloat(text.getAttribute('font-size')) / 1.4};
  });
  const ground = document.querySelector('.stage .board-ground');
  // A word's ink: measured by the canvas in the font the page draws it in, from where
  // its anchor lands on the screen (the middle of its baseline; a word drawn to a given
  // length, « CENTRE », as wide as it is drawn).
  const ink = document.createElement('canvas').getContext('2d');
  ink.textAlign = 'center';
  const words = [...ground.querySelectorAll('g.cell > text, :scope > text')].map((t) => {
    const style = getComputedStyle(t), m = t.getScreenCTM();
    const px = parseFloat(t.getAttribute('font-size')) * Math.hypot(m.a, m.b);
    ink.font = `${style.fontWeight} ${px}px ${style.fontFamily}`;
    const glyphs = ink.measureText(t.textContent);
    const [x, y] = screen(t, t.x.baseVal[0].value, t.y.baseVal[0].value);
    const b = t.getBoundingClientRect();
    const [left, right] = t.hasAttribute('textLength') ? [b.left, b.right]
      : [x - glyphs.actualBoundingBoxLeft, x + glyphs.actualBoundingBoxRight];
    const top = y - glyphs.actualBoundingBoxAscent, bottom = y + glyphs.actualBoundingBoxDescent;
    return {text: t.textContent, points: [[left, top], [right, top], [right, bottom],
                                          [left, bottom]]};
  });
  const axes = (pts) => pts.map(([x, y], k) => { const [u, v] = pts[(k + 1) % pts.length];
    const n = Math.hypot(v - y, x - u) || 1; return [(v - y) / n, (x - u) / n]; });
  const apart = (a, b) => axes(a).concat(axes(b)).some(([nx, ny]) => {
    const pa = a.map(([x, y]) => x * nx + y * ny), pb = b.map(([x, y]) => x * nx + y * ny);
    return Math.max(...pa) <= Math.min(...pb) || Math.max(...pb) <= Math.min(...pa);
  });
  const clashes = [];
  pawns.forEach((p, i) => {
    for (const w of words) if (!apart(p.points, w.points)) clashes.push([p.seat, w.text]);
    for (const q of pawns.slice(i + 1)) {
      if (!apart(p.points, q.points)) clashes.push([p.seat, 'pawn ' + q.seat]);
    }
  });
  return {pawns: pawns.length, sizes: pawns.map((p) => p.size), clashes};
}"""


def test_pawns_sharing_a_cell_meet_no_word_and_no_other_pawn(live: Any, browser: Any,
                                                              contexts: list[Any]) -> None:
    from ludinum.games import registry
    from ludinum.server import boards
    from tests.server.test_boards import draw

    host, _ = paused_table(browser, live, contexts, "webrunners", 4, viewport=(1280, 720))
    game = registry().get("webrunners")
    view = game.setup(game.make_config(players=4, seed=1)).view(None)
    layout = boards.layout("webrunners")
    # Every cell of circles 1 to 3 (START, coloured, numbered, bridges: P1 to P3), and
    # every number of the inner circle (its pawns stand by its first cell of that number).
    spots = [[c["circle"], c["index"]] for c in layout if c["kind"] == "cell"]
    spots += [[4, n] for n in sorted({c["number"] for c in layout if c["kind"] == "inner"})]
    # Each circle's cells in order (the inner circle's by number: its first of each).
    index = {k: [c["index"] for c in layout if c["kind"] == "cell" and c["circle"] == k]
             for k in (1, 2, 3)}
    index[4] = [c["number"] for c in layout if c["kind"] == "inner"]
    assert len(spots) == 24 + 18 + 12 + 4
    clashes = []
    for spot in spots:
        # The others, if any, on the outer circle across the board.
        turn = index[4].index(spot[1]) / 9 if spot[0] == 4 else spot[1] / len(index[spot[0]])
        away = [1, round(24 * turn + 12) % 24]
        for seats in (s for count in range(1, 5) for s in itertools.combinations(range(4), count)):
            pawns = [spot if seat in seats else away for seat in range(4)]
            html = draw(game, {**view, "pawns": pawns, "current": seats[-1], "winner": None},
                        names=NAMES)
            out = host.evaluate(CLASHES, html)
            assert out["pawns"] == 4
            assert all(size >= 20 for size in out["sizes"]), out["sizes"]
            clashes += [(spot, seats, *clash) for clash in out["clashes"]]
    assert not clashes, clashes
