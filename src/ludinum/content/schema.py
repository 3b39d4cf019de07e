"""Content kinds and their checking: JSON Schema for shape, a function for meaning."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema

from ludinum.content.facts import Items
from ludinum.content.wording import schema_words, yaml_words
from ludinum.content.yamldoc import Doc, load
from ludinum.engine import ContentError, counted


@dataclass(frozen=True, order=True)
class Problem:
    """One problem of a content file, at a line: ``message`` in French, ``en`` in English
    (empty: the check words it in French only)."""

    file: str
    line: int
    message: str
    en: str = ""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"

    def said(self, lang: str) -> str:
        """The message in ``lang`` (French when there is no English one)."""
        return self.en or self.message if lang == "en" else self.message


def problem(doc: Doc, path: tuple[str | int, ...], message: str) -> Problem:
    return Problem(str(doc.file), doc.line(path), message)


@dataclass(frozen=True)
class ContentKind:
    """One kind of content file of a game (``quiz``, ``deck``, ``board``…).

    ``pattern`` is a glob relative to the game's folder; ``schema`` a JSON Schema for one
    file; ``check`` finds problems across all files of the kind (duplicate ids, wrong
    references, missing series…); ``count`` summarises them for ``content check --json``.
    ``items`` lists the entries that may state a fact and carry ``source`` and ``checked``
    (see :mod:`ludinum.content.facts`); ``facts_required`` says whether ``content check``
    refuses a factual entry without them (quiz kinds accept the fields without requiring
    them yet). ``what`` says what a file of the kind holds (French, English) at the top of
    a starter pack's copy (``ludinum content init``; None: as its name says, see
    :data:`ludinum.content.starter.WHAT`); ``questions`` that its files are quiz questions
    (the copy adds a hint on their fields).
    """

    game: str
    name: str
    pattern: str
    schema: dict[str, Any]
    check: Callable[[Sequence[Doc]], list[Problem]]
    count: Callable[[Sequence[Doc]], dict[str, Any]]
    required: bool = True
    items: Items | None = None
    facts_required: bool = True
    what: tuple[str, str] | None = None
    questions: bool = False


def _whole(_checker: object, value: object) -> bool:
    """An ``integer`` of a content file: a whole number as written, not ``2.0`` (which
    JSON Schema counts as one, and which then indexed a list: a traceback, attack review)
    nor ``true``."""
    return isinstance(value, int) and not isinstance(value, bool)


_ENUM = jsonschema.Draft202012Validator.VALIDATORS["enum"]


def _enum(validator: Any, enums: Any, instance: Any, schema: Any) -> Iterable[Any]:
    """``enum`` as written: ``1.0`` is not the level ``1`` (JSON Schema compares them
    equal; the level then named the quiz's ids « utiliser-1.0-… »)."""
    if isinstance(instance, float) and not any(isinstance(e, float) for e in enums):
        yield jsonschema.ValidationError(f"{instance!r} is not one of {enums!r}")
        return
    yield from _ENUM(validator, enums, instance, schema)


#: The validator of content files: JSON Schema 2020-12 with :func:`_whole` integers and
#: :func:`_enum` values.
Validator: Any = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
    jsonschema.Draft202012Validator, validators={"enum": _enum},
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole))


def _schema_problems(doc: Doc, schema: dict[str, Any]) -> list[Problem]:
    """The file's schema errors, each in words in French and English (content/wording)."""
    validator = Validator(schema)
    return [
        Problem(str(doc.file), doc.line(tuple(error.absolute_path)),
                schema_words(error, "fr"), schema_words(error, "en"))
        for error in validator.iter_errors(doc.data)
    ]


def _unreadable(file: Path, exc: ContentError) -> Problem:
    """A file that cannot be read (YAML syntax, too big…) as a problem at its line, its
    YAML errors in words."""
    said = []
    for text in (exc.fr, exc.en):
        place, _, rest = text.rpartition(": ")
        if rest.startswith(("YAML invalide (", "invalid YAML (")):
            rest = yaml_words(rest.partition("(")[2].removesuffix(")"),
                              "en" if text is exc.en else "fr")
        said.append((place, rest))
    name, _, line = said[0][0].rpartition(":")
    return Problem(name or str(file), int(line) if line.isdigit() else 1, said[0][1],
                   said[1][1])


