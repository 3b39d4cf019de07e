"""Le jeu du Gnou on the projector: besides whose turn it is, the class reads what that
player does now. Rolling the dice and choosing the protection to seek on an awareness
cell said nothing on a screen with no seat (the header named the player, the narration
the last move), while the player's phone alone knew; the quiz and the danger card, which
fill the spotlight, say it themselves. A seat's screen says nothing more (its decision
says it)."""

from __future__ import annotations

from tests.drawing import slot
from tests.gnou.helpers import game, playing_room, roll, said


def test_the_projector_says_who_rolls_the_dice() -> None:
    state = game()
    assert state.step == "roll" and state.current == 0
    spot = said(slot(playing_room(state), None, "spotlight"))
    dice = "le dé" if state.view(None)["dice"] == 1 else "les dés"
    assert f'<p class="spot">Place 1 lance {dice}.</p>' in spot
    for seat in range(4):
        assert "spot" not in slot(playing_room(state), seat, "spotlight")


def test_the_projector_says_who_chooses_a_protection() -> None:
    state = game(dice=(6,))
    roll(state)
    assert state.step == "choose"
    spot = said(slot(playing_room(state), None, "spotlight"))
    assert ('<p class="spot">Place 1 choisit sur son écran la protection à chercher ; '
            "une question suit.</p>") in spot
    for seat in range(4):
        assert "spot" not in slot(playing_room(state), seat, "spotlight")


def test_nothing_is_added_beside_the_danger_card() -> None:
    state = game(dice=(2,), protections={2: ["anti_espion"]})
    roll(state)
    assert state.step == "offer"
    assert 'class="spot"' not in slot(playing_room(state), None, "spotlight")
