"""Rule cases of Le Voleur de Données, one test per case (DATC style).

Each docstring quotes the seed text (``seeds/004_…txt``) and the rulings (V1–V7) it tests.
The states are built with :mod:`tests.voleur.helpers`; seats: with 3 players and the thief
at seat 2, the managers are seats 0 and 1 and a round is 0, 1, then the thief.
"""

from __future__ import annotations

import pytest

from ludinum.engine import Action, IllegalActionError, OptionError
from ludinum.games.voleur import GAME
from ludinum.games.voleur.rules import DEFEND, OVER, PLAY, STEAL_PHASE
from tests.voleur.helpers import (
    DIGITAL,
    PAPER,
    act,
    board,
    fresh,
    give,
    idx,
    legal,
    names,
    turn,
)

# -- V1: players and roles -------------------------------------------------------------------


def test_v1_one_thief_and_two_to_five_managers() -> None:
    """V1 « One thief and 2–5 data managers (3–6 players). »"""
    assert (GAME.min_players, GAME.max_players) == (3, 6)
    for players in range(3, 7):
        state = GAME.new_state(players, 7)
        roles = [p["role"] for p in state.view(None)["players"]]
        assert roles.count("thief") == 1
        assert roles.count("manager") == players - 1


def test_v1_role_dealt_at_random_by_default_and_reproducible() -> None:
    """V1 « roles chosen or dealt »: by default the thief's seat is drawn from the seed."""
    seats = {GAME.new_state(5, seed).thief for seed in range(40)}
    assert len(seats) > 1
    assert GAME.new_state(5, 11).thief == GAME.new_state(5, 11).thief


def test_v1_role_chosen_by_option() -> None:
    """V1 « roles chosen »: ``thief_seat`` gives the seat; a seat beyond the table is refused."""
    assert GAME.new_state(4, 3, {"thief_seat": 1}).thief == 1
    with pytest.raises(OptionError):
        GAME.new_state(3, 0, {"thief_seat": 3})


# -- V3: the managers ----------------------------------------------------------------------------


def test_v3_managers_start_with_three_cards_thief_with_one() -> None:
    """V3 « 3 cards at the start »; V5 « Starts with 1 card of his own pile »."""
    state = fresh(4, thief=3)
    first = state.current()
    for seat in state.managers:
        expected = 4 if seat == first else 3  # the first manager has already drawn
        assert len(state.hands[seat]) == expected
    assert len(state.hands[3]) == 1
    assert all(state.deck.kind[c] == 1 for c in state.hands[3])


def test_v3_manager_draws_one_at_his_turn() -> None:
    """« À son tour de jeu, chaque gestionnaire prend une carte dans la pioche générale :
    à ce moment, le joueur possède donc 4 cartes en main. » (V3)"""
    state = fresh()
    assert state.current() == 0
    assert len(state.hands[0]) == 4
    pile = len(state.pile)
    act(state, 0, state.legal_actions(0)[0].to_text())
    assert state.current() == 1
    assert len(state.hands[1]) == 4
    assert len(state.pile) == pile - 1


def test_v3_manager_must_play_a_card() -> None:
    """« À son tour de jeu, le joueur doit obligatoirement jouer une carte. » (V3)"""
    state = fresh()
    give(state, 0, "fichier_clients", "destructeur")
    kinds = {a.kind for a in state.legal_actions(0)}
    assert kinds == {"lay"}
    with pytest.raises(IllegalActionError):
        act(state, 0, "pass")


def test_v3_first_card_on_each_board_is_data() -> None:
    """« La première carte à poser sur un plateau est obligatoirement une carte donnée. »
    V3: the first card laid on **each** board must be a data card."""
    state = fresh()
    give(state, 0, "destructeur", "fichier_clients")
    board(state, 0, PAPER, data=("annuaire_interne",))
    options = legal(state, 0)
    assert "lay board=paper card=destructeur" in options
    assert "lay board=digital card=destructeur" not in options  # digital board not opened
    assert "lay board=digital card=fichier_clients" in options
    with pytest.raises(IllegalActionError, match="donnée"):
        act(state, 0, "lay board=digital card=destructeur")


def test_v3_board_stays_opened_after_its_data_is_stolen() -> None:
    """« La première carte à poser sur un plateau » is about the first card ever laid: once a
    data card opened the board, a measure may follow even if that data was stolen since."""
    state = fresh()
    board(state, 0, DIGITAL, data=("fichier_clients",))
    state.data[1] = []  # stolen
    give(state, 0, "sensibilisation")
    assert legal(state, 0) == {"lay board=digital card=sensibilisation"}


