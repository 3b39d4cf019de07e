"""What the Voleur table is told (issue 17): true and French, choices that name the measure."""

from __future__ import annotations

from ludinum.games.voleur import GAME
from tests.voleur.helpers import PAPER, act, board, fresh, give, turn

TEXT = GAME.text


def _attacked() -> object:
    state = fresh()
    board(state, 0, PAPER, data=("annuaire_interne",), hidden=("armoire_a_cle",))
    give(state, 0, "armoire_a_cle")
    give(state, 2, "armoire_ouverte")
    turn(state, 2)
    act(state, 2, "attack card=armoire_ouverte target=0")
    return state


def test_defence_choices_name_the_measure_and_what_it_counters() -> None:
    """« il dévoile la carte mesure de sécurité correspondante au type d'attaque » : each
    choice says which measure, where it is, and which attack it counters."""
    state = _attacked()
    view = state.view(0)  # type: ignore[attr-defined]
    measure = GAME.deck.card("armoire_a_cle").name("fr")
    attack = GAME.deck.card("armoire_ouverte").name("fr")
    texts = {a.to_text(): TEXT.action(a, view, "fr")
             for a in state.legal_actions(0)}  # type: ignore[attr-defined]
    assert texts["counter from=board"] == (
        f"Dévoiler « {measure} », cachée sur ton plateau papier : elle contre « {attack} »")
    assert texts["counter from=hand"] == (
        f"Jouer « {measure} » de ta main : elle contre « {attack} »")
    assert texts["let_through"] == f"Ne pas contrer « {attack} »"
    english = {a.to_text(): TEXT.action(a, view, "en")
               for a in state.legal_actions(0)}  # type: ignore[attr-defined]
    assert english["counter from=hand"].endswith(
        f"from your hand: it counters '{GAME.deck.card('armoire_ouverte').name('en')}'")


def test_a_manager_who_lets_an_attack_through_is_not_told_he_lacked_the_measure() -> None:
    """« Lorsqu'un gestionnaire subit une attaque, il peut la contrer » : he may choose not
    to, even holding the measure; the table is told only that he does not counter (which is
    true either way and tells nothing of his hand)."""
    state = _attacked()
    events = act(state, 0, "let_through")  # type: ignore[arg-type]
    (breach,) = [e for e in events if e.kind == "breach"]
    text = TEXT.event(breach, "fr")
    assert "n'avait pas" not in text
    assert text.endswith("Joueur 1 ne la contre pas.")
    assert TEXT.event(breach, "en").endswith("Player 1 does not counter it.")
