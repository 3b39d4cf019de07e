"""A malformed message or field, refused with a stable code and a French and an English
text (the WebSocket protocol's, the site's forms' and query strings'), and the whole number
a form or a query string may hold."""

from __future__ import annotations

import re

from ludinum.engine import LudinumError
from ludinum.engine.errors import echoed


class ProtocolError(LudinumError):
    code = "bad_message"

    def __init__(self, code: str, fr: str, en: str) -> None:
        super().__init__(fr, en)
        self.code = code


_WHOLE = re.compile(r"-?[0-9]{1,9}")


def number(raw: str | None, bounds: tuple[int, int], default: int, name: str,
           name_en: str | None = None) -> int:
    """A whole number typed in a form or a query string (``?step=``): ``default`` when
    absent or left empty, else digits within ``bounds``; anything else (« abc », « 1e3 »,
    « 999 » past the bound) is refused naming the field (``name``, and ``name_en`` for
    English when a page names it by its label) rather than read as its default."""
    if raw is None or not raw.strip():
        return default
    low, high = bounds
    value = int(raw) if _WHOLE.fullmatch(raw.strip()) else None
    if value is None or not low <= value <= high:
        shown = echoed(raw, 20)
        raise ProtocolError(
            "bad_number", f"« {name} » est un nombre entier de {low} à {high} "
            f"(reçu : « {shown} »).", f"'{name_en or name}' is a whole number from {low} "
            f"to {high} (got '{shown}').")
    return value
