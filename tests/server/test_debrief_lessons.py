"""The host screen's debrief shows what a finished game teaches (GameText.lessons; Hacker's
cards, issue 16 §6, and the other games' from their own content) — the same cards as the
debrief page and PDF."""

from __future__ import annotations

import contextlib
import random

import pytest
from starlette.testclient import TestClient

from ludinum.engine import lessons as lessons_mod
from ludinum.server.catalog import Catalog
from tests.reading import plain_spaces
from tests.server.helpers import create_room, hello, join, make_app
from tests.server.test_play import play_to_end


def _debrief_slot(game: str, sqlite_url: str, catalog: Catalog) -> tuple[str, object]:
    with TestClient(make_app(sqlite_url, catalog)) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, game, 4, mode="turns", seed=5)
        host = hello(client, code, stack, role="host", token=host_token)
        _, token = join(client, code, "Léa")
        phone = hello(client, code, stack, role="player", token=token)
        host.send(type="start", level="random")
        play_to_end([phone], random.Random(2), host)
        host.sync()
        slots = [m["slots"]["debrief"] for m in host.messages
                 if m["type"] == "update" and m.get("slots", {}).get("debrief")]
        room = client.app.state.hub.rooms[code]  # type: ignore[attr-defined]
        return slots[-1], room.game.text.lessons(room.state, "fr")


@pytest.mark.parametrize("game", ["hacker", "gnou", "webrunners", "voleur"])
def test_the_host_debrief_shows_the_cards(game: str, sqlite_url: str,
                                          catalog: Catalog) -> None:
    html, lessons = _debrief_slot(game, sqlite_url, catalog)
    assert "Ce que la partie nous apprend" in html
    assert 4 <= len(lessons) <= 6  # type: ignore[arg-type]
    for lesson in lessons:  # type: ignore[attr-defined]
        assert lesson.title.replace("'", "&#39;") in html
    assert html.count('class="lesson"') == len(lessons)  # type: ignore[arg-type]
    # A source's web address by its site's name alone: « Source : https://fr.wikipedia.org/
    # wiki/Directive_sur_la_brevetabilité_des_… » ran over three projector lines.
    assert "https://" not in html and "http://" not in html
    sources = [lesson.source for lesson in lessons]  # type: ignore[attr-defined]
    shown = plain_spaces(html)  # French spacing
    for source in sources:
        assert lessons_mod.sites(source).replace("'", "&#39;") in shown


def test_a_source_names_its_sites() -> None:
    assert lessons_mod.sites(
        "https://fr.wikipedia.org/wiki/Directive_sur_la_brevetabilité ; "
        "https://www.gnu.org/licenses/gpl-3.0.html") == "fr.wikipedia.org ; gnu.org"
    assert lessons_mod.sites("Le jeu du Gnou, April (CC BY-SA), règles du jeu") == (
        "Le jeu du Gnou, April (CC BY-SA), règles du jeu")
    assert lessons_mod.sites("Code pénal, article 226-1, https://www.legifrance.gouv.fr/x?y=1"
                             ) == "Code pénal, article 226-1, legifrance.gouv.fr"
