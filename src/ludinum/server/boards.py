"""Static board layouts that board templates need besides the view (public data only).

A game's view carries what changes; the fixed layout (which cell is what, which card is
called what) is public content that the SVG board draws. Each game gives it through
:meth:`ludinum.engine.Game.board_layout` (default: nothing), so this module knows no game.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from markupsafe import Markup

from ludinum.content.typography import printed
from ludinum.engine import Game, UnknownGameError
from ludinum.server import i18n


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
#: (the templates read them as ``seat_palette``).
SEAT_FILL = ("#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7")
SEAT_INK = ("#111827", "#111827", "#111827", "#111827", "#ffffff", "#111827", "#111827")
SEAT_GLYPH = ("●", "■", "◆", "▲", "✚", "▼", "★")
SEAT_SHAPE = ("circle", "square", "diamond", "up", "cross", "down", "star")
#: Unit polygons (radius 1), scaled by r.
POLYGONS: dict[str, tuple[tuple[float, float], ...]] = {
    "diamond": ((0, -1.25), (1.25, 0), (0, 1.25), (-1.25, 0)),
    "up": ((0, -1.35), (1.25, 0.85), (-1.25, 0.85)),
    "down": ((0, 1.35), (1.25, -0.85), (-1.25, -0.85)),
    "cross": ((-0.45, -1.15), (0.45, -1.15), (0.45, -0.45), (1.15, -0.45), (1.15, 0.45),
              (0.45, 0.45), (0.45, 1.15), (-0.45, 1.15), (-0.45, 0.45), (-1.15, 0.45),
              (-1.15, -0.45), (-0.45, -0.45)),
    "star": ((0, -1.4), (0.38, -0.52), (1.33, -0.43), (0.61, 0.2), (0.82, 1.13), (0, 0.64),
             (-0.82, 1.13), (-0.61, 0.2), (-1.33, -0.43), (-0.38, -0.52)),
}


@lru_cache(maxsize=4096)
def token(seat: int, x: float, y: float, r: float = 13, turn: float = 0,
          ring: bool = False) -> Markup:
    """A seat's token centred on (x, y) in SVG; ``turn`` cancels the rotation of an
    enclosing group, ``ring`` draws a halo (whose turn it is). Drawn on every move of every
    board: written in Python and remembered (issue 19)."""
    shape = SEAT_SHAPE[seat % 7]
    fill = SEAT_FILL[seat % 7]
    rotate = f' transform="rotate({turn} {x} {y})"' if turn else ""
    out = [f'<g class="token seat-{seat}"{rotate}>\n']
    if ring:
        out.append(f'<circle cx="{x}" cy="{y}" r="{r * 1.75}" fill="none" stroke="#111827"'
                   ' stroke-width="3" stroke-dasharray="5 3"/>')
    if shape == "circle":
        out.append(f'  <circle cx="{x}" cy="{y}" r="{r * 1.05}" fill="{fill}"'
                   ' stroke="#111827" stroke-width="2"/>\n')
    elif shape == "square":
        out.append(f'  <rect x="{x - r}" y="{y - r}" width="{2 * r}" height="{2 * r}"'
                   f' fill="{fill}" stroke="#111827" stroke-width="2"/>\n')
    else:
        points = " ".join(f"{round(x + px * r, 1)},{round(y + py * r, 1)}"
                          for px, py in POLYGONS[shape])
        out.append(f'  <polygon points="{points}" fill="{fill}" stroke="#111827"'
                   ' stroke-width="2"/>\n')
    out.append(f'  <text x="{x}" y="{round(y + r * 0.42, 1)}" font-size="{round(r * 1.15, 1)}"'
               f' font-weight="700" text-anchor="middle" fill="{SEAT_INK[seat % 7]}">'
               f"{seat + 1}</text>\n</g>")
    return Markup("".join(out))


@cache
def catalogue(game: Game) -> dict[str, dict[str, Any]]:
    """The game's layout entries by their ``id`` (a card catalogue), for the boards that
    name cards (built once per game, not on every drawing)."""
    return {str(cell["id"]): cell for cell in layout(game) if "id" in cell}


def grouped(game: Game, idents: Sequence[str], field: str) -> dict[Any, list[str]]:
    """``idents`` (card ids, in order) grouped by a catalogue ``field`` (a data card's
    category…); an id the catalogue does not know goes under None."""
    return _grouped(game, tuple(idents), field)


@lru_cache(maxsize=4096)
def _grouped(game: Game, idents: tuple[str, ...], field: str) -> dict[Any, list[str]]:
    known = catalogue(game)
    out: dict[Any, list[str]] = {}
    for ident in idents:
        out.setdefault(known.get(ident, {}).get(field), []).append(ident)
    return out


def glyph(seat: int) -> Markup:
    """A seat in one glyph and its number, « ● 1 » (its shape in words)."""
    return Markup(f"{SEAT_GLYPH[seat % 7]} {seat + 1}")


def seat_name(names: Sequence[str], seat: int | None, length: int = 0, *,
              lang: str) -> Markup:
    """A seat's nickname (« Joueur 2 » without one), cut to ``length`` characters when
    given (before escaping, so that no entity is cut), spaced and escaped as a template
    prints it."""
    return _seat_name(tuple(names), seat, length, lang)


@lru_cache(maxsize=4096)
def _seat_name(names: tuple[str, ...], seat: int | None, length: int, lang: str) -> Markup:
    if seat is not None and seat < len(names) and names[seat]:
        name = names[seat]
    else:
        name = i18n.translator(lang)("Joueur %(n)s", n=(seat or 0) + 1)
    if length and len(name) > length:
        name = name[:length - 1] + "…"
    return Markup(printed(name))


def seats_legend(names: Sequence[str], count: int, *, lang: str) -> Markup:
    """The seats in words: « ● 1 Léa · ■ 2 Tom »."""
    return Markup(" · ".join(f"{glyph(seat)} {seat_name(names, seat, lang=lang)}"
                             for seat in range(count)))
