"""Le Voleur de Données: the seed text read sentence by sentence (issue 17 audit).

Each docstring quotes the sentence of ``004_12dffe832b3b0749.txt`` it checks; the ones the
other rule cases (``test_voleur_rules.py``) already quote are not repeated here.
"""

from __future__ import annotations

from ludinum.games.voleur.rules import STEAL_PHASE
from tests.voleur.helpers import DIGITAL, PAPER, act, board, fresh, give, legal, turn


def test_from_round_three_everyone_plays_in_turn() -> None:
    """« Tous les joueurs jouent ensuite chacun leur tour. » (V6): from round 3 every seat,
    the thief last, each round."""
    state = fresh(4, thief=1)
    seen = []
    while state.round < 5:
        seat = state.current()
        if state.round >= 3:
            seen.append(seat)
        act(state, seat, state.legal_actions(seat)[0].to_text())
    assert seen == [2, 3, 0, 1, 2, 3, 0, 1]


def test_the_thief_steals_from_the_attacked_board() -> None:
    """« le voleur choisit une carte de donnée sur le plateau du joueur attaqué » — read as
    the attacked board (the one of the attack's nature), not the manager's other board."""
    state = fresh()
    board(state, 0, PAPER, data=("annuaire_interne",))
    board(state, 0, DIGITAL, data=("fichier_clients",))
    give(state, 0)
    give(state, 2, "vol_ordinateur")
    turn(state, 2)
    act(state, 2, "attack card=vol_ordinateur target=0")
    act(state, 0, "let_through")
    assert state.phase == STEAL_PHASE
    assert legal(state, 2) == {"steal card=fichier_clients"}


def test_a_manager_holds_four_cards_at_his_turn() -> None:
    """« À son tour de jeu, chaque gestionnaire prend une carte dans la pioche générale : à
    ce moment, le joueur possède donc 4 cartes en main. »"""
    state = fresh()
    seat = state.current()
    assert state.view(seat)["hand"] and len(state.hands[seat]) == 4
