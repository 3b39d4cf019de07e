"""A set-up form refused for one value comes back with every other choice as it was made:
it came back with the defaults, and a facilitator who mistyped one number had to choose
the rhythm, the variant, the hard mode and each player's level again."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog
from tests.server.helpers import make_app


@pytest.fixture
def client(sqlite_url: str, catalog: Catalog) -> Iterator[TestClient]:
    with TestClient(make_app(sqlite_url, catalog)) as c:
        yield c


def selected(page: str, name: str) -> str | None:
    """The value a list of the page shows chosen."""
    body = re.search(rf'<select id="{re.escape(name)}"[^>]*>(.*?)</select>', page, re.S)
    assert body is not None, name
    chosen = re.search(r'<option value="([^"]*)"[^>]*\bselected\b', body.group(1))
    return chosen.group(1) if chosen else None


def ticked(page: str, name: str, value: str | None = None) -> bool:
    field = re.search(rf'<input type="(?:checkbox|radio)"[^>]*name="{re.escape(name)}"'
                      + (rf'[^>]*value="{value}"' if value else "") + r"[^>]*>", page)
    assert field is not None, name
    return " checked" in field.group(0)


CHOSEN = {"mode": "turns", "opt_variant": "trottant", "opt_difficulty": "difficile",
          "opt_hard_mode": "true", "opt_handicap-1": "3", "opt_handicap-2": "2"}


@pytest.mark.parametrize(("path", "count"), [("/new/gnou", "players"),
                                             ("/classe/nouvelle/gnou", "table_size")])
def test_a_refused_form_keeps_the_other_choices(client: TestClient, path: str,
                                                count: str) -> None:
    page = client.post(path, data={count: "4", **CHOSEN, "opt_turn_limit": "500"})
    assert page.status_code == 400
    assert "Nombre de tours" in page.text  # the value refused is named…
    text = page.text
    assert selected(text, count) == "4"  # …and everything else is as chosen
    assert ticked(text, "mode", "turns") and not ticked(text, "mode", "live")
    assert selected(text, "opt_variant") == "trottant"
    assert selected(text, "opt_difficulty") == "difficile"
    assert ticked(text, "opt_hard_mode")
    assert selected(text, "opt_handicap-1") == "3" and selected(text, "opt_handicap-2") == "2"
    # The value refused is back to its default (shown empty, its words as a hint).
    assert re.search(r'<input type="number" id="opt_turn_limit"[^>]*value=""', text)


def test_a_form_that_is_not_refused_still_makes_its_room(client: TestClient) -> None:
    made = client.post("/new/gnou", data={"players": "4", **CHOSEN, "opt_turn_limit": "12"})
    assert made.status_code == 200 and "opt_variant" not in made.text
