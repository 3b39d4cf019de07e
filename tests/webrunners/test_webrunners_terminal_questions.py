"""W15 in the terminal: the two questions that choose who starts are asked in words before
their answers (`ludinum play webrunners` listed « Aucun compte sur les réseaux sociaux »… with
no question above them)."""

from __future__ import annotations

from ludinum.cli.play import decision, ranked
from ludinum.games.webrunners import GAME


def _first_screen(lang: str) -> tuple[str, list[str]]:
    state = GAME.new_state(3, 4, {})
    view = state.view(0)
    legal = ranked(GAME.text, view, state.legal_actions(0))
    labels = [GAME.text.action(a, view, lang) for a in legal]
    return "\n".join(decision(GAME.text, view, 0, labels, lang)), labels


def test_the_first_question_is_asked_in_french() -> None:
    shown, _ = _first_screen("fr")
    assert "combien as-tu de comptes sur les réseaux sociaux ?" in shown
    assert "le moins de comptes commence" in shown


def test_the_first_question_is_asked_in_english() -> None:
    shown, _ = _first_screen("en")
    assert "how many social-network accounts do you have?" in shown


def test_the_second_question_is_asked() -> None:
    state = GAME.new_state(3, 4, {})
    for seat in range(3):
        view = state.view(seat)
        state.apply(seat, ranked(GAME.text, view, state.legal_actions(seat))[0])
    view = state.view(0)
    legal = ranked(GAME.text, view, state.legal_actions(0))
    labels = [GAME.text.action(a, view, "fr") for a in legal]
    shown = "\n".join(decision(GAME.text, view, 0, labels, "fr"))
    assert "à quel âge as-tu eu ton premier téléphone ?" in shown