def test_v3_data_laid_face_up_in_its_category_slot() -> None:
    """« Les cartes donnée sont posées face visible sur un plateau au choix (papier ou
    numérique) sur l'emplacement correspondant à leur catégorie. » (V3)"""
    state = fresh()
    give(state, 0, "dossier_medical")
    act(state, 0, "lay board=digital card=dossier_medical")
    seen = state.view(1)["players"][0]["boards"]["digital"]
    assert seen["data"] == ["dossier_medical"]
    assert GAME.deck.card("dossier_medical").points == 5
    assert "Dossier médical (sensible, 5 points)" in GAME.text.view(state.view(0))
    # another seat's terminal gives its points (the board drawn names it)
    assert "Numérique[/bold] : 5 points" in GAME.text.view(state.view(1))


def test_v3_measure_laid_face_down() -> None:
    """« les cartes mesure de sécurité sont posées face cachée jusqu'au moment de leur
    utilisation (en réponse à une attaque). » (V3): others see a count, the owner the card."""
    state = fresh()
    board(state, 0, PAPER, data=("annuaire_interne",))
    give(state, 0, "destructeur")
    events = act(state, 0, "lay board=paper card=destructeur")
    for seat in (1, 2):
        seen = state.view(seat)["players"][0]["boards"]["paper"]
        assert seen["hidden"] == 1 and "hidden_cards" not in seen
        assert "destructeur" not in str([e.to_json() for e in events if e.visible_to(seat)])
    assert state.view(0)["players"][0]["boards"]["paper"]["hidden_cards"] == ["destructeur"]
    spectator = {k: v for k, v in state.view(None).items() if k != "composition"}
    assert "destructeur" not in str(spectator)


def test_v3_measure_may_go_on_either_board_by_default() -> None:
    """« le joueur peut poser n'importe quel type de carte (donnée ou mesure de sécurité)
    sur le plateau de son choix. » Default ``measure_board=any``; ``matching`` restricts a
    measure to the board of its attack's nature (V3, an option)."""
    state = fresh()
    board(state, 0, PAPER, data=("annuaire_interne",))
    board(state, 0, DIGITAL, data=("fichier_clients",))
    give(state, 0, "destructeur")
    assert legal(state, 0) == {
        "lay board=paper card=destructeur",
        "lay board=digital card=destructeur",
    }
    state = fresh(measure_board="matching")
    board(state, 0, PAPER, data=("annuaire_interne",))
    board(state, 0, DIGITAL, data=("fichier_clients",))
    give(state, 0, "destructeur")
    assert legal(state, 0) == {"lay board=paper card=destructeur"}


def test_v3_manager_without_legal_card_discards() -> None:
    """V3 « A manager with no legal card to lay discards one. » (only measures in hand and
    no board opened yet)"""
    state = fresh()
    give(state, 0, "destructeur", "sensibilisation", "blocage_usb", "destructeur")
    assert legal(state, 0) == {
        "discard card=destructeur",
        "discard card=sensibilisation",
        "discard card=blocage_usb",
    }
    act(state, 0, "discard card=blocage_usb")
    assert names(state, state.discard) == ["blocage_usb"]
    assert state.view(1)["discard"] == ["blocage_usb"]


# -- V6: rounds ----------------------------------------------------------------------------------


def test_v6_a_manager_starts_and_managers_play_two_rounds_alone() -> None:
    """« Un gestionnaire de données commence à jouer en premier » ; « Les autres
    gestionnaires font de même pour réaliser chacun 2 tours. » (V6)"""
    state = fresh(4, thief=1)
    seen = []
    while state.round < 3:
        seat = state.current()
        seen.append(seat)
        act(state, seat, state.legal_actions(seat)[0].to_text())
    assert seen == [2, 3, 0, 2, 3, 0]
    assert 1 not in seen


def test_v6_thief_comes_in_at_round_three() -> None:
    """« Au troisième tour, le voleur entre dans la partie à son tour de jeu. » (V6)"""
    state = fresh()
    while state.current() != 2:
        seat = state.current()
        act(state, seat, state.legal_actions(seat)[0].to_text())
    assert state.round == 3


