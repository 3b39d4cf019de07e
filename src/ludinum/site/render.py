"""The learning pages' HTML: Jinja2 templates of ``ludinum/site/templates``, autoescaped."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, select_autoescape

from ludinum.content.typography import FrenchLoader, finalize

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
#: Where the site's static files are served (the CSS, the web fonts, the portraits).
STATIC_URL = "/apprendre/static"


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(
        loader=FrenchLoader(str(TEMPLATES)),
        autoescape=select_autoescape(["html"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=finalize,  # no line break before « ? » (issue 16 §5)
    )
    env.globals["static"] = STATIC_URL
    return env


def render(template: str, **context: Any) -> str:
    return environment().get_template(template).render(**context)
