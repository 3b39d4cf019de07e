"""Static board layouts that board templates need besides the view (public data only).

A game's view carries what changes; the fixed layout (which cell is what) is public
content that the SVG board draws. Games without a board template need nothing here.
"""

from __future__ import annotations

from functools import cache
from typing import Any


@cache
def layout(game: str) -> tuple[dict[str, Any], ...]:
    if game == "gnou":
        from ludinum.games.gnou.content import load_board

        return tuple({"index": c.index, "kind": c.kind, "detail": c.detail}
                     for c in load_board())
    return ()
