"""The JSON API (described at ``/openapi.json``): games, rooms, joining, replays."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ludinum.engine import LudinumError, echoed
from ludinum.server import makers, openapi, tokens
from ludinum.server.hub import Hub, unknown_room
from ludinum.server.protocol import fail, load_json, said
from ludinum.server.replay import Replay
from ludinum.weblib import i18n, names, qr
from ludinum.weblib.ratelimit import FairLimit, KnownCodes, RateLimit, address_of

STATUS = {
    "unknown_room": 404, "unknown_game": 404, "rate_limited": 429, "room_full": 409,
    "seat_taken": 409, "name_taken": 409, "game_over": 409, "storage_unavailable": 503,
    "storage": 503, "busy": 503, "too_large": 413, "bad_media_type": 415,
    "seat_not_offered": 409, "no_seat_offered": 409, "room_locked": 409,
    "already_started": 409, "class_full": 409, "table_full": 409, "table_too_small": 409,
    "no_pupils": 409, "not_playing": 409, "class_locked": 409,
}
#: Refusals that tell a guesser something: they count against the address (room codes
#: must not be found by trying); everything else (a full room, a taken nickname) does not.
GUESSES = frozenset({"unknown_room", "bad_token"})


def error_response(exc: LudinumError) -> JSONResponse:
    return JSONResponse({"error": said(exc)}, status_code=STATUS.get(exc.code, 400))


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def too_many() -> LudinumError:
    return fail("rate_limited", "Trop d'essais : attends un peu.",
                "Too many attempts: wait a little.")


def too_many_rooms() -> LudinumError:
    """Past the rooms an address (or a browser) may make: what is too many, said as such
    (« Trop d'essais », the wrong codes' words, told a teacher making a 31st room that
    they had tried something wrong)."""
    return fail("rate_limited",
                "Trop de parties créées depuis cette adresse : attends quelques minutes "
                "avant d'en créer une autre.",
                "Too many games made from this address: wait a few minutes before making "
                "another one.")


def names_a_live_code(request: Request) -> bool:
    """Whether the path's code is a room or a class this process holds now: a classmate's
    first join from a school address that one pupil's wrong codes blocked."""
    raw = request.path_params.get("code")
    if raw is None:
        return False
    code = tokens.normalise_code(str(raw))
    return request.app.state.hub.holds(code) or code in request.app.state.classes.sessions


def made_here(request: Request, code: str) -> None:
    """A room or class made by the request's address: its code is known to the address
    (:meth:`KnownCodes.remember`), so that its pupils behind the same school address look
    it up even while one pupil's wrong codes have the address blocked."""
    known: KnownCodes = request.app.state.known_limit
    known.remember(address_of(request), code)


def bad_code(code: str, of_class: bool = False) -> LudinumError:
    """A code that cannot be one (another length, a letter no code has), named: no room or
    class has it, so looking it up is no guess (400, counted by no limiter). A character of it
    that shows as nothing or turns the rest backwards (a right-to-left override, a
    zero-width space, NUL) is quoted as its code, as in every error (``echoed``)."""
    shown = echoed(code[:12], 12)
    if of_class:
        return fail("bad_code",
                    f"« {shown} » n'est pas un code de classe : un code de classe a "
                    f"{tokens.CODE_LENGTH} lettres et chiffres, comme au tableau.",
                    f"'{shown}' is not a class code: a class code has "
                    f"{tokens.CODE_LENGTH} letters and digits, as on the board.")
    return fail("bad_code",
                f"« {shown} » n'est pas un code de salon : un code de salon a "
                f"{tokens.CODE_LENGTH} lettres et chiffres, comme sur l'écran d'animation.",
                f"'{shown}' is not a room code: a room code has {tokens.CODE_LENGTH} "
                "letters and digits, as on the host screen.")


