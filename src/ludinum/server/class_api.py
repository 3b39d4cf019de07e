"""The JSON API of class sessions (docs/class.md): creation, a pupil's join and waiting
state, the teacher's dashboard state and controls.

Every request is a JSON POST (a form on another site cannot send one); the teacher's and
the pupils' tokens travel in the body, never in a URL. A wrong class code or token counts
as a guess against the address, like a room's (30 pupils behind one school address all get
in: a successful join counts nothing).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ludinum.engine import LudinumError
from ludinum.server import makers, render, tokens
from ludinum.server.api import (
    body,
    charged,
    error_response,
    game_and_options,
    guessing,
    made_here,
    only,
)
from ludinum.server.class_hub import ClassHub, commands_for
from ludinum.server.classes import GATHERING, PLAYING, ClassSession, Pupil, unknown_class
from ludinum.server.protocol import boolean, fail, text
from ludinum.server.rooms import LIVE
from ludinum.weblib import i18n

#: The fields a class's creation may hold (``api.only``: a misspelt one, « option » for
#: « options », is refused by name rather than make a class with the default rules).
CREATE_FIELDS = ("game", "options", "table_size", "bot_level", "friends_apart", "mode")


def classes_of(request: Request) -> ClassHub:
    found: ClassHub = request.app.state.classes
    return found


def session_of(request: Request) -> ClassSession:
    """The class of the path (call inside :func:`guessing`)."""
    code = tokens.normalise_code(str(request.path_params["code"]))
    if not tokens.looks_like_code(code):
        raise unknown_class(code)
    return classes_of(request).get(code)


async def create(request: Request) -> Response:
    try:
        data = only(await body(request), CREATE_FIELDS)
        with charged(request, request.app.state.room_limit):
            game, options = game_and_options(data)
            mode = data.get("mode", LIVE)
            apart = boolean(data, "friends_apart", True)
            session, teacher = await classes_of(request).create(
                game, options, data.get("table_size"), data.get("bot_level"), apart, str(mode))
    except LudinumError as exc:
        return error_response(exc)
    made_here(request, session.code)
    return makers.remember(request, JSONResponse(
        {"code": session.code, "teacher_token": teacher}, status_code=201))


async def join(request: Request) -> Response:
    try:
        data = only(await body(request), ("nickname",))
        with guessing(request, of_class=True):
            session = session_of(request)
        token, pupil = await classes_of(request).join(session.code, data.get("nickname"))
    except LudinumError as exc:
        return error_response(exc)
    return JSONResponse({"token": token, "nickname": pupil.nickname}, status_code=201)


def pupil_text(session: ClassSession, pupil: Pupil, lang: str) -> str:
    """What the waiting page says to the pupil."""
    if session.status == GATHERING:
        table = session.assignment()[session.pupils.index(pupil)] + 1
        return i18n.gettext(lang, "Tu es à la table %(n)s.") % {"n": table}
    if session.status == PLAYING and pupil.room is not None:
        return i18n.gettext(lang, "C'est parti : tu joues à la table %(n)s.") % {
            "n": (pupil.table or 0) + 1}
    return i18n.gettext(lang, "La classe est terminée.")


async def me(request: Request) -> Response:
    """A pupil's waiting state: their table, and once started the room of their seat (their
    class token is their seat token there)."""
    try:
        data = only(await body(request), ("token",))
        with guessing(request, of_class=True):
            session = session_of(request)
            pupil = session.pupil_of(data.get("token"))
    except LudinumError as exc:
        return error_response(exc)
    index = session.pupils.index(pupil)
    return JSONResponse({
        "status": session.status,
        "nickname": pupil.nickname,
        "table": session.assignment()[index] + 1,
        "room": pupil.room if session.status == PLAYING else None,
        "text": pupil_text(session, pupil, i18n.lang_of(request)),
        "message": session.message,
    })


async def _teacher(request: Request,
                   then: Callable[[ClassSession, dict[str, Any]], Awaitable[dict[str, Any]]],
                   fields: tuple[str, ...] = ()) -> Response:
    """A teacher's request: the class, the teacher's token checked, then ``then``; the
    body holds the token and ``fields``, nothing else."""
    try:
        data = only(await body(request), ("token", *fields))
        with guessing(request, of_class=True):
            session = session_of(request)
            session.check_teacher(data.get("token"))
        result = await then(session, data)
    except LudinumError as exc:
        return error_response(exc)
    return JSONResponse(result)


async def state(request: Request) -> Response:
    """The dashboard's content: the class's status, its HTML (server-rendered) and the
    commands that would do something now (pause, resume, end: the buttons shown)."""
    lang = i18n.lang_of(request)
    hub = classes_of(request)

    async def show(session: ClassSession, _data: dict[str, Any]) -> dict[str, Any]:
        tables = await hub.tables(session, lang)
        html = render.fragment(lang, "class_board", session=session, tables=tables,
                               seated=session.tables() if session.status == GATHERING else [])
        return {"status": session.status, "pupils": len(session.pupils), "html": html,
                "commands": commands_for(tables) if session.status == PLAYING else []}

    return await _teacher(request, show)


async def move(request: Request) -> Response:
    hub = classes_of(request)

    async def run(session: ClassSession, data: dict[str, Any]) -> dict[str, Any]:
        table = data.get("table")
        await hub.move(session, data.get("pupil"),
                       table - 1 if isinstance(table, int) and not isinstance(table, bool)
                       else table)
        return {"ok": True}

    return await _teacher(request, run, ("pupil", "table"))


async def remove(request: Request) -> Response:
    """The teacher removes a pupil before the start (``pupil``: their index), or every
    pupil (``all``: true)."""
    hub = classes_of(request)

    async def run(session: ClassSession, data: dict[str, Any]) -> dict[str, Any]:
        if boolean(data, "all", False):  # « "all": "yes" » is refused, not one pupil removed
            return {"ok": True, "removed_all": await hub.remove_all(session)}
        return {"ok": True, "removed": await hub.remove(session, data.get("pupil"))}

    return await _teacher(request, run, ("pupil", "all"))


async def lock(request: Request) -> Response:
    """The teacher closes the class to new pupils (``locked``: true) or opens it."""
    hub = classes_of(request)

    async def run(session: ClassSession, data: dict[str, Any]) -> dict[str, Any]:
        await hub.lock(session, boolean(data, "locked"))
        return {"ok": True, "locked": session.locked}

    return await _teacher(request, run, ("locked",))


async def start(request: Request) -> Response:
    hub = classes_of(request)

    async def run(session: ClassSession, _data: dict[str, Any]) -> dict[str, Any]:
        # Each table is a room: they count against the address's room budget like rooms
        # created one by one (the class's creation counted as one), so that starting
        # classes of tables of 2 does not open 30 times the rooms the budget allows.
        tables = len(session.plan())
        with charged(request, request.app.state.room_limit, max(0, tables - 1), fail(
                "rate_limited",
                f"Trop de parties ouvertes depuis cette adresse pour {tables} tables : "
                "attends quelques minutes, ou fais des tables plus grandes.",
                f"Too many games opened from this address for {tables} tables: wait "
                "a few minutes, or make the tables larger.")):
            await hub.start(session)
        return {"ok": True, "rooms": list(session.rooms)}

    return await _teacher(request, run)


async def command(request: Request) -> Response:
    hub = classes_of(request)

    async def run(session: ClassSession, data: dict[str, Any]) -> dict[str, Any]:
        done = await hub.command(session, text(data, "command", 40))
        return {"ok": True, "tables": done}

    return await _teacher(request, run, ("command",))


async def message(request: Request) -> Response:
    hub = classes_of(request)

    async def run(session: ClassSession, data: dict[str, Any]) -> dict[str, Any]:
        await hub.send_message(session, data.get("text"))
        return {"ok": True, "message": session.message}

    return await _teacher(request, run, ("text",))
