"""The host's list of seats: each seat's state reads as a word with a sign, and no sign
looks like a control it is not (a free seat was « □ place libre »: a box a teacher tries
to tick on the projector)."""

from __future__ import annotations

import contextlib
import html
import re

from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog
from tests.server.helpers import create_room, hello, join, make_app

#: Signs drawn like an empty or ticked checkbox.
BOXES = "□☐▢☑☒✅"


def test_a_free_seat_is_not_drawn_as_a_box_to_tick(sqlite_url: str, catalog: Catalog) -> None:
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, "gnou", 3)
        join(client, code, "Léa")
        host = hello(client, code, stack, role="host", token=host_token)
        text = html.unescape(re.sub(r"<[^>]+>", " ", host.page["seats"]))
        states = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
        assert any("place libre" in s for s in states), states
        assert not any(box in text for box in BOXES), states
