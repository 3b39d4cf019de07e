"""The site's own content: its quiz bank (the quiz of the game that declares one, W16) and
the texts of the learning pages, each game's part checked by the schema the game gives.

Both are YAML under ``ludinum/content/site`` with a JSON Schema and a meaning check, like
every game's content (ruling W16: the site's quiz leads to its diploma).
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
    load_kind,
    problem,
    same_choices,
    unique_ids,
)
from ludinum.content.typography import french_problems
from ludinum.content.yamldoc import Doc
from ludinum.games import parts
from ludinum.sitekit.model import GameSite
from ludinum.sitekit.schema import TEXT

FOLDER = BUILTIN / "site"


def _sites() -> dict[str, GameSite]:
    """Each built-in game's part of the site, by name: every one has its part of the
    pages' texts checked, whichever games a process loads."""
    return {name: module.SITE for name, module in parts("site").items()}


SITES = _sites()
#: The game whose cards lead to the site's quiz and its diploma (W16).
QUIZ_GAME, QUIZ = next((name, site.quiz) for name, site in SITES.items() if site.quiz)
#: The quiz's themes, in the order of the game's rules.
THEMES = QUIZ.themes
MIN_PER_THEME = 10

_CHOICES = {
    "type": "array",
    "minItems": 3,
    "maxItems": 4,
    "items": {"type": "string", "minLength": 1, "maxLength": 140},
}

QUIZ_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": QUIZ.title,
    "type": "object",
    "required": ["questions"],
    "additionalProperties": False,
    "properties": {
        "questions": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["id", "theme", "question", "choices", "answer", "explanation"],
                "additionalProperties": False,
                "properties": {
                    "id": {"type": "string", "pattern": "^[a-z]+-[0-9]{2}$"},
                    "theme": {"enum": list(THEMES)},
                    "question": {"type": "string", "minLength": 10, "maxLength": 200},
                    "question_en": {"type": "string", "minLength": 10, "maxLength": 200},
                    "choices": _CHOICES,
                    "choices_en": _CHOICES,
                    "answer": {"type": "integer", "minimum": 0, "maximum": 3},
                    "explanation": {"type": "string", "minLength": 30, "maxLength": 420},
                    "explanation_en": {"type": "string", "minLength": 30, "maxLength": 420},
                    **SOURCE_PROPERTIES,
                },
            },
        }
    },
}

PAGES_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Textes des pages « Apprendre »",
    "type": "object",
    "required": ["characters", *(name for name, site in SITES.items() if site.texts)],
    "additionalProperties": False,
    "properties": {
        "characters": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["id", "game", "name", "role"],
                "additionalProperties": False,
                "properties": {
                    "id": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"},
                    "game": {"enum": [name for name, site in SITES.items() if site.characters]},
                    "name": TEXT,
                    "name_en": TEXT,
                    "role": TEXT,
                    "role_en": TEXT,
                },
            },
        },
        **{name: site.texts for name, site in SITES.items() if site.texts},
    },
}

#: Fields that hold identifiers or addresses, not prose (skipped by the typography check).
NOT_PROSE = frozenset({"id", "theme", "game", "contact"})
#: Characters every card page needs: those that speak each game's cards.
REQUIRED_CHARACTERS = tuple(c for site in SITES.values() for c in site.characters)


def _quiz_items(doc: Doc) -> list[tuple[tuple[str | int, ...], str]]:
    return [(("questions", i, "id"), q["id"]) for i, q in enumerate(doc.data["questions"])]


def check_quiz(docs: Sequence[Doc]) -> list[Problem]:
    """Unique ids named after their theme, a valid answer, distinct choices, at least
    :data:`MIN_PER_THEME` questions in each of the four themes, French typography."""
    found = unique_ids(docs, _quiz_items) + french_problems(docs, NOT_PROSE)
    counts: Counter[str] = Counter()
    for doc in docs:
        for i, q in enumerate(doc.data["questions"]):
            path: tuple[str | int, ...] = ("questions", i)
            counts[q["theme"]] += 1
            if not q["id"].startswith(q["theme"] + "-"):
                message = f"l'identifiant commence par « {q['theme']}- »"
                found.append(problem(doc, (*path, "id"), message))
            if q["answer"] >= len(q["choices"]):
                found.append(problem(doc, (*path, "answer"), "la réponse n'est pas un des choix"))
            found.extend(same_choices(doc, path, q["choices"]))
            if len(q.get("choices_en", q["choices"])) != len(q["choices"]):
                found.append(problem(doc, (*path, "choices_en"),
                                     "autant de choix en anglais qu'en français"))
    where = docs[0] if docs else None
    for theme in THEMES:
        if counts[theme] < MIN_PER_THEME and where is not None:
            found.append(
                problem(
                    where,
                    ("questions",),
                    f"thème « {theme} » : {counts[theme]} question(s), il en faut au moins "
                    f"{MIN_PER_THEME}",
                )
            )
    return found


