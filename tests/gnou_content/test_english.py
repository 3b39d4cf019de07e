"""English of the Gnou educational content: optional ``*_en`` siblings, all or nothing per
file (``ludinum.content.schema.english_problems``), reported as ``file:line: message``."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from ludinum.content import BUILTIN
from ludinum.content.schema import check_kind
from ludinum.content.yamldoc import load
from ludinum.games.gnou.content import (
    CONTENT,
    QUESTION_TEXTS,
    load_bank,
    load_dangers,
)

FOLDER = BUILTIN / "gnou"
QUIZ = next(k for k in CONTENT if k.name == "quiz")
DANGERS = next(k for k in CONTENT if k.name == "dangers")


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "gnou"
    shutil.copytree(FOLDER, folder)
    return folder


def _french_only(entry: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in entry.items() if not k.endswith("_en")}


def _fill_english(question: dict[str, Any]) -> None:
    question.update(question_en="Q?", explanation_en="E.", hint_en="H.")
    question["choices_en"] = [f"choice {i}" for i in range(len(question["choices"]))]


def _english_quiz(tmp_path: Path, series: str) -> tuple[Path, Path, Any]:
    """A copy of the content, and the data of ``series`` with English for every question."""
    folder = _copy(tmp_path)
    file = folder / "quiz" / f"{series}.yaml"
    data = yaml.safe_load(file.read_text(encoding="utf-8"))
    for q in data["questions"]:
        _fill_english(q)
    return folder, file, data


def _rewrite(file: Path, data: Any) -> None:
    file.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _messages(kind: Any, folder: Path) -> list[tuple[str, int, str]]:
    problems, _ = check_kind(kind, folder)
    return [(Path(p.file).name, p.line, p.message) for p in problems]


def test_french_only_files_still_pass(tmp_path: Path) -> None:
    """English is optional: a file without any ``*_en`` field is valid."""
    folder = _copy(tmp_path)
    file = folder / "quiz" / "modifier.yaml"
    data = yaml.safe_load(file.read_text(encoding="utf-8"))
    data["questions"] = [_french_only(q) for q in data["questions"]]
    _rewrite(file, data)
    dangers = folder / "dangers.yaml"
    cards = yaml.safe_load(dangers.read_text(encoding="utf-8"))
    cards["dangers"] = [_french_only(d) for d in cards["dangers"]]
    _rewrite(dangers, cards)
    assert _messages(QUIZ, folder) == []
    assert _messages(DANGERS, folder) == []


def test_english_for_one_question_needs_english_for_all(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    file = folder / "quiz" / "etudier.yaml"
    data = yaml.safe_load(file.read_text(encoding="utf-8"))
    questions = [_french_only(q) for q in data["questions"]]
    _fill_english(questions[0])
    data["questions"] = questions
    _rewrite(file, data)
    doc = load(file)
    found = _messages(QUIZ, folder)
    expected = [
        ("etudier.yaml", doc.line(("questions", i)),
         f"anglais incomplet : « {name}_en » manquant "
         "(le fichier donne l'anglais d'autres entrées)")
        for i in range(1, len(questions))
        for name in QUESTION_TEXTS
    ]
    assert sorted(found) == sorted(expected)


def test_english_choices_must_match_the_french_ones(tmp_path: Path) -> None:
    folder, file, data = _english_quiz(tmp_path, "diffuser")
    four = next(i for i, q in enumerate(data["questions"]) if len(q["choices"]) == 4)
    other = (four + 1) % len(data["questions"])
    data["questions"][four]["choices_en"].pop()  # three left: the schema allows it
    data["questions"][other]["choices_en"][1] = "choice 0"
    _rewrite(file, data)
    doc = load(file)
    assert sorted(_messages(QUIZ, folder)) == sorted([
        ("diffuser.yaml", doc.line(("questions", four, "choices_en")),
         "3 « choices_en » pour 4 en français"),
        ("diffuser.yaml", doc.line(("questions", other, "choices_en")),
         "« choices_en » : deux éléments identiques"),
    ])


def test_english_without_its_french_is_refused(tmp_path: Path) -> None:
    folder, file, data = _english_quiz(tmp_path, "utiliser")
    del data["questions"][2]["hint"]
    _rewrite(file, data)
    doc = load(file)
    assert _messages(QUIZ, folder) == [
        ("utiliser.yaml", doc.line(("questions", 2, "hint_en")), "« hint_en » sans « hint »")
    ]


def test_a_danger_card_missing_an_english_field(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    file = folder / "dangers.yaml"
    data = yaml.safe_load(file.read_text(encoding="utf-8"))
    for card in data["dangers"]:
        card.update(title_en="T", text_en="Text.", alternative_en="Alternative.")
    del data["dangers"][4]["text_en"]
    _rewrite(file, data)
    doc = load(file)
    assert _messages(DANGERS, folder) == [
        ("dangers.yaml", doc.line(("dangers", 4)),
         "anglais incomplet : « text_en » manquant (le fichier donne l'anglais d'autres entrées)")
    ]


def test_an_unknown_english_field_is_refused(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    file = folder / "dangers.yaml"
    data = yaml.safe_load(file.read_text(encoding="utf-8"))
    data["dangers"][0]["type_en"] = "trackers"
    _rewrite(file, data)
    found = _messages(DANGERS, folder)
    assert len(found) == 1 and "type_en" in found[0][2]


# -- the built-in content ---------------------------------------------------------------


def test_every_question_is_in_english() -> None:
    for q in load_bank().questions:
        assert q.question_en and q.explanation_en and q.hint_en, q.id
        assert len(q.choices_en) == len(q.choices), q.id
        assert q.choices_in("en") == q.choices_en and q.question_in("fr") == q.question


def test_every_danger_card_is_in_english() -> None:
    cards = load_dangers()
    assert len(cards) == 30
    for card in cards.values():
        assert card.title_en and card.text_en and card.alternative_en, card.cell
        assert card.text_in("en") == card.text_en and card.text_in("fr") == card.text


def _english_texts() -> list[tuple[str, str]]:
    texts = []
    for q in load_bank().questions:
        texts += [(q.id, t) for t in (q.question_en, q.explanation_en, q.hint_en)]
        texts += [(q.id, t) for t in q.choices_en]
    for card in load_dangers().values():
        texts += [(str(card.cell), t) for t in (card.title_en, card.text_en, card.alternative_en)]
    return texts


@pytest.mark.parametrize(("where", "text"), _english_texts())
def test_english_typography(where: str, text: str) -> None:
    """English punctuation: no space before « ? ! : ; », no French guillemets or tu."""
    assert not re.search(r"[\s\u00a0\u202f][?!:;]", text), (where, text)
    assert "«" not in text and "»" not in text and '"' not in text, (where, text)
    assert text == text.strip() and "  " not in text and "..." not in text, (where, text)


def _longest_is_right(lang: str) -> float:
    questions = load_bank().questions
    right = 0
    for q in questions:
        lengths = [len(c) for c in q.choices_in(lang)]
        right += lengths.index(max(lengths)) == q.answer
    return right / len(questions)


def test_the_right_answer_is_not_mostly_the_longest() -> None:
    """As in French, the longest choice is the right one in a minority of questions."""
    french, english = _longest_is_right("fr"), _longest_is_right("en")
    assert english < 0.5 and abs(english - french) < 0.15, (french, english)
