"""Web Runners rule cases, one test per case (DATC style).

Each docstring quotes the seed text (``000_acb6c22c0a9b4f07.txt``) and cites the rulings of
``RULINGS.md``. Default board (``content/webrunners/board.yaml``): circle 1 has START at 0,
yellow 3/14/22, red 8/17, orange 10/19, green 6/15, bridges 5 (3 bars), 12 (2 bars) and
20 (1 bar); circle 2 bridges 4/9/15, circle 3 bridges 3/6/9 (3, 2, 1 bars).
"""

from __future__ import annotations

import pytest

from ludinum.engine import IllegalActionError, PlayerCountError, public
from ludinum.games.webrunners import GAME, rules
from ludinum.games.webrunners.base import OVER
from tests.webrunners.helpers import act, arrange, hand, kinds, legal, new, pawn

# -- players, setup ----------------------------------------------------------------------


def test_two_to_four_players() -> None:
    """« Entre 2 et 4 joueurs (ou équipes de joueurs) »."""
    for players in (2, 3, 4):
        GAME.new_state(players, 1)
    for players in (1, 5):
        with pytest.raises(PlayerCountError):
            GAME.new_state(players, 1)


def test_hands_of_six_and_pawns_on_start() -> None:
    """« Les pions sont positionnés sur la case START » ; « chaque joueur prend 6 cartes »."""
    s = new(4)
    assert all(len(h) == 6 for h in s.hands)
    assert all(pawn(s, p) == (1, 0) for p in range(4))
    assert len(s.draw) == len(rules.DECK_DATA.full()) - 24


def test_first_player_fewest_accounts() -> None:
    """W15: « C'est le joueur qui a le moins de compte sur les réseaux sociaux qui
    commence. » Everybody answers both questions (nobody learns whether there was a tie)."""
    s = new(3, first_player="questions")
    assert s.active_players() == (0, 1, 2)
    act(s, 0, "accounts n=4")
    act(s, 1, "accounts n=1")
    act(s, 2, "accounts n=3")
    assert s.active_players() == (0, 1, 2) and s.view(0)["phase"] == "setup_phone"
    act(s, 0, "phone age=15")
    act(s, 1, "phone age=9")
    events = act(s, 2, "phone age=12")
    assert s.first == 1 and s.cur == 1
    assert any(e.kind == "first_player" and e.data["seat"] == 1 for e in events)
    # The table is told how, never what anyone answered (W15).
    said = [GAME.text.event(e, "fr") for e in events if e.kind == "first_player"]
    assert said == ["Joueur 2 commence (d'après les réponses aux deux questions)."]


def test_first_player_tie_latest_first_phone() -> None:
    """W15: « Au cas où plusieurs joueurs auraient un même nombre réduit de comptes, c'est
    celui qui a eu son premier téléphone portable à l'âge le plus tardif qui commence. »
    Answers are forgotten once the order is known and never appear in events."""
    s = new(3, first_player="questions")
    act(s, 0, "accounts n=2")
    act(s, 1, "accounts n=5")
    act(s, 2, "accounts n=2")
    act(s, 0, "phone age=11")
    act(s, 1, "phone age=16")  # latest, but not among the fewest accounts
    events = act(s, 2, "phone age=13")
    assert s.first == 2
    data = s.to_json()
    assert data["answers"] == [] and data["phone"] == []
    for e in events:
        assert "age" not in e.data and "n" not in e.data


def test_first_player_no_phone_is_latest() -> None:
    """W15: a player with no phone yet had it « à l'âge le plus tardif »."""
    s = new(2, first_player="questions")
    act(s, 0, "accounts n=0")
    act(s, 1, "accounts n=0")
    act(s, 0, "phone age=0")
    act(s, 1, "phone age=17")
    assert s.first == 0


def test_answers_hidden_from_other_seats() -> None:
    """W15: answers serve only to order the players: no view shows them."""
    s = new(3, first_player="questions")
    act(s, 0, "accounts n=7")
    for p in (None, 1, 2):
        assert "7" not in str(s.view(p).get("answered")), p
        assert s.view(p)["answered"] == [True, False, False]


def test_first_player_host_is_seat_one() -> None:
    """W15: the host may choose; the host orders the seats and the first seat starts."""
    s = new(4, first_player="host")
    assert s.first == 0 and s.active_players() == (0,)
    # Said true at a room's table and at a class's, where nobody chose (W15).
    said = public("first_player", seat=0, how="host")
    assert GAME.text.event(said, "fr") == "Joueur 1 commence (à la place 1)."
    assert GAME.text.event(said, "en") == "Player 1 starts (in seat 1)."


def test_characters_dealt_are_distinct() -> None:
    """« Les joueurs se répartissent par tirage au sort […] les cartes Personnages » (W13)."""
    s = new(4, characters="dealt")
    assert sorted(s.chars) == [0, 1, 2, 3]


def test_characters_chosen_in_turn() -> None:
    """« … ou par consensus » : option characters=chosen, each seat picks in turn (W13)."""
    s = new(3, characters="chosen")
    assert s.active_players() == (0,)
    act(s, 0, "character name=geekcolo")
    assert "character name=geekcolo" not in legal(s, 1)
    act(s, 1, "character name=white_hat")
    act(s, 2, "character name=influenceuse")
    assert s.view(None)["characters"] == ["geekcolo", "white_hat", "influenceuse"]
    assert s.active_players() == (0,) and s.view(0)["phase"] == "main"


# -- movement ----------------------------------------------------------------------------


