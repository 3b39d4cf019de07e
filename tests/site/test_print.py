"""Print-and-play (ruling W16): the cards of a game on A4 sheets with cut marks, each with
a QR code that decodes to its page on the server's address, plus the board."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from ludinum.cli.print_cmd import print_cards
from ludinum.site import build_print_pdf
from ludinum.site.catalog import catalog, print_deck
from tests.reading import plain_spaces

from .helpers import client, embedded_fonts, page_count, pdf_text, qr_codes

BASE = "http://192.168.1.20:8000"


@pytest.fixture(scope="module")
def webrunners_pdf() -> bytes:
    return build_print_pdf("webrunners", BASE)


def test_webrunners_qr_codes_decode_to_their_card_pages(webrunners_pdf: bytes) -> None:
    """Every copy of a themed card carries the QR code of its own page (W16)."""
    deck = print_deck("webrunners")
    expected = [BASE + c.path for c in deck.cards() if c.path]
    found = qr_codes(webrunners_pdf)
    assert sorted(found) == sorted(expected)
    pages = {u.removeprefix(BASE) for u in found}
    assert pages == {c.path for c in catalog().cards_of("webrunners")}
    app = client()
    for path in sorted(pages):
        assert app.get(path).status_code == 200


def test_webrunners_deck_has_every_card_a_board_and_embedded_fonts(webrunners_pdf: bytes) -> None:
    deck = print_deck("webrunners")
    cards = deck.cards()
    sheets = -(-len(cards) // 9)
    assert page_count(webrunners_pdf) == 1 + 1 + sheets  # cover, board, card sheets
    text = "\n".join(pdf_text(webrunners_pdf))
    assert "Web Runners — plateau" in text and "CENTRE" in text
    assert "Obsolescence programmée" in text and "Contre-cyberviolence" in text
    assert "Vie relationnelle, affective et" in text  # the theme said in words
    assert BASE in text
    assert "DejaVuSansBook" in embedded_fonts(webrunners_pdf)


@pytest.mark.parametrize("game", ["gnou", "voleur"])
def test_other_games_print_with_qr_codes(game: str) -> None:
    data = build_print_pdf(game, BASE)
    deck = print_deck(game)
    first_sheet = 2  # after the cover and the board
    found = qr_codes(data, range(first_sheet, first_sheet + 1))
    expected = [BASE + c.path for c in deck.cards()[:9] if c.path]
    assert found and sorted(found) == sorted(expected)
    text = "\n".join(pdf_text(data))
    if game == "gnou":
        assert "Le jeu du Gnou — parcours" in text and "Les cookies publicitaires" in text
        assert "Réponse : " in plain_spaces(text)  # the quiz cards' answers, on their backs (H7)
    else:
        assert "Hameçonnage" in text and "Armoire fermée à clé" in text
        assert "Plateau papier" in text and "Plateau numérique" in text


def test_cli_print_writes_the_pdf(tmp_path: Path) -> None:
    target = tmp_path / "deck.pdf"
    result = CliRunner().invoke(
        print_cards, ["webrunners", "--base-url", "http://10.1.2.3:8000/", "--output", str(target)]
    )
    assert result.exit_code == 0, result.output
    data = target.read_bytes()
    assert data.startswith(b"%PDF")
    assert "http://10.1.2.3:8000/cartes/webrunners/" in qr_codes(data, range(2, 3))[0]


def test_cli_refuses_a_bad_address_and_warns_about_localhost(tmp_path: Path) -> None:
    bad = CliRunner().invoke(print_cards, ["voleur", "--base-url", "192.168.1.2"])
    assert bad.exit_code != 0 and "adresse" in bad.output
    local = CliRunner().invoke(
        print_cards,
        ["voleur", "--base-url", "http://localhost:8000", "--output", str(tmp_path / "v.pdf")],
    )
    assert local.exit_code == 0 and "localhost" in local.output


def test_print_route_uses_the_server_address() -> None:
    response = client().get("/imprimer/voleur.pdf")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/pdf"
    found = qr_codes(response.content, range(2, 3))
    assert found and all(u.startswith("http://testserver/cartes/voleur/") for u in found)


def test_gnou_quiz_answers_are_on_the_backs_mirrored_for_two_sided_printing() -> None:
    """Seed 001: « le verso contient les réponses »; the player reads the answer after
    answering (review H7). Each sheet with quiz cards is followed by its back, whose columns
    are mirrored so that a long-edge two-sided print puts each answer behind its card."""
    data = build_print_pdf("gnou", BASE)
    deck = print_deck("gnou")
    cards = deck.cards()
    pages = pdf_text(data)
    quiz = [c for c in cards if c.back]
    assert len(quiz) == 150 and all(c.back.startswith("Réponse : ") for c in quiz)
    assert all("Réponse : " not in c.text + c.footer for c in cards)
    sheets = [cards[i : i + 9] for i in range(0, len(cards), 9)]
    with_backs = sum(1 for sheet in sheets if any(c.back for c in sheet))
    assert page_count(data) == 1 + 1 + len(sheets) + with_backs
    # No face carries an answer; every back page follows its face and holds its answers.
    page = 2
    for number, sheet in enumerate(sheets, start=1):
        face = pages[page]
        assert f"planche {number}" in face and "Réponse : " not in plain_spaces(face)
        page += 1
        if any(c.back for c in sheet):
            back = pages[page]
            assert f"planche {number}, verso" in back
            assert plain_spaces(back).count("Réponse : ") == sum(1 for c in sheet if c.back)
            page += 1
    # On a back, each answer sits in the mirrored column of its card's row.
    index = next(i for i, sheet in enumerate(sheets) if any(c.back for c in sheet))
    back_page = 2 + index + sum(1 for sheet in sheets[:index] if any(c.back for c in sheet)) + 1
    where = _text_positions(data, back_page)
    for i, card in enumerate(sheets[index]):
        if not card.back:
            continue
        col, row = 2 - i % 3, i // 3
        x, y = next(p for text, *p in where if text.startswith(card.title[:12]))
        assert LEFT + col * 63 < x < LEFT + (col + 1) * 63, (card.title, x, col)
        assert TOP + row * 88 < y < TOP + (row + 1) * 88, (card.title, y, row)


LEFT, TOP = (210 - 3 * 63) / 2, (297 - 3 * 88) / 2


def _text_positions(data: bytes, page: int) -> list[tuple[str, float, float]]:
    """Each text run of ``page`` with its start, in millimetres from the top left."""
    reader = PdfReader(io.BytesIO(data))
    height = float(reader.pages[page].mediabox.height)
    runs: list[tuple[str, float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], *_: object) -> None:
        if text.strip():
            x = tm[4] * cm[0] + cm[4]
            y = tm[5] * cm[3] + cm[5]
            runs.append((text.strip(), x * 25.4 / 72, (height - y) * 25.4 / 72))

    reader.pages[page].extract_text(visitor_text=visit)
    return runs
