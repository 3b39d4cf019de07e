"""Le jeu du Gnou, rule by rule (seed 001, rulings G1–G9), in the style of the DATC.

Each test quotes the sentence of the rules it checks. Board used (data, G1): 0 départ,
1 communauté, 2 traceurs, 3 privateurs, 4 liberticide, 5 centralisation, 6 Gnou,
7 restrictions, 8 traceurs, 9 privateurs, 10 liberté « utiliser », 13 Tux, 17 « étudier »,
20 Gnou, 24 « diffuser », 27 Tux, 31 « modifier », 34 Gnou, 37 GULL, 42 société libre.
"""

from __future__ import annotations

from collections import Counter

import pytest

from ludinum.engine import Action, IllegalActionError, OptionError
from ludinum.games.gnou import GAME
from ludinum.games.gnou.content import load_bank, load_board
from tests.gnou.helpers import answer, game, has, kinds, roll

# -- G1: the board --------------------------------------------------------------------


def test_board_has_the_cells_of_the_text() -> None:
    """« Un plateau représentant un parcours de 42 cases, dont : 30 cases danger […] réparties
    en 5 types […] 4 cases libertés […] 1 case GULL […] 1 case communauté du libre […]
    5 cases sensibilisation […] 3 Gnou […] 2 Tux ; 1 case arrivée » (G1)."""
    board = load_board()
    assert len(board) == 43
    count = Counter(c.kind for c in board)
    assert count == {
        "danger": 30, "liberty": 4, "awareness": 5, "community": 1, "gull": 1,
        "start": 1, "end": 1,
    }
    assert Counter(c.detail for c in board if c.kind == "danger") == {
        t: 6 for t in ("traceurs", "privateurs", "liberticide", "centralisation", "restrictions")
    }
    assert Counter(c.detail for c in board if c.kind == "awareness") == {"gnou": 3, "tux": 2}
    assert (board[1].kind, board[37].kind, board[42].kind) == ("community", "gull", "end")


# -- G2: turns and their limit ----------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "difficulty", "limit"),
    [
        ("galopant", "facile", 14), ("galopant", "intermediaire", 13),
        ("galopant", "difficile", 12), ("trottant", "facile", 20),
        ("trottant", "intermediaire", 18), ("trottant", "difficile", 16),
    ],
)
def test_turn_limit_table(variant: str, difficulty: str, limit: int) -> None:
    """« GNOU galopant (partie courte – 2 dés) : facile 14 tours, intermédiaire 13,
    difficile 12 ; TUX trottant (1 dé) : 20, 18, 16 » (G2)."""
    state = GAME.new_state(3, 0, {"variant": variant, "difficulty": difficulty})
    assert state.view(None)["turn_limit"] == limit
    assert state.view(None)["dice"] == (2 if variant == "galopant" else 1)


def test_turn_limit_override() -> None:
    """Option ``turn_limit`` replaces the table (for facilitators and the balance lab)."""
    assert GAME.new_state(3, 0, {"turn_limit": 9}).view(None)["turn_limit"] == 9


def test_first_player_rolls() -> None:
    """« Le joueur qui commence la partie effectue l'action de jeter le(s) dé(s). »"""
    state = GAME.new_state(4, 1)
    assert state.active_players() == (0,)
    assert list(state.legal_actions(0)) == [Action.make("roll")]
    assert all(not state.legal_actions(p) for p in (1, 2, 3))


def test_two_dice_in_galopant() -> None:
    """« la variante rapide “Gnou galopant” qui se joue en lançant simultanément deux dés »."""
    state = game(variant="galopant", dice=(3, 4))
    events = roll(state)
    rolled = next(e for e in events if e.kind == "roll")
    assert rolled.data["dice"] == [3, 4]
    assert rolled.data["to"] == 7  # then the danger on 7 pushes the pawn back to 6
    assert state.pos == 6


def test_counter_moves_when_the_next_player_takes_over() -> None:
    """« Lorsqu'on passe au joueur suivant, le meneur de jeu […] avance le pion “tour” d'une
    case sur le compte-tour » (G2: one turn = one player's action)."""
    state = game(dice=(2,), protections={0: ["anti_espion"]})
    assert state.turn == 1
    roll(state)  # danger 2 removed by player 0: next player
    assert (state.turn, state.current) == (2, 1)


