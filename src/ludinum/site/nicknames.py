"""The diploma's nickname: the app's own nickname rules (2–20 letters, digits, spaces,
hyphens, apostrophes; rude words refused, even disguised), so the site and the rooms
accept and refuse the same names. The nickname is printed on the PDF and never stored."""

from __future__ import annotations

from ludinum.weblib.names import NicknameError, clean

__all__ = ["NicknameError", "clean"]
