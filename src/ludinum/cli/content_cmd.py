"""``ludinum content check``: validate the built-in content or an educator's own files."""

from __future__ import annotations

import datetime as dt
import importlib
import json
import re
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from ludinum.cli.common import current_lang, error_line, fail, readable_folder
from ludinum.content import BUILTIN
from ludinum.content.facts import Fact, fact_counts, fact_messages, facts, is_stale
from ludinum.content.pack import Pack, open_pack, overlay, use
from ludinum.content.quizstats import quiz_figures, quiz_problems
from ludinum.content.schema import ContentKind, Problem, check_kind
from ludinum.content.starter import write_pack
from ludinum.content.yamldoc import Doc
from ludinum.engine import ContentError, counted
from ludinum.games import MODULES, registry


def content_kinds() -> dict[str, list[ContentKind]]:
    """The content kinds of every registered game."""
    out: dict[str, list[ContentKind]] = {}
    for game in registry():
        module = importlib.import_module(f"ludinum.games.{game.name}")
        out[game.name] = list(getattr(module, "CONTENT", []))
    # The learning site's own content (its quiz bank and page texts).
    out["site"] = list(importlib.import_module("ludinum.site.content").CONTENT)
    return out


def kind_facts(
    kind: ContentKind, docs: list[Doc], today: dt.date
) -> tuple[list[Problem], list[Fact]]:
    """The sourced or factual items of ``kind`` and what is wrong with their sources."""
    if kind.items is None:
        return [], []
    found = facts(kind.items, docs)
    problems = [
        Problem(f.file, f.line, message)
        for f in found
        if kind.facts_required or f.source or f.raw_checked is not None
        for message in fact_messages(f, today)
    ]
    return problems, found


def plural(count: int, one: str, many: str, lang: str = "fr") -> str:
    """``count`` and its noun: singular for 0 and 1 in French, for 1 only in English."""
    return counted(count, (one, many), (one, many), lang)


def check_folder(
    root: Path, today: dt.date | None = None, lang: str = "fr"
) -> tuple[list[Problem], dict[str, Any], list[tuple[str, str, Fact]]]:
    """Check ``root`` as it would be used: a pack (one folder per game, like the built-in
    content, or one game's folder named after the game) laid over the built-in content file
    by file, so a pack may hold only the files it changes. Returns the problems (with the
    pack's own paths), the counts of each kind of the games the pack touches and every
    (game, kind, item) that states a fact or carries a source."""
    today = today or dt.date.today()
    kinds = content_kinds()
    if root.resolve() == BUILTIN:
        return check_sections(BUILTIN, list(kinds), kinds, today, lang)
    with tempfile.TemporaryDirectory(prefix="ludinum-check-") as tmp:
        try:
            pack = overlay(root, Path(tmp))
        except ContentError as exc:
            return [Problem(str(root), 1, exc.en if lang == "en" else exc.fr)], {}, []
        targets = [name for name in pack.sections() if name in kinds]
        if not targets:
            known = ", ".join(n for n in MODULES if n in kinds)
            none = f"no game folder ({known})" if lang == "en" else (
                f"aucun dossier de jeu ({known})")
            return [Problem(str(root), 1, none)], {}, []
        problems, counts, listed = check_sections(pack.root, targets, kinds, today, lang)
        problems += unknown_files(pack, kinds)
        return (
            sorted(Problem(pack.original(p.file), p.line, pack.original_text(p.message))
                   for p in problems),
            counts,
            [(g, k, replace(f, file=pack.original(f.file))) for g, k, f in listed],
        )


def check_sections(
    root: Path, names: list[str], kinds: dict[str, list[ContentKind]], today: dt.date,
    lang: str = "fr",
) -> tuple[list[Problem], dict[str, Any], list[tuple[str, str, Fact]]]:
    """Check the content of the sections ``names`` under ``root`` (schema and YAML errors
    in words, in ``lang``)."""
    problems: list[Problem] = []
    counts: dict[str, Any] = {}
    listed: list[tuple[str, str, Fact]] = []
    for name in names:
        folder = root / name
        counts[name] = {}
        for kind in kinds[name]:
            found, docs = check_kind(kind, folder)
            found = [Problem(p.file, p.line, p.said(lang)) for p in found] or quiz_problems(docs)
            problems.extend(found)
            if found:
                continue
            counts[name][kind.name] = kind.count(docs) | quiz_figures(docs)
            wrong, items = kind_facts(kind, docs, today)
            problems.extend(wrong)
            if kind.items is not None:
                counts[name][kind.name]["facts"] = fact_counts(items)
            listed.extend((name, kind.name, f) for f in items)
    return sorted(problems), counts, listed


