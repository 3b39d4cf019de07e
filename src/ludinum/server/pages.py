"""Server-rendered pages: home, room creation, host screen, join, play, pass-and-play,
spectator and replay. Live content arrives over the WebSocket; these are the shells."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from ludinum import site
from ludinum.content import pack as content_pack
from ludinum.engine import LudinumError, UnknownGameError
from ludinum.server import debriefs, forms, framecache, kits, makers, render, replay_logs, tokens
from ludinum.server.api import charged, guessing, hub_of, made_here
from ludinum.server.protocol import fail
from ludinum.server.replay import Replay, narration
from ludinum.server.rooms import LIVE
from ludinum.weblib import address, i18n, qr
from ludinum.weblib.ratelimit import address_of

COOKIE_AGE = 365 * 24 * 3600


def show(request: Request, name: str, status: int = 200, **context: object) -> HTMLResponse:
    lang = i18n.lang_of(request)
    html = render.page(lang, name, path=request.url.path, **context)
    return HTMLResponse(html, status_code=status, headers=i18n.headers(lang))


def problem(request: Request, exc: LudinumError, status: int = 404) -> HTMLResponse:
    lang = i18n.lang_of(request)
    # A page's address naming no game (typed by hand, cut short): said for a teacher, not
    # with the games' internal names the API lists.
    message = (i18n.gettext(lang, "Ce jeu n'existe pas : choisis-en un sur la page d'accueil.")
               if isinstance(exc, UnknownGameError) else exc.message(lang))
    return show(request, "problem.html", status=status, message=message)


#: What the server's own refusals (an unknown address, a method an address does not take,
#: a form it cannot read) say, instead of the framework's English one-liners.
_HTTP_WORDS = {
    404: ("not_found", "Cette page n'existe pas.", "This page does not exist."),
    405: ("bad_method", "Cette adresse ne s'utilise pas ainsi.",
          "This address is not used that way."),
}


async def http_problem(request: Request, exc: Exception) -> Response:
    """A refusal of the framework (``HTTPException``) in the app's words and shape: the
    problem page, or the API's ``{"error": …}`` under ``/api/``."""
    status = int(getattr(exc, "status_code", 400))
    code, fr, en = _HTTP_WORDS.get(status, ("bad_request", "Requête illisible.",
                                            "Unreadable request."))
    error = fail(code, fr, en)
    if request.url.path.startswith("/api/"):
        response: Response = JSONResponse({"error": error.to_json()}, status_code=status)
    else:
        response = problem(request, error, status)
    # What the framework says with it (a 405's ``Allow``: the methods the address takes).
    response.headers.update(getattr(exc, "headers", None) or {})
    return response


def _status(exc: LudinumError) -> int:
    return {"unknown_room": 404, "rate_limited": 429, "storage_unavailable": 503}.get(
        exc.code, 400)


def public_base(request: Request) -> str:
    base: str | None = request.app.state.public_url
    return base.rstrip("/") if base else str(request.base_url).rstrip("/")


async def kit(request: Request) -> Response:
    """``/kit/<game>/<lang>.js``: what the page needs to draw the game (server/kits.py),
    revalidated by its digest."""
    hub = hub_of(request)
    lang = str(request.path_params["lang"])
    try:
        game = hub.catalog.game(str(request.path_params["game"]))
        if lang not in i18n.LANGS:
            raise fail("not_found", "Cette page n'existe pas.", "This page does not exist.")
    except LudinumError as exc:
        return problem(request, exc)
    text, digest = kits.script(game, lang)
    headers = {"ETag": f'"{digest}"', "Cache-Control": "no-cache"}
    if request.headers.get("if-none-match") == headers["ETag"]:
        return Response(status_code=304, headers=headers)
    return Response(text, media_type="text/javascript; charset=utf-8", headers=headers)


#: Characters the home page's code box takes: a code typed with spaces or a dash.
CODE_BOX = 12


async def home(request: Request) -> Response:
    hub = hub_of(request)
    return show(request, "home.html", games=hub.catalog.games(), typed_length=CODE_BOX)


async def set_lang(request: Request) -> Response:
    lang = i18n.pick(request.path_params["lang"])
    target = request.query_params.get("next", "/")
    if not target.startswith("/") or target.startswith("//"):
        target = "/"
    response = RedirectResponse(target, status_code=303)
    response.set_cookie("lang", lang, max_age=COOKIE_AGE, samesite="lax", httponly=True)
    return response


#: What the home page says of a code that cannot be one (its shape alone: no lookup).
BAD_CODE = ("Ce code n'est pas valable : un code de salon a 6 lettres et chiffres, comme sur "
            "l'écran d'animation.")
#: The same for a class's code (``/c/<code>``, typed from the board).
BAD_CLASS_CODE = ("Ce code n'est pas valable : un code de classe a 6 lettres et chiffres, "
                  "comme au tableau.")


