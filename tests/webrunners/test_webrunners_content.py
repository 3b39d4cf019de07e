"""Web Runners content: the built-in files pass their checks; broken files are reported as
``file:line: message``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ludinum.content.schema import check_kind
from ludinum.games.webrunners import CONTENT, THEME_DATA, card_message
from ludinum.games.webrunners.content import BOARD, DECK, THEME_KIND
from ludinum.games.webrunners.data import BOARD_DATA, DECK_DATA, FOLDER


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "webrunners"
    shutil.copytree(FOLDER, folder)
    return folder


@pytest.mark.parametrize("kind", CONTENT, ids=lambda k: k.name)
def test_builtin_content_is_valid(kind: object) -> None:
    problems, docs = check_kind(kind, FOLDER)  # type: ignore[arg-type]
    assert problems == [] and docs


def test_deck_has_the_35_named_cards_with_messages() -> None:
    """W1: every card named in the text exists, with its theme; 10 attack cards."""
    named = [c for c in DECK_DATA.cards if c.theme is not None]
    assert len(named) == 35
    themes = {t: sum(1 for c in named if c.theme == t) for t in THEME_DATA}
    assert themes == {"relations": 8, "sante": 7, "information": 12, "education": 8}
    assert sum(1 for c in named if c.kind in (2, 3)) == 10
    for c in named:
        assert c.speaker in ("white_hat", "influenceuse", "cyber_activiste", "geekcolo")
        assert c.message and 80 < len(c.message) < 420, c.id


def test_card_message_by_id() -> None:
    """W16: each card's message is reachable by card id (for the web card pages)."""
    message = card_message("hacking")
    assert message is not None and message["speaker"] == "white_hat"
    assert "cybermalveillance.gouv.fr" in message["message"]
    assert card_message("plain_pont") is None
    with pytest.raises(KeyError):
        card_message("no_such_card")


def test_themes_cite_real_resources() -> None:
    text = " ".join(str(t) for t in THEME_DATA.values())
    for needle in ("3018", "e-Enfance", "Pharos", "cybermalveillance.gouv.fr", "CNIL",
                   "Internet Sans Crainte", "PEGI", "09 74 75 13 13", "17", "112"):
        assert needle in text, needle


def test_board_follows_w2() -> None:
    """W2: 24/18/12 cells, one PONT 1 and a PONT 2 or 3 per circle, four colours each."""
    assert BOARD_DATA.sizes == (24, 18, 12)
    for circle in range(3):
        bars = sorted(b.bars for b in BOARD_DATA.bridges if b.circle == circle)
        assert bars.count(1) == 1 and max(bars) >= 2
        assert {1, 2, 3, 4} <= set(BOARD_DATA.colours[circle])
    assert len(BOARD_DATA.inner_numbers) == 9


def test_broken_deck_reports_file_and_line(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    deck = folder / "deck.yaml"
    lines = deck.read_text(encoding="utf-8").splitlines()
    target = next(i for i, line in enumerate(lines) if line.strip() == "- id: fake_news")
    value_line = target + 5  # "    value: 1"
    assert lines[value_line].strip() == "value: 1"
    lines[value_line] = "    value: 3"
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    problems, _ = check_kind(DECK, folder)
    assert problems
    assert str(problems[0]).startswith(f"{deck}:{value_line + 1}: ")


def test_duplicate_card_id_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8").replace("id: pornographie", "id: divulgateur_nu")
    deck.write_text(text, encoding="utf-8")
    problems, _ = check_kind(DECK, folder)
    assert any("double" in p.message for p in problems)


def test_missing_message_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8").replace("    speaker: geekcolo\n", "", 1)
    deck.write_text(text, encoding="utf-8")
    problems, _ = check_kind(DECK, folder)
    assert any("message" in p.message for p in problems)


def test_board_without_green_on_a_circle_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    board = folder / "board.yaml"
    text = board.read_text(encoding="utf-8").replace(
        "{index: 10, colour: green}", "{index: 10, colour: none}")
    board.write_text(text, encoding="utf-8")
    problems, _ = check_kind(BOARD, folder)
    assert any("green" in p.message for p in problems)
    assert all(p.file == str(board) for p in problems)


def test_board_with_two_pont1_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    board = folder / "board.yaml"
    text = board.read_text(encoding="utf-8").replace(
        "{circle: 2, entry: 9, exit: 2, bars: 2}", "{circle: 2, entry: 9, exit: 0, bars: 1}")
    board.write_text(text, encoding="utf-8")
    problems, _ = check_kind(BOARD, folder)
    assert any("exactement un PONT 1" in p.message for p in problems)


def test_theme_missing_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    themes = folder / "themes.yaml"
    text = themes.read_text(encoding="utf-8").replace("- id: sante", "- id: relations")
    themes.write_text(text, encoding="utf-8")
    problems, _ = check_kind(THEME_KIND, folder)
    assert any("sante" in p.message for p in problems)


def test_the_facts_cite_public_bodies_not_a_casino_page() -> None:
    # Shown to pupils under « Source : » on the debrief and the card pages: the gambling
    # card cited a casino-affiliate page and the repair card a local radio's article. The
    # regulator (ANJ) and the State's repair site say the same.
    sources = {c.id: c.source for c in DECK_DATA.cards}
    assert "anj.fr" in sources["jeux_argent"] and "casino" not in sources["jeux_argent"]
    assert "longuevieauxobjets.gouv.fr" in sources["contre_obsolescence"]
    assert not any(site in text for text in sources.values()
                   for site in ("musionet", "rtsfm"))


#: News sites a fact once cited: a source shown to pupils and teachers is the body that
#: states the fact (the ministry, the regulation, the service itself), not a report of it.
NEWS_SITES = ("europe1.fr", "linfodurable.fr")


def test_no_card_or_theme_cites_a_news_site() -> None:
    sources = {c.id: c.source for c in DECK_DATA.cards}
    themes = str(THEME_DATA)
    for site in NEWS_SITES:
        assert not any(site in text for text in sources.values()), site
        assert site not in themes, site
    # the energy label (June 2025) by the ministry's own announcement; ADEME's repair site
    # by itself
    assert "ecologie.gouv.fr" in sources["obsolescence_programmee"]
    assert "https://longuevieauxobjets.gouv.fr" in themes
