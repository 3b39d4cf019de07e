"""Static board layouts that board templates need besides the view (public data only).

A game's view carries what changes; the fixed layout (which cell is what, which card is
called what) is public content that the SVG board draws. Each game gives it through
:meth:`ludinum.engine.Game.board_layout` (default: nothing), so this module knows no game.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ludinum.engine import Game, UnknownGameError


@cache
def layout(game: Game | str) -> tuple[dict[str, Any], ...]:
    """The board layout of ``game`` (a game, or the name of a registered game; a name
    that is not registered has none)."""
    if isinstance(game, str):
        from ludinum.games import get_game

        try:
            game = get_game(game)
        except UnknownGameError:
            return ()
    return game.board_layout()
