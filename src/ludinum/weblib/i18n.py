"""Languages: French (the source language of every message) and English.

Translations are gettext catalogs (``web/locale/<lang>/LC_MESSAGES/messages.po``) read by
Babel when first needed: no compile step on a fresh machine. The language is chosen per
browser (:func:`lang_of`): the ``lang`` cookie (the pages' language switch), else the
browser's ``Accept-Language``, else French; the learning site also reads ``?lang=`` first
and has its own catalogue (``site/locale``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po
from markupsafe import Markup, escape
from starlette.requests import HTTPConnection

from ludinum.content.typography import finalize, french_spacing
from ludinum.engine.game import elided_values

LANGS = ("fr", "en")
DEFAULT = "fr"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "web" / "locale"


def pick(value: object) -> str:
    return value if isinstance(value, str) and value in LANGS else DEFAULT


def pick_request(query: str | None, cookie: str | None, accept: str | None) -> str:
    """The language of a page: ``?lang=`` when given, else the ``lang`` cookie (set by
    ``/lang/<lang>``), else the browser's ``Accept-Language`` (the first supported language
    by preference), else French."""
    for value in (query, cookie):
        if value in LANGS:
            return str(value)
    ranked = []
    for i, part in enumerate((accept or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        primary = tag.strip().lower().split("-")[0]
        if primary in LANGS and weight > 0:
            ranked.append((-weight, i, primary))
    return min(ranked)[2] if ranked else DEFAULT


def lang_of(connection: HTTPConnection, *, query: bool = False) -> str:
    """The language of a request or a WebSocket (the app's pages, its API's texts, its
    frames; the learning site's pages with ``query``: ``?lang=`` first) by
    :func:`pick_request`: an English browser gets English pages without a cookie."""
    return pick_request(connection.query_params.get("lang") if query else None,
                        connection.cookies.get("lang"),
                        connection.headers.get("accept-language"))


def headers(lang: str) -> dict[str, str]:
    """The headers of a page written in ``lang`` as :func:`lang_of` chose it: its language,
    and what the choice depends on (a cache in front must not give a French page to an
    English browser)."""
    return {"content-language": lang, "vary": "Cookie, Accept-Language"}


@cache
def catalog(lang: str, folder: Path = LOCALE_DIR) -> dict[str, str]:
    """msgid → translation for ``lang`` (French needs none), from the catalogue under
    ``folder`` (the classroom app's; the learning site has its own)."""
    path = folder / lang / "LC_MESSAGES" / "messages.po"
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


def translator(lang: str, folder: Path = LOCALE_DIR):  # type: ignore[no-untyped-def]
    """A ``gettext(message, **values)`` function for templates (new-style, %-formatting)."""
    table = catalog(lang, folder)

    def _(message: str, **values: object) -> str:
        text = table.get(message, message)
        if not values:
            return text
        # « Victoire de %(names)s ! » for Inès: « Victoire d'Inès ! » (a value already HTML,
        # a nickname in its span, is read as its words)
        words = {k: v.striptags() if isinstance(v, Markup) else v for k, v in values.items()}
        text = elided_values(text, words)
        if any(isinstance(v, Markup) for v in values.values()):
            # HTML values (nicknames kept whole, render.nick): the message is spaced as
            # Jinja's finalize would have done, escaped, the other values escaped in it
            return Markup(escape(finalize(text))) % values
        return text % values

    return _