def test_team_loses_when_the_last_turn_ends() -> None:
    """« Si le dernier tour s'est terminé sans que la condition précédente ait été réalisée,
    l'équipe a perdu. »"""
    state = game(turn_limit=1, dice=(2,), protections={0: ["anti_espion"]})
    events = roll(state)
    assert "lose" in kinds(events)
    assert state.is_terminal()
    assert state.outcome().winners == ()
    assert state.outcome().team


# -- danger cells --------------------------------------------------------------------------


def test_danger_with_protection_is_removed() -> None:
    """« si le joueur possède la protection contre ce type de danger, le danger est éliminé :
    il pose la carte danger sur l'emplacement “recyclage” et on passe au joueur suivant qui
    jettera le(s) dé(s) »."""
    state = game(dice=(2,), protections={0: ["anti_espion"]})
    events = roll(state)
    assert kinds(events) == ["roll", "danger", "danger_removed", "turn"]
    assert 2 in state.view(None)["removed"]
    assert state.current == 1
    assert state.legal_actions(1) == (Action.make("roll"),)


def test_danger_without_protection_pushes_back_to_first_non_danger() -> None:
    """« le joueur recule jusqu'à la prochaine case qui ne soit pas un danger actif et on passe
    au joueur suivant qui effectuera l'action de la case atteinte » — from 5 past the active
    dangers 4, 3, 2 to the community cell 1, whose quiz the next player answers."""
    state = game(dice=(5,))
    events = roll(state)
    assert kinds(events)[:3] == ["roll", "danger", "pushback"]
    assert state.pos == 1
    assert state.current == 1
    quiz = state.view(1)["quiz"]
    assert (quiz["answerer"], quiz["series"], quiz["purpose"]) == (1, "culture_generale", "culture")


def test_push_back_stops_on_a_removed_danger() -> None:
    """A removed danger is an « alternative libre », not an active danger: the pawn stops there,
    and the next player, starting on it, rolls: « Le joueur qui débute son tour sur cette case
    effectue l'action de jeter le(s) dé(s). »"""
    state = game(dice=(4,), removed=(2,))
    roll(state)
    assert state.pos == 2
    assert state.active_players() == (1,)
    assert state.legal_actions(1) == (Action.make("roll"),)


def test_landing_on_a_free_alternative_rolls_again() -> None:
    """« Le joueur qui avance sur cette case ré-effectue l'action de jeter le(s) dé(s) une
    nouvelle fois. » The same player rolls again; the counter does not move."""
    state = game(dice=(2, 4), removed=(2,), protections={0: ["action_citoyenne"]})
    events = roll(state)
    assert kinds(events) == ["roll", "free_cell"]
    assert (state.current, state.turn) == (0, 1)
    events = roll(state)
    assert state.pos == 6  # the awareness cell: player 0 goes on with its action


def test_same_danger_again_means_roll_again() -> None:
    """« si le tirage de dé(s) fait arriver une seconde fois sur le même danger, le joueur
    retire le(s) dé(s) » (G6)."""
    state = game(dice=(3,))
    roll(state)  # privateurs on 3, pushed back to 1 (community)
    assert state.pos == 1
    answer(state, right=False)  # player 1 fails the community quiz: player 2 rolls
    state.rng.rolls = [2, 5]  # 1 + 2 = 3: the same danger again, so roll again: 1 + 5 = 6
    events = roll(state)
    assert kinds(events)[:2] == ["reroll", "roll"]
    assert state.pos == 6
    # The roll that led back to the danger is said, then the new one (« Encore le même
    # danger » alone did not say which roll).
    said = [GAME.text.event(e, "fr").replace("\u00a0", " ") for e in events[:2]]
    assert said == ["Joueur 3 lance 2 : encore le même danger (case 3), on relance.",
                    "Joueur 3 lance 5 : le pion va à la case 6 (sensibilisation Gnou)."], said
    assert GAME.text.event(events[0], "en") == (
        "Player 3 rolls 2: the same danger again (cell 3), roll again.")


# -- transmission (G5, G4) ----------------------------------------------------------------


def test_teammate_may_pass_on_a_protection() -> None:
    """« s'il ne possède pas la protection requise, mais qu'un autre joueur la possède, ce
    dernier peut essayer de lui transmettre la protection » (G5)."""
    state = game(dice=(2,), protections={2: ["anti_espion"], 3: ["anti_espion"]})
    events = roll(state)
    assert kinds(events)[-1] == "offer"
    assert state.active_players() == (2, 3)  # both holders may offer, at once
    assert set(state.legal_actions(2)) == {Action.make("transmit"), Action.make("decline")}


