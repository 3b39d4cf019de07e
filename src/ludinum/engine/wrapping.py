"""Where a terminal's line too wide for it is cut: at its spaces, each row after the first
indented two columns more than the line itself (a hanging indent), so that a board's line
goes on under its own text. Pure: the caller says how many columns a character takes, so
that the terminal (``cli/console.py``, which prints) and a game's text (which counts the
rows a board would take, to choose between two layouts) cut alike."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable


def hanging_cuts(plain: str, width: int, cells: Callable[[str], int]) -> tuple[int, list[int]]:
    """The indent of the rows after the first, and where each of them starts in ``plain``
    (the space it is cut at left out); no cut when the line fits ``width`` columns, nor
    for a paragraph at the left edge that is not a bullet (« • … »): it wraps as it is."""
    ends = []  # the columns each character ends at
    column = 0
    for char in plain:
        column += cells(char)
        ends.append(column)
    lead = len(plain) - len(plain.lstrip(" "))
    indent = min(lead + 2, width // 2)
    if column <= width or (not lead and not plain.startswith("• ")):
        return indent, []
    cuts: list[int] = []
    start, room, used = 0, width, 0
    while ends[-1] - used > room:
        last = max(0, bisect_right(ends, used + room) - 1)  # the last character that fits
        space = plain.rfind(" ", start + lead + 1 if not cuts else start + 1, last + 2)
        cut = space + 1 if space > start else last + 1  # no space: cut the word
        cuts.append(cut)
        start, room, used = cut, width - indent, ends[cut - 1]
    return indent, cuts
