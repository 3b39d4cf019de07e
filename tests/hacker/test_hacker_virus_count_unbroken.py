"""An account's virus count on the Hacker board reads as one unit: « ☣ × 2 » was written
with ordinary spaces, so the legend's « ☣ × nombre de virus » could wrap after « ☣ » or
« × » (French typography keeps a sign and its number together: narrow no-break space
around « × », no-break space before the words it explains). The phone's account tiles
keep « ☣ 2 » together too."""

from __future__ import annotations

import re

import pytest

from ludinum.engine import Action
from ludinum.games import get_game
from tests.drawing import decision
from tests.server.test_boards import by_class, draw, play, svg_root

#: What may stand between the signs and the number: a narrow or an ordinary no-break space.
TIGHT = "[\u202f\u00a0]"
GAME = get_game("hacker")


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("narrow", [False, True])
def test_each_account_count_has_no_breaking_space(lang: str, narrow: bool) -> None:
    game, state = play("hacker", seed=3, steps=40)
    view = state.view(None)
    html = draw(game, view, lang, narrow=narrow)
    root = svg_root(html)
    counts = [t.text or "" for a in by_class(root, "account") for t in a.iter("text")
              if "☣" in (t.text or "")]
    stacks = [len(a.get("stack") or []) for a in view["accounts"]]
    assert len(counts) == len(stacks) and any(stacks), counts
    for said in counts:
        assert re.fullmatch(f"☣{TIGHT}×{TIGHT}\\d+", said), repr(said)
    # the board groups the accounts by owner: each count once, whatever the order
    assert sorted(int(said[4:]) for said in counts) == sorted(stacks), counts


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_legend_keeps_the_count_sign_with_its_words(lang: str) -> None:
    game, state = play("hacker", seed=3, steps=40)
    html = draw(game, state.view(None), lang)
    legend = html[html.index('<p class="legend">'):]
    assert "☣" in legend and not re.search(r"☣ |× ", legend), legend
    assert re.search(f"☣{TIGHT}×{TIGHT}\\w", legend), legend


def test_the_phone_tiles_keep_the_sign_with_its_count() -> None:
    accounts = [{"id": k, "owner": k % 2, "stack": [{"trip": 1}] * k} for k in range(4)]
    drops = [Action.make("drop", account=k) for k in (1, 3)]  # tiles and idle tiles
    html = decision(GAME, 0, {"players": 2, "accounts": accounts, "you": 0}, drops)
    tiles = re.findall(r'<span class="tile-virus"[^>]*>([^<]*)</span>', html)
    assert [re.fullmatch(f"☣{TIGHT}(\\d)", t) is not None for t in tiles] == [True] * 4, tiles
    assert sorted(t[-1] for t in tiles) == ["0", "1", "2", "3"], tiles
