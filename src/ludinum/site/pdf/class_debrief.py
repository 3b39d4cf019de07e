"""The class debrief as A4 pages: outcomes per table, the questions least known first, the
prevention messages, the themes and the lessons; nicknames only, on every page the privacy
line."""

from __future__ import annotations

from ludinum.site.class_debrief import ClassDebrief
from ludinum.site.pdf.report import NAVY, footer, heading, para, room_for
from ludinum.sitekit.document import Document

STOPPED = (179, 38, 30)


def class_debrief_pdf(debrief: ClassDebrief) -> bytes:
    w = debrief.words()
    sep = w["sep"]
    title = f"{w['title']} — {debrief.title}"
    pdf = Document(title, lang=debrief.lang)
    pdf.add_page()
    pdf.colour(NAVY)
    y = 14 + pdf.fit(title, 15, 14, 180, 18, 18, 12, bold=True) + 2
    pdf.colour((0, 0, 0))
    y = para(pdf, y, f"{w['date']}{sep}{debrief.day_text()} · {w['tables']}{sep}"
                     f"{len(debrief.tables)} · {w['pupils']}{sep}{debrief.pupils}", 10)

    y = heading(pdf, y + 1, w["outcomes"])
    for table in debrief.tables:
        y = room_for(pdf, y, 14, w)
        pdf.font(9.5, bold=True)
        pdf.set_xy(15, y)
        pdf.cell(180, 5, f"{w['table'].format(n=table.number)} — {', '.join(table.players)}")
        pdf.colour((0, 0, 0) if table.finished or table.playing else STOPPED)
        y = para(pdf, y + 5, f"{table.outcome} ({debrief.steps_text(table.steps)})", 9, 9)
        pdf.colour((0, 0, 0))

    y = room_for(pdf, y + 1, 20, w)
    share = debrief.right_share
    counted = "" if share is None else (f"{sep}{debrief.asked} — {w['right']}{sep}"
                                             f"{w['share'].format(n=share)}")
    y = heading(pdf, y, f"{w['questions']}{counted}")
    if not debrief.questions:
        y = para(pdf, y, w["no_question"], 9, 6)
    else:
        y = para(pdf, y, w["questions_intro"], 8.5, 6)
    for q in debrief.questions:
        y = room_for(pdf, y, 10, w)
        pdf.font(10, bold=True)
        pdf.set_xy(15, y)
        pdf.cell(18, 5, w["share"].format(n=q.share))
        pdf.font(8)
        pdf.set_xy(15, y + 4.5)
        pdf.cell(18, 4, debrief.times_text(q.asked))
        used = pdf.fit(q.question, 34, y, 161, 12, 9, 6.5)
        y += max(used, 8.5) + 1.5

    y = room_for(pdf, y + 1, 20, w)
    y = heading(pdf, y, f"{w['messages']}{sep}{len(debrief.messages)}")
    if not debrief.messages:
        y = para(pdf, y, w["none"], 9, 6)
    for m in debrief.messages:
        y = room_for(pdf, y, 12, w)
        met = (w["met"] if m.tables == 1 else w["met_many"]).format(n=m.tables)
        pdf.font(9, bold=True)
        pdf.set_xy(15, y)
        pdf.cell(180, 4.5, f"{m.who} ({met})")
        quoted = f"« {m.text} »" if debrief.lang != "en" else f"\u201c{m.text}\u201d"
        y = para(pdf, y + 4.5, quoted, 8.5, 16)

    if debrief.themes:  # a game without themes has no empty section
        y = room_for(pdf, y + 1, 16, w)
        y = heading(pdf, y, debrief.themes_heading or w["themes"])
        y = para(pdf, y, ", ".join(debrief.themes), 9, 16)

    if debrief.lessons:
        y = room_for(pdf, y + 1, 20, w)
        y = heading(pdf, y, w["lessons"])
        for lesson in debrief.lessons:
            y = room_for(pdf, y, 16, w)
            y = para(pdf, y, f"{lesson.title}{sep}{lesson.text}", 8.5, 20)
            y = para(pdf, y, f"{w['source']}{sep}{lesson.source}", 7, 5)
    footer(pdf, w)
    return pdf.bytes()
