"""A game's debrief as files: a one-page PDF (:mod:`.pdf.debrief`), a self-contained HTML
page, and either as the response of a ``/debrief/…`` route (what :mod:`.debrief` gathers)."""

from __future__ import annotations

from collections.abc import Sequence

from starlette.responses import Response

from ludinum.site.debrief import collect, day_text
from ludinum.site.pdf.debrief import debrief_pdf
from ludinum.weblib.security import csp_for_page


def build_debrief(
    config_json: object,
    log: Sequence[tuple[int, object]],
    nicknames: Sequence[str],
    lang: str = "fr",
) -> bytes:
    """The one-page PDF debrief of a game (see :func:`collect`)."""
    return debrief_pdf(collect(config_json, log, nicknames, lang))


def debrief_html(
    config_json: object,
    log: Sequence[tuple[int, object]],
    nicknames: Sequence[str],
    lang: str = "fr",
) -> str:
    """The same debrief as a self-contained HTML page (to download and keep)."""
    from ludinum.site.render import render

    debrief = collect(config_json, log, nicknames, lang)
    return render("debrief.html", debrief=debrief, w=debrief.words(), day=day_text(debrief))


async def debrief_response(
    config_json: object,
    log: Sequence[tuple[int, object]],
    nicknames: Sequence[str],
    lang: str = "fr",
    fmt: str = "pdf",
) -> Response:
    """The debrief as a download (``fmt`` ``pdf`` or ``html``), built off the event loop:
    what a ``/debrief/…`` route of the app returns once it has loaded the room's game."""
    from starlette.concurrency import run_in_threadpool

    if fmt == "html":
        page = await run_in_threadpool(debrief_html, config_json, log, nicknames, lang)
        return Response(page, media_type="text/html; charset=utf-8", headers={
            "content-disposition": 'inline; filename="bilan.html"',  # a page: opened
            "cache-control": "no-store",
            # its own styles, allowed: blocked by the default policy, it showed unstyled
            "content-security-policy": csp_for_page(page),
        })
    data = await run_in_threadpool(build_debrief, config_json, log, nicknames, lang)
    return Response(data, media_type="application/pdf", headers={
        "content-disposition": 'attachment; filename="bilan.pdf"',
        "cache-control": "no-store",
    })