def test_move_clockwise_exact_then_draw() -> None:
    """« avance son pion d'autant de cases qu'indiqué sur la carte, dans le sens d'une
    aiguille d'une montre. Après s'être déplacé, il défausse sa carte et en récupère une
    autre dans la pioche. » (W4, W14)"""
    s = arrange(new(2), hands={0: ["plain_2", "plain_1"]}, pawns={0: (1, 2)}, draw=["plain_10"])
    act(s, 0, "move card=plain_2")
    assert pawn(s, 0) == (1, 4)
    assert hand(s, 0) == ["plain_1", "plain_10"]
    assert s.disc == [rules.DECK_DATA.by_id["plain_2"]]
    assert s.cur == 1


def test_circles_are_loops() -> None:
    """W4: circles 1-3 are loops; passing START does nothing."""
    s = arrange(new(2), hands={0: ["plain_5"]}, pawns={0: (1, 21)})
    act(s, 0, "move card=plain_5")
    assert pawn(s, 0) == (1, 2)


def test_passing_a_bridge_entry_does_not_stop() -> None:
    """W4: passing a bridge entry does not stop the pawn (cell 5 is a PONT 3 entry)."""
    s = arrange(new(2), hands={0: ["plain_5", "plain_pont"] + ["plain_pont"] * 2},
                pawns={0: (1, 2)})
    act(s, 0, "move card=plain_5")
    assert pawn(s, 0) == (1, 7)


def test_other_pawns_do_not_block() -> None:
    """W4: other pawns do not block; two pawns may share a cell."""
    s = arrange(new(2), hands={0: ["plain_2"]}, pawns={0: (1, 2), 1: (1, 4)})
    act(s, 0, "move card=plain_2")
    assert pawn(s, 0) == pawn(s, 1) == (1, 4)


def test_stay_discards_one_and_draws_one() -> None:
    """« il peut […] rester sur place : dans ce cas, il défausse l'une de ses cartes et
    pioche une nouvelle carte. » (W14)"""
    s = arrange(new(2), hands={0: ["plain_10", "plain_pont"]}, pawns={0: (1, 4)},
                draw=["plain_5"])
    events = act(s, 0, "stay card=plain_10")
    assert pawn(s, 0) == (1, 4)
    assert hand(s, 0) == ["plain_5", "plain_pont"]
    assert "stay" in kinds(events) and s.cur == 1


def test_stay_discard_is_face_down() -> None:
    """« une DÉFAUSSE […] pour recevoir les cartes utilisées, qui seront positionnées face
    cachée » : a stayed card is known only to its player."""
    s = arrange(new(2), hands={0: ["plain_10"]}, draw=["plain_5"])
    act(s, 0, "stay card=plain_10")
    assert s.view(0)["discard_top"] == "plain_10"
    assert s.view(1)["discard_top"] is None
    assert s.view(None)["discard_top"] is None


# -- bridges (W3) ------------------------------------------------------------------------


def test_bridge_one_bar() -> None:
    """« PONT à 1 trait : Jouer 1 carte PONT puis la défausser / Se positionner sur la case
    de sortie du PONT / Piocher 1 carte. »"""
    s = arrange(new(2), hands={0: ["plain_pont", "plain_1"]}, pawns={0: (1, 20)},
                draw=["plain_2"])
    act(s, 0, "cross")
    assert pawn(s, 0) == (2, 0)
    assert hand(s, 0) == ["plain_1", "plain_2"]
    assert s.m_bridges == [1, 0, 0]


def test_bridge_two_bars() -> None:
    """« PONT à 2 traits : Jouer 2 cartes PONT puis les défausser / Se positionner sur la
    case de sortie du PONT / Piocher 1 carte. »"""
    s = arrange(new(2), hands={0: ["plain_pont", "plain_pont", "plain_1"]},
                pawns={0: (1, 12)}, draw=["plain_2"])
    act(s, 0, "cross")
    assert pawn(s, 0) == (2, 3)
    assert hand(s, 0) == ["plain_1", "plain_2"]


def test_bridge_three_bars_is_a_shortcut() -> None:
    """« PONT à 3 traits : Jouer 3 cartes PONT » ; « Les cases PONTS 2 ou 3 offrent des
    raccourcis sur le parcours et affaiblissent la main du joueur » (W2)."""
    s = arrange(new(2), hands={0: ["plain_pont"] * 3 + ["plain_1"]}, pawns={0: (1, 5)},
                draw=["plain_2"])
    act(s, 0, "cross")
    assert pawn(s, 0) == (2, 6)
    assert len(s.hands[0]) == 2


def test_cannot_cross_without_enough_bridge_cards() -> None:
    """« Pour les franchir, le joueur doit disposer de cartes PONT » : 2 bars need 2."""
    s = arrange(new(2), hands={0: ["plain_pont", "plain_1"]}, pawns={0: (1, 12)})
    assert "cross" not in legal(s, 0)
    with pytest.raises(IllegalActionError, match="2 carte"):
        act(s, 0, "cross")


def test_cross_only_from_entry_cell() -> None:
    """W3: a player may cross only from a bridge's entry cell, at the start of a turn."""
    s = arrange(new(2), hands={0: ["plain_pont"] * 3}, pawns={0: (1, 13)})
    assert "cross" not in legal(s, 0)
    with pytest.raises(IllegalActionError, match="pas de pont"):
        act(s, 0, "cross")


