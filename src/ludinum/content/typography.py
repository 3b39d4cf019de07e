"""French typography of educational texts, reported like any other content problem.

Texts are read aloud at a table: a no-break space before « ? ! ; : » and inside « » (an
ordinary space there is reported: a screen could break the line before « ? »), the ellipsis
character, no straight double quotes, no stray spaces. Identifiers and English fields
(``*_en``) are not prose and are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from jinja2 import Environment, FileSystemLoader

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
#: The narrow no-break space that French typography puts before « ; ! ? » and inside « »,
#: and the no-break space it puts before « : ».
NNBSP = "\u202f"
NBSP = "\u00a0"
#: An ordinary (breakable) space where French needs a no-break one.
_BREAKABLE_BEFORE = re.compile(r"[ \t]+([;!?»])")
_BREAKABLE_BEFORE_COLON = re.compile(r"[ \t]+(:)(?=\s|$)")
_BREAKABLE_AFTER = re.compile(r"(«)[ \t]+")
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


def french_spacing(text: str) -> str:
    """``text`` with every ordinary space before « ; : ! ? » and inside « » made a no-break
    one, so no screen or page breaks a line there (issue 16 §5). Applied when pages, phones,
    the terminal and PDFs render text; idempotent; text without those spaces is unchanged
    (English text has none)."""
    if " " not in text and "\t" not in text:
        return text
    if type(text) is not str:  # a subclass (Markup) is never served a cached plain str
        return _space(text)
    spaced = _SPACED.get(text)
    if spaced is None:
        if len(_SPACED) >= SPACED_CACHE:
            _SPACED.clear()
        spaced = _SPACED[text] = _space(text)
    return spaced


#: Texts already spaced: every frame of a game prints the same card names, prompts and log
#: lines again (issue 19: the regular expressions were a tenth of a server's CPU per move).
_SPACED: dict[str, str] = {}
SPACED_CACHE = 20_000


def _space(text: str) -> str:
    if "  " in text or "\t" in text:  # runs of spaces: the expressions below say it all
        return _spaced(text)
    # One space at a time (nearly every text): plain replacements, then the colon's rule
    # (a no-break space only when the colon ends a word: « 10 :30 » stays) where it applies.
    text = (text.replace(" ;", NNBSP + ";").replace(" !", NNBSP + "!")
            .replace(" ?", NNBSP + "?").replace(" »", NNBSP + "»"))
    if " :" in text:
        text = _BREAKABLE_BEFORE_COLON.sub(NBSP + r"\1", text)
    return text.replace("« ", "«" + NNBSP)


def _spaced(text: str) -> str:
    """:func:`french_spacing` by its three expressions (the reference of :func:`_space`)."""
    text = _BREAKABLE_BEFORE.sub(NNBSP + r"\1", text)
    text = _BREAKABLE_BEFORE_COLON.sub(NBSP + r"\1", text)
    return _BREAKABLE_AFTER.sub(r"\1" + NNBSP, text)


def finalize(value: object) -> object:
    """Jinja's ``finalize`` for French pages: every printed text gets :func:`french_spacing`.
    Ready-made HTML (``Markup``: fragments already rendered this way, SVG) is left as is."""
    if isinstance(value, str) and not hasattr(value, "__html__"):
        return french_spacing(value)
    return value



#: What a template's French prose is not: Jinja code and comments, HTML tags (attributes
#: included), scripts and styles.
_NOT_TEMPLATE_PROSE = re.compile(
    r"(\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}|<script\b.*?</script>|<style\b.*?</style>|<[^>]*>)",
    re.S,
)


def french_template(source: str) -> str:
    """A template's source with :func:`french_spacing` applied to its prose only, so the
    words written in templates get the same no-break spaces as the values they print."""
    parts = _NOT_TEMPLATE_PROSE.split(source)
    return "".join(p if i % 2 else french_spacing(p) for i, p in enumerate(parts))


class FrenchLoader(FileSystemLoader):
    """A template loader that gives French prose its no-break spaces (issue 16 §5)."""

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        source, filename, uptodate = super().get_source(environment, template)
        return french_template(source), filename, uptodate


def breakable_spaces(text: str) -> list[str]:
    """Where ``text`` has an ordinary space that French wants unbreakable."""
    found = []
    for pattern in (_BREAKABLE_BEFORE, _BREAKABLE_BEFORE_COLON):
        for match in pattern.finditer(text):
            found.append(f"espace ordinaire avant « {match.group(1)} » : utiliser une espace "
                         "insécable (U+202F ou U+00A0)")
    if _BREAKABLE_AFTER.search(text):
        found.append("espace ordinaire après « « » : utiliser une espace insécable")
    return found


def typography_problems(text: str) -> list[str]:
    found = []
    for match in HIGH_PUNCTUATION.finditer(text):
        before = text[: match.start()]
        if match.group() == ":" and re.search(r"(https?|\d)$", before):
            continue  # an address or a time, not punctuation
        found.append(f"pas d'espace avant « {match.group()} »")
    found.extend(breakable_spaces(text))  # issue 16 §5: no line break before « ? »
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
