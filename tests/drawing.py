"""The page's drawings in the tests: ``web/static/draw.js`` and each game's drawer run in a
JavaScript engine (V8, through mini-racer), fed what the server sends (issue 19).

- :class:`Drawing`: one engine with the drawings and the kits loaded; ``screen(state)``
  draws a screen's slots from its state, as the page does.
- :class:`Screen`: one client's screen, following its frames as ``app.js`` does (the
  ``draw`` parts merged, the slots the server still sends swapped, the parts patched), so
  that a test reads every slot's HTML as the page shows it.
- :func:`state_of`: the state a screen of a room's seat would hold, straight from the room
  (what the server's frames carry).
"""

from __future__ import annotations

import json
import threading
from typing import Any

from py_mini_racer import MiniRacer, init_mini_racer

from ludinum.engine import Action, Game
from ludinum.server import kits, patches, render
from ludinum.server.framecache import Drawn, FrameCache
from ludinum.server.rooms import Room

#: The slots a page draws itself (the others come from the server as HTML).
DRAWN = ("ground", "map", "board", "spotlight", "actions")


# V8 gives the rights to its memory protection key (on CPUs that have them, PKU) to the
# thread that starts it and to the threads started afterwards. Started by the first engine,
# made on its own thread (below), it left this thread without them: closing an engine here
# then crashed the interpreter (a segmentation fault at V8's context free, seen on AMD
# EPYC). Started here, on the thread that imports this module, before any engine.
init_mini_racer(ignore_duplicate_init=True)


def _engine() -> MiniRacer:
    """A V8 engine with its own event loop thread. mini-racer binds an engine to the loop
    running where it is made: made inside an async test, it would die with that test's
    loop, so it is always made on a thread that runs none."""
    made: list[MiniRacer] = []
    maker = threading.Thread(target=lambda: made.append(MiniRacer()), name="v8-maker")
    maker.start()
    maker.join()
    return made[0]


class Drawing:
    """A JavaScript engine holding the page's drawing code and the kits asked for."""

    def __init__(self) -> None:
        self.ctx = _engine()
        for path in kits.drawing_files():
            self.ctx.eval(path.read_text(encoding="utf-8"))
        self._kits: set[tuple[str, str]] = set()

    def close(self) -> None:
        self.ctx.close()

    def __enter__(self) -> Drawing:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def kit(self, game: Game, lang: str) -> None:
        if (game.name, lang) not in self._kits:
            self.ctx.eval(kits.script(game, lang)[0])
            self._kits.add((game.name, lang))

    def piece(self, game: Game, lang: str, names: list[str], expression: str) -> str:
        """``expression``, JavaScript drawing one piece with the pieces ``c`` of a screen
        of ``game`` in ``lang`` (``c.cardTile(…)``, ``c.badge(1)``…), as text."""
        self.kit(game, lang)
        code = (f"String((c => {expression})(Ludinum.draw.pieces("
                f"{json.dumps(game.name)}, {json.dumps(lang)}, "
                f"{json.dumps(names, ensure_ascii=False)})))")
        return str(self.ctx.eval(code))

    def screen(self, game: Game, state: dict[str, Any],
               slots: tuple[str, ...] | None = None) -> dict[str, str]:
        """The HTML of each slot a screen in ``state`` draws (all of them by default)."""
        self.kit(game, str(state.get("lang", "fr")))
        full = {"game": game.name, **state}
        code = (f"JSON.stringify(Ludinum.screen({json.dumps(full, ensure_ascii=False)},"
                f" {json.dumps(list(slots) if slots else None)}))")
        result = json.loads(str(self.ctx.eval(code)))
        return {str(k): str(v) for k, v in result.items()}


def state_of(room: Room, seat: int | None, lang: str = "fr") -> dict[str, Any]:
    """What a screen of ``seat`` (None: the host's, a spectator's) holds after the room's
    latest change: the parts of ``FrameCache.drawn`` decoded, and the seat's moves."""
    cache = FrameCache(room, 0.0, ["random"])
    state = held(cache.drawn(seat, lang), lang)
    state["choices"] = cache.action_list(seat, lang) if seat is not None else []
    return state


def held(drawn: Drawn, lang: str) -> dict[str, Any]:
    """The state a page holds once it has drawn ``drawn`` (a client's ``drawn``: what the
    server believes its page draws from), without its moves: its view is the public view
    with the seat's own keys, its board the public view."""
    seat = json.loads(drawn.seat)
    pub = {k: json.loads(t) for k, t in drawn.pub.items()}
    own = {k: json.loads(t) for k, t in drawn.own.items()}
    return {
        "lang": lang, "view": {**pub, **own}, "board": None if seat is None else pub,
        "lines": json.loads(drawn.lines), "names": json.loads(drawn.names),
        "wait": json.loads(drawn.wait), "seat": seat, "choices": [],
    }


