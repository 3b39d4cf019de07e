"""Web Runners' debrief lessons: the prevention messages of the theme's cards the table saw
played (damage and retro-damage first), then the theme's others; 4 to 6 cards from the
public discard only, in French and English."""

from __future__ import annotations

import pytest

from ludinum.games.webrunners import GAME
from ludinum.games.webrunners.data import DAMAGE, DECK_DATA, RETRO
from ludinum.games.webrunners.lessons import ORIGINAL, lessons_for
from ludinum.games.webrunners.rules import ALL_SEEN
from ludinum.games.webrunners.state import WebRunnersState
from tests.conformance.lessons import check_lessons, finished


@pytest.mark.parametrize(("players", "seed", "theme"), [
    (2, 1, "information"), (3, 4, "relations"), (4, 2, "sante"), (4, 7, "education"),
])
def test_finished_games_have_their_lessons(players: int, seed: int, theme: str) -> None:
    state = finished(GAME, players, seed, theme=theme)
    cards = check_lessons(GAME, state)
    assert isinstance(state, WebRunnersState)
    named = {c.name_fr: c for c in DECK_DATA.cards if c.message}
    assert all(named[card.title].theme == theme for card in cards)


def test_cards_played_come_first_harm_before_the_rest() -> None:
    cards = lessons_for("information", ["fake_news", "bug", "plain_pont", "fake_news", "hacking",
                                        "jeux_argent"], DECK_DATA)
    titles = [c.title for c in cards]
    name = {c.id: c.name_fr for c in DECK_DATA.cards}
    # Another theme's card (jeux_argent) and plain copies say nothing (W16).
    assert titles[:3] == [name["bug"], name["hacking"], name["fake_news"]]
    assert len(cards) == 4 and name["jeux_argent"] not in titles
    # Completed with the theme's harm first: surveillance is its third damage card.
    assert titles[3] == name["surveillance"]


def test_nothing_played_and_sources() -> None:
    cards = lessons_for("relations", [], DECK_DATA)
    harm = [c for c in DECK_DATA.cards if c.theme == "relations" and c.kind in (DAMAGE, RETRO)]
    assert [c.title for c in cards[:len(harm)]] == [c.name_fr for c in harm]
    assert len(cards) == 4 and all(c.source for c in cards)
    assert "https://www.3018.fr" in cards[0].source or ORIGINAL in cards[0].source


def test_only_cards_played_face_up_count() -> None:
    """A face-down discard (known to one seat) is not what the table saw."""
    state = finished(GAME, 3, 3, theme="information")
    assert isinstance(state, WebRunnersState)
    index = {c.id: c.index for c in DECK_DATA.cards}
    state.disc[:] = [index["fake_news"], index["cyberactivisme"], index["influencers"]]
    state.dseen[:] = [ALL_SEEN, 1, ALL_SEEN]
    assert state.played_face_up() == ["fake_news", "influencers"]
    titles = [c.title for c in GAME.text.lessons(state, "fr")]
    name = {c.id: c.name_fr for c in DECK_DATA.cards}
    assert titles[:2] == [name["fake_news"], name["influencers"]]
    assert name["cyberactivisme"] not in titles
    check_lessons(GAME, state)
