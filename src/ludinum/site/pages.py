"""The learning pages (ruling W16): index, theme pages, card pages, the quiz (the
facilitator's settings page, the questions, the score), its diploma and the diploma's
verification page, and the print-and-play PDF. Plain HTML forms, no script, nothing
personal stored (the ledger keeps only the random ids of the quizzes handed in).

Reading the content the first time and making PDFs take CPU time: the plain ``def``
endpoints run in Starlette's thread pool and the ``async`` ones hand the heavy work to it,
so the live rooms' event loop never waits for them."""

from __future__ import annotations

import time
from datetime import date
from functools import lru_cache
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from ludinum.engine import LudinumError
from ludinum.games import get_game
from ludinum.site import diploma_code, quiz
from ludinum.site.catalog import PRINTABLE, Catalog, catalog, game_titles, sites
from ludinum.site.content import QUIZ, QUIZ_GAME, THEMES, load_quiz
from ludinum.site.ledger import ledger_of
from ludinum.site.nicknames import NicknameError, clean
from ludinum.site.pdf.deck import build_print_pdf
from ludinum.site.pdf.diploma import build_diploma, date_in
from ludinum.site.render import render
from ludinum.sitekit.model import ThemePage, say
from ludinum.weblib import address, i18n, qr
from ludinum.weblib.ratelimit import RateLimit, address_of

PDF = "application/pdf"


def lang_of(request: Request) -> str:
    """The page's language: ``?lang=``, then as the app's pages (:func:`i18n.lang_of`)."""
    return i18n.lang_of(request, query=True)


def _page(request: Request, template: str, status: int = 200, **context: object
          ) -> HTMLResponse:
    lang = lang_of(request)
    html = render(template, lang, path=request.url.path, **context)
    return HTMLResponse(html, status_code=status, headers=i18n.headers(lang))


def _theme_titles(lang: str = "fr") -> dict[str, str]:
    pages = catalog(lang).themes
    return {t: pages[QUIZ.theme_path(t)].title for t in THEMES}


def index(request: Request) -> HTMLResponse:
    lang = lang_of(request)
    cat = catalog(lang)
    titles = game_titles(lang)
    games = [
        (game, title, cat.themes_of(game), cat.cards_of(game))
        for game, title in titles.items()
    ]
    return _page(
        request,
        "index.html",
        games=games,
        printable=[(g, titles[g]) for g in PRINTABLE],
        questions=len(load_quiz().questions),
    )


def game_overview(request: Request) -> HTMLResponse:
    game = request.path_params["game"]
    if game not in sites():
        raise HTTPException(404)
    lang = lang_of(request)
    cat = catalog(lang)
    if sites()[game].one_page:  # one page for the whole game
        return _theme(request, cat.themes[f"/apprendre/{game}"])
    played = get_game(game)
    return _page(
        request,
        "game.html",
        game=game,
        title=game_titles(lang)[game],
        summary=say(lang, played.summary_fr, played.summary_en),
        of=played.title_of(lang),  # « du jeu de … », "of the … game"
        themes=cat.themes_of(game),
        characters=[c for c in cat.characters.values() if c.id in _speakers(cat, game)],
    )


def _speakers(cat: Catalog, game: str) -> set[str]:
    return {c.speaker.id for c in cat.cards_of(game)}


def _theme(request: Request, theme: ThemePage) -> HTMLResponse:
    lang = lang_of(request)
    cat = catalog(lang)
    cards = [cat.cards[p] for p in theme.cards if p in cat.cards]
    return _page(request, "theme.html", theme=theme, cards=cards,
                 game_title=game_titles(lang).get(theme.game, ""),
                 leads_to_quiz=theme.game == QUIZ_GAME)


def theme_page(request: Request) -> HTMLResponse:
    page = catalog(lang_of(request)).themes.get(request.url.path.rstrip("/"))
    if page is None:
        raise HTTPException(404)
    return _theme(request, page)


def card_page(request: Request) -> HTMLResponse:
    lang = lang_of(request)
    card = catalog(lang).cards.get(request.url.path.rstrip("/"))
    if card is None:
        raise HTTPException(404)
    return _page(request, "card.html", card=card, game_title=game_titles(lang)[card.game])


# -- the quiz -------------------------------------------------------------------------------
def _default_settings(request: Request) -> quiz.Settings:
    """The quiz without a facilitator's link: every theme, the server's pass mark."""
    mark = getattr(request.app.state, "quiz_threshold", quiz.DEFAULT_THRESHOLD)
    return quiz.Settings(threshold=quiz.clamp(mark, quiz.DEFAULT_THRESHOLD,
                                              quiz.THRESHOLD_RANGE))


async def _secret(request: Request) -> bytes:
    return await run_in_threadpool(ledger_of(request).secret)


async def _consume(request: Request, key: str, expires: float) -> bool:
    return await run_in_threadpool(ledger_of(request).consume, key, expires)