def test_v6_game_ends_after_round_fifteen() -> None:
    """« La partie s'achève au bout de 15 tours de jeu. » (V6): the thief plays 13 turns."""
    state = fresh()
    thief_turns = 0
    while not state.is_terminal():
        seat = state.active_players()[0]
        if seat == 2 and state.phase == PLAY:
            thief_turns += 1
        act(state, seat, state.legal_actions(seat)[0].to_text())
    assert state.phase == OVER and state.round == 15
    assert thief_turns == 13


def test_v6_rounds_option() -> None:
    """``rounds`` (V6, default 15) shortens or lengthens the game for a class."""
    state = fresh(rounds=4)
    while not state.is_terminal():
        seat = state.active_players()[0]
        act(state, seat, state.legal_actions(seat)[-1].to_text())
    assert state.metrics()["turns"] == 4


# -- V5: the thief ------------------------------------------------------------------------------


def test_v5_thief_draws_to_two_cards() -> None:
    """« À son tour de jeu, il prend une carte dans la pioche de cartes qui lui est
    réservée : il a alors 2 cartes en main. » (V5)"""
    state = fresh()
    while state.current() != 2:
        seat = state.current()
        act(state, seat, state.legal_actions(seat)[0].to_text())
    assert len(state.hands[2]) == 2
    assert len(state.tpile) == len(GAME.deck.thief) - 2


def test_v5_attack_goes_to_board_of_its_nature() -> None:
    """« il pose une carte devant l'un des deux plateaux d'un joueur en fonction de la
    nature de l'attaque (papier ou numérique). » (V5)"""
    state = fresh()
    board(state, 0, PAPER, data=("annuaire_interne",))
    board(state, 0, DIGITAL, data=("fichier_clients",))
    board(state, 1, DIGITAL, data=("bulletins_paie",))
    give(state, 2, "fouille_poubelles", "hameconnage")
    turn(state, 2)
    assert legal(state, 2) == {
        "attack card=fouille_poubelles target=0",
        "attack card=hameconnage target=0",
        "attack card=hameconnage target=1",
    }
    act(state, 2, "attack card=hameconnage target=1")
    assert state.view(0)["attack"] == {"card": "hameconnage", "target": 1, "board": "digital"}


def test_v4_thief_cannot_attack_covered_boards_and_discards_face_up() -> None:
    """« S'il ne peut pas attaquer (ses cartes ne sont pas opérantes en raison des mesures
    de sécurité déjà déployées par les autres joueurs), alors il défausse une de ses deux
    cartes dans un tas à côté de sa pioche, face visible par tous. » V4: he cannot attack
    when every target he could reach is covered by a revealed measure, or holds no data."""
    state = fresh()
    board(state, 0, PAPER, data=("annuaire_interne",), shown=("destructeur",))
    board(state, 1, PAPER, data=(), hidden=())
    board(state, 0, DIGITAL, data=("fichier_clients",), shown=("sensibilisation",))
    give(state, 2, "fouille_poubelles", "hameconnage")
    turn(state, 2)
    assert legal(state, 2) == {
        "discard card=fouille_poubelles",
        "discard card=hameconnage",
    }
    act(state, 2, "discard card=hameconnage")
    assert state.view(0)["thief_discard"] == ["hameconnage"]


def test_v4_hidden_measure_does_not_stop_the_thief_from_trying() -> None:
    """V4 « The thief sees revealed measures »: a face-down measure is unknown to him, so
    the board can still be attacked (and the attack will fail)."""
    state = fresh()
    board(state, 0, PAPER, data=("annuaire_interne",), hidden=("destructeur",))
    give(state, 2, "fouille_poubelles")
    turn(state, 2)
    assert legal(state, 2) == {"attack card=fouille_poubelles target=0"}


def test_v5_thief_must_attack_when_he_can() -> None:
    """« S'il peut attaquer, il pose une carte devant l'un des deux plateaux » : discarding
    is only for a thief who cannot attack (V5)."""
    state = fresh()
    board(state, 0, PAPER, data=("annuaire_interne",))
    give(state, 2, "fouille_poubelles", "hameconnage")
    turn(state, 2)
    assert {a.kind for a in state.legal_actions(2)} == {"attack"}


