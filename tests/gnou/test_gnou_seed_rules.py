"""Le jeu du Gnou: the seed text read sentence by sentence (issue 17 audit).

Each docstring quotes the sentence of ``001_4956d39245aaee9e.txt`` it checks (rulings of
``RULINGS.md`` cited). Default board: dangers on 2-5, community on 1.
"""

from __future__ import annotations

from typing import Any

from ludinum.engine import Action
from ludinum.engine.events import visible
from ludinum.games.gnou import GAME, GnouState
from ludinum.games.gnou.content import load_dangers
from tests.gnou.helpers import game, kinds, roll

TEXT = GAME.text


def _solo_quiz(**options: Any) -> GnouState:
    """Seat 0 meets the trackers danger on cell 2; seat 2 passes on its protection: seat 0
    answers the transmission quiz alone."""
    state = game(dice=(2,), protections={2: ["anti_espion"]}, **options)
    roll(state)
    state.apply(2, Action.make("transmit"))
    assert state.quiz is not None and state.quiz[2] == 0
    return state


def test_hint_on_a_solo_quiz_goes_to_the_learner_only() -> None:
    """« le coéquipier doit répondre seul correctement à une carte quiz » (G4: the question
    is hidden from the teammates until answered). A hint names the question: its event goes
    to the learner only, never to the teammates, their bots or the projector."""
    state = _solo_quiz(game_master=True)
    events = state.apply(0, Action.make("hint"))
    (hint,) = [e for e in events if e.kind == "hint"]
    assert hint.to == (0,)
    assert visible(events, 0) == [hint]
    for other in (None, 1, 2, 3):
        assert visible(events, other) == []
    assert "hint" in state.view(0)["quiz"]
    for other in (None, 1, 2, 3):
        assert "hint" not in state.view(other)["quiz"]


def test_hint_on_a_team_quiz_is_public() -> None:
    """« Les autres joueurs peuvent l'aider. Si les joueurs sont en difficulté, le meneur de
    jeu peut donner des indices. » (G4, G8): on a team quiz the whole table hears it."""
    state = game(dice=(1,), game_master=True)
    roll(state)
    events = state.apply(0, Action.make("hint"))
    (hint,) = [e for e in events if e.kind == "hint"]
    assert hint.to is None


def test_a_danger_pushing_back_is_read_recto_and_verso() -> None:
    """« Le joueur qui arrive sur cette case détache la carte danger et en lit à haute voix
    la description, au recto puis au verso » — every time, also when the pawn is pushed back
    (G5): the event carries the title, the description and how to protect oneself, and the
    text (terminal, log, web) shows all three."""
    card = load_dangers()[5]
    state = game(dice=(5,))
    events = roll(state)
    assert kinds(events)[:3] == ["roll", "danger", "pushback"]
    (danger,) = [e for e in events if e.kind == "danger"]
    assert (danger.data["title"], danger.data["text"], danger.data["protect"]) == (
        card.title, card.text, card.alternative)
    french = TEXT.event(danger, "fr")
    assert f"« {card.title} »" in french and card.text in french
    assert f"Pour s'en protéger : {card.alternative}" in french
    english = TEXT.event(danger, "en")
    assert card.text_en in english and card.alternative_en in english