def test_bridge_cards_chosen_one_at_a_time_when_it_matters() -> None:
    """W3, compound decision in steps: with different bridge cards the player chooses
    which ones to play (their messages are shown, W16)."""
    s = arrange(new(2), hands={0: ["plain_pont", "communaute", "e_learning"]},
                pawns={0: (1, 12)})
    act(s, 0, "cross")
    assert s.view(0)["phase"] == "pay"
    assert legal(s, 0) == {"pay card=plain_pont", "pay card=communaute", "pay card=e_learning"}
    act(s, 0, "pay card=communaute")
    act(s, 0, "pay card=e_learning")
    assert pawn(s, 0) == (2, 3)
    assert hand(s, 0) == ["plain_1", "plain_pont"]


def test_bridge_exit_colour_applies(monkeypatch: pytest.MonkeyPatch) -> None:
    """W3: « The exit cell's colour effect applies » (here an orange exit)."""
    colours = [list(c) for c in rules.COLOURS]
    colours[1][0] = 3  # circle 2, cell 0 (PONT 1 exit) made orange
    monkeypatch.setattr(rules, "COLOURS", tuple(tuple(c) for c in colours))
    s = arrange(new(2), hands={0: ["plain_pont"]}, pawns={0: (1, 20)})
    act(s, 0, "cross")
    assert len(s.hands[0]) == 1 + 3


# -- the inner circle (W4) ---------------------------------------------------------------


def test_after_bridge_to_inner_circle_on_cell_1() -> None:
    """« Après avoir franchi le Pont, le joueur se positionne sur la case 1 »."""
    s = arrange(new(2), hands={0: ["plain_pont"] * 2}, pawns={0: (3, 6)})
    act(s, 0, "cross")
    assert pawn(s, 0) == (4, 1)


def test_inner_from_1_moves_to_2_5_10() -> None:
    """« DEPUIS LA CASE 1 : Jouer une carte 2 […] 5 […] 10 et se positionner sur la case »."""
    for value in (2, 5, 10):
        s = arrange(new(2), hands={0: [f"plain_{value}", "plain_1"]}, pawns={0: (4, 1)})
        assert "move card=plain_1" not in legal(s, 0)
        act(s, 0, f"move card=plain_{value}")
        assert pawn(s, 0) == (4, value)


def test_inner_from_1_three_bridges_win() -> None:
    """« Jouer 3 cartes PONT pour se rendre sur le centre et gagner la partie. »"""
    s = arrange(new(2), hands={0: ["plain_pont"] * 3}, pawns={0: (4, 1)})
    events = act(s, 0, "cross")
    assert s.phase == OVER and s.outcome().winners == (0,)
    assert "win" in kinds(events)
    assert s.view(1)["winner"] == 0


def test_inner_from_2_or_5_ten_or_two_bridges() -> None:
    """« DEPUIS LES CASES 2 ET 5 : Jouer une carte 10 pour se déplacer sur le côté vers la
    case 10 / Jouer 2 cartes PONT pour se rendre sur le centre »."""
    for start in (2, 5):
        s = arrange(new(2), hands={0: ["plain_10", "plain_5", "plain_2", "plain_pont"]},
                    pawns={0: (4, start)})
        assert "move card=plain_5" not in legal(s, 0)
        assert "move card=plain_2" not in legal(s, 0)
        assert "cross" not in legal(s, 0)
        act(s, 0, "move card=plain_10")
        assert pawn(s, 0) == (4, 10)
        s = arrange(new(2), hands={0: ["plain_pont"] * 2}, pawns={0: (4, start)})
        act(s, 0, "cross")
        assert s.outcome().winners == (0,)


def test_inner_from_10_one_bridge() -> None:
    """« DEPUIS LA CASE 10, IL FAUT : Jouer 1 carte PONT pour se rendre sur le centre »."""
    s = arrange(new(2), hands={0: ["plain_pont", "plain_10"]}, pawns={0: (4, 10)})
    assert "move card=plain_10" not in legal(s, 0)
    act(s, 0, "cross")
    assert s.outcome().winners == (0,)


# -- colours (W5) ------------------------------------------------------------------------


def test_red_cell_immunity() -> None:
    """« LES CASES ROUGES […] Le joueur dont le pion est positionné sur l'une de ces cases ne
    peut se voir infliger de dégâts. »"""
    s = arrange(new(2), hands={0: ["cyberviolence"]}, pawns={1: (1, 8)})
    assert "attack card=cyberviolence" not in legal(s, 0)


def test_red_cell_player_may_attack_and_retro_applies() -> None:
    """« Par contre, il peut […] en infliger aux autres... Mais, si ceux-ci disposent de
    cartes RÉTRO-DÉGÂTS, il subira les dégâts qu'il a voulu infliger ! » (W5)"""
    s = arrange(new(2), hands={0: ["cyberviolence"], 1: ["contre_cyberviolence"]},
                pawns={0: (1, 8), 1: (1, 11)})
    act(s, 0, "attack card=cyberviolence")
    act(s, 0, "target seat=1")
    act(s, 1, "retro card=contre_cyberviolence")
    assert pawn(s, 0) == (1, 0)
    assert pawn(s, 1) == (1, 11)


def test_yellow_cell_plays_again() -> None:
    """« LES CASES JAUNE : le joueur qui se positionne sur l'une de ces cases peut
    REJOUER. »"""
    s = arrange(new(2), hands={0: ["plain_2", "plain_1"]}, pawns={0: (1, 1)})
    events = act(s, 0, "move card=plain_2")
    assert pawn(s, 0) == (1, 3)
    assert s.cur == 0 and s.active_players() == (0,)
    assert "colour" in kinds(events)
    act(s, 0, "move card=plain_1")
    assert s.cur == 1


