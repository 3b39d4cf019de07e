"""The pages of class mode (docs/class.md): the teacher's set-up and dashboard, the pupils'
join and waiting page, and the class debrief (page and PDF, teacher's key required).

Live content comes from the JSON API (:mod:`class_api`), polled every 2 seconds by
``static/class.js``; these are the shells.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from ludinum.engine import LudinumError
from ludinum.server import forms, makers, tokens
from ludinum.server.api import charged, guessing, hub_of, made_here
from ludinum.server.class_api import classes_of, session_of
from ludinum.server.classes import NO_BOTS
from ludinum.server.pages import _status, bad_code, problem, public_base, show
from ludinum.server.rooms import LIVE
from ludinum.site import class_debrief, class_debrief_files
from ludinum.weblib import i18n, qr


async def choose_game(request: Request) -> Response:
    """``/classe/nouvelle``: which game the class plays."""
    return show(request, "class_games.html", games=hub_of(request).catalog.games())


async def new_class(request: Request) -> Response:
    """``/classe/nouvelle/<game>``: table size, bots for the empty seats, friends apart,
    pace and the game's options; a refused combination comes back with the reason."""
    hub = hub_of(request)
    lang = i18n.lang_of(request)
    try:
        game = hub.catalog.game(str(request.path_params["game"]))
    except LudinumError as exc:
        return problem(request, exc)
    levels = hub.catalog.bot_levels(game.name)
    values = None
    error = ""
    size = min(game.max_players, max(game.min_players, 5))
    # Six tables think on one laptop: medium bots by default (expert ones search long).
    level = hub.catalog.default_level(game.name)
    apart = True
    mode = LIVE
    if request.method == "POST":
        form = await request.form()
        apart = form.get("friends_apart") is not None
        level = str(form.get("bot_level", level))
        try:
            mode = forms.mode(form)
            with charged(request, request.app.state.room_limit):
                size = forms.players(game, form.get("table_size"), (
                    "Joueurs par table", "Players per table"))
                values = forms.parse(game, form, size, forms.CLASS_FIELDS)
                session, teacher = await classes_of(request).create(
                    game.name, dict(values), size, level, apart, mode)
        except LudinumError as exc:
            error = exc.message(lang)
            values = forms.kept(game, form, size)  # the other choices shown as made
        else:
            made_here(request, session.code)
            return makers.remember(request, show(request, "class_created.html",
                                                 code=session.code, teacher_token=teacher))
    return show(request, "class_new.html", game=game, fields=forms.fields(game, lang, values, size),
                error=error, size=size, levels=levels, level=level, no_bots=NO_BOTS,
                apart=apart, mode=mode, status=400 if error else 200)


async def dashboard(request: Request) -> Response:
    """``/classe/<code>/tableau``: the class code and QR code, then the tables."""
    try:
        with guessing(request, of_class=True):
            session = session_of(request)
    except LudinumError as exc:
        return problem(request, exc, _status(exc))
    url = f"{public_base(request)}/c/{session.code}"
    return show(request, "class_board.html", session=session, code=session.code,
                join_url=url, qr_svg=qr.svg(url, session.code))


async def join(request: Request) -> Response:
    """``/c/<code>``: the pupil's nickname, then « Tu es à la table 3 » until the start.
    A class closed to newcomers says why on opening, with no form (a pupil who already
    joined still reaches their waiting page: class.js). A code that cannot be one (the
    address typed by hand, « /c/GJ569 ») is said so on the home page, not counted as a
    guess (:func:`pages.bad_code`)."""
    raw = str(request.path_params["code"])
    if not tokens.looks_like_code(tokens.normalise_code(raw)):
        return bad_code(request, raw, of_class=True)
    try:
        with guessing(request, of_class=True):
            session = session_of(request)
    except LudinumError as exc:
        return problem(request, exc, _status(exc))
    closed = session.closed_to_newcomers()
    return show(request, "class_join.html", session=session, code=session.code,
                closed=closed.message(i18n.lang_of(request)) if closed else "",
                over=closed is not None and closed.code == "game_over")


async def debrief(request: Request) -> Response:
    """``/classe/<code>/bilan`` and ``bilan.pdf``. Opened with GET, a page posts the
    teacher's key kept in this browser (never in a URL); the POST answers with the
    debrief: the quiz questions met at every table with the share of right answers, the
    prevention messages shown and each table's outcome, nicknames only."""
    fmt = "pdf" if request.url.path.endswith(".pdf") else "html"
    try:
        with guessing(request, of_class=True):
            session = session_of(request)
            if request.method == "POST":
                form = await request.form()
                session.check_teacher(form.get("cle"))
    except LudinumError as exc:
        return problem(request, exc, 403 if exc.code == "bad_token" else _status(exc))
    if request.method != "POST":
        return show(request, "class_key.html", code=session.code, action=request.url.path)
    lang = i18n.lang_of(request)
    records = await classes_of(request).records(session, lang)
    tables = [class_debrief.TableLog(r.number, r.config, r.log, r.names, r.bots, r.playing)
              for r in records]
    try:
        return await class_debrief_files.class_debrief_response(
            tables, lang, fmt, back=f"/classe/{session.code}/tableau")
    except LudinumError as exc:
        return problem(request, exc, 409)
