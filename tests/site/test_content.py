"""The site's own content: the Web Runners quiz bank and the learning pages' texts (W16)."""

from __future__ import annotations

import shutil
from pathlib import Path

from ludinum.content.schema import check_kind
from ludinum.content.typography import french_problems
from ludinum.site.content import (
    CONTENT,
    FOLDER,
    MIN_PER_THEME,
    NOT_PROSE,
    PAGES_KIND,
    QUIZ_KIND,
    THEMES,
    load_quiz,
)


def test_builtin_site_content_has_no_problem() -> None:
    for kind in CONTENT:
        problems, docs = check_kind(kind, FOLDER)
        assert [str(p) for p in problems] == []
        assert docs


def test_quiz_has_at_least_ten_questions_per_theme() -> None:
    """W16: the site's quiz draws questions per theme from a bank (at least 10 each)."""
    bank = load_quiz()
    for theme in THEMES:
        assert len(bank.by_theme[theme]) >= MIN_PER_THEME
    for q in bank.questions:
        assert 3 <= len(q.choices) <= 4
        assert 0 <= q.answer < len(q.choices)
        assert len(q.explanation) >= 30


def test_quiz_and_pages_follow_french_typography() -> None:
    _, quiz_docs = check_kind(QUIZ_KIND, FOLDER)
    _, page_docs = check_kind(PAGES_KIND, FOLDER)
    assert [str(p) for p in french_problems([*quiz_docs, *page_docs], NOT_PROSE)] == []


def test_a_typography_slip_is_reported_with_its_line(tmp_path: Path) -> None:
    shutil.copytree(FOLDER, tmp_path / "site")
    file = tmp_path / "site" / "pages.yaml"
    lines = file.read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if line.strip().startswith("role:"))
    lines[index] = lines[index].split("role:")[0] + 'role: "Qui suis-je?"'
    file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    problems, _ = check_kind(PAGES_KIND, tmp_path / "site")
    assert any(p.line == index + 1 and "« ? »" in p.message for p in problems)


def test_key_facts_are_in_the_bank() -> None:
    """The facts the issue asks for are taught: 3018, 17/112, Pharos, cybermalveillance,
    CNIL, PEGI, sleep, blue light, passwords and 2FA, Creative Commons, legal streaming."""
    text = " ".join(
        f"{q.question} {' '.join(q.choices)} {q.explanation}" for q in load_quiz().questions
    )
    for fact in (
        "3018", "e-Enfance", "112", "Pharos", "cybermalveillance.gouv.fr", "CNIL", "PEGI",
        "sommeil", "lumière", "double authentification", "Creative Commons", "streaming",
        "e-learning", "sédentarité",
    ):
        assert fact.lower() in text.lower(), fact


def test_a_bad_answer_and_a_short_theme_are_reported_with_their_line(tmp_path: Path) -> None:
    shutil.copytree(FOLDER, tmp_path / "site")
    file = tmp_path / "site" / "webrunners_quiz.yaml"
    lines = file.read_text(encoding="utf-8").splitlines()
    start = lines.index("  - id: relations-05")
    answer = next(i for i in range(start, len(lines)) if lines[i].strip().startswith("answer:"))
    del lines[answer - 1]  # three choices left: the fourth is not one of them
    answer -= 1
    lines[answer] = "    answer: 3"
    # Drop the last education question: 11 left, still enough; drop 3 more: too few.
    text = "\n".join(lines) + "\n"
    for n in (12, 11, 10):
        start = text.index(f"  - id: education-{n:02d}")
        end = text.find("  - id:", start + 5)
        text = text[:start] + (text[end:] if end > 0 else "")
    file.write_text(text, encoding="utf-8")
    problems, _ = check_kind(QUIZ_KIND, tmp_path / "site")
    messages = [(p.line, p.message) for p in problems]
    assert any(line == answer + 1 and "pas un des choix" in m for line, m in messages)
    assert any("education" in m and "au moins 10" in m for _, m in messages)