@contextlib.contextmanager
def guessing(request: Request, of_class: bool = False) -> Iterator[None]:
    """Around a room-code lookup: refused while the address has too many failures, and a
    wrong code or token counts as one (a successful join counts nothing). A blocked address
    still gets into a live room or class, within its own smaller budget (``known_limit``,
    :class:`KnownCodes`), which a wrong code spends as a live one does (and is refused):
    one pupil guessing codes does not lock the school's address out, above all not of a
    code it made or already looked up (free), and tries no more than one code a couple of
    seconds (it was refused every wrong code at no cost and answered every live one, so
    that it learnt which were live as fast as the server answered). A path's code that
    cannot be one (:func:`bad_code`; a class's when ``of_class``) is refused first, by
    name, and counted nowhere: no real code is guessed by it."""
    raw = request.path_params.get("code")
    if raw is not None and not tokens.looks_like_code(tokens.normalise_code(str(raw))):
        raise bad_code(tokens.normalise_code(str(raw)), of_class)
    limit: RateLimit = request.app.state.limit
    address = address_of(request)
    known: KnownCodes = request.app.state.known_limit
    if limit.blocked(address) and (raw is None or not known.allow(
            address, tokens.normalise_code(str(raw)), names_a_live_code(request))):
        raise too_many()
    try:
        yield
    except LudinumError as exc:
        if exc.code in GUESSES:
            limit.failed(address)
        raise


@contextlib.contextmanager
def charged(request: Request, limit: FairLimit, count: int = 1,
            refused: LudinumError | None = None) -> Iterator[None]:
    """Count ``count`` rooms made against the browser that makes them (its cookie,
    :mod:`makers`), then its address; past the budget, ``refused`` (by default
    :func:`too_many_rooms`). Given back when what they pay for is refused: a form with a
    typo makes no room and spends none of the school address's budget (30 refused forms
    locked a teacher out of making a room for minutes, attack review)."""
    address, key = address_of(request), makers.key_of(request)
    if not limit.allow(address, key, count):
        raise refused if refused is not None else too_many_rooms()
    try:
        yield
    except LudinumError:
        limit.refund(address, key, count)
        raise


def lookup(request: Request) -> str:
    """The room code of the path (call inside :func:`guessing`)."""
    code = tokens.normalise_code(str(request.path_params["code"]))
    if not tokens.looks_like_code(code):
        raise unknown_room(code)
    return code


def loads(raw: bytes | str) -> Any:
    """JSON text to data; ``bad_json`` for invalid or too deeply nested text."""
    try:
        return load_json(raw)
    except (ValueError, RecursionError):
        raise fail("bad_json", "JSON invalide ou trop imbriqué.",
                   "Invalid or too deeply nested JSON.") from None


#: Largest JSON body of the API, in bytes (every body of the server: guards.MAX_BODY).
API_BODY = 16_384


async def body(request: Request) -> dict[str, Any]:
    """The JSON object of a request. Only ``application/json`` is read: a form on another
    site can post ``text/plain`` without the browser asking, never JSON."""
    media = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media != "application/json":
        raise fail("bad_media_type", "Le corps doit être du JSON (application/json).",
                   "The body must be JSON (application/json).")
    raw = await request.body()
    if len(raw) > API_BODY:
        # The limit is named, as the guard's for any body (guards.BodyLimit): « Requête
        # trop longue. » said nothing of how long one may be.
        kib = API_BODY // 1024
        raise fail("too_large", f"Ce que tu envoies est trop gros : {kib}\u00a0Ko au plus.",
                   f"What you are sending is too large: {kib}\u00a0KB at most.")
    data = loads(raw or b"{}")
    if not isinstance(data, dict):
        raise fail("bad_json", "Un objet JSON est attendu.", "A JSON object is expected.")
    return data


#: The fields each request body may hold (``only``).
ROOM_FIELDS = ("game", "players", "options", "mode", "seed")
JOIN_FIELDS = ("nickname", "seat")


def only(data: dict[str, Any], allowed: tuple[str, ...]) -> dict[str, Any]:
    """``data`` if it holds no field but ``allowed``: a misspelt one (« option » for
    « options ») is refused by name rather than silently ignored, which would make a room
    with the default rules."""
    for key in data:
        if key not in allowed:
            listed = ", ".join(allowed)
            raise fail("bad_message", f"Champ inconnu : « {echoed(key)} » (champs : {listed}).",
                       f"Unknown field: '{echoed(key)}' (fields: {listed}).")
    return data


