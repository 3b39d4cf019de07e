"""Bots are « medium » unless the facilitator chooses: expert bots won every game of a
review with pupils (and search long on a shared laptop). The host screen's lists start on
it, and a start or a kick without a level gives it."""

from __future__ import annotations

import contextlib
import re

from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog, preferred_level
from tests.server.helpers import create_room, hello, join, make_app


def test_medium_bots_unless_chosen(sqlite_url: str, catalog: Catalog) -> None:
    assert preferred_level(["random", "easy", "medium", "hard", "expert"]) == "medium"
    assert preferred_level(["random", "expert"]) == "expert"
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, "gnou", 3)
        page = client.get(f"/host/{code}").text
        chosen = re.search(r'<select id="fill-level"[^>]*>.*?</select>', page, re.S)
        assert chosen and '<option value="medium" selected>' in chosen.group(0)
        join(client, code, "Léa")
        host = hello(client, code, stack, role="host", token=host_token)
        assert '<option value="medium" selected>' in host.page["seats"]
        host.send(type="start")
        host.sync()
        room = app.state.hub.rooms[code]
        assert [s.bot_level for s in room.seats if s.kind == "bot"] == ["medium", "medium"]


def test_a_bot_is_named_without_its_internal_level() -> None:
    """« Bot 3 (medium) » put an internal English word on French screens and nested
    brackets everywhere (« trajet de Bot 4 (expert) »): a bot is « Bot 3 »; the host's
    seat list names its level in words."""
    from ludinum.server.seats import Seat

    seat = Seat(2)
    seat.make_bot("medium")
    assert seat.label("fr") == seat.label("en") == "Bot 3"
