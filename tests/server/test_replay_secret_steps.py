"""A replay's step the table heard no event of (a card discarded face down on a green cell,
W5; a virus dropped during a trip, H2) said nothing on the web replay: its narration was
empty, where ``ludinum replay`` says « Un coup secret de Joueur 4… » or the kind of move the
public views show (``GameText.secret_step``). The page and the API say it now, the seat
by nickname where the table saw it acting alone, and never what only the player knew."""

from __future__ import annotations

import contextlib
import html
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog
from ludinum.server.replay import Replay
from tests.server.helpers import finished_by_bots, make_app


@pytest.fixture
def client(sqlite_url: str, catalog: Catalog) -> Iterator[TestClient]:
    with TestClient(make_app(sqlite_url, catalog)) as c:
        yield c


def _narration(page: str) -> str:
    start = page.find('<section class="narration"')
    assert start >= 0, "no narration on the page"
    return html.unescape(page[start:page.find("</section>", start)])


@pytest.mark.parametrize("name,players", [("webrunners", 2), ("hacker", 4)])
def test_a_step_with_no_public_event_is_said_on_the_replay_page(
        client: TestClient, name: str, players: int) -> None:
    with contextlib.ExitStack() as stack:
        code, _ = finished_by_bots(client, stack, name, players, steps=20000)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    record = client.portal.call(Replay.load, hub, code)  # type: ignore[union-attr]
    secret = [s for s in range(1, record.length + 1) if not record.at(s)[1]]
    assert secret, "the game had no secret step"
    for step in secret[:5]:
        line = record.secret_line(step, *record.at(step), "fr")
        assert line, step
        data = client.get(f"/api/rooms/{code}/replay?step={step}").json()
        assert data["events"] == [line]
        said = _narration(client.get(f"/replay/{code}?step={step}").text)
        assert "Un coup secret" in said or "face cachée" in said or "pont" in said \
            or "White Hat" in said or "Geekcolo" in said or "virus" in said, said
        assert "Joueur " not in said  # seats by nickname, as during the game (issue 21)
    # A step with public events keeps its own narration, no secret line.
    public = next(s for s in range(1, record.length + 1) if record.at(s)[1])
    assert record.secret_line(public, *record.at(public), "fr") is None
    assert record.secret_line(0, *record.at(0), "fr") is None
