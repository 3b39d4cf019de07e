"""The Voleur board's legend lists every mark its boards show, « fermé » among them (a
play review: « ✉ Papier · fermé » on the projector, the legend silent about it)."""

from __future__ import annotations

import pytest

from ludinum.games import registry
from tests.reading import plain_spaces
from tests.server.test_boards import draw


@pytest.mark.parametrize(("lang", "closed", "said"), [
    ("fr", "fermé", "fermé : sans donnée"), ("en", "closed", "closed: no data yet")])
def test_the_legend_says_what_a_closed_board_is(lang: str, closed: str, said: str) -> None:
    game = registry().get("voleur")
    state = game.setup(game.make_config(players=4, seed=1))
    html = plain_spaces(draw(game, state.view(None), lang))
    board, legend = html.split('<p class="legend">')
    assert f"· {closed}</text>" in board  # every board is closed before its first data
    assert said in legend


@pytest.mark.parametrize(("lang", "closed"), [
    ("fr", "fermé\u00a0:\u00a0sans\u00a0donnée"), ("en", "closed:\u00a0no\u00a0data\u00a0yet")])
def test_the_closed_board_entry_stays_on_one_line(lang: str, closed: str) -> None:
    """A browser review saw the projector's legend break « fermé : » from « sans donnée »
    (1280×720), read as two entries: that entry's words are held together by no-break
    spaces; the legend still breaks between its entries, after their « · »."""
    game = registry().get("voleur")
    state = game.setup(game.make_config(players=4, seed=1))
    legend = draw(game, state.view(None), lang).split('<p class="legend">')[1]
    entries = legend.split("</p>")[0].split(" · ")
    assert len(entries) == 9, entries
    assert closed in entries, entries  # no ordinary (breakable) space inside it
