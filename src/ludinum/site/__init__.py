"""The companion site of the games (ruling W16): learning pages, the site's quiz and its
diploma, print-and-play PDFs and end-of-game debriefs.

The classroom app mounts :data:`routes` at its root (they start with ``/apprendre``,
``/cartes`` and ``/imprimer``); :func:`build_print_pdf` and :func:`build_debrief` are for
its host screen and debrief download.
"""

from __future__ import annotations

from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from ludinum.site import pages
from ludinum.site.catalog import PRINTABLE
from ludinum.site.debrief_files import build_debrief, debrief_html, debrief_response
from ludinum.site.pdf.deck import build_print_pdf
from ludinum.site.render import STATIC, STATIC_URL, TEMPLATES

routes: list[BaseRoute] = [
    Route("/apprendre", pages.index, name="site_index"),
    Route("/apprendre/quiz", pages.quiz_start, name="site_quiz"),
    Route("/apprendre/quiz/reglages", pages.quiz_settings, name="site_quiz_settings"),
    Route("/apprendre/quiz/questions", pages.quiz_questions, name="site_quiz_questions"),
    Route("/apprendre/quiz/resultat", pages.quiz_result, methods=["POST"],
          name="site_quiz_result"),
    Route("/apprendre/diplome", pages.diploma, methods=["POST"], name="site_diploma"),
    Route("/diplome/verifier", pages.verify_diploma, name="site_diploma_verify"),
    Mount(STATIC_URL, StaticFiles(directory=str(STATIC)), name="site_static"),
    Route("/apprendre/{game}", pages.game_overview, name="site_game"),
    # Each game's pages, at the paths its ``site.py`` gives them (printed on QR codes):
    # a path that no game gave is not found.
    Route("/apprendre/{game}/{theme}", pages.theme_page, name="site_theme"),
    Route("/cartes/{game}/{card}", pages.card_page, name="site_card"),
    Route("/cartes/{game}/{kind}/{card}", pages.card_page, name="site_card_of_kind"),
    Route("/imprimer/{game}.pdf", pages.print_pdf, name="site_print"),
]

__all__ = [
    "PRINTABLE",
    "TEMPLATES",
    "build_debrief",
    "build_print_pdf",
    "debrief_html",
    "debrief_response",
    "routes",
]
