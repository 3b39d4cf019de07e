"""Le Voleur de Données' boards on a projector, from four players up at 1280×720: their
frame would draw the data names under 15 px, so each board shows its data as a tile per
category (board.js: tiles) and its security measures as places on its label's line. There
a board with five or six measures drew them as slivers (8 to 13 units wide for 30 high)
with neither « ? » nor « ✔ » on them (under 18 units wide their mark was left out): how
many a board holds, the only thing public of them (V4), was lost (three players' boards,
not compact, too). Every measure's place is now as wide as it is high, with its mark; when
the label's line has too little room for a place each, one place a kind with its count
beside it (« ? ×6 »; board.js: measurePlaces). Beside a long nickname the thief's « voleur »
was squeezed to 72 % of its width, three blocks a row: it is left to the legend there."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.helpers import DRAWN_TEXTS, out_of_holder, overlapping
from tests.browser.test_layout_fit import paused_table
from tests.browser.test_voleur_projector_drawing import frames

pytestmark = pytest.mark.slow

#: A board drawn into the paused projector's stage, every text of it (helpers.DRAWN_TEXTS)
#: and every measure's place: its box on the screen, its mark's box (null when it has none).
LAID = """([html, texts]) => {
  document.querySelector('.stage [data-slot="map"]').innerHTML = html;
  const box = (e) => { const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  const measures = [...document.querySelectorAll('.stage [data-slot="map"] g.measure')]
    .map((g) => { const mark = g.querySelector(':scope > text');
      return {box: box(g.querySelector(':scope > rect')), mark: mark ? box(mark) : null}; });
  return {texts: eval(texts)('.stage [data-slot="map"]'), measures};
}"""


def meets(one: list[float], other: list[float]) -> bool:
    """Whether two boxes (left, top, right, bottom) overlap by more than half a pixel."""
    return (one[0] < other[2] - 0.5 and other[0] < one[2] - 0.5
            and one[1] < other[3] - 0.5 and other[1] < one[3] - 0.5)


@pytest.mark.parametrize(("screen", "least"), [((1280, 720), 16.0), ((1920, 1080), 15.0)])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_measure_and_word_reads_on_the_projector(
        players: int, screen: tuple[int, int], least: float, live: Any, browser: Any,
        contexts: list[Any]) -> None:
    """Whole games played by the bot and at random, drawn for the projector's box: every
    text at ``least`` px at least (16 at 1280×720, 15 at 1920×1080 with five or six players:
    tests/browser/test_voleur_projector_drawing.py), squeezed to 85 % of its width at most,
    none over another, each inside the tile, board or block it is written in; every
    measure's place as wide as high, its mark (« ? », « ✔ ») on it, no place over another
    nor over its board's label."""
    host, _ = paused_table(browser, live, contexts, "voleur", players, screen)
    box = host.evaluate("() => { const [w, h] = document.querySelector('.stage').dataset.box"
                        ".split('x').map(Number); return {w, h}; }")
    problems: set[tuple[str, ...]] = set()
    measured = 0
    for seed in range(2):
        for html, _ in frames(players, seed, box):
            out = host.evaluate(LAID, [html, DRAWN_TEXTS])
            texts, measures = out["texts"], out["measures"]
            measured += len(measures)
            problems |= {("small", t["text"], str(round(t["px"], 1)))
                         for t in texts if t["px"] < least}
            problems |= {("squeezed", t["text"], str(round(t["squeeze"], 2)))
                         for t in texts if t["squeeze"] < 0.85}
            problems |= {("over", *pair) for pair in overlapping(texts, "ink")}
            problems |= {("out", text) for text in out_of_holder(texts)}
            for i, m in enumerate(measures):
                left, top, right, bottom = m["box"]
                if m["mark"] is None or right - left < bottom - top - 0.5:
                    problems.add(("sliver", str(round(right - left, 1)),
                                  str(round(bottom - top, 1))))
                if any(meets(m["box"], other["box"]) for other in measures[i + 1:]):
                    problems.add(("measures over each other",))
                problems |= {("measure over", t["text"]) for t in texts
                             if t["group"].startswith("board") and meets(m["box"], [
                                 min(x for x, _ in t["quad"]), min(y for _, y in t["quad"]),
                                 max(x for x, _ in t["quad"]), max(y for _, y in t["quad"])])}
    assert measured > 0
    assert not problems, sorted(problems)[:12]
