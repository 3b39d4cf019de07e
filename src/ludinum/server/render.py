"""HTML of the server's own pages and fragments (Jinja2, escaped), and the text a game's
screens show under its board.

The page draws each game itself (``web/static/draw.js`` and the game's drawer, issue
19): the server renders the pages, the room's fragments (status line, seat list, debrief,
privacy screen), the game's text lines (:func:`lines`) and the labels of a seat's moves
(:func:`labelled`).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, MutableMapping, Sequence
from functools import cache, partial
from html import escape
from pathlib import Path
from typing import Any

from jinja2 import Environment, select_autoescape
from markupsafe import Markup

from ludinum.content.typography import FrenchLoader, finalize, french_spacing
from ludinum.engine import Action, Game, lessons
from ludinum.server import boards, kits
from ludinum.site import render as site_render
from ludinum.weblib import i18n

WEB = Path(__file__).resolve().parent.parent / "web"
TEMPLATES = WEB / "templates"
STATIC = WEB / "static"

_RICH = re.compile(r"\[/?(?:[A-Za-z#][^\[\]]*)?\]")


def nick(name: object, after: str = "") -> Markup:
    """A nickname as HTML, in a span the stylesheet keeps on one line (``.nick``): « Anne-
    Sophie » is never cut at its hyphen, on the end screen of a phone or anywhere else.
    ``after``: the separator that follows it in a list (« , », « · »), in its span, so
    that a line never starts with it (the browser breaks a line after the span)."""
    spaced = finalize(str(name))
    return Markup('<span class="nick">%s%s</span>') % (spaced, after)


def nicks(text: object, names: Sequence[str]) -> Markup:
    """``text`` as HTML, its hyphenated nicknames each in a :func:`nick` span (a key
    moment « Inès a échangé 1 carte avec Anne-Sophie. »), as draw.js ``nicks`` does."""
    whole = sorted({n for n in names if n and "-" in n}, key=len, reverse=True)
    shown = Markup.escape(finalize(str(text)))
    if not whole:
        return shown
    found = re.compile("|".join(re.escape(str(Markup.escape(n))) for n in whole))
    return Markup(found.sub(lambda m: f'<span class="nick">{m.group(0)}</span>', shown))


def plain(text: str) -> str:
    """Terminal text without rich markup."""
    return _RICH.sub("", text) if "[" in text else text


class _Environment(Environment):
    """Jinja's environment, with each template's globals a plain dict (Jinja's default is
    a ``ChainMap`` over the environment's, so that globals set later still show): every
    render copies them into its context and every ``import`` compares their keys (issue
    19). Every global is set in
    :func:`environment` before any template is loaded, and never after."""

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return {**self.globals, **(d or {})}


@cache
def environment(lang: str) -> Environment:
    env = _Environment(
        loader=FrenchLoader(str(TEMPLATES)),
        autoescape=select_autoescape(["html", "svg"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,
        cache_size=400,
        finalize=finalize,  # no line break before « ? » (issue 16 §5)
    )
    env.globals["_"] = i18n.translator(lang)
    env.globals["lang"] = lang
    # A count's noun in the plural: French from 2 on, English but for 1 (« 1 élève inscrit »).
    env.globals["many"] = (lambda n: n != 1) if lang == "en" else (lambda n: n >= 2)
    env.globals["other_lang"] = "en" if lang == "fr" else "fr"
    env.globals["seat_palette"] = {"fill": boards.SEAT_FILL, "ink": boards.SEAT_INK,
                                   "glyph": boards.SEAT_GLYPH}
    env.globals["drawer_of"] = kits.drawer_of
    env.globals["styles_of"] = kits.styles_of
    # The title of the game whose cards lead to the learning site's quiz (W16).
    env.globals["quiz_game"] = partial(site_render.quiz_game, lang)
    env.filters["plain"] = plain
    env.filters["nick"] = nick
    env.filters["nicks"] = nicks
    env.filters["sites"] = lessons.sites
    env.tests["mapping"] = lambda v: isinstance(v, Mapping)
    env.tests["sequence"] = lambda v: isinstance(v, (list, tuple))
    env.tests["scalar"] = lambda v: v is None or isinstance(v, (str, int, float, bool))
    return env


#: Fragments and boards by a digest of everything they are drawn from (process-wide,
#: bounded in entries and characters, least recently used out): what did not change since
#: the last update costs a hash, not a rendering. Keyed by content, not by room, so rooms
#: showing the same thing share it; an idle room's fragments leave it as others play, so
#: a room that was shown costs at most its share of :data:`HTML_CACHE_CHARS` (issue 19).
_HTML_CACHE: OrderedDict[Hashable, str] = OrderedDict()
HTML_CACHE_SIZE = 16384
HTML_CACHE_CHARS = 8 * 1024 * 1024
_html_chars = 0


#: The encoder of :func:`digest` (``json.dumps`` with options builds one per call).
_DIGEST_JSON = json.JSONEncoder(sort_keys=True, separators=(",", ":"), default=str)


def digest(*parts: Any) -> bytes:
    """A short digest of JSON-able inputs (views, actions), used as a memo key."""
    text = _DIGEST_JSON.encode(parts)
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


def memo_html(key: Hashable, make: Callable[[], str]) -> str:
    """``make()``, remembered under ``key`` (least recently used entries dropped): a
    :func:`digest`, or a tuple of plain values (strings, numbers, booleans, None — never
    two that compare equal but print differently, such as 1 and True)."""
    global _html_chars
    cached = _HTML_CACHE.get(key)
    if cached is not None:
        _HTML_CACHE.move_to_end(key)
        return cached
    html = _HTML_CACHE[key] = make()
    _html_chars += len(html)
    while len(_HTML_CACHE) > HTML_CACHE_SIZE or _html_chars > HTML_CACHE_CHARS:
        _html_chars -= len(_HTML_CACHE.popitem(last=False)[1])
    return html


def html_cache_size() -> tuple[int, int]:
    """Fragments kept, and their characters."""
    return len(_HTML_CACHE), _html_chars


def page(lang: str, name: str, **context: Any) -> str:
    return environment(lang).get_template(name).render(**context)


def fragment(lang: str, template: str, **context: Any) -> str:
    return environment(lang).get_template(f"frag/{template}.html").render(**context)


def clear_caches() -> None:
    """Forget every memoised drawing (tests comparing renderings)."""
    global _html_chars
    _HTML_CACHE.clear()
    _html_chars = 0
    _LINES.clear()


def lines(game: Game, view: Mapping[str, Any], lang: str, names: Sequence[str]) -> list[str]:
    """The game's own text of one seat's view (``None``'s: the public one), line by line,
    as a screen shows it under the board: seats by nickname, French no-break spaces, no
    terminal markup (issue 21: a screen never prints a view's field names, ids or raw
    values). A game that draws a board leaves out of its text what the board shows."""
    raw = game.text.view(view, lang, board=game.board_keys is None)
    named = tuple(names)
    shown = _LINES.get((game.name, lang, named))
    if shown is None or len(shown) >= LINES_CACHE:
        if len(_LINES) >= LINES_ROOMS:
            _LINES.clear()
        shown = _LINES[(game.name, lang, named)] = {}
    out = []
    for line in raw.splitlines():
        made = shown.get(line)
        if made is None:
            # Line by line: a view's text changes by a few lines per move, and each step
            # below works within a line (seat words, markup, no-break spaces).
            made = shown[line] = french_spacing(plain(game.text.with_names(line, names, lang)))
        out.append(made)
    return out


def board(
    game: Game, view: Mapping[str, Any], lang: str, seat: int | None, names: Sequence[str]
) -> str:
    """The game's text of a view as HTML (a page drawn once: the replay), as the live
    pages draw :func:`lines` (``web/static/draw.js``)."""
    shown = "".join(f"<p>{escape(line)}</p>" for line in lines(game, view, lang, names)
                    if line.strip())
    return f'<div class="game-text">{shown}</div>'


#: A view's text lines as shown (:func:`lines`), by game, language and names (a room's),
#: then by line: most lines of a seat's view are the same from one move to the next
#: (issue 19). Bounded: a room's lines are forgotten past LINES_CACHE, every room's past
#: LINES_ROOMS rooms (about 10 MB at most).
_LINES: dict[tuple[str, str, tuple[str, ...]], dict[str, str]] = {}
LINES_CACHE = 500
LINES_ROOMS = 128


def labelled(game: Game, view: Mapping[str, Any], legal: Sequence[Action], lang: str,
             names: Sequence[str] = ()) -> list[tuple[Action, str]]:
    """The legal actions with their button text (French no-break spaces, issue 16 §5;
    seats by nickname, issue 21): the screen's :meth:`GameText.button`, which a card
    drawn on the phone does not repeat the name of."""
    text = game.text

    def written(a: Action) -> str:
        return french_spacing(text.with_names(text.button(a, view, lang), names, lang))

    out: list[tuple[Action, str]] = []
    seats: tuple[str, ...] | None = None
    for a in legal:
        key = text.button_key(a, view)
        if key is None:
            out.append((a, written(a)))
            continue
        if seats is None:
            seats = tuple(names)
        # The move's text remembered under what it reads (GameText.button_key); the
        # action's values' types too: True equals 1, but would be written otherwise.
        memo = (game.name, lang, a, written_types(a), key, seats)
        label = _LABELS.get(memo)
        if label is None:
            if len(_LABELS) >= LABELS_KEPT:
                _LABELS.clear()
            label = _LABELS[memo] = written(a)
        out.append((a, label))
    return out


def written_types(action: Action) -> tuple[Any, ...] | None:
    """What tells ``action`` from one equal to it but written otherwise (``True`` equals
    1): its values' types, None when none is a boolean nor a list (nearly every action):
    part of the key of what is remembered about an action."""
    for _, value in action.params:
        if value is True or value is False or type(value) is tuple:
            return tuple(tuple(map(type, v)) if type(v) is tuple else type(v)
                         for _, v in action.params)
    return None


#: Button texts remembered (:func:`labelled`), at most LABELS_KEPT of them.
_LABELS: dict[Hashable, str] = {}
LABELS_KEPT = 20_000


def action_list(seat: int, labels: Sequence[tuple[Action, str]]) -> list[dict[str, Any]]:
    return [{"seat": seat, "label": label, "action": a.to_json()} for a, label in labels]