def test_orange_cell_draws_three() -> None:
    """« LES CASES ORANGE : le joueur qui se place sur cette case PIOCHE 3 CARTES » (W5: the
    sentence crediting yellow cells with cards is a slip)."""
    s = arrange(new(2), hands={0: ["plain_2"] + ["plain_1"] * 5}, pawns={0: (1, 8)})
    act(s, 0, "move card=plain_2")
    assert pawn(s, 0) == (1, 10)
    assert len(s.hands[0]) == 6 + 3


def test_green_cell_discard_then_redraw() -> None:
    """« LES CASES VERTES : le joueur […] peut DÉFAUSSER autant de cartes qu'il souhaite et
    prendre un nombre de carte équivalent dans la pioche. » One at a time, then done."""
    s = arrange(new(2), hands={0: ["plain_2", "plain_1", "plain_1", "plain_10"]},
                pawns={0: (1, 4)}, draw=["plain_pont"] * 5)
    act(s, 0, "move card=plain_2")
    assert pawn(s, 0) == (1, 6) and s.view(0)["phase"] == "green"
    assert legal(s, 0) == {"discard card=plain_1", "discard card=plain_10",
                           "discard card=plain_pont", "done"}
    act(s, 0, "discard card=plain_1")
    act(s, 0, "discard card=plain_1")
    act(s, 0, "done")
    assert hand(s, 0) == ["plain_10"] + ["plain_pont"] * 3
    assert s.cur == 1


# -- damage cards ------------------------------------------------------------------------


def _attack(s: object, attacker: int, card_id: str, target: int) -> None:
    act(s, attacker, f"attack card={card_id}")  # type: ignore[arg-type]
    act(s, attacker, f"target seat={target}")  # type: ignore[arg-type]


def test_cyberviolence_outer_circle_back_to_start() -> None:
    """« CYBER-VIOLENCE : Si le joueur visé est sur le cercle extérieur, il retourne à la case
    START » (W11)."""
    s = arrange(new(2), hands={0: ["cyberviolence"]}, pawns={1: (1, 16)})
    _attack(s, 0, "cyberviolence", 1)
    act(s, 1, "accept")
    assert pawn(s, 1) == (1, 0)


def test_cyberviolence_other_circle_back_to_pont1_exit() -> None:
    """« s'il se trouve sur un autre cercle, il retourne à la case de sortie du PONT 1 du
    cercle où il se trouve » (W11; cell « 1 » on the inner circle)."""
    s = arrange(new(2), hands={0: ["cyberviolence"]}, pawns={1: (2, 11)})
    _attack(s, 0, "cyberviolence", 1)
    act(s, 1, "accept")
    assert pawn(s, 1) == (2, 0)
    s = arrange(new(2), hands={0: ["cyberviolence"]}, pawns={1: (4, 10)})
    _attack(s, 0, "cyberviolence", 1)
    act(s, 1, "accept")
    assert pawn(s, 1) == (4, 1)


def test_hacking_target_shows_hand_and_swaps_up_to_two() -> None:
    """« HACKING : […] montre sa Main. Peut prélever jusqu'à 2 cartes de sa Main en les
    remplaçant par un nombre équivalent de cartes issues de sa propre Main. » W8: the target
    shows the hand to the attacker; take and give one card at a time, then done."""
    s = arrange(new(2), hands={0: ["hacking", "plain_1", "plain_2"],
                               1: ["plain_pont", "plain_10", "plain_5"]})
    _attack(s, 0, "hacking", 1)
    act(s, 1, "accept")
    view = s.view(0)
    assert view["pending"]["shown"] == ["plain_10", "plain_5", "plain_pont"]
    assert "shown" not in s.view(1)["pending"]
    assert legal(s, 0) == {"take card=plain_pont", "take card=plain_10", "take card=plain_5",
                           "done", "timeout"}
    act(s, 0, "take card=plain_pont")
    assert legal(s, 0) == {"give card=plain_1", "give card=plain_2", "timeout"}
    act(s, 0, "give card=plain_1")
    act(s, 0, "take card=plain_10")
    act(s, 0, "give card=plain_2")
    assert "take card=plain_5" not in legal(s, 0)  # at most 2
    act(s, 0, "done")
    assert hand(s, 1) == ["plain_1", "plain_2", "plain_5"]
    assert sorted(hand(s, 0)) == ["plain_1", "plain_10", "plain_pont"]  # + 1 card drawn


def test_hacking_runs_out_of_time_and_is_cancelled() -> None:
    """« La transaction doit prendre une minute maximum, sinon l'action est annulée. »
    W12: a one-minute timer (default 60 s); its timeout action cancels every swap."""
    s = arrange(new(2), hands={0: ["hacking", "plain_1"], 1: ["plain_pont"]})
    _attack(s, 0, "hacking", 1)
    act(s, 1, "accept")
    act(s, 0, "take card=plain_pont")
    deadline = s.deadline()
    assert deadline is not None
    assert (deadline.kind, deadline.seconds, deadline.player) == ("one_minute", 60, 0)
    assert deadline.action.to_text() == "timeout"
    events = act(s, 0, "timeout")
    assert "cancelled" in kinds(events)
    assert hand(s, 1) == ["plain_pont"]


def test_obsolescence_discards_5_10_and_bridges() -> None:
    """« OBSOLESCENCE PROGRAMMÉE : Exige du joueur visé qu'il montre sa Main et qu'il
    défausse toutes ses cartes de DÉPLACEMENT de valeurs 5, 10 et PONT. Le joueur récupère
    un nombre équivalent de cartes dans la pioche. »"""
    s = arrange(new(2), hands={0: ["obsolescence_programmee"],
                               1: ["plain_5", "plain_10", "plain_pont", "plain_2", "debug"]},
                draw=["plain_1"] * 5)
    _attack(s, 0, "obsolescence_programmee", 1)
    events = act(s, 1, "accept")
    assert hand(s, 1) == ["debug", "plain_1", "plain_1", "plain_1", "plain_2"]
    shown = next(e for e in events if e.kind == "damage")
    assert shown.to is None and len(shown.data["hand"]) == 5