def test_v5_success_thief_chooses_one_data_card() -> None:
    """« Si son attaque aboutit (le joueur attaqué ne possède pas de mesure de sécurité
    pour contrer l'attaque), le voleur choisit une carte de donnée sur le plateau du joueur
    attaqué, puis la pose à côté de lui pour constituer son butin » (V5)"""
    state = fresh()
    board(state, 0, DIGITAL, data=("annuaire_interne", "dossier_medical", "fichier_clients"))
    give(state, 0, "fichier_clients")
    give(state, 2, "vol_ordinateur")
    turn(state, 2)
    act(state, 2, "attack card=vol_ordinateur target=0")
    assert legal(state, 0) == {"let_through"}  # no measure anywhere: only accept it
    act(state, 0, "let_through")
    assert state.phase == STEAL_PHASE
    assert legal(state, 2) == {
        "steal card=annuaire_interne",
        "steal card=dossier_medical",
        "steal card=fichier_clients",
    }
    act(state, 2, "steal card=dossier_medical")
    assert names(state, state.loot) == ["dossier_medical"]
    assert names(state, state.data[1]) == ["annuaire_interne", "fichier_clients"]
    assert state.view(1)["loot"] == ["dossier_medical"]


def test_v5_expert_variant_takes_every_card_of_a_category() -> None:
    """Variante « experts » : « le voleur puisse prendre toutes les cartes d'une même
    catégorie lorsque son attaque aboutit. » (V5, option ``expert``)"""
    state = fresh(expert=True)
    board(state, 0, PAPER, data=("annuaire_interne", "planning_conges", "contrats_commerciaux"))
    give(state, 2, "armoire_ouverte")
    turn(state, 2)
    act(state, 2, "attack card=armoire_ouverte target=0")
    act(state, 0, "let_through")
    assert legal(state, 2) == {"steal category=standard", "steal category=confidential"}
    act(state, 2, "steal category=standard")
    assert sorted(names(state, state.loot)) == ["annuaire_interne", "planning_conges"]
    assert names(state, state.data[0]) == ["contrats_commerciaux"]


def test_v5_failure_defender_keeps_attack_card_as_proof() -> None:
    """« Si son attaque n'aboutit pas (le joueur attaqué possède une mesure de sécurité
    adaptée pour contrer l'attaque), le voleur est dépossédé de sa carte par le joueur
    attaqué » (V5)"""
    state = fresh()
    board(state, 1, PAPER, data=("bulletins_paie",), hidden=("destructeur",))
    give(state, 2, "fouille_poubelles")
    turn(state, 2)
    act(state, 2, "attack card=fouille_poubelles target=1")
    act(state, 1, "counter from=board")
    assert names(state, state.proofs[1]) == ["fouille_poubelles"]
    assert names(state, state.data[2]) == ["bulletins_paie"]
    assert state.loot == [] and state.tdiscard == []
    assert state.view(0)["players"][1]["proofs"] == ["fouille_poubelles"]


def test_v4_counter_from_board_reveals_the_measure() -> None:
    """« Avec une carte déjà disposé sur son plateau de jeu (il dévoile la carte mesure de
    sécurité correspondante au type d'attaque effectuée par le voleur) » ; V4: it stays
    revealed on its board, and the thief can no longer use that attack there."""
    state = fresh()
    board(state, 0, DIGITAL, data=("fichier_clients",), hidden=("blocage_usb", "sensibilisation"))
    give(state, 2, "cle_usb_piegee")
    turn(state, 2)
    act(state, 2, "attack card=cle_usb_piegee target=0")
    act(state, 0, "counter from=board")
    seen = state.view(1)["players"][0]["boards"]["digital"]
    assert seen["shown"] == ["blocage_usb"] and seen["hidden"] == 1
    give(state, 2, "cle_usb_piegee")
    turn(state, 2, 4)
    assert legal(state, 2) == {"discard card=cle_usb_piegee"}


def test_v4_counter_from_hand_lays_measure_revealed() -> None:
    """« Avec la carte mesure de sécurité correspondante au type d'attaque effectuée par le
    voleur qu'il possède dans sa main. » V4: then laid revealed on the attacked board."""
    state = fresh()
    board(state, 0, DIGITAL, data=("fichier_clients",))
    give(state, 0, "gestionnaire_mots_de_passe", "annuaire_interne")
    give(state, 2, "mot_de_passe_faible")
    turn(state, 2)
    act(state, 2, "attack card=mot_de_passe_faible target=0")
    assert legal(state, 0) == {"counter from=hand", "let_through"}
    act(state, 0, "counter from=hand")
    # The measure left the hand (seat 0 has since drawn for the next round).
    assert names(state, state.hands[0])[0] == "annuaire_interne"
    assert "gestionnaire_mots_de_passe" not in names(state, state.hands[0])
    assert names(state, state.shown[1]) == ["gestionnaire_mots_de_passe"]
    assert names(state, state.proofs[0]) == ["mot_de_passe_faible"]


