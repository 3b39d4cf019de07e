"""What a person reads in the text a test looks at. French typography puts a narrow
no-break space (U+202F) inside « » and before ; ! ? and a no-break space (U+00A0) before a
colon. A test that compares a page's or the terminal's words with its own, written with
plain spaces, reads both as plain spaces. (The tests of the typography itself look for those
spaces and do not use these.)"""

from __future__ import annotations

from html import unescape


def plain_spaces(text: str) -> str:
    """``text`` with its no-break spaces, narrow (U+202F) or not (U+00A0), as plain ones."""
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def unescaped(markup: str) -> str:
    """``markup``'s text with its character references read (``&#39;``, ``&amp;``…) and
    its no-break spaces as plain ones."""
    return plain_spaces(unescape(markup))


def single_spaced(text: str) -> str:
    """``text`` on one line: its no-break spaces plain and each run of spaces, tabs or
    line breaks one space, none at either end."""
    return " ".join(plain_spaces(text).split())