def test_bug_moves_back_chosen_distance_on_same_circle() -> None:
    """« BUG : Fait reculer de 1 à 8 cases le joueur visé, tout en restant sur le cercle
    concentrique » (W10: the attacker chooses, after the response window)."""
    s = arrange(new(2), hands={0: ["bug"]}, pawns={1: (2, 11)})
    _attack(s, 0, "bug", 1)
    act(s, 1, "accept")
    assert legal(s, 0) == {f"distance cells={n}" for n in range(1, 9)}
    act(s, 0, "distance cells=6")
    assert pawn(s, 1) == (2, 5)


def test_bug_never_below_circle_entry() -> None:
    """W10: never below the circle's entry cell (the PONT 1 exit on circle 2, START on 1)."""
    s = arrange(new(2), hands={0: ["bug"]}, pawns={1: (2, 3)})
    _attack(s, 0, "bug", 1)
    act(s, 1, "accept")
    act(s, 0, "distance cells=8")
    assert pawn(s, 1) == (2, 0)
    s = arrange(new(2), hands={0: ["bug"]}, pawns={1: (1, 2)})
    _attack(s, 0, "bug", 1)
    act(s, 1, "accept")
    act(s, 0, "distance cells=5")
    assert pawn(s, 1) == (1, 0)


def test_surveillance_draw_five_keep_two() -> None:
    """« SURVEILLANCE : Prendre 5 cartes dans la pioche : possibilité d'en garder 2 maximum à
    condition de les remplacer par un nombre équivalent de cartes issues de sa propre Main. »
    W9: aimed at nobody; the rest goes to the discard."""
    s = arrange(new(3), hands={0: ["surveillance", "plain_1", "plain_1"]},
                draw=["plain_2", "plain_2", "plain_pont", "plain_10", "plain_5", "plain_5",
                      "plain_2"])
    act(s, 0, "attack card=surveillance")
    assert s.view(0)["phase"] == "window" and s.active_players() == (1, 2)
    act(s, 1, "pass")
    act(s, 2, "pass")
    assert sorted(s.view(0)["pending"]["cards"]) == ["plain_10", "plain_2", "plain_5",
                                                     "plain_5", "plain_pont"]
    assert "cards" not in s.view(1)["pending"]
    act(s, 0, "keep card=plain_pont")
    act(s, 0, "give card=plain_1")
    act(s, 0, "keep card=plain_10")
    act(s, 0, "give card=plain_1")
    assert not any(a.startswith("keep") for a in legal(s, 0))
    act(s, 0, "done")
    assert hand(s, 0) == ["plain_10", "plain_2", "plain_pont"]  # + 1 card for the damage card


def test_surveillance_runs_out_of_time() -> None:
    """« L'opération doit prendre une minute maximum, sinon l'action est annulée. » (W12)"""
    s = arrange(new(2), hands={0: ["surveillance", "plain_1"]}, draw=["plain_pont"] * 8)
    act(s, 0, "attack card=surveillance")
    act(s, 1, "pass")
    act(s, 0, "keep card=plain_pont")
    act(s, 0, "give card=plain_1")
    assert s.deadline() is not None and s.deadline().kind == "one_minute"  # type: ignore[union-attr]
    act(s, 0, "timeout")
    assert hand(s, 0) == ["plain_1", "plain_pont"]  # kept nothing; drew 1 for the card


def test_contre_surveillance_cancels_and_draws_instead() -> None:
    """« N'importe quel joueur qui dispose de la carte CONTRE-SURVEILLANCE peut annuler
    l'utilisation d'une carte SURVEILLANCE par un autre joueur. Prendre 5 cartes […] » (W9)"""
    s = arrange(new(3), hands={0: ["surveillance"], 2: ["contre_surveillance", "plain_1"]},
                draw=["plain_10"] * 8)
    act(s, 0, "attack card=surveillance")
    act(s, 2, "counter card=contre_surveillance")
    assert s.active_players() == (2,) and s.view(2)["phase"] == "surveil"
    act(s, 2, "keep card=plain_10")
    act(s, 2, "give card=plain_1")
    act(s, 2, "done")
    assert hand(s, 2) == ["plain_10", "plain_10"]
    assert hand(s, 0) == ["plain_10"]


# -- retro-damage (W7) -------------------------------------------------------------------


def test_contre_cyberviolence_returns_to_sender() -> None:
    """« La carte RÉTRO-DÉGÂT annule l'attaque et retourne les DÉGÂTS sur l'envoyeur. »"""
    s = arrange(new(2), hands={0: ["cyberviolence"], 1: ["contre_cyberviolence"]},
                pawns={0: (2, 12), 1: (2, 14)})
    _attack(s, 0, "cyberviolence", 1)
    assert "retro card=contre_cyberviolence" in legal(s, 1)
    act(s, 1, "retro card=contre_cyberviolence")
    assert pawn(s, 0) == (2, 0) and pawn(s, 1) == (2, 14)