async def find_room(request: Request) -> Response:
    """The home page's code box: to ``/j/<code>``, which tells a room from a class (a
    lookup here would answer guesses without counting them). A code that cannot be one
    (empty, another length, a letter no code has: :func:`tokens.looks_like_code`) is
    said on the home page again (400), with at most what the box holds of it, rather
    than sent on as a room that does not exist; nothing is looked up or counted."""
    raw = request.query_params.get("code")
    if raw is None:
        return RedirectResponse("/", status_code=303)
    code = tokens.normalise_code(raw[:100])
    if not tokens.looks_like_code(code):
        return bad_code(request, raw)
    return RedirectResponse(f"/j/{quote(code)}", status_code=303)


def bad_code(request: Request, raw: str, of_class: bool = False) -> Response:
    """The home page again (400) saying that ``raw`` cannot be a code (a class's when
    ``of_class``), with at most what its code box holds of it: nothing looked up, nothing
    counted."""
    lang = i18n.lang_of(request)
    said = i18n.gettext(lang, BAD_CLASS_CODE if of_class else BAD_CODE)
    return show(request, "home.html", status=400, games=hub_of(request).catalog.games(),
                code_error=said, typed=raw[:CODE_BOX],
                typed_length=CODE_BOX)


async def new_room(request: Request) -> Response:
    hub = hub_of(request)
    lang = i18n.lang_of(request)
    try:
        game = hub.catalog.game(str(request.path_params["game"]))
    except LudinumError as exc:
        return problem(request, exc)
    values = None
    error = ""
    players = game.usual_players or game.min_players
    mode = LIVE
    if request.method == "POST":
        form = await request.form()
        try:
            with charged(request, request.app.state.room_limit):
                players = forms.players(game, form.get("players"))
                values = forms.parse(game, form, players, forms.ROOM_FIELDS)
                mode = forms.mode(form)
                room, host_token = await hub.create_room(game.name, players, values, mode)
        except LudinumError as exc:
            error = exc.message(lang)
            values = forms.kept(game, form, players)  # the other choices shown as made
            with contextlib.suppress(LudinumError):
                mode = forms.mode(form)
        else:
            made_here(request, room.code)
            return makers.remember(request, show(request, "created.html", code=room.code,
                                                 host_token=host_token))
    return show(request, "new.html", game=game, fields=forms.fields(game, lang, values, players),
                error=error, players=players, mode=mode, status=400 if error else 200)


async def _room_page(request: Request, template: str) -> Response:
    hub = hub_of(request)
    code = tokens.normalise_code(str(request.path_params["code"]))
    try:
        with guessing(request):  # a code that cannot be one: 400, not counted
            room = await hub.room(code)
    except LudinumError as exc:
        return problem(request, exc, _status(exc))
    join_url = f"{public_base(request)}/j/{code}"
    host_page = template == "host.html"
    return show(request, template, room=room, code=code, join_url=join_url,
                joins=join_choices(request, code) if host_page else [],
                pack=pack_shown() if host_page else None,
                levels=hub.catalog.bot_levels(room.game.name),
                default_level=hub.catalog.default_level(room.game.name),
                printable=site.PRINTABLE)


@dataclass(frozen=True)
class JoinChoice:
    """One address the host may give the players: its base, join link and QR code."""

    base: str
    url: str
    qr_svg: str


def join_choices(request: Request, code: str) -> list[JoinChoice]:
    """The join links of this machine's LAN addresses, the server's default first (the
    host page lets the teacher pick the one the phones reach)."""
    out = []
    for base in address.choices(public_base(request)):
        url = f"{base}/j/{code}"
        out.append(JoinChoice(base, url, qr.svg(url, code)))
    return out


def pack_shown() -> dict[str, object] | None:
    """The content pack in use, for the host page (None: the built-in content): its name,
    never the server's folder (the page opens with the room's code alone)."""
    pack = content_pack.active()
    if pack is None:
        return None
    return {"name": pack.name, "files": len(pack.overrides), "replaced": pack.replaced}


async def host(request: Request) -> Response:
    return await _room_page(request, "host.html")


async def join(request: Request) -> Response:
    """``/j/<code>``: a room's join page, or a class's (docs/class.md); an unknown code
    counts as a guess, and an address that guessed too much is told nothing. A code that
    cannot be one (another length, a letter no code has) is no guess of a real room: the
    home page says so (400) like its code box (:func:`find_room`), and nothing is counted."""
    code = tokens.normalise_code(str(request.path_params["code"]))
    if not tokens.looks_like_code(code):
        return bad_code(request, str(request.path_params["code"]))
    if code in request.app.state.classes.sessions and code not in hub_of(request).rooms:
        try:
            with guessing(request):
                pass
        except LudinumError as exc:
            return problem(request, exc, _status(exc))
        return RedirectResponse(f"/c/{code}", status_code=303)
    return await _room_page(request, "join.html")


async def play(request: Request) -> Response:
    return await _room_page(request, "play.html")


async def pass_and_play(request: Request) -> Response:
    return await _room_page(request, "pass.html")


