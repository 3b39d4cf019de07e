"""A per-seat option on the set-up forms (``Option.seats_of``): Le Gnou's level of each
player (G3) is one list per seat, not a text « 1,2,3,1 » to type; the lists make the value
the game reads, as the command line and the class API give it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from ludinum.engine import Option, OptionError, OptionSet
from ludinum.games import registry
from ludinum.server import forms
from ludinum.server.catalog import Catalog
from tests.reading import unescaped
from tests.server.helpers import form_code, make_app

GNOU = registry().get("gnou")


@pytest.fixture
def client(sqlite_url: str, catalog: Catalog) -> Iterator[TestClient]:
    with TestClient(make_app(sqlite_url, catalog)) as c:
        yield c


def lists(html: str) -> dict[str, tuple[bool, list[str]]]:
    """Each seat's list on a page: whether it is drawn hidden, and its choices in words."""
    out = {}
    for hidden, name, body in re.findall(
            r'<div class="seat-list"[^>]*?( hidden)?>\s*<label[^>]*>[^<]*</label>\s*'
            r'<select id="(opt_handicap-\d)"[^>]*>(.*?)</select>', html, re.S):
        out[name] = (bool(hidden), re.findall(r">([^<]+)</option>", body))
    return out


@pytest.mark.parametrize(("path", "players"), [("/new/gnou", 2),
                                              ("/classe/nouvelle/gnou", 5)])
def test_each_seat_has_its_list_of_levels(client: TestClient, path: str,
                                          players: int) -> None:
    page = client.get(path).text
    assert 'name="opt_handicap"' not in page and "1,2,3,1" not in page  # no text to type
    seats = lists(page)
    assert list(seats) == [f"opt_handicap-{n}" for n in range(1, 7)]  # up to 6 players
    for n, (hidden, words) in enumerate(seats.values(), 1):
        assert words == ["comme les autres", "1 – facile", "2 – moyen", "3 – difficile"]
        assert hidden == (n > players)  # the count proposed first; the page follows it
    assert 'data-players="3 4 5 6"' in page and "Place 3" in page
    assert "Niveau de chaque joueur" in page
    english = client.get(path, headers={"accept-language": "en"}).text
    assert "Seat 3" in english and "same as the others" in english


def test_the_lists_make_the_value_the_game_reads(client: TestClient) -> None:
    # A seat left « comme les autres » takes the level above (quiz_level), as G3 reads it.
    sent = {"players": "4", "mode": "live", "opt_quiz_level": "2", "opt_handicap-1": "3",
            "opt_handicap-2": "", "opt_handicap-3": "1", "opt_handicap-4": ""}
    code, _ = form_code(client.post("/new/gnou", data=sent).text)
    options = client.app.state.hub.rooms[code].config.options  # type: ignore[attr-defined]
    assert options["handicap"] == "3,2,1,2"
    # Every seat « comme les autres »: the option keeps its default.
    every = {"players": "3", "opt_handicap-1": "", "opt_handicap-2": "",
             "opt_handicap-3": ""}
    assert "handicap" not in forms.parse(GNOU, every, 3, forms.ROOM_FIELDS)
    # The text the command line gives (« -o handicap=1,2,3 ») is still read.
    assert forms.parse(GNOU, {"opt_handicap": "1,2,3"}, 3)["handicap"] == "1,2,3"
    # A form made before shows the value back in the lists.
    field = next(f for f in forms.fields(GNOU, "fr", {"handicap": "3,1,2"}, 3)
                 if f.option.name == "handicap")
    assert [s.value for s in field.seats] == ["3", "1", "2", "", "", ""]
    assert [s.shown for s in field.seats] == [True] * 3 + [False] * 3


@pytest.mark.parametrize(("sent", "words"), [
    ({"opt_handicap-2": "7"}, "Niveau de chaque joueur, place 2 : « 7 » n'est pas possible "
                              "(au choix : 1 – facile, 2 – moyen, 3 – difficile)."),
    ({"opt_handicap-4": "2"}, "Niveau de chaque joueur, place 4 : il n'y a que 3 joueurs."),
    ({"opt_handicap-x": "2"}, "Niveau de chaque joueur : place inconnue « x »."),
    ({"opt_handicap-" + "9" * 5000: "2"}, "Niveau de chaque joueur : place inconnue « 999"),
    ({"opt_handicap-1": "2", "opt_handicap": "1,1,1"}, "pas les deux"),
])
def test_a_bad_level_is_refused_by_its_seat(client: TestClient, sent: dict[str, str],
                                            words: str) -> None:
    with pytest.raises(OptionError) as refused:
        forms.parse(GNOU, sent, 3)
    assert words in refused.value.message("fr")
    rooms = len(client.app.state.hub.rooms)  # type: ignore[attr-defined]
    page = client.post("/new/gnou", data={"players": "3", **sent})
    shown = unescaped(page.text)
    assert page.status_code == 400 and words in shown
    assert len(client.app.state.hub.rooms) == rooms  # type: ignore[attr-defined]


def test_a_per_seat_option_is_of_an_option_of_its_game() -> None:
    level = Option("level", "int", 1, "Niveau.", "Level.", minimum=1, maximum=3)
    with pytest.raises(ValueError, match="levels"):
        OptionSet("x", [level, Option("levels", "text", "", "N.", "L.", seats_of="lvl")])
    with pytest.raises(ValueError, match="levels"):
        OptionSet("x", [level, Option("levels", "int", 0, "N.", "L.", seats_of="level")])
    assert OptionSet("x", [level, Option("levels", "text", "", "N.", "L.", seats_of="level")])