def test_contre_hacking_hacks_the_attacker() -> None:
    """« CONTRE-HACKING : Exige du joueur qui a attaqué qu'il montre sa main. Peut prélever
    jusqu'à 2 cartes […] » (W8)."""
    s = arrange(new(2), hands={0: ["hacking", "plain_pont"], 1: ["contre_hacking", "plain_1"]})
    _attack(s, 0, "hacking", 1)
    act(s, 1, "retro card=contre_hacking")
    assert s.active_players() == (1,)
    assert s.view(1)["pending"]["shown"] == ["plain_pont"]
    act(s, 1, "take card=plain_pont")
    act(s, 1, "give card=plain_1")
    act(s, 1, "done")
    assert "plain_pont" in hand(s, 1) and "plain_1" in hand(s, 0)


def test_contre_obsolescence_hits_the_attacker() -> None:
    """« CONTRE-OBSOLESCENCE : Exige du joueur qui a menacé d'infliger des DÉGATS de type
    Obsolescence programmée qu'il montre sa Main, qu'il défausse toutes ses cartes de valeurs
    5, 10 et PONT et qu'il reprenne un nombre équivalent de cartes dans la pioche. »"""
    s = arrange(new(2), hands={0: ["obsolescence_programmee", "plain_10", "plain_1"],
                               1: ["contre_obsolescence", "plain_pont"]},
                draw=["plain_2"] * 6)
    _attack(s, 0, "obsolescence_programmee", 1)
    act(s, 1, "retro card=contre_obsolescence")
    assert "plain_10" not in hand(s, 0)
    assert "plain_pont" in hand(s, 1)


def test_debug_returning_target_chooses_distance() -> None:
    """« DÉBUG : Fait reculer le joueur qui a menacé d'infliger des DÉGATS de type BUG de 8
    cases maximum (mais sans le faire rétrograder à un cercle inférieur). » (W10)"""
    s = arrange(new(2), hands={0: ["bug"], 1: ["debug"]}, pawns={0: (3, 8), 1: (3, 9)})
    _attack(s, 0, "bug", 1)
    act(s, 1, "retro card=debug")
    assert s.active_players() == (1,)
    act(s, 1, "distance cells=8")
    assert pawn(s, 0) == (3, 0) and pawn(s, 1) == (3, 9)


def test_retro_must_match_the_damage() -> None:
    """« 5 types de cartes DÉGÂT et 5 cartes RÉTRO-DÉGÂT » : each answers its own damage."""
    s = arrange(new(2), hands={0: ["bug"], 1: ["contre_hacking", "contre_cyberviolence"]})
    _attack(s, 0, "bug", 1)
    assert legal(s, 1) == {"accept"}


def test_response_window_timeout_means_no_answer() -> None:
    """W7: a response window (default 20 s); no answer = the damage applies."""
    s = arrange(new(2), hands={0: ["cyberviolence"], 1: ["contre_cyberviolence"]},
                pawns={1: (1, 11)})
    _attack(s, 0, "cyberviolence", 1)
    deadline = s.deadline()
    assert deadline is not None
    assert (deadline.kind, deadline.seconds, deadline.player) == ("response", 20, 1)
    act(s, deadline.player, deadline.action.to_text())
    assert pawn(s, 1) == (1, 0)


def test_turn_based_deadlines_have_no_limit() -> None:
    """W7, W12: 0 seconds means turn-based play, no limit."""
    s = arrange(new(2, response_seconds=0, one_minute_seconds=0), hands={0: ["hacking"]})
    _attack(s, 0, "hacking", 1)
    assert s.deadline().seconds == 0  # type: ignore[union-attr]
    act(s, 1, "accept")
    assert s.deadline().seconds == 0  # type: ignore[union-attr]


def test_refills_after_attack_and_retro() -> None:
    """« Après avoir infligé des dégâts, le joueur défausse sa carte et en pioche une
    autre » ; the retro player « défausse sa carte et en récupère une nouvelle » (W14)."""
    s = arrange(new(2), hands={0: ["cyberviolence", "plain_1"],
                               1: ["contre_cyberviolence", "plain_1"]})
    _attack(s, 0, "cyberviolence", 1)
    act(s, 1, "retro card=contre_cyberviolence")
    assert len(s.hands[0]) == 2 and len(s.hands[1]) == 2


# -- targets (W6) ------------------------------------------------------------------------


def test_four_players_target_neighbours_only() -> None:
    """« Dans une configuration avec 4 joueurs […] les dégâts peuvent être infligés, soit au
    joueur situé à gauche, soit au joueur situé à droite. »"""
    s = arrange(new(4), hands={0: ["bug"]})
    act(s, 0, "attack card=bug")
    assert legal(s, 0) == {"target seat=1", "target seat=3"}
    with pytest.raises(IllegalActionError, match="visé"):
        act(s, 0, "target seat=2")


def test_three_players_target_anyone() -> None:
    """« Si l'on joue à 2 ou 3 joueurs, […] les joueurs n'ont pas de restriction concernant
    les joueurs qu'ils peuvent attaquer. »"""
    s = arrange(new(3), hands={0: ["bug"]})
    act(s, 0, "attack card=bug")
    assert legal(s, 0) == {"target seat=1", "target seat=2"}


def test_immune_neighbour_is_not_a_target() -> None:
    """W6: a player on a red cell cannot be targeted."""
    s = arrange(new(4), hands={0: ["bug"]}, pawns={1: (2, 7)})
    act(s, 0, "attack card=bug")
    assert legal(s, 0) == {"target seat=3"}


# -- characters (W13) --------------------------------------------------------------------


