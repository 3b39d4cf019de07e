"""Le jeu du Gnou: the seed text read sentence by sentence (issue 17 audit).

Each docstring quotes the sentence of ``001_4956d39245aaee9e.txt`` it checks (rulings of
``RULINGS.md`` cited). Default board: dangers on 2-5, community on 1.
"""

from __future__ import annotations

from typing import Any

import pytest

from ludinum.engine import Action, PlayerCountError
from ludinum.engine.events import visible
from ludinum.games.gnou import GAME, GnouState
from ludinum.games.gnou.content import load_bank, load_dangers
from tests.gnou.helpers import answer, game, has, kinds, roll

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
    assert f"Comment s'en protéger ? {card.alternative}" in french
    english = TEXT.event(danger, "en")
    assert card.text_en in english and card.alternative_en in english


# -- the audit: sentences no rule case quoted yet ------------------------------------------


def test_two_to_six_players() -> None:
    """« Nombre de joueurs : 2 à 6, plus un meneur de jeu (facultatif). » The game master
    is not a seat (« Le meneur de jeu ne joue pas. »)."""
    for n in (2, 6):
        assert GAME.new_state(n, 0).view(None)["players"] == n
    for n in (1, 7):
        with pytest.raises(PlayerCountError):
            GAME.new_state(n, 0)
    state = GAME.new_state(3, 0, {"game_master": True})
    assert state.view(None)["players"] == 3 and state.active_players() == (0,)


def test_the_whole_team_wins_together() -> None:
    """« Tous les joueurs font partie d'une seule et même équipe. Ils gagnent collectivement
    s'ils réussissent à atteindre l'objectif dans le temps imparti »."""
    state = game(pos=40, dice=(6,))
    roll(state)
    assert state.is_terminal() and state.outcome().winners == (0, 1, 2, 3)
    assert state.outcome().team


def test_setup_turn_one_pawn_on_start() -> None:
    """« Le pion “tour” est placé sur le compte-tour, au tour 1. » — « Le pion de l'équipe
    est placé sur l'emplacement de départ (case 0) au centre du parcours. »"""
    view = GAME.new_state(4, 5).view(None)
    assert (view["turn"], view["pawn"], view["current"]) == (1, 0, 0)


def test_players_follow_in_turn() -> None:
    """« Ensuite les joueurs se succèdent en tournant dans le sens de la spirale du
    parcours » : seat order, back to the first after the last."""
    every = ["anti_espion", "logiciels_libres", "oeuvres_libres", "services_decentralises",
             "action_citoyenne"]
    state = game(players=3, pos=1, dice=(1, 1, 1, 1), protections={p: every for p in range(3)})
    seen = []
    for _ in range(4):  # dangers 2, 3, 4, 5: each removed, the next player rolls
        seen.append(state.current)
        roll(state)
    assert seen[:3] == [0, 1, 2] and seen[3] == 0


def test_ten_quiz_piles() -> None:
    """« Les cartes quiz sont placées en dix piles (5 protections, 4 libertés, 1 culture
    générale) » ; « Les cartes se différencient également en fonction du niveau de
    difficulté de la question. » (G3)"""
    bank = load_bank()
    assert len({q.series for q in bank.questions}) == 10
    assert {q.level for q in bank.questions} == {1, 2, 3}


def test_the_team_may_help_on_a_team_quiz() -> None:
    """« Il doit y répondre. Les autres joueurs peuvent l'aider. » (G4): on a community,
    liberty, GULL or awareness quiz the question is on every screen, the projector's too."""
    state = game(dice=(1,))
    roll(state)
    for seat in (None, 0, 1, 2, 3):
        quiz = state.view(seat)["quiz"]
        assert quiz["question"] and quiz["choices"] and "answer" not in quiz


def test_the_right_answer_is_read_aloud() -> None:
    """« Le joueur choisit une réponse puis lit à voix haute la réponse correcte écrite au
    verso de la carte quiz. » : after a wrong answer the table is told the right one."""
    state = game(dice=(1,))
    roll(state)
    quiz = state.view(0)["quiz"]
    question = load_bank().get(quiz["id"])
    assert question is not None
    (event,) = [e for e in answer(state, right=False) if e.kind == "answer"]
    right = question.choices[question.answer]
    assert f"Réponse correcte : {chr(65 + question.answer)}. {right}" in TEXT.event(event, "fr")


def test_passing_on_explains_the_danger_and_how_to_protect() -> None:
    """« il doit expliquer à son coéquipier l'enjeu (le danger et la façon de s'en protéger)
    en illustrant à l'aide d'un exemple » (G5: the screen shows the explanation, then the
    quiz)."""
    card = load_dangers()[2]
    state = _solo_quiz()
    view_text = TEXT.view(state.view(None), "fr")
    assert card.text in view_text and f"Comment s'en protéger ? {card.alternative}" in view_text
    state = game(dice=(2,), protections={2: ["anti_espion"]})
    roll(state)
    (told,) = [e for e in state.apply(2, Action.make("transmit")) if e.kind == "transmission"]
    text = TEXT.event(told, "fr")
    # The line names the danger (its text was read when the pawn met it, the line before,
    # and stays on the screen with the quiz, above) and says how to protect oneself.
    assert text.startswith(f"Joueur 3 explique le danger « {card.title} » à Joueur 1.")
    assert card.alternative in text and card.text not in text


def test_the_giver_keeps_the_protection() -> None:
    """« Le joueur qui a transmis sa protection la conserve (elle est dupliquée, car elle
    est sous licence libre !). »"""
    state = _solo_quiz()
    answer(state, right=True)
    assert has(state, 0, "anti_espion") and has(state, 2, "anti_espion")
