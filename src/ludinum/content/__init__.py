"""Educational content as data: YAML files with a schema, loaded with line numbers.

The built-in files live beside this module, one folder per game. Each game declares its
content kinds (:class:`ludinum.content.schema.ContentKind`); ``ludinum content check``
validates them and reports every problem as ``file:line: message``.
"""

from pathlib import Path

BUILTIN = Path(__file__).resolve().parent

__all__ = ["BUILTIN"]
