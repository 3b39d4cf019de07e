"""The layers below the games know no game: bots, engine, simulator and environments take
every game from the registry. A game named there (an import of a game package, a name, a
string) is an arrow running back up the layers (issue 18 §5)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from ludinum.games import MODULES, registry

SRC = Path(__file__).resolve().parents[2] / "src" / "ludinum"
LAYERS = ("bots", "engine", "sim", "envs")


def _forbidden() -> re.Pattern[str]:
    """The four game package names and titles (French and English), in any case, with a
    space, an underscore or nothing between words."""
    words: set[str] = set(MODULES)
    for game in registry():
        words |= {game.name, game.title_fr, game.title_en}
    words |= {"web runners", "web_runners", "voleur"}
    parts = sorted({re.escape(w.lower()).replace(r"\ ", r"[\s_]*") for w in words}, key=len)
    return re.compile("|".join(reversed(parts)), re.IGNORECASE)


FORBIDDEN = _forbidden()


def _docstrings(tree: ast.AST) -> set[int]:
    """Ids of the string constants that are docstrings or bare string statements (prose)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            out.add(id(node.value))
    return out


def code_words(source: str) -> list[str]:
    """Every name, import and string literal of ``source`` (comments and docstrings are
    prose and left out)."""
    tree = ast.parse(source)
    prose = _docstrings(tree)
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            out.append(node.id)
        elif isinstance(node, ast.Attribute):
            out.append(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.append(node.name)
        elif isinstance(node, ast.arg):
            out.append(node.arg)
        elif isinstance(node, ast.alias):
            out.append(node.name)
            if node.asname:
                out.append(node.asname)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
        elif isinstance(node, ast.keyword) and node.arg:
            out.append(node.arg)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in prose
        ):
            out.append(node.value)
    return out


def sources(layer: str) -> list[Path]:
    return sorted((SRC / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", LAYERS)
def test_no_layer_below_the_games_names_a_game(layer: str) -> None:
    named = {
        f"{path.relative_to(SRC)}: {word!r}"
        for path in sources(layer)
        for word in code_words(path.read_text(encoding="utf-8"))
        if FORBIDDEN.search(word)
    }
    assert not named, sorted(named)


@pytest.mark.parametrize("layer", ["bots", "envs"])
def test_bots_and_environments_do_not_even_mention_a_game(layer: str) -> None:
    mentioned = [
        f"{path.relative_to(SRC)}:{number}"
        for path in sources(layer)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if FORBIDDEN.search(line)
    ]
    assert not mentioned


def test_the_scan_finds_what_it_looks_for() -> None:
    """The scan is not blind: imports, names, strings of each kind are caught; prose is not."""
    caught = [
        "from ludinum.games.hacker.base import BILL_VALUE",
        "import ludinum.games.webrunners",
        "LEVELS = {'gnou': 1}",
        "def voleur_value(): pass",
        "x = f'{a} Web Runners'",
    ]
    for source in caught:
        assert any(FORBIDDEN.search(w) for w in code_words(source)), source
    assert not any(
        FORBIDDEN.search(w) for w in code_words('"""Hacker."""\n# Gnou\nx = 1\n')
    )
