"""What the debrief PDFs share: a navy heading, a paragraph that fits its room, a new page
when the room runs out, and the privacy line at the foot of every page."""

from __future__ import annotations

from collections.abc import Mapping

from ludinum.sitekit.document import Document

#: The lowest line written on an A4 page (the privacy line sits below it).
BOTTOM = 280.0
TOP = 15.0
NAVY = (24, 44, 90)


def heading(pdf: Document, y: float, text: str) -> float:
    pdf.colour(NAVY)
    pdf.font(11.5, bold=True)
    pdf.set_xy(15, y)
    pdf.cell(180, 6, text)
    pdf.colour((0, 0, 0))
    return y + 7


def para(pdf: Document, y: float, text: str, size: float = 9, room: float = 30) -> float:
    room = max(4.0, min(room, BOTTOM - y))
    return y + pdf.fit(text, 15, y, 180, room, size, 6.5) + 1.5


def footer(pdf: Document, words: Mapping[str, str]) -> None:
    """The privacy line at the foot of the current page."""
    pdf.font(7.5)
    pdf.colour((110, 110, 110))
    pdf.set_xy(15, 287)
    pdf.cell(180, 4, words["privacy"], align="C")
    pdf.colour((0, 0, 0))


def room_for(pdf: Document, y: float, need: float, words: Mapping[str, str]) -> float:
    """``y`` if ``need`` millimetres fit below it on this page, else the top of a new page
    (the privacy line closes the one left)."""
    if y + need <= BOTTOM:
        return y
    footer(pdf, words)
    pdf.add_page()
    return TOP