def test_white_hat_changes_a_movement_value() -> None:
    """« WHITE HAT : Changez la valeur d'une carte de DÉPLACEMENT » : a 1 played as a 10."""
    s = arrange(new(2), hands={0: ["plain_1"]}, pawns={0: (1, 2)}, chars={0: "white_hat"})
    act(s, 0, "whitehat card=plain_1")
    assert legal(s, 0) == {"convert to=m2", "convert to=m5", "convert to=m10", "cancel"}
    act(s, 0, "convert to=m10")
    assert pawn(s, 0) == (1, 12) and s.used[0]


def test_white_hat_movement_card_as_bridge() -> None:
    """« … ou transformez-la en carte PONT (et réciproquement) »."""
    s = arrange(new(2), hands={0: ["plain_5", "plain_pont"]}, pawns={0: (1, 12)},
                chars={0: "white_hat"})
    assert "cross" not in legal(s, 0)
    act(s, 0, "whitehat card=plain_5")
    act(s, 0, "convert to=bridge")
    assert pawn(s, 0) == (2, 3)


def test_white_hat_bridge_card_as_movement() -> None:
    """« (et réciproquement) » : a bridge card played as a movement card."""
    s = arrange(new(2), hands={0: ["plain_pont"]}, pawns={0: (4, 1)}, chars={0: "white_hat"})
    act(s, 0, "whitehat card=plain_pont")
    assert legal(s, 0) == {"convert to=m2", "convert to=m5", "convert to=m10", "cancel"}
    act(s, 0, "convert to=m5")
    assert pawn(s, 0) == (4, 5)


def test_power_once_per_game() -> None:
    """« CHAQUE PERSONNAGE POURRA UTILISER UN POUVOIR SPÉCIAL, UNE SEULE FOIS »."""
    s = arrange(new(2), hands={0: ["plain_1", "plain_2"]}, chars={0: "white_hat"})
    act(s, 0, "whitehat card=plain_1")
    act(s, 0, "convert to=m2")
    s.cur, s.phase = 0, 3
    assert not any(a.startswith("whitehat") for a in legal(s, 0))


def test_white_hat_cancel_keeps_the_power() -> None:
    """W13: choosing the card then cancelling does not use the power."""
    s = arrange(new(2), hands={0: ["plain_1"]}, chars={0: "white_hat"})
    act(s, 0, "whitehat card=plain_1")
    act(s, 0, "cancel")
    assert not s.used[0] and "whitehat card=plain_1" in legal(s, 0)


def test_influenceuse_takes_a_random_card_from_a_neighbour() -> None:
    """« INFLUENCEUSE : Choisissez un joueur à votre droite ou à votre gauche et piochez une
    carte de sa main. La carte prélevée ne sera pas remplacée. » Does not end the turn."""
    s = arrange(new(4), hands={0: ["plain_1"], 1: ["plain_pont", "plain_pont"],
                               2: ["plain_10"]}, chars={0: "influenceuse"})
    assert {"influence seat=1", "influence seat=3"} <= legal(s, 0)
    assert "influence seat=2" not in legal(s, 0)
    events = act(s, 0, "influence seat=1")
    assert hand(s, 0) == ["plain_1", "plain_pont"] and len(s.hands[1]) == 1
    stolen = next(e for e in events if e.kind == "stolen")
    assert stolen.to == (0, 1)
    assert s.cur == 0 and s.view(0)["phase"] == "main"


def test_power_ends_turn_option() -> None:
    """W13 option power_ends_turn: using Influenceuse then ends the turn."""
    s = arrange(new(2, power_ends_turn=True), hands={1: ["plain_2"]},
                chars={0: "influenceuse"})
    act(s, 0, "influence seat=1")
    assert s.cur == 1


def test_cyber_activiste_cancels_an_attack() -> None:
    """« CYBER-ACTIVISTE : Annulez une attaque menée à votre encontre (sans pouvoir lancer de
    contre-attaque). » (W7)"""
    s = arrange(new(2), hands={0: ["cyberviolence"]}, pawns={0: (1, 9), 1: (1, 16)},
                chars={1: "cyber_activiste"})
    _attack(s, 0, "cyberviolence", 1)
    act(s, 1, "cyberactivist")
    assert pawn(s, 1) == (1, 16) and pawn(s, 0) == (1, 9)
    assert s.used[1]


def test_geekcolo_takes_any_discarded_card() -> None:
    """« GEEKCOLO : Fouillez la défausse et récupérez une carte de votre choix sans défausser
    de carte de votre main. »"""
    s = arrange(new(2), hands={0: ["plain_1"]}, chars={0: "geekcolo"},
                discard=["plain_pont", "plain_10", "debug"])
    act(s, 0, "geekcolo")
    assert s.view(0)["pending"]["discard"] == ["debug", "plain_10", "plain_pont"]
    assert "discard" not in (s.view(1)["pending"] or {})
    act(s, 0, "pick card=plain_10")
    assert hand(s, 0) == ["plain_1", "plain_10"]
    assert len(s.disc) == 2 and s.view(0)["phase"] == "main"


# -- deck, end, theme --------------------------------------------------------------------


def test_empty_draw_pile_reshuffles_discard() -> None:
    """« Quand il n'y a plus de carte dans la pioche, la défausse devient la nouvelle
    Pioche. » (W17: shuffled)"""
    s = arrange(new(2), hands={0: ["plain_2"]}, pawns={0: (1, 2)}, draw=[],
                discard=["plain_10", "plain_pont"])
    events = act(s, 0, "move card=plain_2")
    assert "reshuffle" in kinds(events)
    assert len(s.hands[0]) == 1 and len(s.draw) == 2 and s.disc == []


