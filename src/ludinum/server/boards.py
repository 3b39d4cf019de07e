"""What every board shares besides the view (public data only): a game's fixed layout and
the seats' colours.

A game's view carries what changes; the fixed layout (which cell is what, which card is
called what) is public content that the page's board drawing reads from the game's kit
(``server/kits.py``). Each game gives it through :meth:`ludinum.engine.Game.board_layout`
(default: nothing), so this module knows no game. The seats' colours, shapes and glyphs
are drawn by ``web/static/draw.js``; the server's pages use the same colours and glyphs.
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


#: Seats look the same in every game: a colour of a palette safe for colour-blind eyes
#: (Okabe–Ito), always paired with a shape and the seat number written inside, so that
#: neither the colour nor the shape is needed to tell pawns apart; in words, its glyph
#: (the templates read them as ``seat_palette``; draw.js has the same).
SEAT_FILL = ("#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7")
SEAT_INK = ("#111827", "#111827", "#111827", "#111827", "#ffffff", "#111827", "#111827")
SEAT_GLYPH = ("●", "■", "◆", "▲", "✚", "▼", "★")
