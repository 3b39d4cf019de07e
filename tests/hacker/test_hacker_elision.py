"""French elides « de » before a colour starting with a vowel: « le trajet d'Orange (J7) »,
never « de Orange » (terminal review: `ludinum replay` of a 7-player game, and the menus of
`ludinum play hacker -p 7`). Nicknames still replace the colour with their own elision."""

from __future__ import annotations

from ludinum.engine import Action, Event
from ludinum.games.hacker import GAME


def test_a_trip_of_orange_is_elided() -> None:
    told = GAME.text.event(Event("dropped", {"account": 3, "trip": 6}), "fr")
    assert "trajet d'Orange (J7)" in told
    assert "de Orange" not in told


def test_an_account_of_orange_is_elided_in_the_menu() -> None:
    view = {"you": 0, "accounts": [{"owner": 6}, {"owner": 0}]}
    label = GAME.text.action(Action("drop", (("account", 0),)), view, "fr")
    assert "de Orange" not in label
    assert label.endswith("d'Orange (J7)"), label


def test_english_and_other_colours_unchanged() -> None:
    assert "trajet de Rouge (J1)" in GAME.text.event(
        Event("dropped", {"account": 3, "trip": 0}), "fr")
    assert "Orange (P7)'s trip" in GAME.text.event(
        Event("dropped", {"account": 3, "trip": 6}), "en")


def test_nicknames_get_their_own_elision() -> None:
    names = ["Ana", "Bob", "Cy", "Dan", "Eve", "Fay", "Gus"]
    told = GAME.text.event(Event("dropped", {"account": 3, "trip": 6}), "fr")
    assert "trajet de Gus" in GAME.text.with_names(told, names, "fr")
    names[6] = "Inès"
    assert "trajet d'Inès" in GAME.text.with_names(told, names, "fr")
