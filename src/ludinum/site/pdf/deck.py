"""Print-and-play: a game's cards on A4 sheets with cut marks, each card with a QR code of
its page on the classroom server, plus the board of the board games (ruling W16)."""

from __future__ import annotations

from ludinum.games import parts
from ludinum.site.catalog import GAME_TITLES, print_deck
from ludinum.site.pdf.qr import draw_qr
from ludinum.sitekit.document import Document
from ludinum.sitekit.model import PrintCard

CARD_W, CARD_H = 63.0, 88.0  # the usual playing-card size
COLS, ROWS = 3, 3
LEFT = (210 - COLS * CARD_W) / 2
TOP = (297 - ROWS * CARD_H) / 2
QR_SIZE = 24.0
GREY = (150, 150, 150)


def card_url(base_url: str, path: str) -> str:
    return base_url.rstrip("/") + path


def _cut_marks(pdf: Document) -> None:
    """Short marks outside the grid on every cutting line, and faint card outlines."""
    pdf.set_draw_color(*GREY)
    pdf.set_line_width(0.2)
    xs = [LEFT + i * CARD_W for i in range(COLS + 1)]
    ys = [TOP + j * CARD_H for j in range(ROWS + 1)]
    for x in xs:
        pdf.line(x, TOP - 8, x, TOP - 2)
        pdf.line(x, ys[-1] + 2, x, ys[-1] + 8)
    for y in ys:
        pdf.line(LEFT - 8, y, LEFT - 2, y)
        pdf.line(xs[-1] + 2, y, xs[-1] + 8, y)
    pdf.set_draw_color(215, 215, 215)
    pdf.set_line_width(0.1)
    for x in xs:
        pdf.line(x, TOP, x, ys[-1])
    for y in ys:
        pdf.line(LEFT, y, xs[-1], y)


def _card(pdf: Document, card: PrintCard, x: float, y: float, base_url: str) -> None:
    pad = 3.0
    band_h = 11.0
    pdf.set_fill_color(*card.colour)
    pdf.rect(x, y, CARD_W, band_h, style="F")
    # The corner mark in a white disc, as on the paper cards.
    pdf.set_fill_color(255, 255, 255)
    pdf.ellipse(x + pad, y + 1.5, 8, 8, style="F")
    pdf.colour(card.colour)
    pdf.font(9 if len(card.corner) < 3 else 7, bold=True)
    pdf.set_xy(x + pad, y + 1.5)
    pdf.cell(8, 8, card.corner, align="C")
    pdf.colour((255, 255, 255))
    pdf.fit(card.band, x + pad + 10, y + 1.2, CARD_W - 2 * pad - 10, band_h - 2, 7, 5)
    pdf.colour((0, 0, 0))
    used = pdf.fit(card.title, x + pad, y + band_h + 2, CARD_W - 2 * pad, 14, 10, 6.5, bold=True)
    top = y + band_h + 3 + used
    bottom = y + CARD_H - pad - (QR_SIZE if card.path else 10)
    pdf.colour((30, 30, 30))
    pdf.fit(card.text, x + pad, top, CARD_W - 2 * pad, bottom - top - 1, 7.5, 5)
    if card.path:
        qx, qy = x + CARD_W - pad - QR_SIZE, y + CARD_H - pad - QR_SIZE
        draw_qr(pdf, card_url(base_url, card.path), qx, qy, QR_SIZE)
        pdf.colour((60, 60, 60))
        if card.footer:
            pdf.fit(card.footer, x + pad, qy + 1, CARD_W - 3 * pad - QR_SIZE, QR_SIZE - 1, 6, 4.5)
    elif card.footer:
        pdf.fit(card.footer, x + pad, bottom, CARD_W - 2 * pad, 9, 6, 4.5)
    pdf.colour((0, 0, 0))


def _back(pdf: Document, card: PrintCard, x: float, y: float) -> None:
    """A card's back: its title in small and the text of its back (an answer…)."""
    pad = 4.0
    pdf.colour((90, 90, 90))
    used = pdf.fit(card.title, x + pad, y + pad, CARD_W - 2 * pad, 12, 7, 5, bold=True)
    pdf.colour((0, 0, 0))
    top = y + pad + used + 2
    pdf.fit(card.back, x + pad, top, CARD_W - 2 * pad, y + CARD_H - pad - top, 8, 5.5)


def _sheet_footer(pdf: Document, text: str) -> None:
    pdf.font(7)
    pdf.colour(GREY)
    pdf.set_xy(LEFT, 297 - 10)
    pdf.cell(COLS * CARD_W, 4, text, align="C")
    pdf.colour((0, 0, 0))


def _cover(pdf: Document, game: str, base_url: str, notes: tuple[str, ...], count: int) -> None:
    pdf.add_page()
    pdf.font(22, bold=True)
    pdf.set_xy(15, 25)
    pdf.cell(180, 12, f"{GAME_TITLES[game]} — à imprimer et à jouer")
    pdf.font(11)
    lines = [
        f"{count} cartes, 9 par feuille A4, au format 63 × 88 mm.",
        *notes,
        "Imprime à 100 % (sans ajustement à la page) pour garder la taille des cartes.",
        f"Les codes QR mènent aux pages des cartes sur le serveur de la classe : {base_url}",
        "Le téléphone qui les flashe doit être connecté au même réseau que ce serveur.",
    ]
    y = 48.0
    for line in lines:
        y += pdf.fit(line, 15, y, 180, 20, 11, 9) + 3


def build_print_pdf(game_name: str, base_url: str) -> bytes:
    """The printable material of ``game_name`` (a game of ``PRINTABLE``) with QR codes
    pointing to ``base_url`` + each card's page, after its board when it has one (drawn
    by the game's ``board.py``). ``KeyError`` for another game."""
    deck = print_deck(game_name)
    cards = deck.cards()
    pdf = Document(f"{deck.title} — à imprimer")
    _cover(pdf, game_name, base_url, deck.notes, len(cards))
    if deck.board:
        parts("board")[game_name].draw(pdf)
    for start in range(0, len(cards), COLS * ROWS):
        sheet = cards[start : start + COLS * ROWS]
        page = start // (COLS * ROWS) + 1
        pdf.add_page()
        _cut_marks(pdf)
        for i, card in enumerate(sheet):
            col, row = i % COLS, i // COLS
            _card(pdf, card, LEFT + col * CARD_W, TOP + row * CARD_H, base_url)
        _sheet_footer(pdf, f"{deck.title} — planche {page}")
        if any(card.back for card in sheet):
            # The backs, columns mirrored: printed two-sided (long edge), each back falls
            # behind its own card.
            pdf.add_page()
            for i, card in enumerate(sheet):
                if card.back:
                    col, row = COLS - 1 - i % COLS, i // COLS
                    _back(pdf, card, LEFT + col * CARD_W, TOP + row * CARD_H)
            _sheet_footer(pdf, f"{deck.title} — planche {page}, verso")
    return pdf.bytes()
