"""French typography of educational texts, reported like any other content problem.

Texts are read aloud at a table: a space before « ? ! ; : », spaces inside « », the ellipsis
character, no straight double quotes, no stray spaces. Identifiers and English fields
(``*_en``) are not prose and are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from ludinum.content.schema import Problem, problem
from ludinum.content.yamldoc import Doc

#: Keys that hold identifiers or references, not prose.
NOT_PROSE = frozenset(
    {
        "id",
        "series",
        "type",
        "kind",
        "against",
        "liberty",
        "mascot",
        "symbol",
        "theme",
        "speaker",
        "category",
        "nature",
        "counters",
        "effect",
        "url",
    }
)
SPACES = " \u00a0\u202f"
HIGH_PUNCTUATION = re.compile(rf"(?<![{SPACES}])[?!;:]")
OPENING_QUOTE = re.compile(rf"«(?![{SPACES}])")
CLOSING_QUOTE = re.compile(rf"(?<![{SPACES}])»")


def prose(
    data: Any, path: tuple[str | int, ...] = (), skip: Iterable[str] = NOT_PROSE
) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Every French text in ``data`` with its path."""
    skip = frozenset(skip)
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in skip and not str(key).endswith("_en"):
                yield from prose(value, (*path, key), skip)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from prose(value, (*path, i), skip)
    elif isinstance(data, str):
        yield path, data


def typography_problems(text: str) -> list[str]:
    found = []
    for match in HIGH_PUNCTUATION.finditer(text):
        before = text[: match.start()]
        if match.group() == ":" and re.search(r"(https?|\d)$", before):
            continue  # an address or a time, not punctuation
        found.append(f"pas d'espace avant « {match.group()} »")
    if OPENING_QUOTE.search(text) or CLOSING_QUOTE.search(text):
        found.append("il faut une espace à l'intérieur des guillemets « »")
    if text.count("«") != text.count("»"):
        found.append("guillemets « » non refermés")
    if '"' in text:
        found.append('guillemet droit " : utiliser « »')
    if "..." in text:
        found.append("trois points : utiliser le caractère …")
    if "  " in text or text != text.strip():
        found.append("espaces en trop")
    return found


def french_problems(docs: Sequence[Doc], skip: Iterable[str] = NOT_PROSE) -> list[Problem]:
    """Typography problems of every prose field of ``docs``, with file and line."""
    found = []
    for doc in docs:
        for path, text in prose(doc.data, (), skip):
            for message in typography_problems(text):
                found.append(problem(doc, path, f"{'/'.join(map(str, path))} : {message}"))
    return found