async def watch(request: Request) -> Response:
    return await _room_page(request, "watch.html")


async def debrief(request: Request) -> Response:
    """The debrief of a finished game as a download (PDF or HTML): nicknames and public
    events only, like the replay."""
    hub = hub_of(request)
    lang = i18n.lang_of(request)
    code = tokens.normalise_code(str(request.path_params["code"]))
    fmt = str(request.path_params["fmt"])
    if fmt not in ("pdf", "html"):  # no such page, whatever the room (« Aucun salon » lied)
        return problem(request, fail(*_HTTP_WORDS[404]), 404)
    try:
        with guessing(request):  # a code that cannot be one: 400, not counted
            record = await Replay.load(hub, code)
    except LudinumError as exc:
        return problem(request, exc, _status(exc))
    names = [s.label(lang) for s in record.seats]
    return await debriefs.response(  # a finished game's debrief is built once (issue 20)
        debriefs.key(code, lang, fmt, record.source, names),
        lambda: site.debrief_response(record.config.to_json(), record.log, names, lang, fmt))


async def replay(request: Request) -> Response:
    hub = hub_of(request)
    lang = i18n.lang_of(request)
    code = tokens.normalise_code(str(request.path_params["code"]))
    try:
        with guessing(request):  # a code that cannot be one: 400, not counted
            record = await Replay.load(hub, code, stepped=True)
    except LudinumError as exc:
        return problem(request, exc, _status(exc))
    return _replay_page(request, record, code, lang)


def _replay_page(request: Request, record: Replay, title: str, lang: str) -> Response:
    """One step of a replay: the public board and the public events of that step."""
    try:
        step = record.step(request.query_params.get("step"), "étape", "step")
        state, events = record.at(step)
    except LudinumError as exc:
        return problem(request, exc, _status(exc))
    names = [s.label(lang) for s in record.seats]
    public = state.view(None)
    game = record.game
    # The page draws the board (web/static/draw.js), its spotlight (a quiz, a danger card
    # being resolved) and, where the game's drawer writes them, its text lines from the
    # public view, as the projector does.
    drawn = {"game": game.name, "lang": lang, "seat": None, "names": names,
             "view": dict(game.text.localised(public, lang))}
    text = game.text  # seats by nickname, as during the game (issue 21)
    over = state.is_terminal()
    texts = narration(text, events, public, names, lang, over)
    secret = record.secret_line(step, state, events, lang)  # a step the table heard nothing of
    if secret is not None:
        texts = [text.with_names(secret, names, lang)]
    # The last step says how the game ended as the live end screen's headline does
    # (frag/outcome.html), from the public view only.
    ending = framecache.ending_line(text, public, names, lang) if over else ""
    before, after = record.turn_jumps(step)
    return show(request, "replay.html", code=title, game=game, step=step,
                steps=record.length, drawn=drawn,
                board="" if game.page_lines else render.board(game, public, lang, None, names),
                events=texts, names=names, over=over,
                outcome=state.outcome() if over else None, ending=ending,
                turn_before=before, turn_after=after, turn_moves=text.turn_moves(lang))


async def replay_log_form(request: Request) -> Response:
    """``/replay/journal``: open a game kept by ``ludinum simulate --keep-games``."""
    return show(request, "replay_log.html", error="")


async def replay_log_upload(request: Request) -> Response:
    """The uploaded log is read, checked and kept in memory for a while under a random
    key (a simulated game: bots only, nothing personal); the page then steps through it."""
    lang = i18n.lang_of(request)
    # Counted before the body is read: each log is replayed in a worker thread, and the
    # server keeps the last replay_logs.MOST, so one browser (then one address) must not
    # keep the threads busy or push out everyone else's logs by uploading many.
    refused = replay_logs.spend(request.app.state.upload_limit, address_of(request),
                                makers.key_of(request))
    if refused is not None:
        return show(request, "replay_log.html", status=429, error=refused.message(lang))
    form = await request.form()
    upload = form.get("journal")
    raw = await upload.read() if isinstance(upload, UploadFile) else b""
    try:
        # Read, replayed to check it and prepared to be stepped through in a worker
        # thread: a long game's log is a tenth of a second of work, on the event loop
        # every room's.
        record = await run_in_threadpool(replay_logs.read, hub_of(request).catalog, raw)
    except LudinumError as exc:
        return show(request, "replay_log.html", status=400,
                    error=exc.en if lang == "en" else exc.fr)
    return RedirectResponse(f"/replay/journal/{replay_logs.keep(record)}", status_code=303)


async def replay_log(request: Request) -> Response:
    lang = i18n.lang_of(request)
    record = replay_logs.get(str(request.path_params["key"]))
    if record is None:
        return show(request, "replay_log.html", status=404, error=i18n.gettext(
            lang, "Ce journal n'est plus ouvert : dépose-le à nouveau."))
    return _replay_page(request, record, i18n.gettext(lang, "journal"), lang)
