"""A long replay is crossed a turn at a time (a Web Runners game of random bots: 871 steps,
one step or the ends were the only moves): the replay's step says the turn it is in, as the
game counts it on its screen (``GameText.turn``), and the first steps of the turns before and
after it; its page links them as « Tour précédent » and « Tour suivant ». Its last step says
how the game ended as the live end screen's headline does."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from ludinum.games import get_game
from ludinum.server.catalog import Catalog
from tests.reading import unescaped
from tests.server.helpers import finished_by_bots, make_app


@pytest.fixture
def client(sqlite_url: str, catalog: Catalog) -> Iterator[TestClient]:
    with TestClient(make_app(sqlite_url, catalog)) as c:
        yield c


def test_a_replay_step_says_its_turn_and_where_the_next_one_starts(client: TestClient
                                                                   ) -> None:
    with contextlib.ExitStack() as stack:
        code, _ = finished_by_bots(client, stack, "hacker", 4)
    text = get_game("hacker").text
    first = client.get(f"/api/rooms/{code}/replay?step=0").json()
    assert first["turn"] == 1 == text.turn(first["view"])  # « Tour 1 / 4 »
    assert first["previous_turn"] is None
    start = first["next_turn"]
    assert start > 1
    before = client.get(f"/api/rooms/{code}/replay?step={start - 1}").json()
    assert before["turn"] == 1 and before["next_turn"] == start
    second = client.get(f"/api/rooms/{code}/replay?step={start}").json()
    assert second["turn"] == 2 == text.turn(second["view"])
    assert second["previous_turn"] == 0
    last = client.get(f"/api/rooms/{code}/replay?step={first['steps']}").json()
    assert last["turn"] == 4 and last["next_turn"] is None
    # The page links them, the step in the address as the other moves.
    page = client.get(f"/replay/{code}?step={start - 1}").text
    nxt = re.search(r'<a class="button turn-next" href="\?step=(\d+)"', page)
    assert nxt is not None and int(nxt.group(1)) == start
    assert "Tour suivant" in page and 'aria-keyshortcuts="Shift+ArrowRight"' in page
    client.cookies.set("lang", "en")
    english = client.get(f"/replay/{code}?step={start}").text
    assert "Next round" in english and "Previous round" in english


def test_a_replay_s_last_step_says_the_outcome_as_the_end_screen_does(client: TestClient
                                                                      ) -> None:
    """« Fin de la partie ! Gagnant : … » was a small line of the narration; the last step
    now has the end screen's headline (frag/outcome.html), in French and in English."""
    with contextlib.ExitStack() as stack:
        code, _ = finished_by_bots(client, stack, "hacker", 4)
    steps = client.get(f"/api/rooms/{code}/replay?step=0").json()["steps"]
    for lang, words in (("fr", ("Victoire d", "Pas de gagnant")),
                        ("en", ("won!", "No winner"))):
        client.cookies.set("lang", lang)
        page = client.get(f"/replay/{code}?step={steps}").text
        headline = re.search(r'<section class="replay-outcome"[^>]*>\s*<p class="winner">'
                             r'(.+?)</p>', page)
        assert headline is not None, page
        said = re.sub(r"<[^>]+>", "", headline.group(1))  # each nickname in its span
        assert any(w in said for w in words), said
        middle = client.get(f"/replay/{code}?step={steps - 1}").text
        assert "replay-outcome" not in middle


def _narration(page: str) -> str:
    """The text of a replay page's narration section (what « Ce qui s'est passé » says)."""
    section = re.search(r'<section class="narration".*?</section>', page, re.S)
    return "" if section is None else re.sub(r"<[^>]+>", " ", section.group(0))


@pytest.mark.parametrize(("game", "players"), [("hacker", 4), ("voleur", 3)])
def test_a_replay_s_last_step_says_the_end_once(client: TestClient, game: str,
                                                 players: int) -> None:
    """The last step read « Fin de la partie ! Gagnant : Jaune (J4). » in its narration
    under the headline « Victoire de Jaune (J4) ! »: the end was said twice. The headline
    and the ending under it say it (frag/outcome.html); the narration keeps the step's
    other events. The API's step, with no headline, keeps the end's line."""
    with contextlib.ExitStack() as stack:
        code, _ = finished_by_bots(client, stack, game, players)
    last = client.get(f"/api/rooms/{code}/replay?step=0").json()["steps"]
    api = client.get(f"/api/rooms/{code}/replay?step={last}").json()
    assert any(e.startswith(("Fin de la partie", "Game over")) for e in api["events"]), api
    for lang, end in (("fr", "Fin de la partie"), ("en", "Game over")):
        client.cookies.set("lang", lang)
        page = client.get(f"/replay/{code}?step={last}").text
        assert 'class="replay-outcome"' in page and 'class="ending"' in page, page
        assert end not in page, _narration(page)
        before = client.get(f"/replay/{code}?step={last - 1}").text
        assert "replay-outcome" not in before
    client.cookies.set("lang", "fr")
    if game == "hacker":  # the last round's other events are still told
        assert "Fin du tour 4" in _narration(client.get(f"/replay/{code}?step={last}").text)


def test_a_replay_step_that_is_no_step_is_refused_by_name(client: TestClient) -> None:
    """``?step=abc`` showed the start and ``?step=9999`` the end, as if asked: now the API
    and the page refuse them naming the step (protocol.number), and an absent step is
    still the start."""
    with contextlib.ExitStack() as stack:
        code, _ = finished_by_bots(client, stack, "hacker", 4)
    steps = client.get(f"/api/rooms/{code}/replay").json()["steps"]
    for wrong in ("abc", "-1", str(steps + 1), "1.5", "9" * 40):
        answer = client.get(f"/api/rooms/{code}/replay", params={"step": wrong})
        assert answer.status_code == 400, wrong
        error = answer.json()["error"]
        assert error["code"] == "bad_number"
        assert error["en"].startswith(f"'step' is a whole number from 0 to {steps}"), error
        page = client.get(f"/replay/{code}", params={"step": wrong})
        assert page.status_code == 400
        shown = unescaped(page.text)
        assert f"« étape » est un nombre entier de 0 à {steps}" in shown, wrong
    assert client.get(f"/api/rooms/{code}/replay", params={"step": ""}).json()["step"] == 0