class Screen:
    """One client's screen: its frames applied as ``app.js`` applies them. ``state`` is
    what the page draws from; ``slots`` the server's own fragments it holds (parts
    patched); :meth:`draw` the page's drawing of its state."""

    def __init__(self, game: Game, lang: str = "fr") -> None:
        self.game, self.lang = game, lang
        self.state: dict[str, Any] = {"lang": lang, "seat": None, "pub": {}, "own": {},
                                      "names": [], "lines": [], "wait": "", "choices": []}
        self.slots: dict[str, str] = {}

    def apply(self, frame: dict[str, Any]) -> None:
        """Apply an ``update`` frame."""
        self.slots.update(frame.get("slots") or {})
        for name, parts in (frame.get("parts") or {}).items():
            self.slots[name] = patches.apply(self.slots.get(name, ""), parts)
        d = frame.get("draw") or {}
        if d.get("reset"):
            self.state["pub"], self.state["own"] = {}, {}
        self.state["pub"].update(d.get("pub") or {})
        self.state["own"].update(d.get("own") or {})
        for key in d.get("unown") or []:
            self.state["own"].pop(key, None)
        for key in ("lines", "names", "wait", "seat"):
            if key in d:
                self.state[key] = d[key]
        self.state["choices"] = frame.get("actions") or []

    def drawn_state(self) -> dict[str, Any]:
        """The state the page draws from: its view is the public view with the seat's
        own keys, its board the public view (a screen without a seat draws its board from
        its view, as the page does)."""
        state = {k: v for k, v in self.state.items() if k not in ("pub", "own")}
        state["view"] = {**self.state["pub"], **self.state["own"]}
        state["board"] = None if state["seat"] is None else dict(self.state["pub"])
        return state

    def draw(self, drawing: Drawing | None = None,
             slots: tuple[str, ...] = DRAWN) -> dict[str, str]:
        """The page's drawing of the screen's state (the test run's engine by default)."""
        return (drawing or shared()).screen(self.game, self.drawn_state(), slots)

    def shown(self) -> dict[str, str]:
        """Every slot the page shows now: the server's fragments and its own drawing."""
        return {**self.slots, **self.draw()}


_SHARED: Drawing | None = None


def shared() -> Drawing:
    """One engine for the whole test run (closed when the interpreter exits)."""
    global _SHARED
    if _SHARED is None:
        import atexit

        _SHARED = Drawing()
        atexit.register(_SHARED.close)
    return _SHARED


def slot(room: Room, seat: int | None, name: str, lang: str = "fr") -> str:
    """The HTML of the drawn slot ``name`` (``actions``, ``map``, ``spotlight``…) on the
    screen of ``seat`` (None: the projector's) after the room's latest change, as the
    page draws it."""
    return shared().screen(room.game, state_of(room, seat, lang), (name,))[name]


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    """A screen's state with its null view keys left out (a key a view no longer has is
    sent as null: the page treats both alike)."""
    out = dict(state)
    out["view"] = {k: v for k, v in (state.get("view") or {}).items() if v is not None}
    if out.get("board") is not None:
        out["board"] = {k: v for k, v in state["board"].items() if v is not None}
    return out


def decoded(draw: dict[str, Any]) -> dict[str, Any]:
    """A built frame's ``draw`` (JSON texts, as ``frames.build`` makes it) as the page
    receives it."""
    return {part: json.loads(value) for part, value in draw.items()}


def decision(game: Game, seat: int, view: dict[str, Any], legal: list[Action],
             lang: str = "fr", names: list[str] | None = None) -> str:
    """The decision a phone of ``seat`` draws for ``legal`` (its moves with the game's
    labels, as frames send them) from its ``view``."""
    names = names if names is not None else [f"Élève {i + 1}" for i in range(8)]
    labels = render.labelled(game, view, legal, lang, names)
    state = {"lang": lang, "seat": seat, "view": dict(game.text.localised(view, lang)),
             "names": names, "wait": "", "choices": render.action_list(seat, labels)}
    return shared().screen(game, state, ("actions",))["actions"]


def controls(html: str) -> list[dict[str, Any]]:
    """The actions a drawn decision's buttons send (``data-action``), in order, each
    button once (a card's uses, a question's « Oui » included)."""
    import re
    from html import unescape

    return [json.loads(unescape(m)) for m in re.findall(r'<button[^>]*\sdata-action="([^"]*)"',
                                                          html)]
