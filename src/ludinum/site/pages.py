"""The learning pages (ruling W16): index, theme pages, card pages, the quiz and its
diploma, and the print-and-play PDF. Plain HTML forms, no script, nothing stored.

Reading the content the first time and making PDFs take CPU time: the plain ``def``
endpoints run in Starlette's thread pool and the ``async`` ones hand the heavy work to it,
so the live rooms' event loop never waits for them."""

from __future__ import annotations

from datetime import date
from functools import lru_cache

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from ludinum.site import quiz
from ludinum.site.catalog import GAME_TITLES, PRINTABLE, catalog
from ludinum.site.content import THEMES, load_quiz
from ludinum.site.nicknames import NicknameError, clean
from ludinum.site.pdf.deck import build_print_pdf
from ludinum.site.pdf.diploma import build_diploma
from ludinum.site.render import render

PDF = "application/pdf"


def _page(template: str, status: int = 200, **context: object) -> HTMLResponse:
    return HTMLResponse(render(template, **context), status_code=status)


def _theme_titles() -> dict[str, str]:
    pages = catalog().themes
    return {t: pages[f"/apprendre/webrunners/{t}"].title for t in THEMES}


def index(request: Request) -> HTMLResponse:
    cat = catalog()
    games = [
        (game, title, cat.themes_of(game), cat.cards_of(game))
        for game, title in GAME_TITLES.items()
    ]
    return _page(
        "index.html",
        games=games,
        printable=[(g, GAME_TITLES[g]) for g in PRINTABLE],
        questions=len(load_quiz().questions),
    )


def game_overview(request: Request) -> HTMLResponse:
    game = request.path_params["game"]
    if game not in GAME_TITLES:
        raise HTTPException(404)
    if game == "voleur":
        return _theme(catalog().themes["/apprendre/voleur"])
    cat = catalog()
    return _page(
        "game.html",
        game=game,
        title=GAME_TITLES[game],
        themes=cat.themes_of(game),
        characters=[c for c in cat.characters.values() if c.id in _speakers(game)],
    )


def _speakers(game: str) -> set[str]:
    return {c.speaker.id for c in catalog().cards_of(game)}


def _theme(theme: object) -> HTMLResponse:
    cat = catalog()
    cards = [cat.cards[p] for p in getattr(theme, "cards", ()) if p in cat.cards]
    return _page("theme.html", theme=theme, cards=cards, game_title=GAME_TITLES.get(
        getattr(theme, "game", ""), ""))


def theme_page(request: Request) -> HTMLResponse:
    page = catalog().themes.get(request.url.path.rstrip("/"))
    if page is None:
        raise HTTPException(404)
    return _theme(page)


def card_page(request: Request) -> HTMLResponse:
    card = catalog().cards.get(request.url.path.rstrip("/"))
    if card is None:
        raise HTTPException(404)
    return _page("card.html", card=card, game_title=GAME_TITLES[card.game])


# -- the quiz -------------------------------------------------------------------------------
def _settings(values: dict[str, str], themes: list[str]) -> tuple[tuple[str, ...], int, int]:
    return (
        quiz.pick_themes(themes),
        quiz.clamp(values.get("par"), quiz.DEFAULT_PER_THEME, quiz.PER_THEME_RANGE),
        quiz.clamp(values.get("seuil"), quiz.DEFAULT_THRESHOLD, quiz.THRESHOLD_RANGE),
    )


def quiz_start(request: Request) -> HTMLResponse:
    return _page(
        "quiz_start.html",
        themes=_theme_titles(),
        per=quiz.DEFAULT_PER_THEME,
        per_range=quiz.PER_THEME_RANGE,
        threshold=getattr(request.app.state, "quiz_threshold", quiz.DEFAULT_THRESHOLD),
        threshold_range=quiz.THRESHOLD_RANGE,
    )


def quiz_questions(request: Request) -> HTMLResponse:
    params = request.query_params
    themes, per, threshold = _settings(dict(params), params.getlist("theme"))
    seed = quiz.new_seed()
    drawn = quiz.draw(seed, themes, per)
    return _page(
        "quiz_questions.html",
        drawn=drawn,
        seed=seed,
        themes=themes,
        titles=_theme_titles(),
        per=per,
        threshold=threshold,
    )


async def quiz_result(request: Request) -> HTMLResponse:
    form = await request.form()
    await run_in_threadpool(catalog)
    values = {k: str(v) for k, v in form.items()}
    themes, per, threshold = _settings(values, [str(t) for t in form.getlist("theme")])
    seed = quiz.clamp(values.get("tirage"), -1, (-1, 2**31))
    if seed < 0:
        raise HTTPException(400, "Tirage manquant.")
    drawn = quiz.draw(seed, themes, per)
    result = quiz.score(drawn, values, threshold)
    return _page(
        "quiz_result.html",
        result=result,
        titles=_theme_titles(),
        token=quiz.sign(result) if result.passed else "",
    )


async def diploma(request: Request) -> Response:
    form = await request.form()
    token = str(form.get("jeton", ""))
    checked = quiz.verify(token)
    if checked is None:
        return _page("diploma_form.html", status=400, token="", error=(
            "Ce résultat n'est plus valable : refais le quiz pour obtenir ton diplôme."))
    try:
        nickname = clean(str(form.get("pseudo", "")))
    except NicknameError as exc:
        return _page("diploma_form.html", status=400, token=token, error=exc.fr)
    themes, percent = checked
    titles = await run_in_threadpool(_theme_titles)
    # PDFs take CPU time: built off the event loop so live rooms keep running.
    pdf = await run_in_threadpool(
        build_diploma, nickname, [titles[t] for t in themes], percent, date.today()
    )
    return Response(pdf, media_type=PDF, headers={
        "content-disposition": 'attachment; filename="diplome-web-runner.pdf"',
        "cache-control": "no-store",
    })


# -- print-and-play -----------------------------------------------------------------------
@lru_cache(maxsize=8)
def _printed(game: str, base_url: str) -> bytes:
    return build_print_pdf(game, base_url)


def server_address(request: Request) -> str:
    """The address the printed QR codes point to: the app's public URL when it has one
    (``ludinum serve --public-url``), else the address this request came to."""
    public = getattr(request.app.state, "public_url", None)
    return str(public or request.base_url).rstrip("/")


async def print_pdf(request: Request) -> Response:
    game = request.path_params["game"]
    if game not in PRINTABLE:
        raise HTTPException(404)
    pdf = await run_in_threadpool(_printed, game, server_address(request))
    return Response(pdf, media_type=PDF, headers={
        "content-disposition": f'attachment; filename="{game}-a-imprimer.pdf"',
    })
