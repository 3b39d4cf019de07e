"""What a game of Hacker teaches (issue 16 §6): after a game, 4 to 6 cards link what
happened at the table (unnoticed viruses, thefts, guesses, cryptage, brouillage, viruses on
empty accounts) to real-life advice, each with its source and the date it was checked.

The cards are YAML (``content/hacker/lessons.yaml``), checked like every content file. The
cards shown are chosen from the finished game's totals and options only (nothing a seat
kept secret): every ``always`` card, then those whose ``when`` happened, in the file's
order, 4 to 6 (``ludinum.engine.lessons``, shared by the four games).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
from ludinum.engine.lessons import LEAST, pick
from ludinum.engine.lessons import MOST as MOST  # the bound the docs and tests cite

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


def happened(metrics: Mapping[str, float], options: Mapping[str, Any]) -> set[str]:
    """What of :data:`WHEN` a finished game met, from its totals and its options."""
    out = {"always"}
    if metrics.get("thefts", 0) > 0:
        out.add("stolen")
    if metrics.get("drops", 0) > metrics.get("noticed", 0):
        out.add("unnoticed")
    if options.get("cryptage"):
        out.add("cryptage")
    if options.get("brouillage"):
        out.add("brouillage")
    if metrics.get("set_aside_empty", 0) > 0:
        out.add("empty")
    return out


def lessons_for(metrics: Mapping[str, float], options: Mapping[str, Any],
                lessons: Sequence[Lesson] | None = None) -> list[Lesson]:
    """The cards of a finished game: what happened, in the file's order, :data:`MOST` at
    most; when fewer than :data:`LEAST` apply, the first other cards complete them."""
    cards = list(load_lessons() if lessons is None else lessons)
    met = happened(metrics, options)
    return pick((c for c in cards if c.when in met), cards)
