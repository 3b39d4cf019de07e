"""QR codes drawn as vector squares (sharp at any printing size, no image needed)."""

from __future__ import annotations

from functools import lru_cache

import segno

from ludinum.sitekit.document import Document


@lru_cache(maxsize=512)
def runs(text: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """The QR code of ``text`` as (size, dark runs (row, first column, length))."""
    matrix = segno.make(text, error="m", micro=False).matrix
    found = []
    for r, row in enumerate(matrix):
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            start = c
            while c < len(row) and row[c]:
                c += 1
            found.append((r, start, c - start))
    return len(matrix), tuple(found)


def draw_qr(pdf: Document, text: str, x: float, y: float, size: float) -> None:
    """A QR code of ``text`` filling the square at (x, y), quiet zone included."""
    size_in_modules, dark = runs(text)
    border = 2
    module = size / (size_in_modules + 2 * border)
    pdf.set_fill_color(255, 255, 255)
    pdf.rect(x, y, size, size, style="F")
    pdf.set_fill_color(0, 0, 0)
    for r, start, length in dark:
        pdf.rect(
            x + (start + border) * module,
            y + (r + border) * module,
            length * module + 0.01,
            module + 0.01,
            style="F",
        )