def test_v4_only_a_measure_of_the_attacked_board_counters() -> None:
    """« Avec une carte déjà disposé sur son plateau de jeu »: the measure must be on the
    attacked board; the same measure laid on the other board does not help (V4)."""
    state = fresh()
    board(state, 0, PAPER, data=("annuaire_interne",), hidden=("sensibilisation",))
    board(state, 0, DIGITAL, data=("fichier_clients",))
    give(state, 0)
    give(state, 2, "hameconnage")
    turn(state, 2)
    act(state, 2, "attack card=hameconnage target=0")
    assert legal(state, 0) == {"let_through"}


def test_v4_defender_chooses_and_may_let_through() -> None:
    """« Lorsqu'un gestionnaire subit une attaque, il peut la contrer » : with
    ``defence=ask`` (default) he decides; he may counter from the board or the hand, or
    not counter at all (V4)."""
    state = fresh()
    board(state, 0, PAPER, data=("annuaire_interne",), hidden=("armoire_a_cle",))
    give(state, 0, "armoire_a_cle")
    give(state, 2, "armoire_ouverte")
    turn(state, 2)
    act(state, 2, "attack card=armoire_ouverte target=0")
    assert state.phase == DEFEND and state.active_players() == (0,)
    assert legal(state, 0) == {"counter from=board", "counter from=hand", "let_through"}
    act(state, 0, "let_through")
    assert state.phase == STEAL_PHASE


def test_v4_defence_is_always_asked_so_nothing_leaks() -> None:
    """With ``defence=ask`` the attacked manager is asked even when he has no measure, so
    the pause itself tells the thief nothing (V4)."""
    state = fresh()
    board(state, 0, PAPER, data=("annuaire_interne",))
    give(state, 0)
    give(state, 2, "armoire_ouverte")
    turn(state, 2)
    act(state, 2, "attack card=armoire_ouverte target=0")
    assert state.phase == DEFEND and legal(state, 0) == {"let_through"}


def test_v4_automatic_defence_option() -> None:
    """``defence=auto``: a matching face-down measure counters at once, then one from the
    hand; with neither the attack succeeds (V4 option)."""
    state = fresh(defence="auto")
    board(state, 0, PAPER, data=("annuaire_interne",), hidden=("armoire_a_cle",))
    give(state, 2, "armoire_ouverte")
    turn(state, 2)
    act(state, 2, "attack card=armoire_ouverte target=0")
    assert names(state, state.proofs[0]) == ["armoire_ouverte"]
    assert names(state, state.shown[0]) == ["armoire_a_cle"]
    assert state.phase == PLAY and state.current() == 0


def test_v4_response_deadline_counters_when_possible() -> None:
    """The response window (option ``response_seconds``, 0 = no limit) ends with the
    sensible answer: counter if he can (board first), else let the attack through (V4)."""
    state = fresh(response_seconds=20)
    board(state, 0, PAPER, data=("annuaire_interne",), hidden=("armoire_a_cle",))
    give(state, 2, "armoire_ouverte")
    turn(state, 2)
    assert state.deadline() is None
    act(state, 2, "attack card=armoire_ouverte target=0")
    deadline = state.deadline()
    assert deadline is not None
    assert (deadline.kind, deadline.seconds, deadline.player) == ("response", 20.0, 0)
    assert deadline.action == Action.from_text("counter from=board")


def test_v5_skip_attack_makes_victim_miss_turns() -> None:
    """« Il subit les conséquences de l'attaque si celle-ci ne permet pas de voler une carte
    donnée (il passe 1 ou 2 tours selon l'attaque utilisée). » (V2, V5)"""
    state = fresh()
    board(state, 0, DIGITAL, data=("fichier_clients",))
    give(state, 0)
    give(state, 2, "rancongiciel")
    turn(state, 2, 3)
    act(state, 2, "attack card=rancongiciel target=0")
    act(state, 0, "let_through")
    assert state.loot == [] and state.skips[0] == 1  # one of the two is already spent
    assert state.round == 4 and state.current() == 1
    seat = 1
    act(state, seat, state.legal_actions(seat)[0].to_text())  # round 4: 1, then the thief
    assert state.current() == 2
    state.hands[2] = []
    state.forget_legal()
    act(state, 2, "pass")
    assert state.round == 5 and state.current() == 1 and state.skips[0] == 0
    assert state.skipped_turns == 2


