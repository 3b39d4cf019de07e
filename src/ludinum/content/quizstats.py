"""Test-taking tricks in the quizzes: is the right answer the longest choice, and where is it?

A quiz file is a YAML document whose ``questions`` each have ``choices`` and an ``answer``
(the index of the right choice). One *quiz* is the questions of one file that share a
``level`` (a file without levels is a single quiz): each series × level of a game's quiz,
the site's quiz.

"Longest" is measured in characters (Unicode code points) after stripping the choice and
collapsing each run of white space to one space, as the pages show it. The right answer
counts as *longest* only when it is strictly longer than every other choice of its
question: a tie for the longest does not count (a pupil who picks the longest cannot tell
the tied choices apart).

``ludinum content check`` fails a quiz when the right answer is the longest choice in more
than :data:`LONGEST_RIGHT_MAX` of its questions, or when one position (first, second…
choice as written in the file) holds more than :data:`POSITION_MAX` of its right answers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ludinum.content.schema import Problem, problem
from ludinum.content.yamldoc import Doc

#: Above this share of questions whose right answer is the longest choice, a quiz fails.
LONGEST_RIGHT_MAX = Fraction(35, 100)
#: Above this share of right answers in one position, a quiz fails.
POSITION_MAX = Fraction(40, 100)


def choice_length(text: str) -> int:
    """Characters of ``text`` once stripped, white-space runs counted as one space."""
    return len(" ".join(text.split()))


def longest_choice(choices: Sequence[str]) -> int | None:
    """The index of the strictly longest choice, ``None`` when the longest are tied."""
    lengths = [choice_length(c) for c in choices]
    top = max(lengths)
    return lengths.index(top) if lengths.count(top) == 1 else None


def shortest_choice(choices: Sequence[str]) -> int | None:
    """The index of the strictly shortest choice, ``None`` when the shortest are tied."""
    lengths = [choice_length(c) for c in choices]
    low = min(lengths)
    return lengths.index(low) if lengths.count(low) == 1 else None


def _share(count: int, total: int) -> float:
    return round(count / total, 3) if total else 0.0


@dataclass(frozen=True)
class QuizStats:
    """The figures of one quiz; ``first`` is the (doc, path) of its first question."""

    name: str
    doc: Doc
    first: tuple[str | int, ...]
    ids: tuple[str, ...]
    longest_right_ids: tuple[str, ...]
    shortest_right_ids: tuple[str, ...]  # shown, not limited: the opposite trick
    positions: tuple[int, ...]  # right answers at choice 0, 1, 2, 3

    @property
    def questions(self) -> int:
        return len(self.ids)

    def figures(self) -> dict[str, Any]:
        """The figures printed by ``content check --json``."""
        n = self.questions
        return {
            "questions": n,
            "longest_right": len(self.longest_right_ids),
            "longest_right_share": _share(len(self.longest_right_ids), n),
            "shortest_right": len(self.shortest_right_ids),
            "shortest_right_share": _share(len(self.shortest_right_ids), n),
            "positions": list(self.positions),
            "position_shares": [_share(c, n) for c in self.positions],
        }

    def problems(self) -> list[Problem]:
        """The limits this quiz breaks, each as a French then English message."""
        n, found = self.questions, []
        longest = len(self.longest_right_ids)
        if longest > LONGEST_RIGHT_MAX * n:
            share, limit = round(100 * longest / n), round(100 * LONGEST_RIGHT_MAX)
            found.append(
                problem(
                    self.doc,
                    self.first,
                    f"quiz « {self.name} » : la bonne réponse est le choix le plus long dans "
                    f"{longest} question(s) sur {n} ({share} %, au plus {limit} %) : "
                    f"{', '.join(self.longest_right_ids)} / quiz “{self.name}”: the right "
                    f"answer is the longest choice in {longest} of {n} questions ({share}%, "
                    f"at most {limit}%)",
                )
            )
        for position, count in enumerate(self.positions):
            if count > POSITION_MAX * n:
                share, limit = round(100 * count / n), round(100 * POSITION_MAX)
                found.append(
                    problem(
                        self.doc,
                        self.first,
                        f"quiz « {self.name} » : {count} bonne(s) réponse(s) sur {n} au choix "
                        f"n° {position + 1} ({share} %, au plus {limit} % à une même place) / "
                        f"quiz “{self.name}”: {count} of {n} right answers are choice "
                        f"{position + 1} ({share}%, at most {limit}% in one position)",
                    )
                )
        return found


def is_quiz(doc: Doc) -> bool:
    """Whether ``doc`` is a quiz file: ``questions`` with ``choices`` and an ``answer``."""
    questions = doc.data.get("questions") if isinstance(doc.data, dict) else None
    return isinstance(questions, list) and all(
        isinstance(q, dict) and "choices" in q and "answer" in q for q in questions
    )


def _right_ids(
    questions: Sequence[dict[str, Any]], pick: Callable[[Sequence[str]], int | None]
) -> tuple[str, ...]:
    return tuple(str(q["id"]) for q in questions if pick(q["choices"]) == q["answer"])


def quiz_stats(docs: Sequence[Doc]) -> list[QuizStats]:
    """The figures of every quiz in ``docs`` (files that are not quizzes are skipped)."""
    out = []
    for doc in docs:
        if not is_quiz(doc):
            continue
        base = str(doc.data.get("series") or doc.file.stem)
        groups: dict[Any, list[int]] = {}
        for i, q in enumerate(doc.data["questions"]):
            groups.setdefault(q.get("level"), []).append(i)
        for level, indexes in groups.items():
            questions = [doc.data["questions"][i] for i in indexes]
            width = max(len(q["choices"]) for q in questions)
            positions = [0] * width
            for q in questions:
                positions[q["answer"]] += 1
            out.append(
                QuizStats(
                    name=base if level is None else f"{base}-{level}",
                    doc=doc,
                    first=("questions", indexes[0]),
                    ids=tuple(str(q["id"]) for q in questions),
                    longest_right_ids=_right_ids(questions, longest_choice),
                    shortest_right_ids=_right_ids(questions, shortest_choice),
                    positions=tuple(positions),
                )
            )
    return sorted(out, key=lambda s: s.name)


def quiz_problems(docs: Sequence[Doc]) -> list[Problem]:
    """Every limit broken by a quiz of ``docs``."""
    return [p for stats in quiz_stats(docs) for p in stats.problems()]


def quiz_figures(docs: Sequence[Doc]) -> dict[str, Any]:
    """``{"quizzes": {name: figures}}`` for the quizzes of ``docs``; ``{}`` when none."""
    stats = quiz_stats(docs)
    return {"quizzes": {s.name: s.figures() for s in stats}} if stats else {}
