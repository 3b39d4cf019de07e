"""What a page needs to draw a game, besides the views it is sent (issue 19): the game's
kit, one per game and language, served once as a script (``/kit/<game>/<lang>.js``) that
hands it to the drawing (``web/static/draw.js``).

Each game owns its part of the page's drawing, in its package: its drawer
(``games/<game>/web/board.js``) and its stylesheet (``games/<game>/web/board.css``),
served at ``/static/games/<game>.js`` and ``.css`` for a registered game only
(:func:`asset`).

A kit holds public content only, the same for every game of a kind: the board's layout
(``Game.board_layout``), the game's own fixed data (``GameText.kit``: its cards' faces,
its characters' names…), the illustrations the learning site serves, and the words of the
page drawings (``_("…")`` in ``draw.js`` and each game's drawer) in the kit's language, from
the same catalogue as the server's templates. It is built once per process (a teacher's
content pack is read at start-up) and revalidated by the browser with its digest.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import re
from functools import cache
from pathlib import Path
from typing import Any

from starlette.staticfiles import StaticFiles

from ludinum.engine import Game
from ludinum.games import registry
from ludinum.server import boards
from ludinum.site import render as site_render
from ludinum.weblib import i18n

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
#: A game's own files of the page's drawing, in its package's ``web`` folder, by the
#: ending of their address (``/static/games/<game>.<ending>``): its drawer and its styles.
ASSETS = {"js": "board.js", "css": "board.css"}
#: A message a drawing translates: ``_("…")`` (double quotes, as in the templates).
_MESSAGE = re.compile(r'\b_\(\s*"((?:[^"\\]|\\.)*)"')


def asset(game: str, ending: str) -> Path | None:
    """The file of a registered game's drawing that ``/static/games/<game>.<ending>``
    serves (:data:`ASSETS`), or None: not a registered game's name, not an ending of
    :data:`ASSETS`, or a game that has no such file. Only names the registry knows reach
    the file system: no address leads anywhere else. Looked up once per game and ending
    (each static request asked the registry and the disk again), until :func:`clear`;
    an address naming nothing is not remembered (the cache holds the registry's names
    and :data:`ASSETS`' endings only, however many addresses are tried)."""
    if ending not in ASSETS or game not in _packages():
        return None
    return _asset(game, ending)


@cache
def _packages() -> dict[str, Path]:
    """Each registered game's package folder, by the game's name."""
    return {g.name: Path(inspect.getfile(type(g))).resolve().parent for g in registry()}


@cache
def _asset(game: str, ending: str) -> Path | None:
    path = _packages()[game] / "web" / ASSETS[ending]
    return path if path.is_file() else None


def drawing_files() -> list[Path]:
    """The scripts that draw games in the page: the shared pieces, then each registered
    game's drawer."""
    drawers = (asset(game.name, "js") for game in registry())
    return [STATIC / "draw.js", *sorted(f for f in drawers if f is not None)]


@cache
def drawer_of(game: str) -> str:
    """The address of the game's drawer (``/static/games/<game>.js``), or empty: a game
    without one is drawn by its text and plain buttons."""
    return f"/static/games/{game}.js" if asset(game, "js") else ""


@cache
def styles_of(game: str) -> str:
    """The address of the game's stylesheet (``/static/games/<game>.css``), read after
    the page's own, or empty: a game without one is dressed by the page's alone."""
    return f"/static/games/{game}.css" if asset(game, "css") else ""


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
    """Forget the built kits and the games' files looked up (a test that changes the
    content, a drawing or the registry)."""
    script.cache_clear()
    _packages.cache_clear()
    _asset.cache_clear()
    drawing_messages.cache_clear()
    drawer_of.cache_clear()
    styles_of.cache_clear()


class GameAssets(StaticFiles):
    """``/static/games/<game>.<ending>``: a registered game's own file of the page's
    drawing (:func:`asset`), served as every other static file is (its ETag and date, a
    304 to a browser that has it); any other address is not found."""

    def __init__(self) -> None:
        super().__init__(directory=None, check_dir=False)

    def lookup_path(self, path: str) -> tuple[str, os.stat_result | None]:
        game, dot, ending = path.partition(".")
        found = asset(game, ending) if dot else None
        if found is None:
            return "", None
        return str(found), found.stat()
