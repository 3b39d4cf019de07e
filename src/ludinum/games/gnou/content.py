"""Gnou content: the board, the quiz bank, the danger cards and the theme texts.

All of it is YAML under ``ludinum/content/gnou`` (or an educator's folder laid out the same
way), checked by JSON Schemas and the rules below (ruling G1, G3).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludinum.content import BUILTIN
from ludinum.content.facts import SOURCE_PROPERTIES, items_at, items_of
from ludinum.content.pack import loader as content_loader
from ludinum.content.schema import (
    ContentKind,
    Problem,
    english_problems,
    load_kind,
    problem,
    same_choices,
    unique_ids,
)
from ludinum.content.typography import french_problems
from ludinum.content.yamldoc import Doc
from ludinum.engine.lessons import source_text

FOLDER = BUILTIN / "gnou"

DANGER_TYPES = ("traceurs", "privateurs", "liberticide", "centralisation", "restrictions")
PROTECTIONS = (
    "anti_espion",
    "logiciels_libres",
    "oeuvres_libres",
    "services_decentralises",
    "action_citoyenne",
)
LIBERTIES = ("utiliser", "etudier", "diffuser", "modifier")
CULTURE = "culture_generale"
SERIES = (*PROTECTIONS, *LIBERTIES, CULTURE)
LEVELS = (1, 2, 3)
#: The protection that removes each type of danger.
PROTECTION_FOR = {
    "traceurs": "anti_espion",
    "privateurs": "logiciels_libres",
    "liberticide": "action_citoyenne",
    "centralisation": "services_decentralises",
    "restrictions": "oeuvres_libres",
}
MIN_PER_SERIES_LEVEL = 4
CELL_KINDS = ("start", "community", "danger", "awareness", "liberty", "gull", "end")

_TEXT = {"type": "string", "minLength": 1}
_CHOICES = {"type": "array", "minItems": 3, "maxItems": 4, "items": _TEXT}
#: The fields a player reads, each with an optional English sibling ``<field>_en``.
QUESTION_TEXTS = ("question", "choices", "explanation", "hint")
DANGER_TEXTS = ("title", "text", "alternative")

QUIZ_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["series", "title", "questions"],
    "additionalProperties": False,
    "properties": {
        "series": {"enum": list(SERIES)},
        "title": _TEXT,
        "title_en": _TEXT,
        "questions": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["id", "level", "question", "choices", "answer", "explanation"],
                "additionalProperties": False,
                "properties": {
                    "id": {"type": "string", "pattern": "^[a-z_]+-[123]-[0-9]+$"},
                    "level": {"enum": list(LEVELS)},
                    "question": _TEXT,
                    "choices": _CHOICES,
                    "answer": {"type": "integer", "minimum": 0, "maximum": 3},
                    "explanation": _TEXT,
                    "hint": _TEXT,
                    "question_en": _TEXT,
                    "choices_en": _CHOICES,
                    "explanation_en": _TEXT,
                    "hint_en": _TEXT,
                    **SOURCE_PROPERTIES,
                },
            },
        },
    },
}

DANGERS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["dangers"],
    "additionalProperties": False,
    "properties": {
        "dangers": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["cell", "type", "title", "text", "alternative"],
                "additionalProperties": False,
                "properties": {
                    "cell": {"type": "integer", "minimum": 0, "maximum": 42},
                    "type": {"enum": list(DANGER_TYPES)},
                    "title": _TEXT,
                    "text": _TEXT,
                    "alternative": _TEXT,
                    "title_en": _TEXT,
                    "text_en": _TEXT,
                    "alternative_en": _TEXT,
                    **SOURCE_PROPERTIES,
                },
            },
        }
    },
}

_NAMED = {
    "type": "object",
    "required": ["id", "name", "text"],
    "properties": {
        "id": _TEXT, "name": _TEXT, "name_en": _TEXT, "text": _TEXT, "text_en": _TEXT,
        **SOURCE_PROPERTIES,
    },
}
THEMES_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["protections", "dangers", "liberties", "places"],
    "properties": {
        key: {"type": "array", "items": _NAMED}
        for key in ("protections", "dangers", "liberties", "places")
    },
}

BOARD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["cells"],
    "additionalProperties": False,
    "properties": {
        "cells": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["cell", "kind"],
                "additionalProperties": False,
                "properties": {
                    "cell": {"type": "integer", "minimum": 0},
                    "kind": {"enum": list(CELL_KINDS)},
                    "type": {"enum": list(DANGER_TYPES)},
                    "liberty": {"enum": list(LIBERTIES)},
                    "mascot": {"enum": ["gnou", "tux"]},
                },
            },
        }
    },
}


def _quiz_check(docs: Sequence[Doc]) -> list[Problem]:
    found: list[Problem] = []
    series_seen: dict[str, str] = {}
    counts: Counter[tuple[str, int]] = Counter()
    for doc in docs:
        series = doc.data["series"]
        if series in series_seen:
            found.append(
                problem(doc, ("series",), f"série « {series} » déjà dans {series_seen[series]}")
            )
        series_seen[series] = str(doc.file)
        for i, q in enumerate(doc.data["questions"]):
            path: tuple[str | int, ...] = ("questions", i)
            prefix = f"{series}-{q['level']}-"
            if not q["id"].startswith(prefix):
                found.append(
                    problem(
                        doc,
                        (*path, "id"),
                        f"l'identifiant « {q['id']} » doit commencer par « {prefix} »",
                    )
                )
            if q["answer"] >= len(q["choices"]):
                found.append(
                    problem(
                        doc,
                        (*path, "answer"),
                        f"réponse {q['answer']} hors des {len(q['choices'])} choix",
                    )
                )
            found.extend(same_choices(doc, path, q["choices"]))
            counts[(series, q["level"])] += 1
        found += english_problems(doc, "questions", QUESTION_TEXTS)
    found += unique_ids(
        docs,
        lambda d: ((("questions", i, "id"), q["id"]) for i, q in enumerate(d.data["questions"])),
    )
    anchor = docs[0] if docs else None
    for series in SERIES:
        for level in LEVELS:
            n = counts[(series, level)]
            if n < MIN_PER_SERIES_LEVEL:
                where = str(anchor.file.parent if anchor else FOLDER / "quiz")
                found.append(
                    Problem(
                        where,
                        1,
                        f"série « {series} » niveau {level} : {n} question(s), "
                        f"il en faut au moins {MIN_PER_SERIES_LEVEL}",
                    )
                )
    return found


def _quiz_count(docs: Sequence[Doc]) -> dict[str, Any]:
    per: dict[str, dict[str, int]] = {s: {str(lv): 0 for lv in LEVELS} for s in SERIES}
    total = english = 0
    for doc in docs:
        for q in doc.data["questions"]:
            per[doc.data["series"]][str(q["level"])] += 1
            total += 1
            english += "question_en" in q
    return {"total": total, "english": english, "per_series_level": per}


def _dangers_count(docs: Sequence[Doc]) -> dict[str, Any]:
    cards = [d for doc in docs for d in doc.data["dangers"]]
    return {"dangers": len(cards), "english": sum("title_en" in d for d in cards)}


def _board_check(docs: Sequence[Doc]) -> list[Problem]:
    found: list[Problem] = []
    for doc in docs:
        cells = doc.data["cells"]
        if [c["cell"] for c in cells] != list(range(43)):
            found.append(
                problem(doc, ("cells",), "il faut les 43 positions 0 à 42 dans l'ordre (G1)")
            )
            continue
        kinds = Counter(c["kind"] for c in cells)
        expected = {
            "start": 1,
            "community": 1,
            "danger": 30,
            "awareness": 5,
            "liberty": 4,
            "gull": 1,
            "end": 1,
        }
        for kind, n in expected.items():
            if kinds[kind] != n:
                found.append(
                    problem(
                        doc, ("cells",), f"{kinds[kind]} case(s) « {kind} », il en faut {n} (G1)"
                    )
                )
        fixed = {0: "start", 1: "community", 37: "gull", 42: "end"}
        for index, kind in fixed.items():
            if cells[index]["kind"] != kind:
                found.append(
                    problem(doc, ("cells", index), f"la case {index} doit être « {kind} » (G1)")
                )
        types = Counter(c.get("type") for c in cells if c["kind"] == "danger")
        for t in DANGER_TYPES:
            if types[t] != 6:
                found.append(
                    problem(doc, ("cells",), f"{types[t]} danger(s) « {t} », il en faut 6 (G1)")
                )
        liberties = Counter(c.get("liberty") for c in cells if c["kind"] == "liberty")
        for lib in LIBERTIES:
            if liberties[lib] != 1:
                found.append(
                    problem(doc, ("cells",), f"la liberté « {lib} » doit avoir une case (G1)")
                )
        mascots = Counter(c.get("mascot") for c in cells if c["kind"] == "awareness")
        if mascots["gnou"] != 3 or mascots["tux"] != 2:
            found.append(problem(doc, ("cells",), "il faut 3 cases Gnou et 2 cases Tux (G1)"))
        for i, c in enumerate(cells):
            need = {"danger": "type", "liberty": "liberty", "awareness": "mascot"}.get(c["kind"])
            if need and need not in c:
                found.append(problem(doc, ("cells", i), f"case {c['cell']} : « {need} » manquant"))
        last_awareness = max(c["cell"] for c in cells if c["kind"] == "awareness")
        for c in cells:
            if c["kind"] in ("liberty", "community") and c["cell"] > last_awareness:
                found.append(
                    problem(
                        doc, ("cells", c["cell"]), "aucune case sensibilisation après cette case"
                    )
                )
    return found


def _dangers_check(docs: Sequence[Doc]) -> list[Problem]:
    found: list[Problem] = []
    board = {c.index: c for c in load_board()}
    for doc in docs:
        seen: set[int] = set()
        for i, d in enumerate(doc.data["dangers"]):
            cell = board.get(d["cell"])
            if cell is None or cell.kind != "danger":
                found.append(
                    problem(
                        doc,
                        ("dangers", i, "cell"),
                        f"la case {d['cell']} n'est pas une case danger",
                    )
                )
            elif cell.detail != d["type"]:
                found.append(
                    problem(
                        doc,
                        ("dangers", i, "type"),
                        f"la case {d['cell']} est un danger « {cell.detail} »",
                    )
                )
            if d["cell"] in seen:
                found.append(
                    problem(doc, ("dangers", i, "cell"), f"case {d['cell']} décrite deux fois")
                )
            seen.add(d["cell"])
        missing = sorted(c for c, cell in board.items() if cell.kind == "danger" and c not in seen)
        if missing:
            found.append(problem(doc, ("dangers",), f"cases danger sans carte : {missing}"))
        found += english_problems(doc, "dangers", DANGER_TEXTS)
    return found


def _themes_check(docs: Sequence[Doc]) -> list[Problem]:
    found: list[Problem] = []
    wanted = {
        "protections": set(PROTECTIONS),
        "dangers": set(DANGER_TYPES),
        "liberties": set(LIBERTIES),
        "places": {"communaute", "gull", "sensibilisation", "societe_libre"},
    }
    for doc in docs:
        for key, ids in wanted.items():
            have = {item["id"] for item in doc.data[key]}
            if have != ids:
                found.append(
                    problem(
                        doc, (key,), f"« {key} » : attendu {sorted(ids)}, trouvé {sorted(have)}"
                    )
                )
    return found


def _count_list(key: str) -> Any:
    return lambda docs: {key: sum(len(d.data[key]) for d in docs)}


def _with_french(check: Any) -> Any:
    """``check`` plus French typography (read aloud at the table)."""
    return lambda docs: check(docs) + french_problems(docs)


CONTENT = [
    ContentKind("gnou", "board", "board.yaml", BOARD_SCHEMA, _board_check, _count_list("cells")),
    ContentKind(
        "gnou", "quiz", "quiz/*.yaml", QUIZ_SCHEMA, _with_french(_quiz_check), _quiz_count,
        items=items_at("questions"), questions=True,
    ),
    ContentKind(
        "gnou",
        "dangers",
        "dangers.yaml",
        DANGERS_SCHEMA,
        _with_french(_dangers_check),
        _dangers_count,
        items=items_at("dangers"),
    ),
    ContentKind(
        "gnou",
        "themes",
        "themes.yaml",
        THEMES_SCHEMA,
        _with_french(_themes_check),
        lambda docs: {
            k: sum(len(d.data[k]) for d in docs)
            for k in ("protections", "dangers", "liberties", "places")
        },
        items=items_of(*(items_at(k) for k in ("protections", "dangers", "liberties", "places"))),
    ),
]


# -- typed content for the rules and the screens -------------------------------------------
@dataclass(frozen=True)
class Cell:
    index: int
    kind: str
    detail: str  # danger type, liberty or mascot; "" otherwise


@dataclass(frozen=True)
class Question:
    id: str
    series: str
    level: int
    question: str
    choices: tuple[str, ...]
    answer: int
    explanation: str
    hint: str
    #: English of the texts above; empty where the content gives none (French shown).
    question_en: str = ""
    choices_en: tuple[str, ...] = ()
    explanation_en: str = ""
    hint_en: str = ""

    def question_in(self, lang: str) -> str:
        return _pick(self.question, self.question_en, lang)

    def choices_in(self, lang: str) -> tuple[str, ...]:
        english = lang == "en" and len(self.choices_en) == len(self.choices)
        return self.choices_en if english else self.choices

    def explanation_in(self, lang: str) -> str:
        return _pick(self.explanation, self.explanation_en, lang)

    def hint_in(self, lang: str) -> str:
        return _pick(self.hint, self.hint_en, lang)


@dataclass(frozen=True)
class DangerCard:
    cell: int
    type: str
    title: str
    text: str
    alternative: str
    title_en: str = ""
    text_en: str = ""
    alternative_en: str = ""
    #: Where the card's facts come from (one line); empty where the content gives none.
    source: str = ""

    def title_in(self, lang: str) -> str:
        return _pick(self.title, self.title_en, lang)

    def text_in(self, lang: str) -> str:
        return _pick(self.text, self.text_en, lang)

    def alternative_in(self, lang: str) -> str:
        return _pick(self.alternative, self.alternative_en, lang)


def _pick(french: str, english: str, lang: str) -> str:
    """The English text where asked for and given, the French otherwise."""
    return english if lang == "en" and english else french


@dataclass(frozen=True)
class Bank:
    """The quiz bank: questions by index, and indices by (series, level)."""

    questions: tuple[Question, ...]
    by_id: dict[str, int]
    piles: dict[tuple[str, int], tuple[int, ...]]
    titles: dict[str, tuple[str, str]]

    def get(self, ident: object) -> Question | None:
        """The question ``ident`` (None if the bank has no such question)."""
        index = self.by_id.get(str(ident))
        return None if index is None else self.questions[index]


@content_loader("gnou")
def load_board(folder: Path) -> tuple[Cell, ...]:
    (doc,) = load_kind(CONTENT[0], folder)
    return tuple(
        Cell(c["cell"], c["kind"], c.get("type") or c.get("liberty") or c.get("mascot") or "")
        for c in doc.data["cells"]
    )


@content_loader("gnou")
def load_bank(folder: Path) -> Bank:
    questions: list[Question] = []
    titles: dict[str, tuple[str, str]] = {}
    for doc in load_kind(CONTENT[1], folder):
        series = doc.data["series"]
        titles[series] = (doc.data["title"], doc.data.get("title_en", doc.data["title"]))
        for q in doc.data["questions"]:
            questions.append(
                Question(
                    q["id"],
                    series,
                    q["level"],
                    q["question"],
                    tuple(q["choices"]),
                    q["answer"],
                    q["explanation"],
                    q.get("hint", ""),
                    q.get("question_en", ""),
                    tuple(q.get("choices_en", ())),
                    q.get("explanation_en", ""),
                    q.get("hint_en", ""),
                )
            )
    questions.sort(key=lambda q: q.id)
    piles: dict[tuple[str, int], list[int]] = {(s, lv): [] for s in SERIES for lv in LEVELS}
    for i, q in enumerate(questions):
        piles[(q.series, q.level)].append(i)
    return Bank(
        tuple(questions),
        {q.id: i for i, q in enumerate(questions)},
        {k: tuple(v) for k, v in piles.items()},
        titles,
    )


@content_loader("gnou")
def load_dangers(folder: Path) -> dict[int, DangerCard]:
    (doc,) = load_kind(CONTENT[2], folder)
    return {
        d["cell"]: DangerCard(
            d["cell"],
            d["type"],
            d["title"],
            d["text"],
            d["alternative"],
            d.get("title_en", ""),
            d.get("text_en", ""),
            d.get("alternative_en", ""),
            source_text(d.get("source"), ""),
        )
        for d in doc.data["dangers"]
    }


@content_loader("gnou")
def load_themes(folder: Path) -> dict[str, dict[str, dict[str, str]]]:
    """``{"protections": {id: {name, name_en, text…}}, "dangers": …, "liberties": …}``."""
    (doc,) = load_kind(CONTENT[3], folder)
    return {key: {item["id"]: dict(item) for item in items} for key, items in doc.data.items()}


def answer_key(question_id: str) -> int:
    """The right choice of a question: for bots' knowledge models only (never in a view)."""
    bank = load_bank()
    return bank.questions[bank.by_id[question_id]].answer
