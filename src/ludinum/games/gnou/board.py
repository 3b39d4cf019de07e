"""The Gnou's path for print-and-play, drawn from the game's content (its board and
themes): each cell's colour goes with the words that say what it is."""

from __future__ import annotations

from ludinum.games.gnou.content import load_board, load_themes
from ludinum.sitekit.document import Document

#: Cell colours by kind (the text in the cell always says what it is).
FILL = {
    "start": (230, 230, 230),
    "community": (200, 230, 200),
    "danger": (250, 215, 205),
    "awareness": (210, 225, 250),
    "liberty": (250, 240, 190),
    "gull": (200, 230, 200),
    "end": (255, 230, 150),
}


def _cell_text(kind: str, detail: str, themes: dict[str, dict[str, dict[str, str]]]) -> str:
    if kind == "danger":
        return f"Danger : {themes['dangers'][detail]['name']}"
    if kind == "liberty":
        return themes["liberties"][detail]["name"]
    if kind == "awareness":
        return f"Sensibilisation ({'Gnou' if detail == 'gnou' else 'Tux'})"
    return {
        "start": "Départ",
        "community": "La communauté du libre",
        "gull": "GULL",
        "end": "Société libre",
    }.get(kind, kind)


def draw(pdf: Document) -> None:
    """The path of 43 cells, in a snake of five rows."""
    cells = load_board()
    themes = load_themes()
    pdf.add_page(orientation="L")
    pdf.font(16, bold=True)
    pdf.set_xy(12, 8)
    pdf.cell(273, 8, "Le jeu du Gnou — parcours", align="C")
    cols, w, h = 9, 30.0, 30.0
    left, top = (297 - cols * w) / 2, 22.0
    pdf.set_draw_color(60, 60, 60)
    pdf.set_line_width(0.3)
    for cell in cells:
        row, col = divmod(cell.index, cols)
        if row % 2:
            col = cols - 1 - col  # a snake: every other row runs back
        x, y = left + col * w, top + row * h
        pdf.set_fill_color(*FILL.get(cell.kind, (255, 255, 255)))
        pdf.rect(x + 0.5, y + 0.5, w - 1, h - 1, style="DF")
        pdf.colour((0, 0, 0))
        pdf.font(11, bold=True)
        pdf.set_xy(x + 1.5, y + 1.5)
        pdf.cell(10, 5, str(cell.index))
        pdf.fit(_cell_text(cell.kind, cell.detail, themes), x + 2, y + 8, w - 4, h - 10, 7.5, 5.5)
    pdf.font(8.5)
    pdf.set_xy(left, top + 5 * h + 3)
    pdf.multi_cell(
        cols * w,
        4.5,
        "Le parcours se lit en serpentin, de la case 0 (départ) à la case 42 (société libre). "
        "Sur une case danger, la carte danger de même numéro se lit à voix haute.",
    )
