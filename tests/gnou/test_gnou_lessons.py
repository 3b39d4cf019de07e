"""The Gnou's debrief lessons: the alternatives of the dangers removed, the protections won,
then the others; 4 to 6 cards from the public board only, in French and English."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ludinum.games.gnou import GAME
from ludinum.games.gnou.content import load_dangers, load_themes
from ludinum.games.gnou.lessons import ORIGINAL, lessons_for
from tests.conformance.lessons import check_lessons, edited_pack, finished


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 5), (4, 2), (6, 9)])
def test_finished_games_have_their_lessons(players: int, seed: int) -> None:
    check_lessons(GAME, finished(GAME, players, seed))


def _view(removed: list[int], protections: list[list[str]]) -> dict[str, object]:
    return {"removed": removed, "protections": protections}


def test_removed_dangers_come_first_one_per_type() -> None:
    dangers = load_dangers()
    protections = load_themes()["protections"]
    trackers = sorted(c for c, d in dangers.items() if d.type == "traceurs")
    closed = min(c for c, d in dangers.items() if d.type == "privateurs")
    cards = lessons_for(_view([*trackers[:3], closed], [[], []]), dangers, protections)
    assert [c.title for c in cards[:2]] == [dangers[trackers[0]].title, dangers[closed].title]
    assert cards[0].text == dangers[trackers[0]].alternative
    # Completed to 4 with the protections against the dangers not met, in the rules' order.
    assert [c.title for c in cards[2:]] == [protections["action_citoyenne"]["name"],
                                          protections["services_decentralises"]["name"]]


def test_protections_won_and_nothing_met() -> None:
    dangers = load_dangers()
    protections = load_themes()["protections"]
    none = lessons_for(_view([], [[], []]), dangers, protections)
    assert len(none) == 4 and all(c.source for c in none)
    won = lessons_for(_view([], [["action_citoyenne"], []]), dangers, protections)
    assert won[0].title == protections["action_citoyenne"]["name"]
    assert won[0].source == "https://www.april.org"
    assert ORIGINAL in {c.source for c in none}


def test_a_teachers_pack_is_used(tmp_path: Path) -> None:
    """A pack's protections (``--content DIR``) are the ones the lessons tell."""
    def rename(data: Any) -> None:
        for item in data["protections"]:
            item["name"] = f"{item['name']} (notre classe)"

    with edited_pack(tmp_path, "gnou/themes.yaml", rename):
        cards = GAME.text.lessons(finished(GAME, 3, 5), "fr")
    assert any(card.title.endswith(" (notre classe)") for card in cards)
