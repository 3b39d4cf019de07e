"""The classroom app leads to the learning site, the printable cards and the debrief."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog
from tests.server.helpers import create_room, finished_by_bots, make_app


def test_home_links_to_the_learning_site(sqlite_url: str, catalog: Catalog) -> None:
    with TestClient(make_app(sqlite_url, catalog)) as client:
        home = client.get("/")
        assert 'href="/apprendre"' in home.text
        assert client.get("/apprendre").status_code == 200


@pytest.mark.parametrize("game", ["gnou", "hacker"])
def test_host_screen_print_and_debrief_links(game: str, sqlite_url: str, catalog: Catalog) -> None:
    with TestClient(make_app(sqlite_url, catalog)) as client:
        code, _ = create_room(client, game, catalog.game(game).min_players, mode="turns", seed=3)
        page = client.get(f"/host/{code}").text
        assert (f'href="/imprimer/{game}.pdf"' in page) == (game != "hacker")
        assert f'href="/debrief/{code}.pdf"' in page
        # Before the end there is no debrief: a clear refusal, not a crash.
        early = client.get(f"/debrief/{code}.pdf")
        assert early.status_code == 400


def test_debrief_downloads_once_the_game_is_over(sqlite_url: str, catalog: Catalog) -> None:
    import contextlib

    with TestClient(make_app(sqlite_url, catalog)) as client, contextlib.ExitStack() as stack:
        code, _ = finished_by_bots(client, stack, "gnou", 2, seed=4)
        pdf = client.get(f"/debrief/{code}.pdf")
        assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
        assert pdf.content.startswith(b"%PDF")
        html = client.get(f"/debrief/{code}.html")
        assert html.status_code == 200 and "Gnou" in html.text
        assert client.get(f"/debrief/{code}.doc").status_code == 404
