"""Web Runners on the projector (1920×1080), read from the back of a classroom: the bridge
cards each inner cell pays to reach the centre (« P1 » to « P3 » on the ways to the centre,
W4) are a decision's price, and were the board's smallest words (14 units, 12.8 px). They
read at 24 px at least, each clear of its neighbours and between the inner circle and the
centre."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_layout_fit import paused_table

pytestmark = pytest.mark.slow

#: Each way's cost on the projector: its text, its size in px and its box.
COSTS = """() => [...document.querySelectorAll(
    '.stage .board-ground g.cell-inner > text:nth-of-type(2)')].map((t) => {
  const b = t.getBoundingClientRect();
  return {text: t.textContent, px: parseFloat(t.getAttribute('font-size'))
    * t.ownerSVGElement.getScreenCTM().a, left: b.left, right: b.right, top: b.top,
    bottom: b.bottom};
})"""

#: The boxes of the inner circle's cells and of the centre, on the projector.
DISCS = """() => [...document.querySelectorAll(
    '.stage .board-ground g.cell-inner > circle, .stage .board-ground > circle:last-of-type')]
  .map((c) => { const m = c.getScreenCTM();
    const p = new DOMPoint(c.cx.baseVal.value, c.cy.baseVal.value).matrixTransform(m);
    return {cx: p.x, cy: p.y, r: c.r.baseVal.value * Math.hypot(m.a, m.b)}; })"""


def test_the_costs_to_the_centre_read_from_the_back(live: Any, browser: Any,
                                                     contexts: list[Any]) -> None:
    host, _ = paused_table(browser, live, contexts, "webrunners", 3)
    costs = host.evaluate(COSTS)
    assert len(costs) >= 8, costs
    assert all(c["text"] in ("P1", "P2", "P3") for c in costs), costs
    small = [(c["text"], round(c["px"], 1)) for c in costs if c["px"] < 24]
    assert not small, small
    # No two costs run into each other, and none into a disc (inner cell or centre).
    for i, a in enumerate(costs):
        for b in costs[i + 1:]:
            assert (a["right"] <= b["left"] or b["right"] <= a["left"]
                    or a["bottom"] <= b["top"] or b["bottom"] <= a["top"]), (a, b)
    for disc in host.evaluate(DISCS):
        for c in costs:
            # the nearest point of the cost's box to the disc's centre lies outside it
            nx = min(max(disc["cx"], c["left"]), c["right"])
            ny = min(max(disc["cy"], c["top"]), c["bottom"])
            assert (nx - disc["cx"]) ** 2 + (ny - disc["cy"]) ** 2 >= disc["r"] ** 2 - 1, (
                c, disc)


#: Each cell's label on the projector (number, ▶ START, symbol, bridge cost): its text,
#: its size in px, how far its box reaches past its cell's disc (px, ≤ 0 inside).
LABELS = """() => [...document.querySelectorAll('.stage .board-ground g.cell')].map((g) => {
  const t = g.querySelector('text'), disc = g.querySelector('circle');
  const m = disc.getScreenCTM();
  const p = new DOMPoint(disc.cx.baseVal.value, disc.cy.baseVal.value).matrixTransform(m);
  const r = disc.r.baseVal.value * Math.hypot(m.a, m.b);
  const b = t.getBBox(), tm = t.getScreenCTM();
  const corners = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height],
    [b.x + b.width, b.y + b.height]].map(([x, y]) => new DOMPoint(x, y).matrixTransform(tm));
  // the glyphs' own height is about 0.75 of the line box: measure the box's width only
  const far = Math.max(...corners.map((q) => Math.abs(q.x - p.x))) - r;
  return {text: t.textContent, px: parseFloat(t.getAttribute('font-size')) * tm.a, far};
})"""


def test_the_cells_labels_read_from_the_back(live: Any, browser: Any,
                                            contexts: list[Any]) -> None:
    """Every cell's label (its number, ▶, its colour's symbol, a bridge's cost) read at 18
    to 20 px on the projector: now 24 px at least, and as wide as its disc at most."""
    host, _ = paused_table(browser, live, contexts, "webrunners", 3)
    labels = host.evaluate(LABELS)
    assert len(labels) >= 60, len(labels)
    small = sorted({(c["text"], round(c["px"], 1)) for c in labels if c["px"] < 24})
    assert not small, small
    wide = [(c["text"], round(c["far"], 1)) for c in labels if c["far"] > 0]
    assert not wide, wide
