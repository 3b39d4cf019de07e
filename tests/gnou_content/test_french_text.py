"""French typography of the Gnou educational content (quiz, danger cards, theme texts).

The texts are read aloud to players aged 10-12 and up (seed 001, « Age minimum : entrée au
collège »), so they follow French typographic rules; ``ludinum content check`` reports every
slip with its file and line (``ludinum.content.typography``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ludinum.content import BUILTIN
from ludinum.content.schema import ContentKind, check_kind
from ludinum.content.typography import typography_problems
from ludinum.games.gnou.content import CONTENT

FOLDER = BUILTIN / "gnou"
QUOTES = "il faut une espace à l'intérieur des guillemets « »"


def test_content_files_exist() -> None:
    """G1, G3: the board, the dangers, the themes and the ten quiz series are data files."""
    names = {p.relative_to(FOLDER).as_posix() for p in FOLDER.rglob("*.yaml")}
    assert {"board.yaml", "dangers.yaml", "themes.yaml"} <= names
    assert len([n for n in names if n.startswith("quiz/")]) == 10


@pytest.mark.parametrize("kind", CONTENT, ids=lambda k: k.name)
def test_builtin_content_has_no_problem(kind: ContentKind) -> None:
    problems, _ = check_kind(kind, FOLDER)
    assert [str(p) for p in problems] == []


def test_a_typography_slip_is_reported_with_its_line(tmp_path: Path) -> None:
    import shutil

    shutil.copytree(FOLDER, tmp_path / "gnou")
    themes = tmp_path / "gnou" / "themes.yaml"
    lines = themes.read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if line.strip().startswith("text:"))
    lines[index] = lines[index].split("text:")[0] + 'text: "Pourquoi?"'
    themes.write_text("\n".join(lines) + "\n", encoding="utf-8")
    kind = next(k for k in CONTENT if k.name == "themes")
    problems, _ = check_kind(kind, tmp_path / "gnou")
    assert any(p.line == index + 1 and "« ? »" in p.message for p in problems)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Que fais-tu\u202f?", []),
        ("Que fais-tu ?", ["espace ordinaire avant « ? » : utiliser une espace insécable "
                           "(U+202F ou U+00A0)"]),
        ("Que fais-tu?", ["pas d'espace avant « ? »"]),
        ("Il dit: «Non»", ["pas d'espace avant « : »", QUOTES]),
        ("Le format «\u202fODF\u202f»", []),
        ("Le format «\u202fODF", ["guillemets « » non refermés"]),
        ('Le "cloud"', ['guillemet droit " : utiliser « »']),
        ("Et ensuite...", ["trois points : utiliser le caractère …"]),
        ("Voir https://april.org à 10:30", []),
        ("Deux  espaces", ["espaces en trop"]),
    ],
)
def test_typography_rules(text: str, expected: list[str]) -> None:
    """The checker itself: each rule catches its slip and nothing else."""
    assert typography_problems(text) == expected
