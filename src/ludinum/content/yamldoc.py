"""YAML documents that remember the line of every value, for precise error messages."""

from __future__ import annotations

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


def load(file: Path) -> Doc:
    """Load ``file``; a YAML syntax error becomes a :class:`ContentError` with its line."""
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(
            f"{file}:1: illisible ({exc})", f"{file}:1: unreadable ({exc})"
        ) from None
    try:
        node = yaml.compose(text, Loader=_Loader)
        data = yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = mark.line + 1 if mark is not None else 1
        raise ContentError(
            f"{file}:{line}: YAML invalide ({exc.problem})",
            f"{file}:{line}: invalid YAML ({exc.problem})",
        ) from None
    except yaml.YAMLError as exc:
        raise ContentError(
            f"{file}:1: YAML invalide ({exc})", f"{file}:1: invalid YAML ({exc})"
        ) from None
    lines: dict[PathKey, int] = {}
    if node is not None:
        _lines(node, (), lines, str(file))
    return Doc(file, data, lines)