BAD_LINK = ("Ce lien de quiz n'est pas valable : demande le bon lien à ton animateur ou "
            "à ton animatrice, ou fais le quiz de base.",
            "This quiz link is not valid: ask your facilitator for the right link, or take "
            "the basic quiz.")


async def _link_settings(request: Request) -> tuple[quiz.Settings | None, str]:
    """The settings of the quiz link (``?r=``) and their token; the default quiz when the
    link has none; None when the link was altered."""
    secret = await _secret(request)
    token = request.query_params.get("r", "")
    if not token:
        settings = _default_settings(request)
        return settings, quiz.settings_token(secret, settings)
    return quiz.settings_from_token(secret, token), token


async def quiz_start(request: Request) -> HTMLResponse:
    lang = lang_of(request)
    settings, token = await _link_settings(request)
    if settings is None:
        return _page(request, "quiz_start.html", status=400, error=say(lang, *BAD_LINK),
                     settings=None)
    titles = await run_in_threadpool(_theme_titles, lang)
    return _page(request, "quiz_start.html", settings=settings, token=token, themes=titles,
                 custom="r" in request.query_params, error="")


async def quiz_settings(request: Request) -> HTMLResponse:
    """The facilitator's page: choose the quiz, get the link (and QR code) for the pupils."""
    params = request.query_params
    lang = lang_of(request)
    link = error = ""
    try:
        settings = quiz.Settings.from_form(params.getlist("theme"), params.get("par"),
                                           params.get("seuil"))
    except LudinumError as exc:  # the form again, its themes kept, with what was wrong
        settings = quiz.Settings(quiz.pick_themes(params.getlist("theme")))
        error = exc.message(lang)
    if not error and "theme" not in params and ("par" in params or "seuil" in params):
        # The form sent with every theme unticked: it came back as it was, all four ticked
        # again, no link and no word (a review of the site, 2026-12-03).
        error = say(lang, "Choisis au moins un thème.", "Choose at least one theme.")
    if "theme" in params and not error:
        token = quiz.settings_token(await _secret(request), settings)
        link = f"{server_address(request)}/apprendre/quiz?{urlencode({'r': token})}"
    return _page(
        request,
        "quiz_settings.html",
        status=400 if error else 200,
        error=error,
        settings=settings,
        themes=await run_in_threadpool(_theme_titles, lang),
        per_range=quiz.PER_THEME_RANGE,
        threshold_range=quiz.THRESHOLD_RANGE,
        link=link,
        qr=qr.svg(link, say(lang, "QR code du quiz", "The quiz's QR code")) if link else "",
    )


async def quiz_questions(request: Request) -> HTMLResponse:
    lang = lang_of(request)
    settings, _ = await _link_settings(request)
    if settings is None:
        return _page(request, "quiz_start.html", status=400, error=say(lang, *BAD_LINK),
                     settings=None)
    attempt = quiz.Attempt.new(settings, time.time())
    secret = await _secret(request)
    drawn = await run_in_threadpool(attempt.drawn)
    return _page(
        request,
        "quiz_questions.html",
        drawn=drawn,
        token=attempt.token(secret),
        settings=settings,
        titles=await run_in_threadpool(_theme_titles, lang),
    )


def _refused(request: Request, error: quiz.Refused) -> HTMLResponse:
    return _page(request, "diploma_form.html", status=error.status, token="",
                 error=error.message(lang_of(request)))


#: Quizzes handed in per address (memory only): a class hands its quizzes in together
#: from one school address, 60 at once, then one a second; each hand-in writes a row (its
#: attempt used once), and a script handing in 2,000 in 20 s slowed the games sharing the
#: database tenfold. A refused hand-in keeps its attempt: sent again later, it counts.
_HAND_INS = RateLimit(burst=60, per_second=1.0)

TOO_MANY_HAND_INS = quiz.Refused(
    "Trop de quiz rendus depuis cette adresse en même temps : attends quelques secondes, "
    "puis rends le tien à nouveau (tes réponses comptent toujours).",
    "Too many quizzes handed in from this address at once: wait a few seconds, then hand "
    "yours in again (your answers still count).",
    status=429,
)


async def quiz_result(request: Request) -> HTMLResponse:
    form = await request.form()
    values = {k: str(v) for k, v in form.items()}
    secret = await _secret(request)
    now = time.time()
    try:
        attempt = quiz.Attempt.from_token(secret, values.get("tentative", ""), now)
    except quiz.Refused as error:
        return _refused(request, error)
    if not _HAND_INS.allow(address_of(request)):
        return _refused(request, TOO_MANY_HAND_INS)
    # Single use: a pupil who goes back and hands in corrected answers is refused.
    if not await _consume(request, f"quiz:{attempt.id}", attempt.expires):
        return _refused(request, quiz.HANDED_IN)
    drawn = await run_in_threadpool(attempt.drawn)
    result = quiz.score(drawn, values, attempt.settings.threshold)
    award = quiz.Award.of(attempt, result, date.today(), now) if result.passed else None
    return _page(
        request,
        "quiz_result.html",
        result=result,
        settings=attempt.settings,
        titles=await run_in_threadpool(_theme_titles, lang_of(request)),
        token=award.token(secret) if award else "",
        retry=quiz.settings_token(secret, attempt.settings),
    )


