"""Hacker content: the lesson cards of the debrief (``content/hacker/lessons.yaml``), their
JSON Schema and meaning checks, and their loader. Which cards a finished game shows is
:mod:`ludinum.games.hacker.lessons`'s."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludinum.content import BUILTIN
from ludinum.content.facts import items_at
from ludinum.content.pack import loader as content_loader
from ludinum.content.schema import (
    ContentKind,
    Problem,
    english_problems,
    load_kind,
    problem,
    unique_ids,
)
from ludinum.content.typography import french_problems
from ludinum.content.yamldoc import Doc
from ludinum.engine.lessons import LEAST

FOLDER = BUILTIN / "hacker"
#: What can make a card appear, and which totals or options say it happened.
WHEN = ("always", "stolen", "unnoticed", "cryptage", "brouillage", "empty")
TEXTS = ("title", "text")

_TEXT = {"type": "string", "minLength": 1}
SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["lessons"],
    "additionalProperties": False,
    "properties": {
        "lessons": {
            "type": "array",
            "minItems": LEAST,
            "items": {
                "type": "object",
                "required": ["id", "when", "title", "text", "source", "checked"],
                "additionalProperties": False,
                "properties": {
                    "id": {"type": "string", "pattern": "^[a-z]+(-[a-z]+)*$"},
                    "when": {"enum": list(WHEN)},
                    "title": {"type": "string", "minLength": 3, "maxLength": 60},
                    "text": {"type": "string", "minLength": 60, "maxLength": 480},
                    "title_en": _TEXT,
                    "text_en": _TEXT,
                    "source": {"type": "string", "minLength": 8},
                    "checked": {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$"},
                },
            },
        }
    },
}


def _check(docs: Sequence[Doc]) -> list[Problem]:
    found = unique_ids(docs, lambda d: (
        (("lessons", i, "id"), str(x["id"])) for i, x in enumerate(d.data["lessons"])))
    for doc in docs:
        found += english_problems(doc, "lessons", TEXTS)
        always = [x for x in doc.data["lessons"] if x["when"] == "always"]
        if not 1 <= len(always) <= LEAST:
            found.append(problem(doc, ("lessons",), (
                f"lessons : il faut entre 1 et {LEAST} cartes « always » (il y en a "
                f"{len(always)})")))
    return found + french_problems(docs)


LESSONS = ContentKind(
    "hacker", "lessons", "lessons.yaml", SCHEMA, _check,
    lambda docs: {"lessons": sum(len(d.data["lessons"]) for d in docs)},
    items=items_at("lessons"),
)


@dataclass(frozen=True)
class Lesson:
    id: str
    when: str
    title: str
    text: str
    title_en: str
    text_en: str
    source: str
    checked: str

    def title_in(self, lang: str) -> str:
        return self.title_en if lang == "en" and self.title_en else self.title

    def text_in(self, lang: str) -> str:
        return self.text_en if lang == "en" and self.text_en else self.text


@content_loader("hacker")
def load_lessons(folder: Path) -> tuple[Lesson, ...]:
    (doc,) = load_kind(LESSONS, folder)
    return tuple(
        Lesson(x["id"], x["when"], x["title"], " ".join(x["text"].split()),
               x.get("title_en", ""), " ".join(x.get("text_en", "").split()),
               " ".join(x["source"].split()), x["checked"])
        for x in doc.data["lessons"]
    )
