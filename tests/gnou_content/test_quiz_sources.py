"""Quiz facts are checkable: a question that states a dated fact or cites a law carries
``source`` and ``checked`` (ISO date), in the Gnou series and in the site's quiz."""

from __future__ import annotations

import re
import shutil
from datetime import date
from pathlib import Path

from ludinum.cli.content_cmd import check_folder
from ludinum.content import BUILTIN
from ludinum.content.yamldoc import load
from ludinum.games.gnou.content import CONTENT

QUIZ = next(k for k in CONTENT if k.name == "quiz")
FILES = [
    *sorted((BUILTIN / "gnou" / "quiz").glob("*.yaml")),
    BUILTIN / "site" / "webrunners_quiz.yaml",
]
#: A year, a law, an article, a phone number: facts a pupil could repeat.
FACT = re.compile(r"\b\d{4}\b|\bloi\b|\bart\.|\b\d{2} \d{2}\b", re.IGNORECASE)


def _questions() -> list[dict[str, object]]:
    return [q for file in FILES for q in load(file).data["questions"]]


def test_questions_stating_a_dated_or_legal_fact_are_sourced_and_dated() -> None:
    missing = [
        q["id"]
        for q in _questions()
        if FACT.search(f"{q['question']} {q['choices'][q['answer']]}")  # type: ignore[index]
        and not ("source" in q and "checked" in q)
    ]
    assert missing == []


def test_checked_is_an_iso_date_not_in_the_future_and_never_without_a_source() -> None:
    questions = _questions()
    dated = [q for q in questions if "checked" in q]
    assert len(dated) >= 150  # 125 Gnou questions + 36 site questions
    for q in dated:
        assert "source" in q, q["id"]
        assert date.fromisoformat(str(q["checked"])) <= date.today()


def test_a_malformed_checked_date_is_refused_with_its_line(tmp_path: Path) -> None:
    folder = tmp_path / "gnou"
    shutil.copytree(BUILTIN / "gnou", folder)
    file = folder / "quiz" / "utiliser.yaml"
    text = file.read_text(encoding="utf-8")
    assert 'checked: "2026-11-24"' in text
    file.write_text(text.replace('checked: "2026-11-24"', 'checked: "24/11/2026"', 1), "utf-8")
    problems, _, _ = check_folder(folder)  # what `ludinum content check` runs
    lines = file.read_text("utf-8").splitlines()
    line = next(i for i, s in enumerate(lines, 1) if "24/11/2026" in s)
    item = max(i for i, s in enumerate(lines[:line], 1) if s.strip().startswith("- id:"))
    assert any(p.line == item and "checked" in p.message and "24/11/2026" in p.message
               for p in problems), problems