def test_successful_transmission() -> None:
    """« Pour que la transmission soit réussie, le coéquipier doit répondre seul correctement à
    une carte quiz […] S'il répond correctement il acquiert la protection pour lui-même. Le
    joueur qui a transmis sa protection la conserve » — and the danger is removed."""
    state = game(dice=(2,), protections={2: ["anti_espion"]})
    roll(state)
    state.apply(2, Action.make("transmit"))
    quiz = state.view(0)["quiz"]
    assert (quiz["answerer"], quiz["series"], quiz["solo"]) == (0, "anti_espion", True)
    events = answer(state, right=True)
    assert has(state, 0, "anti_espion") and has(state, 2, "anti_espion")
    assert "danger_removed" in kinds(events)
    assert 2 in state.view(None)["removed"]
    assert state.current == 1


def test_failed_transmission_pushes_back() -> None:
    """« si aucun joueur ne possède cette protection (ou si la transmission de la protection a
    échoué), le joueur recule »."""
    state = game(dice=(2,), protections={2: ["anti_espion"]})
    roll(state)
    state.apply(2, Action.make("transmit"))
    events = answer(state, right=False)
    assert "pushback" in kinds(events)
    assert not has(state, 0, "anti_espion")
    assert state.pos == 1


def test_every_holder_declines() -> None:
    """Offering is a choice (« peut essayer »): when every holder declines, the pawn goes back."""
    state = game(dice=(2,), protections={1: ["anti_espion"], 3: ["anti_espion"]})
    roll(state)
    state.apply(1, Action.make("decline"))
    assert state.active_players() == (3,)
    events = state.apply(3, Action.make("decline"))
    assert "pushback" in kinds(events)


def test_the_offer_told_keeps_its_holders_once_they_declined() -> None:
    """The offer's event held the state's very list of holders, which each « decline »
    emptied: told again later (a screen reloaded, the journal, a replay's step), the line
    read « peut transmettre la protection… » with nobody before it. An event is a value."""
    from ludinum.games.gnou.text import GnouText

    state = game(dice=(2,), protections={1: ["anti_espion"], 3: ["anti_espion"]})
    offer = next(e for e in roll(state) if e.kind == "offer")
    said = GnouText().event(offer, "fr")
    state.apply(1, Action.make("decline"))
    state.apply(3, Action.make("decline"))
    assert offer.data["holders"] == [1, 3]
    assert said.startswith("Joueur 2, Joueur 4 peuvent"), said
    assert GnouText().event(offer, "fr") == said


def test_transmission_question_is_hidden_from_teammates() -> None:
    """« le coéquipier doit répondre *seul* » (G4): until the answer, only the learner sees the
    question; the others see that a solo quiz is under way."""
    state = game(dice=(2,), protections={2: ["anti_espion"]})
    roll(state)
    state.apply(2, Action.make("transmit"))
    assert "question" in state.view(0)["quiz"]
    for other in (1, 2, 3, None):
        quiz = state.view(other)["quiz"]
        assert quiz["solo"] and "question" not in quiz and "id" not in quiz
        assert "choices" not in quiz


# -- awareness cells ------------------------------------------------------------------


def test_awareness_quiz_wins_a_protection() -> None:
    """« le joueur décide pour quel type de danger il souhaite essayer d'obtenir une protection.
    Il pioche une carte quiz […] S'il réussit, il acquiert la protection […] puis on passe au
    joueur suivant qui tirera le(s) dé(s). »"""
    state = game(pos=0, dice=(6,))
    roll(state)
    assert state.step == "choose"
    state.apply(0, Action.make("seek", protection="logiciels_libres"))
    assert state.view(1)["quiz"]["series"] == "logiciels_libres"
    assert not state.view(1)["quiz"]["solo"]  # G4: the team may help
    answer(state, right=True)
    assert has(state, 0, "logiciels_libres")
    assert state.current == 1 and state.step == "roll"


def test_awareness_quiz_failed() -> None:
    """« S'il échoue, on passe au joueur suivant qui tirera le(s) dé(s) »."""
    state = game(pos=0, dice=(6,))
    roll(state)
    state.apply(0, Action.make("seek", protection="anti_espion"))
    answer(state, right=False)
    assert not has(state, 0, "anti_espion")
    assert state.current == 1 and state.step == "roll"


