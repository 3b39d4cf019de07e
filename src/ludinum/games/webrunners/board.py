"""The Web Runners board for print-and-play, drawn from the game's content (``board.yaml``).

Every colour on the board is paired with a letter or a word (readable in black and white
and by colour-blind players).
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from ludinum.content.pack import folder as content_folder
from ludinum.content.yamldoc import load
from ludinum.sitekit.document import Document

#: Cell colours (W2): fill, letter, meaning.
CELLS = {
    "none": ((255, 255, 255), "", ""),
    "start": ((230, 230, 230), "S", "START"),
    "red": ((214, 69, 65), "I", "rouge : immunité"),
    "yellow": ((245, 205, 60), "J", "jaune : rejoue"),
    "orange": ((240, 140, 40), "3", "orange : pioche 3 cartes"),
    "green": ((90, 170, 90), "V", "verte : défausse et repioche"),
}
RADII = (86.0, 66.0, 46.0)
INNER_R, CENTRE_R = 27.0, 9.0
CELL_R = 7.0


def _disc(pdf: Document, cx: float, cy: float, r: float, fill: tuple[int, int, int]) -> None:
    pdf.set_fill_color(*fill)
    pdf.ellipse(cx - r, cy - r, 2 * r, 2 * r, style="DF")


def _label(pdf: Document, cx: float, cy: float, text: str, size: float, bold: bool = True) -> None:
    pdf.font(size, bold)
    pdf.set_xy(cx - 8, cy - 2.5)
    pdf.cell(16, 5, text, align="C")


def _on_ring(cx: float, cy: float, r: float, index: int, size: int) -> tuple[float, float]:
    angle = -math.pi / 2 + 2 * math.pi * index / size
    return cx + r * math.cos(angle), cy + r * math.sin(angle)


def _box(pdf: Document, x: float, y: float, bars: int) -> None:
    pdf.set_fill_color(255, 255, 255)
    pdf.set_line_width(0.3)
    pdf.rect(x - 3.5, y - 2.5, 7, 5, style="DF")
    _label(pdf, x, y, "|" * bars, 7)


def _bridge(
    pdf: Document,
    centre: tuple[float, float],
    outer: tuple[float, int, int],
    inner: tuple[float, int, int],
    bars: int,
    lane: float,
) -> None:
    """A bridge from a cell of one ring to a cell of the next ring in: out along the
    radius, around the lane between the two rings, then in (never across other cells)."""
    cx, cy = centre
    r1, i1, n1 = outer
    r2, i2, n2 = inner
    a1 = -math.pi / 2 + 2 * math.pi * i1 / n1
    a2 = -math.pi / 2 + 2 * math.pi * i2 / n2
    turn = (a2 - a1 + math.pi) % (2 * math.pi) - math.pi
    steps = max(2, int(abs(turn) * 12))
    points = [(cx + r1 * math.cos(a1), cy + r1 * math.sin(a1))]
    for k in range(steps + 1):
        a = a1 + turn * k / steps
        points.append((cx + lane * math.cos(a), cy + lane * math.sin(a)))
    points.append((cx + r2 * math.cos(a2), cy + r2 * math.sin(a2)))
    pdf.set_line_width(1.1)
    pdf.set_draw_color(60, 60, 60)
    for (x1, y1), (x2, y2) in itertools.pairwise(points):
        pdf.line(x1, y1, x2, y2)
    middle = points[len(points) // 2]
    _box(pdf, *middle, bars)


def draw(pdf: Document) -> None:
    """The board: three rings of cells, their bridges and the centre, with a legend."""
    data: dict[str, Any] = load(content_folder("webrunners") / "board.yaml").data
    pdf.add_page()
    pdf.font(16, bold=True)
    pdf.set_xy(12, 10)
    pdf.cell(186, 8, "Web Runners — plateau", align="C")
    cx, cy = 105.0, 118.0
    circles = {c["circle"]: c for c in data["circles"]}
    inner = data["inner"]["cells"]
    pdf.set_draw_color(60, 60, 60)
    # Bridges first, under the cells; each in its own lane between two rings.
    lanes: dict[int, int] = {}
    for bridge in data["bridges"]:
        circle = bridge["circle"]
        k = lanes.get(circle, 0)
        lanes[circle] = k + 1
        r_in = RADII[circle] if circle < 3 else INNER_R
        lane = (RADII[circle - 1] + r_in) / 2 + (k - 1) * 2.2
        inner_size = circles[circle + 1]["size"] if circle < 3 else len(inner)
        _bridge(
            pdf,
            (cx, cy),
            (RADII[circle - 1], bridge["entry"], circles[circle]["size"]),
            (r_in, bridge["exit"], inner_size),
            bridge["bars"],
            lane,
        )
    numbers = [c["number"] for c in inner]
    for link in data["inner"]["centre"]:
        index = numbers.index(link["from"])
        a = _on_ring(cx, cy, INNER_R, index, len(inner))
        pdf.set_line_width(1.1)
        pdf.line(*a, cx, cy)
        _box(pdf, (a[0] + cx) / 2 * 1.0 + (a[0] - cx) * 0.15, (a[1] + cy) / 2 + (a[1] - cy) * 0.15,
             link["bars"])
    pdf.set_line_width(0.3)
    for number, circle in sorted(circles.items()):
        pdf.set_draw_color(180, 180, 180)
        r = RADII[number - 1]
        pdf.ellipse(cx - r, cy - r, 2 * r, 2 * r, style="D")
        pdf.set_draw_color(40, 40, 40)
        for cell in circle["cells"]:
            x, y = _on_ring(cx, cy, r, cell["index"], circle["size"])
            fill, letter, _ = CELLS[cell["colour"]]
            _disc(pdf, x, y, CELL_R, fill)
            _label(pdf, x, y, letter, 8)
    for cell in inner:
        x, y = _on_ring(cx, cy, INNER_R, cell["index"], len(inner))
        _disc(pdf, x, y, 5.5, (235, 235, 250))
        _label(pdf, x, y, str(cell["number"]), 8)
    _disc(pdf, cx, cy, CENTRE_R, (255, 245, 200))
    _label(pdf, cx, cy, "CENTRE", 5.5)
    y = 212.0
    pdf.font(9, bold=True)
    pdf.set_xy(15, y)
    pdf.cell(180, 5, "Légende")
    pdf.font(8.5)
    legend = [f"{letter} = case {text}" for _, letter, text in CELLS.values() if letter]
    legend += [
        "Les ponts relient un cercle au suivant ; leurs traits | disent combien de cartes PONT "
        "il faut pour les franchir.",
        "Le cercle intérieur compte 9 cases numérotées ; du centre, on ne passe que par un pont.",
        "On tourne dans le sens des aiguilles d'une montre à partir de la case START (en haut).",
    ]
    y += 6
    for line in legend:
        y += pdf.fit(line, 15, y, 180, 10, 8.5, 7) + 1