def test_a_turn_still_to_miss_at_the_end_is_not_shown() -> None:
    """A victim of « Rançongiciel » in the last round never misses the turns left: the end's
    board said « passe 1 tour » under the final scores, a penalty still to come."""
    state = fresh(rounds=4)
    while not state.is_terminal():
        seat = state.active_players()[0]
        act(state, seat, state.legal_actions(seat)[-1].to_text())
    state.skips[0] = 1  # a skip attack's turns left when the last round ended
    entry = next(p for p in state.view(None)["players"] if p["seat"] == 0)
    assert entry["skips"] == 0
    assert "passe" not in GAME.text.view(state.view(0), "fr")


def test_v2_skip_attacks_exist_with_one_and_two_turns() -> None:
    """V2 « most of them steal data, some make the victim skip 1 or 2 turns instead »."""
    skips = {c.id: c.skip for c in GAME.deck.cards if c.kind == 1}
    assert skips["rancongiciel"] == 2 and skips["faux_support"] == 1
    assert sum(1 for s in skips.values() if s == 0) > len(skips) / 2


# -- V7: scoring -------------------------------------------------------------------------------


def _finish(state_players: int = 3, **options: object) -> tuple[int, ...]:
    state = fresh(state_players, **options)
    board(state, 0, PAPER, data=("annuaire_interne", "fichier_clients"))
    board(state, 0, DIGITAL, data=("dossier_medical",))
    state.proofs[0] = [idx("hameconnage")]
    board(state, 1, PAPER, data=("planning_conges",))
    state.loot = [idx("bulletins_paie"), idx("arrets_travail")]
    return state.scores()


def test_v7_manager_scores_data_and_foiled_attacks() -> None:
    """« Total des points des cartes donnée en sa possession sur les 2 plateaux […]
    Total des points des attaques déjouées (10 points par attaque) » (V7)"""
    assert _finish()[0] == 1 + 3 + 5 + 10


def test_v7_foiled_attack_option_two_points() -> None:
    """« cette carte ajoute 2 points au décompte final » : V7 keeps 10 by default and
    offers 2 as the option ``foil_points``."""
    assert _finish(foil_points=2)[0] == 1 + 3 + 5 + 2


def test_v7_thief_scores_his_loot() -> None:
    """« Le voleur comptabilise ses points en faisant le total des points des cartes donnée
    en sa possession (1, 3 ou 5 points par carte selon sa catégorie). » (V7)"""
    assert _finish()[2] == 3 + 5


def test_v7_highest_score_wins_and_ties_are_shared() -> None:
    """« Le gagnant est celui qui a le plus de points. » V7: a tie is shared."""
    state = fresh()
    board(state, 0, PAPER, data=("dossier_medical",))
    board(state, 1, PAPER, data=("dossier_medical",))
    state.loot = [idx("annuaire_interne")]
    outcome = state.outcome()
    assert outcome.winners == (0, 1)
    assert outcome.rewards() == (0.5, 0.5, 0.0)
    state.loot = [idx("arrets_travail")]
    assert state.outcome().winners == (0, 1, 2)
    assert state.metrics()["thief_win"] == 1.0 and state.metrics()["thief_sole_win"] == 0.0


# -- empty piles (gap, option) -----------------------------------------------------------------


def test_gap_empty_pile_reshuffles_the_discard() -> None:
    """Gap: the text never empties the common pile. ``empty_pile=reshuffle`` (default): the
    discard is shuffled into a new pile."""
    state = fresh()
    give(state, 0, "annuaire_interne")
    state.pile = []
    state.discard = [idx("destructeur"), idx("blocage_usb")]
    act(state, 0, "lay board=paper card=annuaire_interne")
    assert len(state.hands[1]) == 4 and len(state.pile) == 1 and state.discard == []


