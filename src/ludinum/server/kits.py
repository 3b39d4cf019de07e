"""What a page needs to draw a game, besides the views it is sent (issue 19): the game's
kit, one per game and language, served once as a script (``/kit/<game>/<lang>.js``) that
hands it to the drawing (``web/static/draw.js``).

A kit holds public content only, the same for every game of a kind: the board's layout
(``Game.board_layout``), the game's own fixed data (``GameText.kit``: its cards' faces,
its characters' names…), the illustrations the learning site serves, and the words of the
page drawings (``_("…")`` in ``draw.js`` and ``games/*.js``) in the kit's language, from
the same catalogue as the server's templates. It is built once per process (a teacher's
content pack is read at start-up) and revalidated by the browser with its digest.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from ludinum.engine import Game
from ludinum.server import boards
from ludinum.site import render as site_render
from ludinum.weblib import i18n

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
#: The page's drawing code: the shared pieces and each game's drawer.
DRAWINGS = ("draw.js", "games")
#: A message a drawing translates: ``_("…")`` (double quotes, as in the templates).
_MESSAGE = re.compile(r'\b_\(\s*"((?:[^"\\]|\\.)*)"')


def drawing_files() -> list[Path]:
    """The scripts that draw games in the page."""
    files = [STATIC / "draw.js"]
    files += sorted((STATIC / "games").glob("*.js"))
    return [f for f in files if f.is_file()]


@cache
def drawer_of(game: str) -> str:
    """The address of the game's drawer (``static/games/<game>.js``), or empty: a game
    without one is drawn by its text and plain buttons."""
    return f"/static/games/{game}.js" if (STATIC / "games" / f"{game}.js").is_file() else ""


@cache
def drawing_messages() -> frozenset[str]:
    """Every message the page's drawings translate (French, the source language)."""
    found: set[str] = set()
    for path in drawing_files():
        for raw in _MESSAGE.findall(path.read_text(encoding="utf-8")):
            found.add(json.loads(f'"{raw}"'))
    return frozenset(found)


def messages(lang: str) -> dict[str, str]:
    """The drawings' messages in ``lang`` (none in French: the source)."""
    table = i18n.catalog(lang)
    return {m: table[m] for m in sorted(drawing_messages()) if m in table}


@cache
def portraits() -> dict[str, str]:
    """Every illustration of a character or role the learning site serves, by name."""
    folder = site_render.STATIC / "persos"
    return {p.stem: f"{site_render.STATIC_URL}/persos/{p.name}"
            for p in sorted(folder.glob("*.svg"))}


def kit(game: Game, lang: str) -> dict[str, Any]:
    """The kit of ``game`` in ``lang`` (module docstring)."""
    return {
        **game.text.kit(lang),
        "game": game.name,
        "lang": lang,
        "layout": list(boards.layout(game)),
        "portraits": portraits(),
        "messages": messages(lang),
    }


@cache
def script(game: Game, lang: str) -> tuple[str, str]:
    """The kit as the script the page loads, and its digest (the response's ETag)."""
    text = "Ludinum.kit(" + json.dumps(kit(game, lang), ensure_ascii=False,
                                       separators=(",", ":")) + ");\n"
    return text, hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def clear() -> None:
    """Forget the built kits (a test that changes the content or a drawing)."""
    script.cache_clear()
    drawing_messages.cache_clear()
    drawer_of.cache_clear()