def test_awareness_offers_only_missing_protections() -> None:
    """A player seeks a protection they do not have yet."""
    state = game(pos=0, dice=(6,), protections={0: ["anti_espion", "oeuvres_libres"]})
    roll(state)
    offered = {a.word("protection") for a in state.legal_actions(0)}
    assert offered == {"logiciels_libres", "services_decentralises", "action_citoyenne"}
    with pytest.raises(IllegalActionError):
        state.apply(0, Action.make("seek", protection="anti_espion"))


def test_awareness_with_all_protections_rolls_again() -> None:
    """« Si le joueur qui débute ou avance sur cette case possède déjà les 5 protections, il
    effectue (ou ré-effectue) l'action de jeter le(s) dé(s). »"""
    every = ["anti_espion", "logiciels_libres", "oeuvres_libres", "services_decentralises",
             "action_citoyenne"]
    state = game(pos=0, dice=(6, 4), protections={0: every})
    events = roll(state)
    assert kinds(events) == ["roll", "all_protections"]
    assert state.current == 0 and state.step == "roll"
    roll(state)
    assert state.pos == 10


# -- liberty, community and GULL ---------------------------------------------------------


def test_liberty_success_moves_to_the_next_awareness_cell() -> None:
    """« S'il réussit il avance son pion sur la prochaine case “sensibilisation” – et on passe
    au joueur suivant qui effectuera l'action de la case atteinte. »"""
    state = game(pos=6, dice=(4,), protections={0: ["logiciels_libres"]})
    roll(state)  # 10: liberty « utiliser »
    assert state.view(0)["quiz"]["series"] == "utiliser"
    answer(state, right=True)
    assert state.pos == 13
    assert state.current == 1 and state.step == "choose"  # the awareness action


def test_liberty_failure_next_player_rolls() -> None:
    """« S'il échoue, on passe au joueur suivant qui tirera le(s) dé(s) »."""
    state = game(pos=6, dice=(4,))
    roll(state)
    answer(state, right=False)
    assert state.pos == 10 and state.current == 1 and state.step == "roll"


def test_community_success_moves_to_the_first_awareness_cell() -> None:
    """Case 1 « la communauté du libre » : « Le joueur pioche une carte quiz de la série
    “culture générale” […] S'il réussit il avance son pion sur la prochaine case
    “sensibilisation” »."""
    state = game(pos=0, dice=(1,))
    roll(state)
    assert state.view(0)["quiz"]["series"] == "culture_generale"
    answer(state, right=True)
    assert state.pos == 6


def test_gull_success_wins() -> None:
    """« Remarque : la case “GULL” fait avancer sur la case finale 42. »"""
    state = game(pos=36, dice=(1,), protections={0: ["anti_espion"]}, removed=(36,))
    roll(state)
    assert state.view(0)["quiz"]["series"] == "culture_generale"
    events = answer(state, right=True)
    assert state.pos == 42 and "win" in kinds(events)
    assert state.outcome().winners == (0, 1, 2, 3)


def test_overshoot_stops_on_42_and_wins() -> None:
    """« Si le jet de dé(s) amène le pion au-delà de la case 42, il reste sur la case 42. » and
    « L'équipe gagne lorsque le pion a atteint la case 42. » (G9)."""
    state = game(pos=40, dice=(6,))
    events = roll(state)
    assert state.pos == 42
    assert kinds(events)[-1] == "win"
    assert state.is_terminal() and not state.active_players()


# -- quiz cards (G3) ------------------------------------------------------------------------


def test_quiz_card_goes_under_its_pile() -> None:
    """« La carte quiz tirée est replacée sous la pile d'où elle a été tirée. » (G3)."""
    state = game(pos=0, dice=(1,))
    key = 9 * 3  # culture générale, level 1
    roll(state)
    assert state.quiz is not None
    pile = state.piles[key]
    assert pile is not None and pile[-1] == state.quiz[0]
    first = state.quiz[0]
    answer(state, right=False)
    state.pos, state.current, state.step = 0, 0, "roll"
    state.rng.rolls = [1]  # type: ignore[attr-defined]
    roll(state)
    assert state.quiz[0] == pile[0] != first  # the next card, the first one went under


def test_each_player_may_have_their_own_level() -> None:
    """« si les joueurs sont de niveaux différents […] il est possible d'appliquer un handicap :
    dans ce cas les joueurs plus au fait des enjeux du numérique devront tirer des cartes
    ayant un niveau de difficulté plus important » (G3)."""
    state = game(pos=0, dice=(1,), handicap="3,1,1,1")
    roll(state)
    quiz = state.view(0)["quiz"]
    assert quiz["level"] == 3
    assert load_bank().questions[load_bank().by_id[quiz["id"]]].level == 3


