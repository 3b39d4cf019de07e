"""The debrief as one A4 page: what the class played and met, nicknames only."""

from __future__ import annotations

from ludinum.site.debrief import Debrief, day_text
from ludinum.site.pdf.report import BOTTOM, NAVY, footer
from ludinum.site.pdf.report import heading as _heading
from ludinum.site.pdf.report import para as _para
from ludinum.sitekit.document import Document


def debrief_pdf(debrief: Debrief) -> bytes:
    w = debrief.words()
    sep = w["sep"]
    pdf = Document(f"{w['title']} — {debrief.title}", lang=debrief.lang)
    pdf.add_page()
    pdf.colour(NAVY)
    pdf.font(18, bold=True)
    pdf.set_xy(15, 14)
    pdf.cell(180, 9, f"{w['title']} — {debrief.title}")
    pdf.colour((0, 0, 0))
    y = 26.0
    when = f"{w['date']}{sep}{day_text(debrief)}"
    y = _para(pdf, y, f"{when}    {w['steps']}{sep}{debrief.steps}", 10)
    y = _para(pdf, y, f"{w['players']}{sep}{', '.join(debrief.players)}", 10)
    y = _para(pdf, y, f"{w['outcome']}{sep}{debrief.outcome}", 10)
    if debrief.options:
        y = _heading(pdf, y + 1, w["options"])
        text = (" ; " if sep == " : " else "; ").join(
            f"{label}{sep}{value}" for label, value in debrief.options
        )
        y = _para(pdf, y, text, 8, 22)
    if debrief.themes:  # a game without themes has no empty section
        y = _heading(pdf, y + 1, debrief.themes_heading or w["themes"])
        y = _para(pdf, y, ", ".join(debrief.themes), 9, 16)
    if debrief.questions:
        share = debrief.right_share
        y = _heading(pdf, y + 1, f"{w['questions']}{sep}{len(debrief.questions)} — "
                                 f"{w['right']}{sep}{w['share'].format(n=share)}")
        shown = debrief.questions[:12]
        for question, right in shown:
            y = _para(pdf, y, f"{'✓' if right else '✗'} {question}", 8, 8)
        if len(debrief.questions) > len(shown):
            y = _para(pdf, y, w["more"].format(n=len(debrief.questions) - len(shown)), 8, 5)
    if debrief.lessons:
        y = _heading(pdf, y + 1, w["lessons"])
        for i, lesson in enumerate(debrief.lessons):
            if y > BOTTOM - 12:
                _para(pdf, y, w["more"].format(n=len(debrief.lessons) - i), 8, 5)
                break
            y = _para(pdf, y, f"{lesson.title}{sep}{lesson.text}", 8.5, 20)
            y = _para(pdf, y, f"{w['source']}{sep}{lesson.source}", 7, 5)
    # The lessons (4 to 6 cards) come first on the one page; the messages shown, as many as
    # the page still holds. A game that shows no message ends with its lessons.
    if (debrief.lessons and not debrief.messages) or y > BOTTOM - 12:
        return _close(pdf, w)
    y = _heading(pdf, y + 1, f"{w['messages']}{sep}{len(debrief.messages)}")
    if not debrief.messages:
        y = _para(pdf, y, w["none"], 9, 6)
    for i, (who, text) in enumerate(debrief.messages):
        if y > BOTTOM - 12:
            _para(pdf, y, w["more"].format(n=len(debrief.messages) - i), 8, 5)
            break
        quoted = f"« {text} »" if debrief.lang != "en" else f"\u201c{text}\u201d"
        y = _para(pdf, y, f"{who}{sep}{quoted}", 8.5, 16)
    return _close(pdf, w)


def _close(pdf: Document, w: dict[str, str]) -> bytes:
    footer(pdf, w)
    return pdf.bytes()
