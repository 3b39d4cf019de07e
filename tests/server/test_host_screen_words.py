"""The room's host screen has one name: « écran d'animation » ("host screen"), as its own
heading, its tab and every message that sends someone to it say. Three places still said
« l'écran de l'animateur » or "the facilitator's screen": the page a set-up form leads to,
a pass-and-play device before the start, and ``ludinum serve``'s other addresses."""

from __future__ import annotations

import html
import socket
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from ludinum.server import render
from ludinum.server.catalog import Catalog
from tests.server.helpers import make_app

SCREEN = {"fr": "écran d'animation", "en": "host screen"}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_room_made_leads_to_the_host_screen_by_its_name(
        sqlite_url: str, catalog: Catalog, lang: str) -> None:
    with TestClient(make_app(sqlite_url, catalog)) as client:
        client.cookies.set("lang", lang)
        answer = client.post("/new/gnou", data={"players": "3"})
        assert answer.status_code == 200, answer.text[-600:]
        page = html.unescape(answer.text)
        button = page.split('class="button big"')[1].split("</a>")[0]
        assert SCREEN[lang] in button, button
        assert "animateur" not in page and "facilitator" not in page


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_shared_device_before_the_start_sends_back_to_the_host_screen(lang: str) -> None:
    shown = html.unescape(render.fragment(lang, "pass_lobby", code="ABC234", here=["Léa"]))
    assert SCREEN[lang] in shown, shown
    assert "animateur" not in shown and "facilitator" not in shown


def test_serve_says_other_addresses_are_chosen_on_the_host_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """« Autres adresses de cet ordinateur (au choix sur l'écran de l'animateur) »: the
    screen it names is the « écran d'animation » the pages say."""
    import uvicorn

    from ludinum.cli import serve as serve_cmd
    from ludinum.cli.main import cli
    from ludinum.weblib import address

    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    monkeypatch.setattr(serve_cmd, "tune_gc", lambda: None)  # not in the test's process
    monkeypatch.setattr(serve_cmd, "hold_sqlite_lock", lambda db: None)
    monkeypatch.setattr(address, "join_bases", lambda host, port, public: [
        "http://192.168.1.20:8000", "http://10.0.0.5:8000"])
    with socket.socket() as probe:  # a port nobody holds
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = CliRunner().invoke(cli, ["serve", "--host", "127.0.0.1", "--port", str(port),
                                      "--db", str(tmp_path / "l.sqlite3")])
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if x.startswith("Autres adresses"))
    assert line == ("Autres adresses de cet ordinateur (au choix sur l'écran d'animation) : "
                    "http://10.0.0.5:8000"), line
    assert "animateur" not in result.output