DIPLOMA_TAKEN = quiz.Refused(
    "Ce diplôme a déjà été téléchargé : il n'est délivré qu'une fois. Garde bien ton "
    "fichier, ou refais un quiz.",
    "This diploma was already downloaded: it is issued once. Keep your file, or take "
    "another quiz.",
    status=409,
)


async def diploma(request: Request) -> Response:
    form = await request.form()
    token = str(form.get("jeton", ""))
    secret = await _secret(request)
    try:
        award = quiz.Award.from_token(secret, token, time.time())
    except quiz.Refused as error:
        return _refused(request, error)
    try:
        nickname = clean(str(form.get("pseudo", "")))
    except NicknameError as exc:
        return _page(request, "diploma_form.html", status=400, token=token,
                     error=exc.message(lang_of(request)))
    if not await _consume(request, f"diplome:{award.attempt}", award.expires):
        return _refused(request, DIPLOMA_TAKEN)
    certified = diploma_code.Certified(
        award.settings.themes, award.passed, award.settings.questions,
        award.settings.threshold, award.percent, award.day,
    )
    code = diploma_code.make(secret, certified, nickname)
    check_url = f"{server_address(request)}/diplome/verifier?" + urlencode(
        {"pseudo": nickname, "code": code})
    titles = await run_in_threadpool(_theme_titles)
    # PDFs take CPU time: built off the event loop so live rooms keep running.
    pdf = await run_in_threadpool(build_diploma, nickname, certified, titles, code, check_url)
    return Response(pdf, media_type=PDF, headers={
        "content-disposition": f'attachment; filename="diplome-{_slug(QUIZ.diploma)}.pdf"',
        "cache-control": "no-store",
    })


#: Checks per address (kept in memory only): 60 at once, then one every 2 s; a code has
#: 48 bits of MAC, so guessing one stays hopeless while a teacher checks a whole class.
_CHECKS = RateLimit(burst=60, per_second=0.5)


async def verify_diploma(request: Request) -> HTMLResponse:
    """``/diplome/verifier``: is this the code of a diploma this site gave this nickname?"""
    params = request.query_params
    lang = lang_of(request)
    nickname, code = params.get("pseudo", "").strip(), params.get("code", "").strip()
    context: dict[str, object] = {"nickname": nickname[:40], "code": code[:40],
                                  "certified": None, "error": "",
                                  "titles": await run_in_threadpool(_theme_titles, lang)}
    status = 200
    if nickname or code:
        address = address_of(request)
        certified = None
        if not _CHECKS.allow(address):
            status = 429
            context["error"] = say(
                lang, "Trop d'essais : attends une minute avant de vérifier un autre diplôme.",
                "Too many tries: wait a minute before checking another diploma.")
        else:
            certified = diploma_code.check(await _secret(request), code, nickname)
        if certified is not None:
            context["certified"] = certified
            context["day"] = date_in(certified.day, lang)
        elif status == 200:
            status = 400
            context["error"] = say(
                lang,
                "Ce code ne correspond à aucun diplôme délivré par ce site pour ce pseudo. "
                "Vérifie chaque caractère du code et l'orthographe du pseudo.",
                "This code matches no diploma issued by this site for this nickname. Check "
                "each character of the code and the spelling of the nickname.")
    return _page(request, "diploma_verify.html", status, **context)


def _slug(words: str) -> str:
    """Words as a file name's part: « Deux mots » → deux-mots."""
    return "-".join(words.lower().split())


# -- print-and-play -----------------------------------------------------------------------
@lru_cache(maxsize=8)
def _printed(game: str, base_url: str) -> bytes:
    return build_print_pdf(game, base_url)


def server_address(request: Request) -> str:
    """The address the printed QR codes point to: the app's public URL when it has one
    (``ludinum serve --public-url``), else the address this request came to; or another
    LAN address of this machine picked on the host screen (``?adresse=``, issue 22 §2)."""
    public = getattr(request.app.state, "public_url", None)
    default = str(public or request.base_url).rstrip("/")
    picked = request.query_params.get("adresse", "").rstrip("/")
    return picked if picked and picked in address.choices(default) else default


async def print_pdf(request: Request) -> Response:
    game = request.path_params["game"]
    if game not in PRINTABLE:
        raise HTTPException(404)
    pdf = await run_in_threadpool(_printed, game, server_address(request))
    return Response(pdf, media_type=PDF, headers={
        "content-disposition": f'attachment; filename="{game}-a-imprimer.pdf"',
    })