def count_quiz(docs: Sequence[Doc]) -> dict[str, Any]:
    counts: Counter[str] = Counter(q["theme"] for d in docs for q in d.data["questions"])
    return {"questions": sum(counts.values()), **{t: counts[t] for t in THEMES}}


def check_pages(docs: Sequence[Doc]) -> list[Problem]:
    found = unique_ids(
        docs,
        lambda d: [(("characters", i, "id"), c["id"]) for i, c in enumerate(d.data["characters"])],
    ) + french_problems(docs, NOT_PROSE)
    for doc in docs:
        ids = {c["id"] for c in doc.data["characters"]}
        for needed in REQUIRED_CHARACTERS:
            if needed not in ids:
                found.append(problem(doc, ("characters",), f"personnage manquant « {needed} »"))
    return found


def count_pages(docs: Sequence[Doc]) -> dict[str, Any]:
    counts: Counter[str] = Counter(characters=sum(len(d.data["characters"]) for d in docs))
    for name, site in SITES.items():
        count = site.count
        if count is None:
            continue
        for doc in docs:
            counts.update({f"{name}_{key}": n for key, n in count(doc.data[name]).items()})
    return dict(counts)


QUIZ_KIND = ContentKind(
    "site", QUIZ.kind, f"{QUIZ.kind}.yaml", QUIZ_SCHEMA, check_quiz, count_quiz,
    items=items_at("questions"), questions=True,
    what=(f"le quiz du site qui donne le diplôme (au moins {MIN_PER_THEME} questions par "
          "thème)",
          f"the site's quiz that gives the diploma (at least {MIN_PER_THEME} questions per "
          "theme)"),
)
#: Every entry of the pages that may state a fact, as each game's part names them.
PAGE_ITEMS = items_of(
    *(items_at(name, *path) for name, site in SITES.items() for path in site.fact_paths),
)
PAGES_KIND = ContentKind(
    "site", "pages", "pages.yaml", PAGES_SCHEMA, check_pages, count_pages, items=PAGE_ITEMS
)
#: The site's content kinds, checked like a game's (``ludinum content check`` can list them).
CONTENT = [QUIZ_KIND, PAGES_KIND]


@dataclass(frozen=True)
class QuizQuestion:
    id: str
    theme: str
    question: str
    choices: tuple[str, ...]
    answer: int
    explanation: str
    question_en: str = ""
    choices_en: tuple[str, ...] = ()
    explanation_en: str = ""

    def question_in(self, lang: str) -> str:
        return self.question_en if lang == "en" and self.question_en else self.question

    def choices_in(self, lang: str) -> tuple[str, ...]:
        return self.choices_en if lang == "en" and self.choices_en else self.choices

    def explanation_in(self, lang: str) -> str:
        return (self.explanation_en if lang == "en" and self.explanation_en
                else self.explanation)


@dataclass(frozen=True)
class QuizBank:
    questions: tuple[QuizQuestion, ...]
    by_id: dict[str, QuizQuestion]
    by_theme: dict[str, tuple[QuizQuestion, ...]]


def _flat(text: str) -> str:
    return " ".join(text.split())


@content_loader("site")
def load_quiz(folder: Path) -> QuizBank:
    questions = [
        QuizQuestion(
            q["id"], q["theme"], _flat(q["question"]), tuple(_flat(c) for c in q["choices"]),
            q["answer"], _flat(q["explanation"]), _flat(q.get("question_en", "")),
            tuple(_flat(c) for c in q.get("choices_en", ())),
            _flat(q.get("explanation_en", "")),
        )
        for doc in load_kind(QUIZ_KIND, folder)
        for q in doc.data["questions"]
    ]
    questions.sort(key=lambda q: q.id)
    return QuizBank(
        tuple(questions),
        {q.id: q for q in questions},
        {t: tuple(q for q in questions if q.theme == t) for t in THEMES},
    )


@content_loader("site")
def load_pages(folder: Path) -> dict[str, Any]:
    """The learning pages' texts as plain data (see ``pages.yaml``)."""
    (doc,) = load_kind(PAGES_KIND, folder)
    data: dict[str, Any] = doc.data
    return data
