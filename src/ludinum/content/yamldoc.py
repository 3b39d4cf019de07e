"""YAML documents that remember the line of every value, for precise error messages.

A file is measured before it is built: nesting deeper than :data:`MAX_DEPTH` or more than
:data:`MAX_VALUES` values once aliases are expanded (a "billion laughs" file of a few hundred
bytes names a billion strings) is refused with one error line, before any memory is spent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ludinum.engine import ContentError

PathKey = tuple[str | int, ...]


@dataclass
class Doc:
    """One loaded file: its data and the 1-based line of each path inside it."""

    file: Path
    data: Any
    lines: dict[PathKey, int] = field(default_factory=dict)

    def line(self, path: PathKey = ()) -> int:
        """The line of ``path`` or of its nearest ancestor."""
        while path not in self.lines and path:
            path = path[:-1]
        return self.lines.get(path, 1)

    def where(self, path: PathKey = ()) -> str:
        return f"{self.file}:{self.line(path)}"


_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: Deepest nesting of lists and mappings accepted (content files use fewer than 10).
MAX_DEPTH = 64
#: Most values (scalars, lists, mappings) once aliases are expanded.
MAX_VALUES = 1_000_000


def _too_big(file: Path, mark: Any, fr: str, en: str) -> ContentError:
    line = mark.line + 1 if mark is not None else 1
    return ContentError(f"{file}:{line}: {fr}", f"{file}:{line}: {en}")


def _measure(text: str, file: Path) -> None:
    """Refuse too deep or too large (after alias expansion) documents, reading only the
    parser's events (no recursion, nothing built)."""
    sizes: dict[str, int] = {}
    open_: list[tuple[int, str | None]] = []  # size so far and anchor of each open collection
    total = 0

    def done(size: int, anchor: str | None, mark: Any) -> None:
        nonlocal total
        if anchor is not None:
            sizes[anchor] = size
        if open_:
            parent, parent_anchor = open_[-1]
            open_[-1] = (parent + size, parent_anchor)
            size = parent + size
        else:
            total += size
            size = total
        if size > MAX_VALUES:
            raise _too_big(file, mark, f"trop de valeurs (plus de {MAX_VALUES} avec les alias)",
                           f"too many values (more than {MAX_VALUES} with aliases)")

    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.CollectionStartEvent):
            open_.append((1, event.anchor))
            if len(open_) > MAX_DEPTH:
                raise _too_big(file, event.start_mark,
                               f"imbrication trop profonde (plus de {MAX_DEPTH} niveaux)",
                               f"nesting too deep (more than {MAX_DEPTH} levels)")
        elif isinstance(event, yaml.CollectionEndEvent):
            size, anchor = open_.pop()
            done(size, anchor, event.start_mark)
        elif isinstance(event, yaml.ScalarEvent):
            done(1, event.anchor, event.start_mark)
        elif isinstance(event, yaml.AliasEvent):
            done(sizes.get(str(event.anchor), 1), None, event.start_mark)


def _lines(node: yaml.Node, path: PathKey, lines: dict[PathKey, int], name: str) -> None:
    """Record the line of every value below ``node``; refuse repeated keys."""
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            key = str(key_node.value)
            if key in seen:
                line = key_node.start_mark.line + 1
                raise ContentError(
                    f"{name}:{line}: clé répétée « {key} »", f"{name}:{line}: repeated key '{key}'"
                )
            seen.add(key)
            _lines(value_node, (*path, key), lines, name)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _lines(item, (*path, i), lines, name)


#: Format characters (Unicode « Cf »: zero-width, direction marks and overrides, soft
#: hyphen, invisible operators, tags; not those of scripts no content is written in),
#: written out: a file is searched in one pass.
_INVISIBLE = re.compile(
    "[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f"
    "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000e0001"
    "\U000e0020-\U000e007f]")


def _invisible(text: str, file: Path) -> None:
    """Refuse a format character (zero-width space, right-to-left override…): a text of
    it alone is a blank question on every screen, and an override turns the words after it
    backwards. A byte-order mark opening the file (a Windows editor's) is no text."""
    found = _INVISIBLE.search(text, 1 if text.startswith("\ufeff") else 0)
    if found is not None:
        raise _invisible_at(text, file, found)


def _invisible_at(text: str, file: Path, found: re.Match[str] | None) -> ContentError:
    """The error for the invisible character ``found`` in ``text``, at its line."""
    line = text.count("\n", 0, found.start()) + 1 if found else 1
    shown = f" (U+{ord(found.group()[0]):04X})" if found else ""
    return ContentError(f"{file}:{line}: caractère invisible interdit{shown}, à supprimer",
                        f"{file}:{line}: forbidden invisible character{shown}, to delete")


def load(file: Path) -> Doc:
    """Load ``file``; a YAML syntax error becomes a :class:`ContentError` with its line."""
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(
            f"{file}:1: illisible ({exc})", f"{file}:1: unreadable ({exc})"
        ) from None
    _invisible(text, file)
    try:
        _measure(text, file)
        node = yaml.compose(text, Loader=_Loader)
        data = yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = mark.line + 1 if mark is not None else 1
        if "nesting depth" in str(exc.problem):  # the parser's own limit (newer PyYAML)
            raise _too_big(file, mark, f"imbrication trop profonde (plus de {MAX_DEPTH} "
                           "niveaux)", f"nesting too deep (more than {MAX_DEPTH} levels)") from None
        raise ContentError(
            f"{file}:{line}: YAML invalide ({exc.problem})",
            f"{file}:{line}: invalid YAML ({exc.problem})",
        ) from None
    except yaml.reader.ReaderError:  # a control character (the error's own position is
        # off by the text's length when the text is a string: found again here)
        raise _invisible_at(text, file, yaml.reader.Reader.NON_PRINTABLE.search(text)) from None
    except yaml.YAMLError as exc:
        raise ContentError(
            f"{file}:1: YAML invalide ({exc})", f"{file}:1: invalid YAML ({exc})"
        ) from None
    lines: dict[PathKey, int] = {}
    if node is not None:
        _lines(node, (), lines, str(file))
    return Doc(file, data, lines)
