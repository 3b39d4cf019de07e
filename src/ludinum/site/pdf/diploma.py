"""The "Web Runner" diploma (ruling W16): the nickname typed by the player, the date and
the themes passed. Built on the fly and never stored."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from ludinum.site.pdf.doc import Document

MONTHS = (
    "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
    "octobre", "novembre", "décembre",
)
GOLD = (176, 132, 20)
NAVY = (24, 44, 90)


def french_date(day: date) -> str:
    first = "1er" if day.day == 1 else str(day.day)
    return f"{first} {MONTHS[day.month - 1]} {day.year}"


def build_diploma(
    nickname: str, themes: Sequence[str], percent: int, day: date | None = None
) -> bytes:
    """A one-page A4 landscape diploma. ``themes`` are the passed themes' French names."""
    day = day or date.today()
    pdf = Document("Diplôme de Web Runner", orientation="L")
    pdf.add_page()
    width, height = 297.0, 210.0
    pdf.set_draw_color(*GOLD)
    pdf.set_line_width(2.0)
    pdf.rect(10, 10, width - 20, height - 20)
    pdf.set_line_width(0.5)
    pdf.rect(14, 14, width - 28, height - 28)
    pdf.colour(NAVY)
    pdf.font(34, bold=True)
    pdf.set_xy(20, 30)
    pdf.cell(width - 40, 16, "Diplôme de Web Runner", align="C")
    pdf.font(14)
    pdf.colour((40, 40, 40))
    pdf.set_xy(20, 54)
    pdf.cell(width - 40, 8, "Ce diplôme est décerné à", align="C")
    pdf.font(28, bold=True)
    pdf.colour(GOLD)
    pdf.set_xy(20, 66)
    pdf.cell(width - 40, 14, nickname, align="C")
    pdf.colour((40, 40, 40))
    pdf.font(13)
    pdf.set_xy(20, 88)
    pdf.cell(
        width - 40, 8,
        f"qui a réussi le quiz de Web Runners avec {percent} % de bonnes réponses,",
        align="C",
    )
    pdf.set_xy(20, 96)
    label = "dans le thème :" if len(themes) == 1 else "dans les thèmes :"
    pdf.cell(width - 40, 8, label, align="C")
    y = 108.0
    pdf.font(13, bold=True)
    pdf.colour(NAVY)
    for theme in themes:
        pdf.set_xy(20, y)
        pdf.cell(width - 40, 8, f"« {theme} »", align="C")
        y += 9
    pdf.colour((40, 40, 40))
    pdf.font(12)
    pdf.set_xy(20, 160)
    pdf.cell(width - 40, 8, f"Le {french_date(day)}", align="C")
    pdf.font(10)
    pdf.set_xy(20, 172)
    pdf.cell(
        width - 40, 6,
        "Un Web Runner vérifie ses sources, protège ses comptes et respecte les autres en ligne.",
        align="C",
    )
    return pdf.bytes()
