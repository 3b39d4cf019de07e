"""HTML for pages and for the fragments pushed to each client (Jinja2, escaped).

A view is drawn by the game's board template (``web/templates/boards/<game>.html``, SVG,
every colour paired with a symbol) and the game's own text (``GAME.text.view``); a game
without a board template gets a generic rendering of its view's data instead, so a new
game is playable before it has a board.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, MutableMapping, Sequence
from functools import cache, lru_cache, partial
from html import escape
from pathlib import Path
from typing import Any

from jinja2 import Environment, TemplateNotFound, select_autoescape
from markupsafe import Markup

from ludinum.content.typography import FrenchLoader, finalize, french_spacing
from ludinum.engine import Action, CardFace, Game
from ludinum.server import boards, i18n, patches, tiles
from ludinum.site import render as site_render

WEB = Path(__file__).resolve().parent.parent / "web"
TEMPLATES = WEB / "templates"
STATIC = WEB / "static"

_RICH = re.compile(r"\[/?(?:[A-Za-z#][^\[\]]*)?\]")
#: View keys shown in large type on every screen (prevention messages, quiz questions).
SPOTLIGHT_KEYS = ("spotlight", "message", "prevention", "quiz", "question", "prompt")


def plain(text: str) -> str:
    """Terminal text without rich markup."""
    return _RICH.sub("", text)


class _Environment(Environment):
    """Jinja's environment, with each template's globals a plain dict (Jinja's default is
    a ``ChainMap`` over the environment's, so that globals set later still show): every
    render copies them into its context and every ``import`` compares their keys, a
    tenth of drawing a phone's decision (issue 19). Every global is set in
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
    env.globals["layout"] = boards.layout  # a registered game's fixed layout, by name
    env.globals["token"] = boards.token
    env.globals["glyph"] = boards.glyph
    env.globals["seat_name"] = partial(boards.seat_name, lang=lang)
    env.globals["seats_legend"] = partial(boards.seats_legend, lang=lang)
    env.globals["remember"] = remember
    env.globals["catalogue_of"] = boards.catalogue
    env.globals["grouped"] = boards.grouped
    env.globals["seat_palette"] = {"fill": boards.SEAT_FILL, "ink": boards.SEAT_INK,
                                   "glyph": boards.SEAT_GLYPH}
    env.globals["portrait"] = portrait
    env.globals["card_tile"] = card_tile
    env.globals["card_choices"] = partial(tiles.card_choices, lang=lang, tile=card_tile)
    env.globals["plain_buttons"] = tiles.plain_buttons
    env.globals["badge"] = partial(tiles.badge, lang=lang)
    env.filters["plain"] = plain
    env.tests["mapping"] = lambda v: isinstance(v, Mapping)
    env.tests["sequence"] = lambda v: isinstance(v, (list, tuple))
    env.tests["scalar"] = lambda v: v is None or isinstance(v, (str, int, float, bool))
    return env


@cache
def portrait(name: str) -> str:
    """The address of a character's illustration (the learning site's ``persos``), or
    empty when there is none: the cards and seats of a game with characters show it."""
    if not name or not (site_render.STATIC / "persos" / f"{name}.svg").is_file():
        return ""
    return f"{site_render.STATIC_URL}/persos/{name}.svg"


def card_tile(face: CardFace, seat: int | None = None, pick: str = "", action: str = "",
              confirm: str = "", label: str = "", count: int = 1, idle: bool = False,
              note: str = "") -> Markup:
    """A card as a tile (``tiles.card_tile``) with its illustration when it has one: the
    templates' ``card_tile(face, …)``."""
    return tiles.card_tile(face, seat, pick, action, confirm, label, count, idle, note,
                           portrait(face.portrait) if face.portrait else "")


@cache
def board_keys(game: str) -> tuple[str, ...] | None:
    """The view keys a board template draws from (``{#- keys: a b -#}`` on its first
    line), or None if it has no board template. Unknown: every key."""
    env = environment(i18n.DEFAULT)
    try:
        source = env.loader.get_source(env, f"boards/{game}.html")[0]  # type: ignore[union-attr]
    except TemplateNotFound:
        return None
    match = _KEYS.match(source)
    return tuple(match.group(1).split()) if match else ()


def has_board(game: str) -> bool:
    return board_keys(game) is not None


_KEYS = re.compile(r"\{#-?\s*keys:\s*([\w ]+?)\s*-?#\}")
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


def remember(*parts: Any, caller: Callable[[], str]) -> Markup:
    """A template block drawn once for the values it is drawn from, as a Jinja call block:
    ``{% call remember("part", lang, a, b) %}…{% endcall %}``. ``parts`` must name every
    value the block reads (the block is not drawn again while they are the same): a board
    redraws only the players whose part changed (issue 19). The block is also a part of its
    slot (:mod:`ludinum.server.patches`): a client is sent it alone when it alone changed."""
    return Markup(memo_html(digest("remember", *parts), lambda: patches.wrap(caller())))


def html_cache_size() -> tuple[int, int]:
    """Fragments kept, and their characters."""
    return len(_HTML_CACHE), _html_chars


def page(lang: str, name: str, **context: Any) -> str:
    return environment(lang).get_template(name).render(**context)


def fragment(lang: str, template: str, **context: Any) -> str:
    return environment(lang).get_template(f"frag/{template}.html").render(**context)


def board_svg(game: Game, public_view: Mapping[str, Any], lang: str,
              names: Sequence[str]) -> str:
    """The game's board drawn from the public view (the same for every seat), memoised on
    the keys the template declares, so an action that moves nothing drawn costs nothing."""
    keys = board_keys(game.name)
    if keys is None:
        return ""
    picked = {k: public_view.get(k) for k in keys} if keys else public_view
    return memo_html(
        digest("svg", game.name, lang, picked, list(names)),
        lambda: environment(lang).get_template(f"boards/{game.name}.html").render(
            view=public_view, names=names, game=game, cells=boards.layout(game)))


@lru_cache(maxsize=64)
def board_ground(game: Game, lang: str) -> str:
    """The fixed layer of the game's board (``boards/<game>_ground.html``: tracks, cells,
    bridges), drawn once from the layout; the board template overlays what moves with the
    same viewBox. Sent to a client once, not with every update. Empty without one."""
    try:
        template = environment(lang).get_template(f"boards/{game.name}_ground.html")
    except TemplateNotFound:
        return ""
    return template.render(game=game, cells=boards.layout(game))


def board_stack(game: Game, public_view: Mapping[str, Any], lang: str,
                names: Sequence[str]) -> str:
    """The whole board for a page drawn once (replay): fixed layer and moving layer."""
    return (f'<div class="board-svg board-stack"><div aria-hidden="true">'
            f"{board_ground(game, lang)}</div><div>"
            f"{board_svg(game, public_view, lang, names)}</div></div>")


def clear_caches() -> None:
    """Forget every memoised drawing (tests comparing renderings)."""
    global _html_chars
    _HTML_CACHE.clear()
    _html_chars = 0
    _LINES.clear()
    board_ground.cache_clear()


def board(
    game: Game, view: Mapping[str, Any], lang: str, seat: int | None, names: Sequence[str]
) -> str:
    """The view of one seat (``None``: public) as HTML: the game's own text (issue 21: a
    screen never prints a view's field names, ids or raw values; a game without a board
    template is drawn by its text alone)."""
    drawn = has_board(game.name)
    raw = game.text.view(view, lang, board=not drawn)
    text = game.text
    named = tuple(names)
    out = []
    for line in raw.splitlines():
        key = (game.name, lang, line, named)
        html = _LINES.get(key)
        if html is None:
            if len(_LINES) >= LINES_CACHE:
                _LINES.clear()
            # Line by line: a view's text changes by a few lines per move, and each step
            # below works within a line (seat words, markup, no-break spaces).
            shown = french_spacing(plain(text.with_names(line, names, lang)))
            html = _LINES[key] = f"<p>{escape(shown)}</p>" if shown.strip() else ""
        out.append(html)
    if sum(map(len, out)) >= patches.SMALL:
        # A long text's lines are parts of the slot: a move that changes two lines sends
        # those two (server/patches.py); a short one is sent whole anyway.
        out = [patches.wrap(html) if html else html for html in out]
    return f'<div class="game-text">{"".join(out)}</div>'


#: A view's text lines as drawn (``board``), by game, language, line and names: most lines
#: of a seat's view are the same from one move to the next (issue 19). Bounded: cleared
#: when full.
_LINES: dict[tuple[str, str, str, tuple[str, ...]], str] = {}
LINES_CACHE = 20_000


#: Keys whose string values are words meant for people (a quiz question, a message); the
#: generic spotlight shows only those, never the keys themselves (issue 21).
TEXT_KEYS = frozenset({"spotlight", "message", "prevention", "question", "prompt", "text",
                       "hint", "title"})


def spoken(value: Any, key: str = "") -> list[str]:
    """The human words in a spotlight value: strings under :data:`TEXT_KEYS` (or the value
    itself when it is a string), in order; ids, numbers, flags and keys are left out."""
    if isinstance(value, str):
        return [value] if key in TEXT_KEYS else []
    if isinstance(value, Mapping):
        return [w for k, v in value.items() for w in spoken(v, str(k))]
    if isinstance(value, (list, tuple)):
        return [w for v in value for w in spoken(v, key)]
    return []


@cache
def game_template(game: str, kind: str) -> str | None:
    """``frag/<kind>_<game>.html`` if the game draws that fragment itself, else None."""
    name = f"frag/{kind}_{game}.html"
    env = environment(i18n.DEFAULT)
    try:
        env.loader.get_source(env, name)  # type: ignore[union-attr]
    except TemplateNotFound:
        return None
    return name


def spotlight_items(view: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """What a view shows in large type (prevention message, quiz…), in display order."""
    return [(k, view[k]) for k in SPOTLIGHT_KEYS if view.get(k)]


def spotlight(view: Mapping[str, Any], lang: str, game: Game | None = None,
              seat: int | None = None, names: Sequence[str] = ()) -> str:
    """The view's large-type part (a quiz, a prevention message) in the game's own words:
    its ``frag/spot_<game>.html`` template, else the spoken texts only, never the data."""
    items = spotlight_items(view)
    if not items:
        return ""
    template = game_template(game.name, "spot") if game is not None else None
    if template is not None:
        return environment(lang).get_template(template).render(
            view=view, seat=seat, names=list(names), text=game.text).strip()  # type: ignore[union-attr]
    texts = [french_spacing(t) for k, v in items for t in spoken(v, k)]
    return fragment(lang, "spotlight", texts=texts) if texts else ""


def labelled(game: Game, view: Mapping[str, Any], legal: Sequence[Action], lang: str,
             names: Sequence[str] = ()) -> list[tuple[Action, str]]:
    """The legal actions with their button text (French no-break spaces, issue 16 §5;
    seats by nickname, issue 21)."""
    text = game.text
    return [(a, french_spacing(text.with_names(text.action(a, view, lang), names, lang)))
            for a in legal]


_ACTION_JSON = json.JSONEncoder(ensure_ascii=False)


def action_data(action: Action) -> str:
    """An action as its button carries it (``data-action``), JSON written once per action
    (the same actions are offered on move after move, issue 19)."""
    return _action_data(action, tuple(type(v) for _, v in action.params))


@lru_cache(maxsize=8192)
def _action_data(action: Action, types: tuple[type, ...]) -> str:
    # ``types``: an action equals one whose 1 is True, but they are written differently.
    return _ACTION_JSON.encode(action.to_json())


def actions(seat: int, labels: Sequence[tuple[Action, str]], lang: str,
            game: Game | None = None, view: Mapping[str, Any] | None = None,
            names: Sequence[str] = ()) -> str:
    """The seat's decision: the game's ``frag/actions_<game>.html`` (the thing to tap drawn
    as in the game: a table of accounts…) or large buttons for the legal actions."""
    if not labels:
        return waiting(lang, "Attends ton tour…")
    template = None if game is None or view is None else game_template(game.name, "actions")
    if template is not None:
        choices = [(a, label, action_data(a)) for a, label in labels]
        return environment(lang).get_template(template).render(
            seat=seat, choices=choices, view=view, names=list(names),
            text=game.text).strip()  # type: ignore[union-attr]
    buttons = "".join(
        f'<button type="button" class="act" data-seat="{seat}" '
        f'data-action="{escape(action_data(a))}">'
        f"{escape(label)}</button>"
        for a, label in labels
    )
    title = escape(i18n.gettext(lang, "À toi de jouer !"))
    return f'<p class="your-turn">{title}</p><div class="buttons">{buttons}</div>'


def waiting(lang: str, message: str) -> str:
    """A seat's decision when it has none: what it waits for, in ``lang``."""
    return f'<p class="wait">{escape(i18n.gettext(lang, message))}</p>'


def told(text: str) -> str:
    """A seat's decision when it has none and its game says what goes on (already in the
    seat's language: ``GameText.waiting``)."""
    return f'<p class="wait">{escape(french_spacing(text))}</p>'


def action_list(seat: int, labels: Sequence[tuple[Action, str]]) -> list[dict[str, Any]]:
    return [{"seat": seat, "label": label, "action": a.to_json()} for a, label in labels]