def test_round_cap_ends_without_winner() -> None:
    """The max_rounds option bounds every game: reached, no winner."""
    s = arrange(new(2, max_rounds=5), hands={0: ["plain_1"] * 6, 1: ["plain_1"] * 6})
    s.round = 5
    act(s, 0, "stay card=plain_1")
    events = act(s, 1, "stay card=plain_1")
    assert "round_cap" in kinds(events)
    assert s.is_terminal() and s.outcome().winners == ()
    # The board and the replay count the last round played: « tour 5 », not 6.
    assert s.view(None)["round"] == 5 and s.metrics()["turns"] == 5


def test_theme_card_shows_its_message() -> None:
    """W16: « les joueurs devront flasher le QRcode imprimé au dos des cartes possédant le
    code couleur choisi » : a card of the chosen theme shows its message to everyone."""
    s = arrange(new(2, theme="information"), hands={0: ["fake_news", "sedentarite"]},
                pawns={0: (1, 1)})
    events = act(s, 0, "move card=fake_news")
    message = next(e for e in events if e.kind == "message")
    assert message.to is None and message.data["card"] == "fake_news"
    assert message.data["speaker"] == "influenceuse" and "vérifie la date" in message.data["text"]
    s = arrange(new(2, theme="information"), hands={0: ["sedentarite"]}, pawns={0: (1, 1)})
    assert "message" not in kinds(act(s, 0, "move card=sedentarite"))


def test_cyber_activiste_cannot_stop_surveillance() -> None:
    """W9, W13: Surveillance is aimed at nobody, so Cyber-activiste (« une attaque menée à
    votre encontre ») does not apply; only Contre-surveillance answers it."""
    s = arrange(new(2), hands={0: ["surveillance"]}, chars={1: "cyber_activiste"})
    act(s, 0, "attack card=surveillance")
    assert legal(s, 1) == {"pass"}


def test_returned_attack_cannot_be_answered() -> None:
    """Gap G1: a retro-damage is final (« sans pouvoir lancer de contre-attaque »)."""
    s = arrange(new(2), hands={0: ["cyberviolence", "contre_cyberviolence"],
                               1: ["contre_cyberviolence"]},
                pawns={0: (1, 9)}, chars={0: "cyber_activiste"})
    _attack(s, 0, "cyberviolence", 1)
    act(s, 1, "retro card=contre_cyberviolence")
    assert pawn(s, 0) == (1, 0) and s.cur == 1 and not s.used[0]


def test_pushed_pawn_gets_no_colour_effect() -> None:
    """Gap G2: a pawn sent back by Bug onto an orange cell draws nothing."""
    s = arrange(new(2), hands={0: ["bug"]}, pawns={1: (1, 12)})
    _attack(s, 0, "bug", 1)
    act(s, 1, "accept")
    act(s, 0, "distance cells=2")
    assert pawn(s, 1) == (1, 10) and len(s.hands[1]) == 6


def test_empty_hand_stays_and_draws() -> None:
    """Gap G3: with no card left, the turn is « stay », drawing one card."""
    s = arrange(new(2), hands={0: []}, draw=["plain_5"])
    assert legal(s, 0) == {"stay"}
    act(s, 0, "stay")
    assert hand(s, 0) == ["plain_5"]


def test_attack_is_public_in_every_view() -> None:
    """W7: the whole table sees the attack and whom it targets while the target decides."""
    s = arrange(new(3), hands={0: ["hacking"]})
    _attack(s, 0, "hacking", 2)
    for p in (None, 0, 1, 2):
        pending = s.view(p)["pending"]
        assert pending["attack"] == {"card": "hacking", "effect": "hacking", "by": 0,
                                     "target": 2, "returned_by": None}
        assert pending["seat"] == 2


def test_refusals_explain_why() -> None:
    """Refused actions raise a bilingual error naming the reason and change nothing."""
    s = arrange(new(2), hands={0: ["plain_1"]}, pawns={0: (4, 1)})
    before = s.to_json()
    with pytest.raises(IllegalActionError) as error:
        act(s, 0, "move card=plain_1")  # no 1-move on the inner circle
    assert "chemin" in error.value.fr and "path" in error.value.en
    with pytest.raises(IllegalActionError):
        act(s, 1, "stay card=plain_1")  # not seat 2's turn
    assert s.to_json() == before


def test_redacted_answers_replay_to_the_same_game() -> None:
    """W15: once the first player is known, ``redact`` gives every answer a neutral form
    (the first player none, the others one account; no phone) that replays to the same
    state, random generator included, with a tie on accounts or without."""
    from ludinum.engine import Action

    game = GAME
    cases = [
        ((4, 1, 3), (15, 9, 12)),  # no tie
        ((2, 5, 2), (11, 16, 13)),  # tie broken by the first phone
        ((0, 0, 0), (12, 12, 12)),  # tie on both: drawn
    ]
    for seed, (accounts, ages) in enumerate(cases):
        s = GAME.new_state(3, seed, {"first_player": "questions"})
        log = [(p, Action.from_text(f"accounts n={n}")) for p, n in enumerate(accounts)]
        log += [(p, Action.from_text(f"phone age={a}")) for p, a in enumerate(ages)]
        assert game.redact(s, 0, log[0][1]) is None  # still needed
        for p, action in log:
            s.apply(p, action)
        neutral = [(p, game.redact(s, p, a)) for p, a in log]
        assert all(a is not None and a.kind in game.personal for _, a in neutral)
        assert [a.to_json() for _, a in neutral if a is not None] == [
            {"kind": "accounts", "n": 0 if p == s.first else 1} for p in range(3)
        ] + [{"kind": "phone", "age": 0}] * 3
        again = game.replay(s.config, [(p, a) for p, a in neutral if a is not None])
        assert again.to_json() == s.to_json()
