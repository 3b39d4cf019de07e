"""The learning pages' HTML: Jinja2 templates of ``ludinum/site/templates``, autoescaped,
in French or English (the site's own catalogue, ``site/locale/en``)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, select_autoescape

from ludinum.content.typography import FrenchLoader, finalize
from ludinum.weblib import i18n

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
LOCALE = HERE / "locale"
#: Where the site's static files are served (the CSS, the web fonts, the portraits).
STATIC_URL = "/apprendre/static"


def link(lang: str, path: str) -> str:
    """``path`` for a page in ``lang``: English pages keep ``lang=en`` in their links, so a
    pupil who opened one in English stays in English without a cookie."""
    if lang != "en":
        return path
    return f"{path}{'&' if '?' in path else '?'}lang=en"


def quiz_game(lang: str) -> str:
    """The title, in ``lang``, of the game whose cards lead to the site's quiz (W16): the
    quiz is named after it (« Le quiz … »)."""
    from ludinum.site.catalog import game_titles
    from ludinum.site.content import QUIZ_GAME

    return game_titles(lang)[QUIZ_GAME]


def diploma_name() -> str:
    """What the site's diploma makes of a pupil who passed its quiz (W16), in any language."""
    from ludinum.site.content import QUIZ

    return QUIZ.diploma


@lru_cache(maxsize=2)
def environment(lang: str = "fr") -> Environment:
    env = Environment(
        loader=FrenchLoader(str(TEMPLATES)),
        autoescape=select_autoescape(["html"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=finalize,  # no line break before « ? » (issue 16 §5)
    )
    env.globals["static"] = STATIC_URL
    env.globals["lang"] = lang
    env.globals["_"] = i18n.translator(lang, LOCALE)
    env.globals["url"] = lambda path: link(lang, str(path))
    env.globals["quiz_game"] = lambda: quiz_game(lang)
    env.globals["diploma_name"] = diploma_name
    return env


def render(template: str, lang: str = "fr", **context: Any) -> str:
    return environment(i18n.pick(lang)).get_template(template).render(**context)
