"""The diploma of the site's quiz (ruling W16): the nickname typed by the player, what the quiz
asked (themes, number of questions, pass mark), the score, the themes passed, the date,
and a verification code with the address (and QR code) of the page that checks it.
Built on the fly and never stored."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from ludinum.site.content import QUIZ
from ludinum.site.diploma_code import Certified
from ludinum.site.pdf.qr import draw_qr
from ludinum.sitekit.document import Document
from ludinum.sitekit.model import MONTHS_EN

MONTHS = (
    "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
    "octobre", "novembre", "décembre",
)
GOLD = (176, 132, 20)
NAVY = (24, 44, 90)
GREY = (40, 40, 40)
NNBSP = "\u202f"  # before « ; : ! ? » and inside « » (French typography)
NBSP = "\u00a0"


def french_date(day: date) -> str:
    first = "1er" if day.day == 1 else str(day.day)
    return f"{first}{NBSP}{MONTHS[day.month - 1]} {day.year}"


def date_in(day: date, lang: str) -> str:
    """A day in words in ``lang``: « 28 novembre 2026 », "28 November 2026"."""
    if lang != "en":
        return french_date(day)
    return f"{day.day} {MONTHS_EN[day.month - 1]} {day.year}"


def _names(ids: tuple[str, ...], titles: Mapping[str, str]) -> str:
    return ", ".join(f"«{NNBSP}{titles[t]}{NNBSP}»" for t in ids)


def build_diploma(
    nickname: str,
    certified: Certified,
    titles: Mapping[str, str],
    code: str,
    check_url: str,
) -> bytes:
    """A one-page A4 landscape diploma. ``titles`` gives each theme's French name."""
    pdf = Document(f"Diplôme de {QUIZ.diploma}", orientation="L")
    pdf.add_page()
    width, height = 297.0, 210.0
    pdf.set_draw_color(*GOLD)
    pdf.set_line_width(2.0)
    pdf.rect(10, 10, width - 20, height - 20)
    pdf.set_line_width(0.5)
    pdf.rect(14, 14, width - 28, height - 28)
    pdf.colour(NAVY)
    pdf.font(34, bold=True)
    pdf.set_xy(20, 26)
    pdf.cell(width - 40, 16, f"Diplôme de {QUIZ.diploma}", align="C")
    pdf.font(14)
    pdf.colour(GREY)
    pdf.set_xy(20, 48)
    pdf.cell(width - 40, 8, "Ce diplôme est décerné à", align="C")
    pdf.font(28, bold=True)
    pdf.colour(GOLD)
    pdf.set_xy(20, 59)
    pdf.cell(width - 40, 14, nickname, align="C")
    pdf.colour(GREY)
    pdf.font(13)
    lines = [
        f"qui a réussi le quiz {QUIZ.game_title} de {certified.questions}{NBSP}questions "
        f"avec {certified.percent}{NBSP}% de bonnes réponses",
        f"(seuil de réussite{NNBSP}: {certified.threshold}{NBSP}%).",
    ]
    label = "Thème du quiz" if len(certified.themes) == 1 else "Thèmes du quiz"
    lines.append(f"{label}{NNBSP}: {_names(certified.themes, titles)}.")
    y = 80.0
    for line in lines:
        for part in pdf.lines(line, width - 60):
            pdf.set_xy(30, y)
            pdf.cell(width - 60, 7, part, align="C")
            y += 7
    y += 2
    pdf.font(13, bold=True)
    pdf.colour(NAVY)
    label = "Thème réussi" if len(certified.passed) == 1 else "Thèmes réussis"
    for part in pdf.lines(f"{label}{NNBSP}: {_names(certified.passed, titles)}", width - 60):
        pdf.set_xy(30, y)
        pdf.cell(width - 60, 7, part, align="C")
        y += 7
    pdf.colour(GREY)
    pdf.font(12)
    pdf.set_xy(20, 138)
    pdf.cell(width - 40, 8, f"Le {french_date(certified.day)}", align="C")
    pdf.font(10)
    pdf.set_xy(20, 147)
    pdf.cell(
        width - 40, 6,
        QUIZ.motto,
        align="C",
    )
    # The verification block: the code, the page that checks it, its QR code.
    pdf.font(11, bold=True)
    pdf.set_xy(24, 162)
    pdf.cell(200, 6, f"Code de vérification{NNBSP}: {code}")
    pdf.font(9)
    pdf.set_xy(24, 169)
    pdf.cell(200, 5, "Pour vérifier ce diplôme, ouvre la page (ou scanne le QR code)" + NNBSP + ":")
    address = check_url.split("?", 1)[0]
    pdf.set_xy(24, 175)
    pdf.cell(200, 5, address)
    pdf.set_xy(24, 181)
    pdf.cell(200, 5, "et recopie le pseudo et le code ci-dessus.")
    draw_qr(pdf, check_url, width - 58, 152, 34)
    return pdf.bytes()
