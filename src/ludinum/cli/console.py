"""The terminal's console for game text: French spacing that no line break undoes."""

from __future__ import annotations

from typing import IO, Any

from rich.cells import get_character_cell_size
from rich.console import Console
from rich.text import Text

from ludinum.content.typography import NBSP, NNBSP, french_spacing
from ludinum.engine.wrapping import hanging_cuts

#: Stand-ins for the no-break spaces while rich lays a line out. rich breaks lines at any
#: Unicode space, no-break ones included (a line would start with « ? » or « : »); these
#: private-use characters are one cell wide, as the spaces they stand for, and are turned
#: back into them as the text is written.
_HOLD = str.maketrans({NBSP: "\ue000", NNBSP: "\ue001"})
_PUT_BACK = str.maketrans({"\ue000": NBSP, "\ue001": NNBSP})


class _PutBack:
    """A text stream that writes the no-break spaces back (see :data:`_HOLD`)."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(text.translate(_PUT_BACK))

    def flush(self) -> None:
        self._stream.flush()

    def __getattr__(self, name: str) -> Any:  # isatty, encoding, fileno…
        return getattr(self._stream, name)


class FrenchConsole(Console):
    """A console whose text gets French no-break spaces (issue 16 §5), which its line
    wrapping keeps: a line never starts with « ? », « : » or « ».

    The stream is the one standard output is when the console is made (a command makes its
    console when it starts)."""

    def __init__(self, **kwargs: Any) -> None:
        import sys

        kwargs.setdefault("file", sys.stdout)
        kwargs["file"] = _PutBack(kwargs["file"])
        super().__init__(**kwargs)

    def print(self, *objects: Any, **kwargs: Any) -> None:
        wraps = len(objects) == 1 and not (kwargs.get("soft_wrap") or kwargs.get("no_wrap")
                                           or kwargs.get("markup") is False)
        super().print(*((hung(held(o), self.width) if wraps else held(o))
                        if isinstance(o, str) else o for o in objects), **kwargs)


def held(text: str) -> str:
    """``text`` with French spacing whose no-break spaces survive rich's line wrapping: a
    table cell given to a :class:`FrenchConsole` (its ``print`` does it for strings)."""
    return french_spacing(text).translate(_HOLD)


def hung(markup: str, width: int) -> str:
    """``markup``'s indented or bulleted lines wider than ``width`` columns cut at their
    spaces, each row after the first indented 2 columns more than the line itself: a
    bullet's sentence goes on under its text (« • Bot 3 pose… »), a board's line under its
    board (« Numérique : … ») rather than from the terminal's left edge, where it read as a
    line of its own. A paragraph at the left edge (a game's summary) wraps as it is."""
    return "\n".join(_hung_line(line, width) for line in markup.split("\n"))


def _hung_line(markup: str, width: int) -> str:
    text = Text.from_markup(markup)
    indent, cuts = hanging_cuts(text.plain, width, get_character_cell_size)
    if not cuts:
        return markup
    out = []
    for i, piece in enumerate(text.divide(cuts)):
        piece.rstrip()  # the space it was cut at
        out.append((" " * indent if i else "") + piece.markup)
    return "\n".join(out)