async def games(request: Request) -> Response:
    hub = hub_of(request)
    out = []
    for game in hub.catalog.games():
        item = game.describe()
        item["bot_levels"] = hub.catalog.bot_levels(game.name)
        out.append(item)
    return JSONResponse({"games": out})


def game_and_options(data: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A creation's ``game`` (a name) and ``options`` (an object, empty when absent), or
    the error naming the one of the wrong type (a room's, a class's)."""
    game = data.get("game")
    if not isinstance(game, str):
        raise fail("bad_message", "Champ « game » attendu.", "Field 'game' expected.")
    options = data.get("options")
    options = {} if options is None else options  # absent or null: the defaults
    if not isinstance(options, dict):  # « [] », « "" », 0 are no options object
        raise fail("bad_message", "« options » est un objet.", "'options' is an object.")
    return game, options


async def create_room(request: Request) -> Response:
    try:
        data = only(await body(request), ROOM_FIELDS)
        with charged(request, request.app.state.room_limit):
            hub = hub_of(request)
            game, options = game_and_options(data)
            players = data.get("players")
            if isinstance(players, bool) or not isinstance(players, int):
                raise fail("bad_message", "« players » est un entier.", "'players' is an integer.")
            mode = data.get("mode", "live")
            if not isinstance(mode, str):
                raise fail("bad_message", "« mode » est « live » ou « turns ».",
                           "'mode' is 'live' or 'turns'.")
            seed = data.get("seed")
            if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                                     or not 0 <= seed < 2 ** 63):
                raise fail("bad_message", "« seed » est un entier de 0 à 2⁶³ − 1.",
                           "'seed' is an integer from 0 to 2⁶³ − 1.")
            room, host_token = await hub.create_room(game, players, options,
                                                     mode, seed)
    except LudinumError as exc:
        return error_response(exc)
    made_here(request, room.code)
    return makers.remember(request, JSONResponse(
        {"code": room.code, "host_token": host_token, "room": room.summary_json()},
        status_code=201))


async def room_info(request: Request) -> Response:
    try:
        with guessing(request):
            room = await hub_of(request).room(lookup(request))
    except LudinumError as exc:
        return error_response(exc)
    lang = i18n.lang_of(request, query=True)
    return JSONResponse(room.summary_json(lang), headers=i18n.headers(lang))


async def join(request: Request) -> Response:
    try:
        data = only(await body(request), JOIN_FIELDS)
        seat = data.get("seat")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise fail("bad_message", "« seat » est un entier.", "'seat' is an integer.")
        with guessing(request):
            code = lookup(request)
            await hub_of(request).room(code)
        index, token = await hub_of(request).join(code, data.get("nickname"), seat)
    except LudinumError as exc:
        return error_response(exc)
    return JSONResponse({"seat": index, "token": token}, status_code=201)


async def nickname(request: Request) -> Response:
    return JSONResponse({"nickname": names.generate()})


async def qr_svg(request: Request) -> Response:
    try:
        with guessing(request):
            code = lookup(request)
            await hub_of(request).room(code)
    except LudinumError as exc:
        return error_response(exc)
    url = f"{request.app.state.public_url or str(request.base_url).rstrip('/')}/j/{code}"
    return Response(qr.svg(url, code), media_type="image/svg+xml")


async def replay_step(request: Request) -> Response:
    try:
        with guessing(request):
            code = lookup(request)
            replay = await Replay.load(hub_of(request), code, stepped=True)
        step = replay.step(request.query_params.get("step"))
        lang = i18n.lang_of(request, query=True)
        data = replay.step_json(step, lang)
    except LudinumError as exc:
        return error_response(exc)
    return JSONResponse(data, headers=i18n.headers(lang))


async def openapi_json(request: Request) -> Response:
    return JSONResponse(openapi.schema())
