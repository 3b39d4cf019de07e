"""Languages: French (the source language of every message) and English.

Translations are gettext catalogs (``web/locale/<lang>/LC_MESSAGES/messages.po``) read by
Babel when first needed: no compile step on a fresh machine. The language is chosen per
browser with a cookie (``lang``), French by default.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from ludinum.content.typography import french_spacing

LANGS = ("fr", "en")
DEFAULT = "fr"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "web" / "locale"


def pick(value: object) -> str:
    return value if isinstance(value, str) and value in LANGS else DEFAULT


@cache
def catalog(lang: str) -> dict[str, str]:
    """msgid → translation for ``lang`` (French needs none)."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"
    if lang == DEFAULT or not path.exists():
        return {}
    with path.open("rb") as handle:
        po = read_po(handle, locale=lang)
    out: dict[str, str] = {}
    for message in po:
        if (
            message.id and isinstance(message.id, str) and isinstance(message.string, str)
            and message.string and not message.fuzzy
        ):
            out[message.id] = message.string
    return out


def gettext(lang: str, message: str) -> str:
    """``message`` in ``lang``, with French no-break spaces (issue 16 §5)."""
    return french_spacing(catalog(lang).get(message, message))


def translator(lang: str):  # type: ignore[no-untyped-def]
    """A ``gettext(message, **values)`` function for templates (new-style, %-formatting)."""
    table = catalog(lang)

    def _(message: str, **values: object) -> str:
        text = table.get(message, message)
        return text % values if values else text

    return _
