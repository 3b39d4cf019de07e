"""The class debrief as files: a page for the projector, an A4 PDF to print
(:mod:`.pdf.class_debrief`), and either as the response of the class's debrief route (what
:mod:`.class_debrief` puts together)."""

from __future__ import annotations

from collections.abc import Sequence

from starlette.responses import Response

from ludinum.site.class_debrief import (
    FORMATS,
    ClassDebrief,
    DebriefFormatError,
    TableLog,
    check_tables,
    class_debrief,
)
from ludinum.site.pdf.class_debrief import class_debrief_pdf
from ludinum.weblib.security import csp_for_page


def class_debrief_html(debrief: ClassDebrief, back: str = "") -> str:
    """The class debrief as a self-contained page: large enough for a projector, printable.
    ``back``: the address of the class's dashboard, linked at the top of the page (« Retour
    au tableau de la classe »; not printed), or none."""
    from ludinum.site.render import render

    return render("class_debrief.html", debrief=debrief, w=debrief.words(), back=back)


def build_class_debrief(debrief: ClassDebrief) -> bytes:
    """The class debrief as an A4 PDF (as many pages as it needs)."""
    return class_debrief_pdf(debrief)


def _document(tables: Sequence[TableLog], lang: str, fmt: str, back: str = "") -> bytes | str:
    debrief = class_debrief(tables, lang)
    return build_class_debrief(debrief) if fmt == "pdf" else class_debrief_html(debrief, back)


async def class_debrief_response(tables: Sequence[TableLog], lang: str, fmt: str,
                                 back: str = "") -> Response:
    """The class debrief (``fmt`` ``html``: a page shown in the browser, ``pdf``: a
    download), replayed and built in a worker thread, off the event loop. ``back``: the
    class dashboard's address, which the page links to (:func:`class_debrief_html`). Serve the PDF
    under a path ending in ``.pdf``, so that the server's PDF limit per address applies
    (``server/guards.py``).

    Raises :class:`DebriefFormatError` for another ``fmt`` (before any work),
    :class:`NoTableError` for no table and :class:`TableError` for a table numbered twice or
    that cannot be replayed: the route shows them like its other refusals."""
    from starlette.concurrency import run_in_threadpool

    if fmt not in FORMATS:
        raise DebriefFormatError(
            f"Format de bilan inconnu\u202f: «\u202f{fmt[:20]}\u202f» (html ou pdf).",
            f"Unknown debrief format: “{fmt[:20]}” (html or pdf).",
        )
    check_tables(tables)  # the clear refusals that need no replay, before a thread is taken
    data = await run_in_threadpool(_document, tables, lang, fmt, back)
    name = "bilan-classe" if lang != "en" else "class-debrief"
    # The page opens in the browser (the projector), the PDF downloads (to print).
    shown = "attachment" if fmt == "pdf" else "inline"
    headers = {"content-disposition": f'{shown}; filename="{name}.{fmt}"',
               "cache-control": "no-store"}
    if fmt == "pdf":
        return Response(data, media_type="application/pdf", headers=headers)
    # The page's own styles, allowed: blocked by the default policy, it showed unstyled.
    headers["content-security-policy"] = csp_for_page(str(data))
    return Response(data, media_type="text/html; charset=utf-8", headers=headers)
