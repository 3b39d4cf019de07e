"""Quizzes that measure knowledge, not test-taking tricks (``ludinum.content.quizstats``):
``ludinum content check`` fails a quiz (each Gnou series × level, the site's Web Runners
quiz) whose right answer is the longest choice in more than 35 % of its questions, or whose
right answers sit in one place more than 40 % of the time, and prints the figures in
``--json``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import yaml
from click.testing import CliRunner

from ludinum.cli.content_cmd import check_folder
from ludinum.cli.main import cli
from ludinum.content import BUILTIN
from ludinum.content.quizstats import choice_length, longest_choice, quiz_stats
from ludinum.content.yamldoc import load
from ludinum.games.gnou.content import LEVELS, SERIES


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def _rewrite(file: Path, change: object) -> None:
    """Load ``file``, let ``change`` edit its questions, write it back (same YAML data)."""
    data = yaml.safe_load(file.read_text(encoding="utf-8"))
    change(data["questions"])  # type: ignore[operator]
    file.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def test_longest_is_counted_in_characters_after_stripping_and_ties_do_not_count() -> None:
    assert choice_length("  Un  délit,\n puni  ") == len("Un délit, puni")
    assert longest_choice(["court", "le plus long", "moyen"]) == 1
    # A tie for the longest: nobody can pick « the longest », so it is not counted.
    assert longest_choice(["abcd", "efgh", "ij"]) is None
    assert longest_choice(["   a   ", "bb"]) == 1


def test_the_built_in_quizzes_pass_and_json_gives_the_figures() -> None:
    code, out, err = _run("content", "check", "--json")
    assert code == 0, err
    data = json.loads(out)
    gnou = data["gnou"]["quiz"]["quizzes"]
    assert set(gnou) == {f"{s}-{lv}" for s in SERIES for lv in LEVELS}
    site = data["site"]["webrunners_quiz"]["quizzes"]
    assert set(site) == {"webrunners_quiz"}
    for name, figures in {**gnou, **site}.items():
        n = figures["questions"]
        assert n >= 4 and sum(figures["positions"]) == n, name
        assert figures["longest_right"] * 100 <= 35 * n, name
        assert figures["longest_right_share"] == round(figures["longest_right"] / n, 3)
        assert max(figures["positions"]) * 100 <= 40 * n, name
        assert figures["position_shares"] == [round(c / n, 3) for c in figures["positions"]]
        assert 0 <= figures["shortest_right"] <= n
    # The site quiz before this check: 32 of 48 longest-right, places 16/25/7/0.
    web = site["webrunners_quiz"]
    assert web["questions"] == 48 and web["longest_right"] <= 12
    assert min(web["positions"]) >= 8


def test_a_quiz_whose_right_answer_is_often_the_longest_fails(tmp_path: Path) -> None:
    folder = tmp_path / "gnou"
    shutil.copytree(BUILTIN / "gnou", folder)
    file = folder / "quiz" / "anti_espion.yaml"

    def lengthen(questions: list[dict[str, object]]) -> None:
        for q in questions:  # every level-2 right answer becomes the longest
            if q["level"] != 2:
                continue
            choices = list(q["choices"])  # type: ignore[call-overload]
            choices[q["answer"]] += " — c'est la réponse la plus détaillée de toutes, vraiment"  # type: ignore[index]
            q["choices"] = choices

    _rewrite(file, lengthen)
    # English is all or nothing per file: drop it everywhere so only the length matters.
    _rewrite(file, lambda qs: [q.pop(k, None) for q in qs for k in list(q) if k.endswith("_en")])
    problems, _, _ = check_folder(tmp_path)
    messages = [str(p) for p in problems]
    assert len(messages) == 1, messages
    first = next(i for i, q in enumerate(load(file).data["questions"]) if q["level"] == 2)
    line = load(file).line(("questions", first))
    assert messages[0].startswith(f"{file}:{line}: ")
    assert "quiz « anti_espion-2 »" in messages[0]
    assert "le choix le plus long dans 5 question(s) sur 5 (100 %, au plus 35 %)" in messages[0]
    english = "the right answer is the longest choice in 5 of 5 questions (100%, at most 35%)"
    assert english in messages[0]
    code, _, err = _run("content", "check", str(tmp_path))
    assert code == 1 and "anti_espion-2" in err


def test_a_quiz_with_right_answers_in_one_place_fails(tmp_path: Path) -> None:
    folder = tmp_path / "site"
    shutil.copytree(BUILTIN / "site", folder)
    file = folder / "webrunners_quiz.yaml"

    def first_place(questions: list[dict[str, object]]) -> None:
        for q in questions[:20]:  # 12 already first + up to 20 moved: well over 40 %
            choices = list(q["choices"])  # type: ignore[call-overload]
            right = choices.pop(q["answer"])  # type: ignore[call-overload]
            q["choices"], q["answer"] = [right, *choices], 0

    _rewrite(file, first_place)
    problems, _, _ = check_folder(tmp_path)
    messages = [p.message for p in problems]
    assert any(
        "quiz « webrunners_quiz »" in m and "au choix n° 1" in m and "au plus 40 %" in m
        and "in one position" in m
        for m in messages
    ), messages
    assert not any("le plus long" in m for m in messages)


def test_a_tie_for_the_longest_is_not_counted(tmp_path: Path) -> None:
    folder = tmp_path / "site"
    shutil.copytree(BUILTIN / "site", folder)
    file = folder / "webrunners_quiz.yaml"

    def tie(questions: list[dict[str, object]]) -> None:
        for q in questions:  # every right answer as long as one wrong one, longer than the rest
            choices = list(q["choices"])  # type: ignore[call-overload]
            right = q["answer"]
            other = (right + 1) % len(choices)  # type: ignore[operator]
            choices[right] = "x" * 120  # type: ignore[index]
            choices[other] = "y" * 120
            q["choices"] = choices

    _rewrite(file, tie)
    problems, figures, _ = check_folder(tmp_path)
    assert problems == []
    assert figures["site"]["webrunners_quiz"]["quizzes"]["webrunners_quiz"]["longest_right"] == 0


def test_every_quiz_file_is_measured_per_level() -> None:
    docs = [load(p) for p in sorted((BUILTIN / "gnou" / "quiz").glob("*.yaml"))]
    stats = quiz_stats(docs)
    assert len(stats) == len(SERIES) * len(LEVELS)
    assert all(s.questions == len(s.ids) and len(s.positions) in (3, 4) for s in stats)
