"""The default deck as data: schema, meaning, and precise ``file:line: message`` errors."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from ludinum.content.schema import check_kind
from ludinum.engine import ContentError
from ludinum.games.voleur import CONTENT, GAME
from ludinum.games.voleur.content import ATTACK, DATA, DECK_KIND, FOLDER, MEASURE, load_deck


def test_default_deck_has_no_problem() -> None:
    problems, docs = check_kind(DECK_KIND, FOLDER)
    assert problems == []
    assert len(docs) == 1
    assert CONTENT == [DECK_KIND]


def test_v2_every_attack_countered_by_exactly_one_measure() -> None:
    """V2 « attack cards of nature paper or digital, each countered by exactly one type of
    security measure »."""
    deck = GAME.deck
    attacks = [c for c in deck.cards if c.kind == ATTACK]
    measures = [c for c in deck.cards if c.kind == MEASURE]
    assert sorted(m.counters for m in measures) == sorted(a.index for a in attacks)
    for attack in attacks:
        measure = deck.cards[attack.countered_by]
        assert measure.counters == attack.index and measure.nature == attack.nature
    assert {a.nature for a in attacks} == {0, 1}


def test_v2_three_data_categories_worth_1_3_5() -> None:
    data = [c for c in GAME.deck.cards if c.kind == DATA]
    assert {c.points for c in data} == {1, 3, 5}
    assert all(c.count > 0 for c in GAME.deck.cards)


def test_deck_sizes_cover_a_full_game() -> None:
    """Five managers draw 3 + 15 cards each: the default common pile never runs dry; the
    thief draws at most 1 + 13 cards."""
    assert len(GAME.deck.common) >= 5 * (3 + 15)
    assert len(GAME.deck.thief) >= 1 + 13


def test_explanations_are_short_and_french() -> None:
    """Each card has a short explanation (2–3 sentences at most) in French and English."""
    for card in GAME.deck.cards:
        for text in (card.explain_fr, card.explain_en):
            sentences = [s for s in re.split(r"(?<=[.!?])\s+", text) if s]
            assert 1 <= len(sentences) <= 3, (card.id, text)
        assert card.explain_fr != card.explain_en, card.id
        words = set(re.findall(r"[a-zà-ÿ']+", card.explain_fr.lower()))
        assert words & {"le", "la", "les", "un", "une", "des", "du", "et", "est"}, card.id
        # French punctuation: a space before « : ; ? ! ».
        assert not re.search(r"\S[:;?!](\s|$)", card.explain_fr), card.id


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    folder = tmp_path / "voleur"
    folder.mkdir()
    shutil.copy(FOLDER / "deck.yaml", folder / "deck.yaml")
    text = (folder / "deck.yaml").read_text(encoding="utf-8")
    assert old in text
    (folder / "deck.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def _line_of(folder: Path, needle: str) -> int:
    for number, line in enumerate((folder / "deck.yaml").read_text().splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(needle)


def test_unknown_attack_reference_gives_file_and_line(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "contre: fouille_poubelles", "contre: fouille_des_poubelles")
    problems, _ = check_kind(DECK_KIND, folder)
    texts = [str(p) for p in problems]
    line = _line_of(folder, "contre: fouille_des_poubelles")
    assert f"{folder / 'deck.yaml'}:{line}: attaque inconnue « fouille_des_poubelles »" in texts
    # …and the attack left without a measure is reported on its own line.
    attack_line = _line_of(folder, "id: fouille_poubelles")
    assert any(t.startswith(f"{folder / 'deck.yaml'}:{attack_line}: aucune mesure") for t in texts)


def test_two_measures_for_one_attack_are_refused(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "contre: fouille_poubelles", "contre: armoire_ouverte")
    problems, _ = check_kind(DECK_KIND, folder)
    assert any("déjà contrée par une autre mesure" in p.message for p in problems)


def test_schema_error_gives_file_and_line(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "categorie: sensible", "categorie: secrete")
    problems, _ = check_kind(DECK_KIND, folder)
    line = _line_of(folder, "categorie: secrete")
    assert problems and str(problems[0]).startswith(f"{folder / 'deck.yaml'}:{line}: ")
    assert "secrete" in problems[0].message


def test_duplicate_id_is_reported(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "id: planning_conges", "id: annuaire_interne")
    problems, _ = check_kind(DECK_KIND, folder)
    lines = (folder / "deck.yaml").read_text().splitlines()
    second = [n for n, text in enumerate(lines, 1) if "id: annuaire_interne" in text][1]
    assert any(
        str(p).startswith(f"{folder / 'deck.yaml'}:{second}: identifiant en double")
        for p in problems
    )


def test_yaml_syntax_error_gives_line(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "    nombre: 6\n", "    nombre: [6\n")
    problems, _ = check_kind(DECK_KIND, folder)
    assert problems and re.match(rf"{re.escape(str(folder / 'deck.yaml'))}:\d+: ", str(problems[0]))


def test_load_deck_raises_on_broken_file(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "nombre: 2", "nombre: -2")
    with pytest.raises(ContentError, match=r"deck\.yaml:\d+: "):
        load_deck(folder)


def test_counts_can_be_changed_for_tuning() -> None:
    deck = GAME.deck.with_counts({"rancongiciel": 5})
    assert deck.thief.count(deck.index["rancongiciel"]) == 5
    with pytest.raises(KeyError):
        GAME.deck.with_counts({"nope": 1})


def test_the_rules_document_shows_the_deck_as_it_is() -> None:
    """docs/rules/voleur.md lists every card with its count and explanation (V2); five rows
    had kept an older wording (« Un ordinateur portable volé dans un train ou une voiture
    donne accès à tous les fichiers… » where the game says « Si son disque n'est pas
    chiffré… »)."""
    doc = (Path(__file__).parents[2] / "docs" / "rules" / "voleur.md").read_text("utf-8")
    rows = re.findall(r"^\| (.+?) \(`([a-z0-9_]+)`\) \|(.*)\|$", doc, re.MULTILINE)
    assert {ident for _, ident, _ in rows} == set(GAME.deck.index)
    for name, ident, rest in rows:
        card = GAME.deck.card(ident)
        cells = [cell.strip() for cell in rest.split("|")]
        assert name == card.name_fr, ident
        assert str(card.count) in cells, (ident, cells)
        assert card.explain_fr in cells, (ident, cells)


def test_a_name_too_long_for_a_choice_asks_for_a_short_one(tmp_path: Path) -> None:
    """« Gestionnaire de mots de passe et double authentification » (56 characters) took
    two lines of the terminal's choices: the deck gives it a short name (« nom_court »); a
    deck whose card has a name too long for one line and no short name is told so, on the
    name's line."""
    folder = _broken(tmp_path, "    nom_court: Gestionnaire de mots de passe\n", "")
    problems, _ = check_kind(DECK_KIND, folder)
    line = _line_of(folder, "nom: Gestionnaire de mots de passe et double")
    assert [str(p) for p in problems] == [
        f"{folder / 'deck.yaml'}:{line}: « Gestionnaire de mots de passe et double "
        "authentification » : 56 caractères, un choix du terminal en tient 40 sur une "
        "ligne ; donne à la carte un « nom_court »"]
    assert load_deck().card("gestionnaire_mots_de_passe").short("fr") == (
        "Gestionnaire de mots de passe")
