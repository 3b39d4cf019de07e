"""A data manager's two boards for print-and-play (one sheet per manager)."""

from __future__ import annotations

from ludinum.sitekit.document import Document

SLOTS = (
    ("Données standard", "1 point"),
    ("Données hautement confidentielles", "3 points"),
    ("Données sensibles", "5 points"),
)


def draw(pdf: Document) -> None:
    """A data manager's two boards, paper and digital (seed 004: data cards face up in
    their category's slot, security measures face down). One sheet per manager."""
    pdf.add_page(orientation="L")
    pdf.font(16, bold=True)
    pdf.set_xy(12, 8)
    pdf.cell(273, 8, "Le Voleur de Données — plateaux d'un gestionnaire", align="C")
    pdf.set_draw_color(60, 60, 60)
    for i, (name, fill) in enumerate((("Plateau papier", (250, 240, 220)),
                                      ("Plateau numérique", (220, 235, 250)))):
        x, y, w, h = 12 + i * 139, 20, 134, 180
        pdf.set_line_width(0.6)
        pdf.set_fill_color(*fill)
        pdf.rect(x, y, w, h, style="DF")
        pdf.font(13, bold=True)
        pdf.set_xy(x, y + 3)
        pdf.cell(w, 7, name, align="C")
        pdf.set_line_width(0.3)
        pdf.set_fill_color(255, 255, 255)
        for j, (slot, points) in enumerate(SLOTS):
            sx = x + 4 + j * 43.3
            pdf.rect(sx, y + 14, 40, 62, style="DF")
            pdf.fit(slot, sx + 2, y + 17, 36, 12, 8.5, 6.5, bold=True, align="C")
            pdf.fit(points, sx + 2, y + 30, 36, 5, 8, 6, align="C")
            pdf.fit("cartes face visible", sx + 2, y + 68, 36, 5, 6.5, 5, align="C")
        pdf.rect(x + 4, y + 82, w - 8, 92, style="DF")
        pdf.fit("Mesures de sécurité (face cachée ; retournées quand elles déjouent une attaque)",
                x + 8, y + 86, w - 16, 10, 9, 7, bold=True, align="C")
