"""Each game's own part of the page's drawing (its drawer and its styles, in its package:
``games/<game>/web/``), served from the registry at ``/static/games/<game>.js`` and
``.css`` as every other static file is, and read by the pages that draw the game, its
styles after the page's own: no address names any other file."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludinum.games import registry
from ludinum.server import kits
from ludinum.server.catalog import Catalog
from tests.server.helpers import create_room, make_app

GAMES = [game.name for game in registry()]


@pytest.fixture
def client(sqlite_url: str, catalog: Catalog) -> Iterator[TestClient]:
    with TestClient(make_app(sqlite_url, catalog)) as c:
        yield c


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("ending", "kind"), [("js", "text/javascript"), ("css", "text/css")])
def test_a_games_drawer_and_styles_are_served_as_static_files(
    client: TestClient, game: str, ending: str, kind: str
) -> None:
    """The file of the game's package, with the validators of every static file: a
    browser that has it is answered 304, as for ``/static/app.css``."""
    response = client.get(f"/static/games/{game}.{ending}")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith(kind)
    path = kits.asset(game, ending)
    assert path is not None and path.parent.parent.name == game
    assert response.text == path.read_text(encoding="utf-8")
    shared = client.get("/static/app.css")
    assert set(shared.headers) - {"content-length", "content-type"} == (
        set(response.headers) - {"content-length", "content-type"})
    again = client.get(f"/static/games/{game}.{ending}",
                       headers={"if-none-match": response.headers["etag"]})
    assert again.status_code == 304 and not again.content


@pytest.mark.parametrize("address", [
    "/static/games/toy.js",  # a game of the catalogue without a drawer of its own
    "/static/games/nogame.js",
    "/static/games/gnou.py",
    "/static/games/gnou.json",
    "/static/games/gnou",
    "/static/games/gnou.js/board.js",
    "/static/games/gnou/web/board.js",
    "/static/games/game.js",
    "/static/games/..%2Fapp.js",
    "/static/games/%2e%2e/%2e%2e/server/app.py",
    "/static/games/gnou%2Fgame.py",
    "/static/games/__init__.py",
])
def test_no_other_address_under_the_games_leads_to_a_file(client: TestClient,
                                                          address: str) -> None:
    """Only a registered game's name and an ending of ``kits.ASSETS`` reach the file
    system: nothing else of a game's package, nor of the server, is served there."""
    response = client.get(address)
    assert response.status_code == 404, address
    assert "import" not in response.text and "L.game" not in response.text


def test_only_reading_is_allowed(client: TestClient) -> None:
    assert client.post(f"/static/games/{GAMES[0]}.js").status_code == 405


@pytest.mark.parametrize("game", GAMES)
def test_a_page_that_draws_the_game_reads_its_styles_after_the_pages_own(
    client: TestClient, game: str
) -> None:
    """The watch page (and every page of ``room_parts.drawing``): the game's stylesheet
    right after ``app.css`` (its rules were written after the page's), its drawer after
    the shared pieces, and no other game's."""
    code, _ = create_room(client, game, registry().get(game).min_players)
    page = client.get(f"/watch/{code}").text
    links = re.findall(r'<(?:link rel="stylesheet" href|script src)="([^"]+)"', page)
    styles = [a for a in links if a.endswith(".css")]
    assert styles == ["/static/app.css", f"/static/games/{game}.css"]
    scripts = [a for a in links if a.endswith(".js")]
    assert scripts.index("/static/draw.js") < scripts.index(f"/static/games/{game}.js")
    others = [g for g in GAMES if g != game]
    assert not [a for a in links for g in others if f"/games/{g}." in a]


def test_a_game_without_files_of_its_own_is_drawn_by_the_pages_alone(
    client: TestClient,
) -> None:
    code, _ = create_room(client, "toy", 2)
    page = client.get(f"/watch/{code}").text
    assert "/static/games/" not in page
    assert kits.asset("toy", "js") is None and kits.asset("gnou", "html") is None


def test_a_games_file_is_looked_up_once_until_the_kits_are_cleared(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``kits.asset`` (the registry asked, the game's package found and its file checked
    on disk) ran for every request of ``/static/games/…``: now once per game and ending,
    until ``kits.clear`` (a test that changes a drawing, the registry)."""
    game = GAMES[0]
    kits.clear()
    asked: list[str] = []
    checked: list[Path] = []
    registry_of, is_file = kits.registry, Path.is_file

    def counted_registry() -> Any:
        asked.append(game)
        return registry_of()

    def counted_is_file(path: Path) -> bool:
        if path.name in kits.ASSETS.values():
            checked.append(path)
        return is_file(path)

    monkeypatch.setattr(kits, "registry", counted_registry)
    monkeypatch.setattr(Path, "is_file", counted_is_file)
    try:
        served = [client.get(f"/static/games/{game}.js") for _ in range(3)]
        assert [r.status_code for r in served] == [200] * 3
        assert served[0].text == served[2].text
        assert len(asked) == 1 and len(checked) == 1  # the first request only
        client.get(f"/static/games/{game}.css")  # another file: its own check
        assert len(asked) == 1 and len(checked) == 2
        for address in ("nogame.js", f"{game}.py", "x" * 50 + ".js"):  # nothing kept
            assert client.get(f"/static/games/{address}").status_code == 404
        assert len(checked) == 2
        kits.clear()
        assert client.get(f"/static/games/{game}.js").status_code == 200
        assert len(asked) == 2 and len(checked) == 3  # looked up again after clearing
    finally:
        kits.clear()