def test_gap_empty_pile_no_draw_option() -> None:
    """``empty_pile=no_draw``: with an empty pile a manager plays from his hand without
    drawing, and passes when his hand is empty."""
    state = fresh(empty_pile="no_draw")
    give(state, 0, "annuaire_interne")
    state.pile = []
    state.discard = [idx("destructeur")]
    hand = len(state.hands[1])
    act(state, 0, "lay board=paper card=annuaire_interne")
    assert len(state.hands[1]) == hand
    give(state, 1)
    assert legal(state, 1) == {"pass"}


# -- refusals -------------------------------------------------------------------------------------


def test_refused_actions_change_nothing() -> None:
    """A move out of turn or not allowed raises a clear error and changes nothing."""
    state = fresh()
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        act(state, 1, state.legal_actions(0)[0].to_text())
    with pytest.raises(IllegalActionError):
        act(state, 0, "attack card=hameconnage target=1")
    assert state.to_json() == before


def test_gap_thief_pile_empty_reshuffles_his_discard() -> None:
    """Gap: the thief's own pile (26 cards for at most 14 draws) cannot run dry with the
    default deck; if it does, ``empty_pile=reshuffle`` turns his face-up discard into a
    new pile, ``no_draw`` lets him play on with his hand."""
    state = fresh()
    board(state, 0, PAPER, data=("annuaire_interne",))
    give(state, 1, "annuaire_interne")
    give(state, 2, "armoire_ouverte")
    state.tpile = []
    state.tdiscard = [idx("hameconnage")]
    turn(state, 1)
    act(state, 1, "lay board=paper card=annuaire_interne")
    assert names(state, state.hands[2]) == ["armoire_ouverte", "hameconnage"]
    assert state.tdiscard == [] and state.tpile == []
    state = fresh(empty_pile="no_draw")
    give(state, 1, "annuaire_interne")
    give(state, 2, "armoire_ouverte")
    state.tpile = []
    state.tdiscard = [idx("hameconnage")]
    turn(state, 1)
    act(state, 1, "lay board=paper card=annuaire_interne")
    assert names(state, state.hands[2]) == ["armoire_ouverte"]


def test_skip_attacks_add_up() -> None:
    """« il passe 1 ou 2 tours selon l'attaque utilisée » : two successful attacks make the
    victim miss both counts of turns (V5)."""
    state = fresh()
    board(state, 0, DIGITAL, data=("fichier_clients",))
    give(state, 0)
    give(state, 2, "faux_support")
    turn(state, 2)
    act(state, 2, "attack card=faux_support target=0")
    act(state, 0, "let_through")
    # Round 4 starts with seat 0, who misses it at once.
    assert state.skips[0] == 0 and state.skipped_turns == 1 and state.current() == 1
    state.skips[0] = 1
    give(state, 2, "rancongiciel")
    turn(state, 2, 5)
    act(state, 2, "attack card=rancongiciel target=0")
    act(state, 0, "let_through")
    assert state.skips[0] == 2  # 1 + 2, one already spent at the start of round 6


def test_refusal_messages_name_the_rule() -> None:
    """Refusals explain the rule: a thief who can attack may not discard (« S'il peut
    attaquer, il pose une carte »), a card not in hand cannot be laid."""
    state = fresh()
    board(state, 0, PAPER, data=("annuaire_interne",))
    give(state, 2, "fouille_poubelles", "hameconnage")
    turn(state, 2)
    with pytest.raises(IllegalActionError, match="tu dois donc attaquer"):
        act(state, 2, "discard card=hameconnage")
    with pytest.raises(IllegalActionError, match="ne peut pas viser"):
        act(state, 2, "attack card=hameconnage target=0")
    state = fresh()
    give(state, 0, "annuaire_interne")
    with pytest.raises(IllegalActionError, match="pas cette carte"):
        act(state, 0, "lay board=paper card=dossier_medical")
    # A measure on the other board under measure_board=matching (V3): the rule in the
    # player's words, never the option's internal value (« Avec l'option « matching » »).
    state = fresh(measure_board="matching")
    board(state, 0, PAPER, data=("annuaire_interne",))
    board(state, 0, DIGITAL, data=("fichier_clients",))
    give(state, 0, "destructeur")
    with pytest.raises(IllegalActionError) as refused:
        act(state, 0, "lay board=digital card=destructeur")
    assert refused.value.fr == ("Dans cette partie, une mesure se pose seulement sur le plateau "
                                "de même nature (papier ou numérique) que l'attaque qu'elle "
                                "contre.")
    assert "matching" not in refused.value.fr + refused.value.en