def check_kind(kind: ContentKind, folder: Path) -> tuple[list[Problem], list[Doc]]:
    """Validate every file of ``kind`` under ``folder`` (a game's content folder)."""
    files = sorted(folder.glob(kind.pattern))
    problems: list[Problem] = []
    docs: list[Doc] = []
    if not files and kind.required:
        problems.append(
            Problem(str(folder / kind.pattern), 1, f"aucun fichier « {kind.name} » trouvé")
        )
    for file in files:
        try:
            doc = load(file)
        except ContentError as exc:
            problems.append(_unreadable(file, exc))
            continue
        found = _schema_problems(doc, kind.schema)
        problems.extend(found)
        if not found:
            docs.append(doc)
    if not problems:
        problems.extend(kind.check(docs))
    return problems, docs


def load_kind(kind: ContentKind, folder: Path) -> list[Doc]:
    """Load and check the files of ``kind``; any problem raises :class:`ContentError`."""
    problems, docs = check_kind(kind, folder)
    if problems:
        shown = sorted(problems)[:20]
        fr = "\n".join(str(p) for p in shown)
        en = "\n".join(f"{p.file}:{p.line}: {p.said('en')}" for p in shown)
        many = ("problème", "problèmes"), ("problem", "problems")
        raise ContentError(
            f"Contenu invalide ({counted(len(problems), *many, 'fr')}) :\n{fr}",
            f"Invalid content ({counted(len(problems), *many, 'en')}):\n{en}",
        )
    return docs


def same_choices(doc: Doc, path: tuple[str | int, ...], choices: Sequence[str]
                 ) -> list[Problem]:
    """A problem when two of a quiz question's ``choices`` read the same: the same words
    but for capitals or spaces (« Vrai » and « vrai ») leave two right answers, or none."""
    said = {" ".join(choice.casefold().split()) for choice in choices}
    return ([problem(doc, (*path, "choices"), "deux choix identiques")]
            if len(said) != len(choices) else [])


def unique_ids(
    docs: Iterable[Doc], items: Callable[[Doc], Iterable[tuple[tuple[str | int, ...], str]]]
) -> list[Problem]:
    """Problems for every id seen twice; ``items`` yields (path, id) for each doc."""
    seen: dict[str, str] = {}
    found = []
    for doc in docs:
        for path, ident in items(doc):
            if ident in seen:
                message = f"identifiant en double « {ident} » (déjà en {seen[ident]})"
                found.append(problem(doc, path, message))
            else:
                seen[ident] = doc.where(path)
    return found


def english_key(name: str) -> str:
    """The English sibling of a French field: ``what_fr`` → ``what_en``, ``text`` → ``text_en``."""
    return f"{name.removesuffix('_fr')}_en"


def has_english(entries: Iterable[dict[str, Any]], fields: Sequence[str]) -> bool:
    """Whether any of ``entries`` gives the English of one of ``fields``."""
    return any(english_key(name) in entry for entry in entries for name in fields)


def english_problems(
    doc: Doc,
    key: str | tuple[str | int, ...],
    fields: Sequence[str],
    required: bool | None = None,
) -> list[Problem]:
    """English siblings (see :func:`english_key`) of the entries under ``key``: all or nothing.

    A file may leave English out; once one of its entries has an English field, every
    entry needs the English of each of ``fields`` it has in French (a list field as many
    items as the French, none repeated), and no English without its French. ``key`` is a
    top-level key or the path of a nested list; ``required`` says whether the file gives
    English anywhere when it has several lists (default: whether these entries do).
    """
    where: tuple[str | int, ...] = (key,) if isinstance(key, str) else key
    entries: Any = doc.data
    for part in where:
        entries = entries[part]
    if not (has_english(entries, fields) if required is None else required):
        return []
    found = []
    for i, entry in enumerate(entries):
        path: tuple[str | int, ...] = (*where, i)
        for name in fields:
            en = english_key(name)
            french, english = entry.get(name), entry.get(en)
            if english is None:
                if french is not None:
                    message = (
                        f"anglais incomplet : « {en} » manquant "
                        "(le fichier donne l'anglais d'autres entrées)"
                    )
                    found.append(problem(doc, path, message))
            elif french is None:
                found.append(problem(doc, (*path, en), f"« {en} » sans « {name} »"))
            elif isinstance(french, list):
                if len(english) != len(french):
                    message = f"{len(english)} « {en} » pour {len(french)} en français"
                    found.append(problem(doc, (*path, en), message))
                elif len(set(english)) != len(english):
                    message = f"« {en} » : deux éléments identiques"
                    found.append(problem(doc, (*path, en), message))
    return found