def test_handicap_must_give_one_level_per_player() -> None:
    """The refusal names the field as the set-up page does (« Niveau de chaque joueur »),
    not the option's name in code."""
    with pytest.raises(OptionError, match="Niveau de chaque joueur : il faut un niveau"):
        GAME.new_state(4, 0, {"handicap": "1,2"})
    with pytest.raises(OptionError, match="par joueur \\(2\\)"):
        GAME.new_state(2, 0, {"handicap": "1,4"})


def test_right_answer_is_in_no_view() -> None:
    """The right answer of an open question is hidden information until it is given."""
    state = game(pos=0, dice=(1,))
    roll(state)
    for seat in (None, 0, 1, 2, 3):
        quiz = state.view(seat)["quiz"]
        assert "answer" not in quiz and "explanation" not in quiz
    events = answer(state, right=True)
    assert next(e for e in events if e.kind == "answer").data["right"] is True


# -- hard mode (G7) and game master (G8) ---------------------------------------------------


def test_hard_mode_using_a_protection_needs_a_solo_quiz() -> None:
    """« Lorsqu'un joueur souhaite utiliser sa protection […] il doit piocher une carte quiz
    correspondante et y répondre seul. » (G7)."""
    state = game(dice=(2,), protections={0: ["anti_espion"]}, hard_mode=True)
    roll(state)
    quiz = state.view(0)["quiz"]
    assert (quiz["series"], quiz["purpose"], quiz["solo"]) == ("anti_espion", "use", True)
    events = answer(state, right=True)
    assert "danger_removed" in kinds(events)
    assert has(state, 0, "anti_espion")


def test_hard_mode_failure_loses_the_protection() -> None:
    """« S'il échoue il perd sa protection et ne peut donc l'utiliser. » Then, as without it,
    a teammate may pass it on, or the pawn goes back."""
    state = game(dice=(2,), protections={0: ["anti_espion"], 1: ["anti_espion"]}, hard_mode=True)
    roll(state)
    events = answer(state, right=False)
    assert "protection_lost" in kinds(events)
    assert not has(state, 0, "anti_espion")
    assert state.active_players() == (1,)  # the teammate may offer


def test_hard_mode_giver_answers_before_passing_on() -> None:
    """« que ce soit pour éliminer un danger ou pour transmettre cette protection à un autre
    joueur, il doit piocher une carte quiz correspondante et y répondre seul » (G7)."""
    state = game(dice=(2,), protections={2: ["anti_espion"]}, hard_mode=True)
    roll(state)
    state.apply(2, Action.make("transmit"))
    assert state.view(2)["quiz"]["purpose"] == "give"
    answer(state, right=True)
    assert state.view(0)["quiz"]["purpose"] == "learn"
    answer(state, right=True)
    assert has(state, 0, "anti_espion") and has(state, 2, "anti_espion")


def test_hard_mode_giver_fails() -> None:
    state = game(dice=(2,), protections={2: ["anti_espion"]}, hard_mode=True)
    roll(state)
    state.apply(2, Action.make("transmit"))
    events = answer(state, right=False)
    assert kinds(events)[1:3] == ["protection_lost", "pushback"]
    assert not has(state, 2, "anti_espion")


def test_game_master_may_show_a_hint() -> None:
    """« Si les joueurs sont en difficulté, le meneur de jeu peut donner des indices. » (G8)."""
    state = game(pos=0, dice=(1, 1), game_master=True)
    roll(state)
    assert Action.make("hint") in state.legal_actions(0)
    state.apply(0, Action.make("hint"))
    assert state.view(None)["quiz"]["hint"]
    assert Action.make("hint") not in state.legal_actions(0)


def test_no_hint_without_game_master() -> None:
    state = game(pos=0, dice=(1,))
    roll(state)
    assert Action.make("hint") not in state.legal_actions(0)


# -- refusals --------------------------------------------------------------------------


def test_refused_actions_change_nothing() -> None:
    state = game(pos=0, dice=(1,))
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(1, Action.make("roll"))
    roll(state)
    snapshot = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(0, Action.make("answer", choice=9))
    with pytest.raises(IllegalActionError):
        state.apply(0, Action.make("roll"))
    assert state.to_json() == snapshot
    assert before != snapshot