def unknown_files(pack: Pack, kinds: dict[str, list[ContentKind]]) -> list[Problem]:
    """The pack's files that no content kind reads (a misspelt name would be ignored)."""
    read = {
        p
        for name, section_kinds in kinds.items()
        for kind in section_kinds
        for p in (pack.root / name).glob(kind.pattern)
    }
    en = current_lang() == "en"
    return [
        Problem(str(pack.origin[rel]), 1,
                "file Ludinum does not read (unknown name or folder)" if en else
                "fichier que Ludinum ne lit pas (nom ou dossier inconnu)")
        for rel in pack.overrides
        if pack.root / rel not in read
    ]


def stale_entry(game: str, kind: str, fact: Fact, today: dt.date) -> dict[str, Any]:
    assert fact.checked is not None
    months = (today.year - fact.checked.year) * 12 + today.month - fact.checked.month
    if today.day < fact.checked.day:
        months -= 1
    return {
        "game": game, "kind": kind, "file": fact.file, "line": fact.line, "item": fact.name,
        "source": list(fact.source), "checked": fact.checked.isoformat(), "months": months,
    }


@click.group("content")
def content() -> None:
    """Contenus pédagogiques (quiz, messages, cartes)."""


def _folder(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    return None if value is None else readable_folder(value)


@content.command("check")
@click.argument("path", required=False, metavar="[DOSSIER]", type=click.Path(path_type=Path),
                callback=_folder)
@click.option("--json", "as_json", is_flag=True, help="Comptes par jeu et par type, en JSON.")
@click.option(
    "--stale",
    "stale_months",
    type=click.IntRange(min=0),
    default=None,
    metavar="MOIS",
    help="Liste les faits vérifiés il y a plus de MOIS mois (sortie 1 s'il y en a).",
)
def check(path: Path | None, as_json: bool, stale_months: int | None) -> None:
    """Vérifie les fichiers de contenu ; chaque problème en « fichier:ligne: message ».

    Sans DOSSIER : le contenu d'origine. Un pack (voir « ludinum content init ») est vérifié
    tel qu'il sera utilisé : ses fichiers à la place de ceux d'origine, les autres inchangés.

    Un élément qui énonce un fait (nombre, loi, adresse web, service) doit porter
    « source » et « checked » (voir docs/content-review.md)."""
    lang = current_lang()
    en = lang == "en"
    today = dt.date.today()
    problems, counts, listed = check_folder(path or BUILTIN, today, lang)
    if problems:
        for p in problems:
            click.echo(str(p), err=True)
        click.echo(plural(len(problems), "problem", "problems", lang) + "." if en else
                   plural(len(problems), "problème", "problèmes") + ".", err=True)
        raise SystemExit(1)
    if stale_months is not None:
        report_stale(listed, stale_months, today, as_json, lang)
        return
    if as_json:
        click.echo(json.dumps(counts, ensure_ascii=False, indent=2))
        return
    for line in summary_lines(counts, lang):
        click.echo(line)
    click.echo("Valid content (figures: ludinum content check --json)." if en else
               "Contenu valide (les comptes : ludinum content check --json).")


def section_titles(lang: str) -> dict[str, str]:
    """The title of each content section: a game's, or the learning site's."""
    en = lang == "en"
    titles = {game.name: game.title_en if en else game.title_fr for game in registry()}
    titles["site"] = "Learning site" if en else "Site « Apprendre »"
    return titles


def summary_lines(counts: dict[str, Any], lang: str) -> list[str]:
    """One line per section checked: its title, the kinds of content checked and its
    facts (« <titre> (<jeu>) : board, quiz, dangers, themes ; 61 faits, tous sourcés. »).
    The figures of each kind are in ``--json``."""
    en = lang == "en"
    titles = section_titles(lang)
    lines = []
    for name, kinds in counts.items():
        facts = [v["facts"] for v in kinds.values() if isinstance(v, dict) and "facts" in v]
        factual = sum(int(f.get("factual", 0)) for f in facts)
        unsourced = sum(int(f.get("unsourced", 0)) for f in facts)
        if not factual:
            said = "no fact to source" if en else "aucun fait à sourcer"
        elif not unsourced:
            said = (f"{plural(factual, 'fact', 'facts', lang)}, "
                    f"{'sourced' if factual == 1 else 'all sourced'}" if en else
                    f"{plural(factual, 'fait', 'faits')}, "
                    f"{'sourcé' if factual == 1 else 'tous sourcés'}")
        else:
            said = (f"{plural(factual, 'fact', 'facts', lang)}, {unsourced} without a source"
                    if en else f"{plural(factual, 'fait', 'faits')}, dont {unsourced} sans source")
        shown = ", ".join(kinds) or ("nothing" if en else "rien")
        title = titles.get(name, name)
        lines.append(f"{title} ({name}): {shown}; {said}." if en else
                     f"{title} ({name}) : {shown} ; {said}.")
    return lines


def report_stale(
    listed: list[tuple[str, str, Fact]], months: int, today: dt.date, as_json: bool,
    lang: str = "fr",
) -> None:
    """Print the facts checked more than ``months`` months before ``today``; exit 1 if any."""
    en = lang == "en"
    old = [stale_entry(g, k, f, today) for g, k, f in listed if is_stale(f, months, today)]
    if as_json:
        click.echo(
            json.dumps(
                {"months": months, "today": today.isoformat(), "stale": old},
                ensure_ascii=False,
                indent=2,
            )
        )
    else:
        for e in old:
            if en:
                ago = plural(e["months"], "month", "months", lang)
                click.echo(f"{e['file']}:{e['line']}: '{e['item']}' checked on {e['checked']} "
                           f"({ago} ago) — source: {', '.join(e['source'])}")
            else:
                click.echo(
                    f"{e['file']}:{e['line']}: « {e['item']} » vérifié le {e['checked']} "
                    f"(il y a {e['months']} mois) — source : {', '.join(e['source'])}"
                )
        sourced = sum(1 for _, _, f in listed if f.checked is not None)
        if en:
            click.echo(
                f"{plural(len(old), 'fact', 'facts', lang)} checked more than "
                f"{plural(months, 'month', 'months', lang)} ago, out of "
                f"{plural(sourced, 'dated fact', 'dated facts', lang)}."
            )
        else:
            click.echo(
                f"{plural(len(old), 'fait vérifié', 'faits vérifiés')} il y a plus de "
                f"{months} mois, sur {plural(sourced, 'fait daté', 'faits datés')}."
            )
    if old:
        raise SystemExit(1)


@content.command("init")
@click.argument("path", metavar="DOSSIER", type=click.Path(file_okay=False, path_type=Path))
def init(path: Path) -> None:
    """Crée un pack de contenu à adapter : le contenu d'origine, commenté, et un README.

    Vérifie-le avec « ludinum content check DOSSIER », utilise-le avec
    « ludinum serve --content DOSSIER »."""
    if path.exists() and any(path.iterdir()):
        fail(f"{path} n'est pas vide : choisis un nouveau dossier.",
             f"{path} is not empty: choose a new folder.")
    titles = {game.name: (game.title_fr, game.title_en) for game in registry()}
    titles["site"] = ("Site « Apprendre »", "Learning site")
    from ludinum.site.catalog import PRINTABLE

    # The README's commands play and print the first game (of the menus) that prints.
    example = next(name for name in registry().names() if name in PRINTABLE)
    written = write_pack(path, content_kinds(), titles, example)
    click.echo(
        f"{len(written)} fichiers écrits dans {path} (lis {path / 'README.md'}).\n"
        f"Vérifie : ludinum content check {path}\n"
        f"Utilise : ludinum serve --content {path}"
    )


def use_content(path: Path | None) -> None:
    """Make the pack ``path`` the content of this process, once ``content check`` accepts
    it; a refused pack stops the command with one line and exit code 2."""
    if path is None:
        return
    pack = open_pack(path)
    # In use before the check imports the games: a game may read its content when its
    # module is first imported (a game's tables).
    use(pack)
    try:
        problems, _, _ = check_folder(path)
    except ContentError as exc:  # a game's content refused while its module was imported
        lines = pack.original_text(exc.fr).splitlines()
        where = re.match(r"(.+?):(\d+): (.*)", lines[1] if len(lines) > 1 else "")
        problems = [Problem(where[1], int(where[2]), where[3]) if where
                    else Problem(str(path), 1, exc.fr)]
    if problems:
        use(None)
        # In the user's language, as every error line (it was both, the English half on a
        # French screen).
        first = problems[0]
        click.echo(error_line(
            f"Content pack refused ({plural(len(problems), 'problem', 'problems', 'en')}), "
            f"first: {first.file}:{first.line}: {first.said('en')}; details: ludinum "
            f"content check {path}" if current_lang() == "en" else
            f"Contenu refusé ({plural(len(problems), 'problème', 'problèmes')}), premier : "
            f"{first} — détail : ludinum content check {path}"), err=True)
        raise SystemExit(2)


content_flag = click.option(
    "--content",
    "content_dir",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=None,
    metavar="DOSSIER",
    help="Pack de contenu (voir « ludinum content init ») ; le contenu d'origine pour ce "
    "qu'il ne définit pas.",
)
