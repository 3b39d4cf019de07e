"""``ludinum content check``: validate the built-in content or an educator's own files."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import click

from ludinum.content import BUILTIN
from ludinum.content.quizstats import quiz_figures, quiz_problems
from ludinum.content.schema import ContentKind, Problem, check_kind
from ludinum.games import MODULES, registry


def content_kinds() -> dict[str, list[ContentKind]]:
    """The content kinds of every registered game."""
    out: dict[str, list[ContentKind]] = {}
    for game in registry():
        module = importlib.import_module(f"ludinum.games.{game.name}")
        out[game.name] = list(getattr(module, "CONTENT", []))
    # The learning site's own content (its Web Runners quiz bank and page texts).
    out["site"] = list(importlib.import_module("ludinum.site.content").CONTENT)
    return out


def check_folder(root: Path) -> tuple[list[Problem], dict[str, Any]]:
    """``root`` holds one folder per game (like the built-in content) or is one game's
    folder (named after the game)."""
    kinds = content_kinds()
    if root.name in kinds:
        targets = {root.name: root}
    else:
        targets = {name: root / name for name in kinds if (root / name).is_dir()}
        if not targets:
            known = ", ".join(n for n in MODULES if n in kinds)
            return [Problem(str(root), 1, f"aucun dossier de jeu ({known})")], {}
    problems: list[Problem] = []
    counts: dict[str, Any] = {}
    for name, folder in targets.items():
        counts[name] = {}
        for kind in kinds[name]:
            found, docs = check_kind(kind, folder)
            found = found or quiz_problems(docs)
            problems.extend(found)
            if not found:
                counts[name][kind.name] = kind.count(docs) | quiz_figures(docs)
    return sorted(problems), counts


@click.group("content")
def content() -> None:
    """Contenus pédagogiques (quiz, messages, cartes)."""


@content.command("check")
@click.argument("path", required=False, type=click.Path(exists=True, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Comptes par jeu et par type, en JSON.")
def check(path: Path | None, as_json: bool) -> None:
    """Vérifie les fichiers de contenu ; chaque problème en « fichier:ligne: message »."""
    problems, counts = check_folder(path or BUILTIN)
    if problems:
        for p in problems:
            click.echo(str(p), err=True)
        click.echo(f"{len(problems)} problème(s).", err=True)
        raise SystemExit(1)
    if as_json:
        click.echo(json.dumps(counts, ensure_ascii=False, indent=2))
    else:
        for name, kinds in counts.items():
            click.echo(
                f"{name} : "
                + ", ".join(f"{k} {json.dumps(v, ensure_ascii=False)}" for k, v in kinds.items())
            )
        click.echo("Contenu valide.")
