"""Web Runners: the seed text read sentence by sentence (issue 17 audit), the text's deck
(W1) and the forced-move colours option (W5).

Each docstring quotes the sentence of ``000_acb6c22c0a9b4f07.txt`` it checks. Board as in
``test_webrunners_rules.py``: circle 1 yellow 3/14/22, red 8/17, orange 10/19, green 6/15.
"""

from __future__ import annotations

from collections import Counter

from ludinum.games.webrunners import GAME
from ludinum.games.webrunners.data import BRIDGE, DAMAGE, DECK_DATA, MOVE, RETRO
from tests.webrunners.helpers import act, arrange, hand, kinds, legal, new, pawn


def _attack(s: object, attacker: int, card_id: str, target: int) -> None:
    act(s, attacker, f"attack card={card_id}")  # type: ignore[arg-type]
    act(s, attacker, f"target seat={target}")  # type: ignore[arg-type]


def _deck(**options: object) -> Counter[str]:
    state = GAME.new_state(4, 3, {"first_player": "host", **options})
    cards = [c for h in state.hands for c in h] + state.draw  # type: ignore[attr-defined]
    return Counter(DECK_DATA.cards[c].id for c in cards)


# -- the deck (W1) -------------------------------------------------------------------------


def test_default_deck_has_every_named_card_once() -> None:
    """« Il y a 5 types de cartes DÉGÂT et 5 cartes RÉTRO-DÉGÂT » and the four themes list
    35 named cards. W1: every named card exists; the extra copies are plain movement and
    bridge cards only. The default deck (option ``deck=faithful``) follows the text."""
    deck = _deck()
    named = [c for c in DECK_DATA.cards if c.theme is not None]
    assert len(named) == 35
    assert all(deck[c.id] == 1 for c in named)
    kinds = Counter(DECK_DATA.cards[DECK_DATA.by_id[i]].kind for i in deck.elements())
    assert kinds[DAMAGE] == 5 and kinds[RETRO] == 5
    plain = [c for c in DECK_DATA.cards if c.theme is None]
    assert {c.kind for c in plain} == {MOVE, BRIDGE}
    assert all(deck[c.id] == c.copies for c in plain)


def test_tuned_deck_is_an_option() -> None:
    """W1: the tuned deck (damage and retro-damage cards tripled) stays one option away."""
    deck = _deck(deck="tuned")
    assert deck["bug"] == deck["debug"] == 3
    assert deck["fake_news"] == 1
    assert sum(deck.values()) == 75
    assert sum(_deck().values()) == 55


# -- forced moves and colours (W5 option forced_move_colours) ------------------------------


def test_pushed_pawn_on_orange_draws_three_with_the_option() -> None:
    """« LES CASES ORANGE : le joueur qui se place sur cette case PIOCHE 3 CARTES » : with
    ``forced_move_colours`` a pawn sent back by Bug onto orange draws 3."""
    s = arrange(new(2, forced_move_colours=True), hands={0: ["bug"]}, pawns={1: (1, 12)})
    _attack(s, 0, "bug", 1)
    act(s, 1, "accept")
    events = act(s, 0, "distance cells=2")
    assert pawn(s, 1) == (1, 10)
    assert len(s.hands[1]) == 6 + 3
    assert "colour" in kinds(events)
    assert s.cur == 1


def test_pushed_pawn_on_green_discards_and_redraws_with_the_option() -> None:
    """« LES CASES VERTES : le joueur qui se positionne sur l'une de ces cases peut
    DÉFAUSSER autant de cartes qu'il souhaite et prendre un nombre de carte équivalent dans
    la pioche. » With the option, the pushed player does it, then the turn passes."""
    s = arrange(new(2, forced_move_colours=True), hands={0: ["bug", "plain_2"],
                                                      1: ["plain_10", "plain_1"]},
                pawns={1: (1, 9)}, draw=["plain_pont"] * 6)
    _attack(s, 0, "bug", 1)
    act(s, 1, "accept")
    act(s, 0, "distance cells=3")
    assert pawn(s, 1) == (1, 6)
    assert s.active_players() == (1,) and s.view(1)["phase"] == "green"
    assert legal(s, 0) == set()
    act(s, 1, "discard card=plain_1")
    act(s, 1, "done")
    assert hand(s, 1) == ["plain_10", "plain_pont"]
    assert s.cur == 1 and s.view(1)["phase"] == "main"
    assert hand(s, 0) == ["plain_2", "plain_pont"]  # the attacker's refill


def test_debug_sends_the_attacker_onto_yellow_who_plays_again_with_the_option() -> None:
    """« LES CASES JAUNE : le joueur qui se positionne sur l'une de ces cases peut
    REJOUER. » With the option, a Débug that puts the attacker on yellow during his own
    turn lets him play again."""
    s = arrange(new(2, forced_move_colours=True), hands={0: ["bug"], 1: ["debug"]},
                pawns={0: (1, 5)})
    _attack(s, 0, "bug", 1)
    act(s, 1, "retro card=debug")
    act(s, 1, "distance cells=2")
    assert pawn(s, 0) == (1, 3)
    assert s.cur == 0 and s.active_players() == (0,)


def test_pushed_pawn_gets_no_colour_by_default() -> None:
    """The text gives the colours to « le joueur qui se positionne / se place », the one who
    moves: by default (the text's reading) a pushed pawn gets nothing."""
    s = arrange(new(2), hands={0: ["bug"]}, pawns={1: (1, 9)})
    _attack(s, 0, "bug", 1)
    act(s, 1, "accept")
    act(s, 0, "distance cells=3")
    assert pawn(s, 1) == (1, 6) and s.cur == 1 and s.view(1)["phase"] == "main"


# -- the audit: sentences no rule case quoted yet ------------------------------------------

THEME_CARDS = {
    "relations": ["Divulgateur d'un nu", "Pornographie", "Enfermement numérique",
                  "Identité numérique", "Amour en distance", "Communauté", "Cyberviolence",
                  "Contre-cyberviolence"],
    "sante": ["Sédentarité", "Lumière bleue", "Jeux d'argent addictifs",
              "Passion du jeu vidéo", "Matériel reconditionné", "Obsolescence programmée",
              "Contre-obsolescence"],
    "information": ["Fake news", "Influencers", "Données personnelles", "Cyberactivisme",
                    "Identifiants sécurisés", "Hacking", "Contre-hacking", "Surveillance",
                    "Contre-surveillance", "Polémique avec un troll", "Bug", "Débug"],
    "education": ["Création de contenus", "Droits d'auteur", "Musique & streaming",
                  "S'informer", "Hobbies et passion", "Initiation au codage", "E-learning",
                  "Exposé en classe"],
}


def test_the_four_themes_list_their_cards() -> None:
    """« LES 4 PARTIES ONT POUR THÈMES : […] LES CARTES QUI CORRESPONDENT À CE THÈME
    SONT : » — each theme has exactly the cards the text lists (W16)."""
    for theme, names in THEME_CARDS.items():
        got = sorted(c.name_fr for c in DECK_DATA.cards if c.theme == theme)
        assert got == sorted(names), theme


def test_four_kinds_of_cards() -> None:
    """« Il existe 4 types de cartes : DÉPLACEMENT de valeur 1, 2, 5 ou 10 […] PONT […]
    DÉGÂTS […] RÉTRO-DÉGÂTS »."""
    kinds_ = {(c.kind, c.value) for c in DECK_DATA.cards}
    assert {v for k, v in kinds_ if k == MOVE} == {1, 2, 5, 10}
    assert {k for k, _ in kinds_} == {MOVE, BRIDGE, DAMAGE, RETRO}


def test_a_card_of_another_theme_shows_no_message() -> None:
    """« Selon la partie choisie, les joueurs devront flasher le QRcode imprimé au dos des
    cartes possédant le code couleur choisi » : only the chosen theme's cards speak."""
    s = arrange(new(2, theme="sante"), hands={0: ["fake_news"]})
    assert "message" not in kinds(act(s, 0, "move card=fake_news"))
    s = arrange(new(2, theme="sante"), hands={0: ["sedentarite"]})
    assert "message" in kinds(act(s, 0, "move card=sedentarite"))


def test_after_a_bridge_the_pawn_goes_on_clockwise() -> None:
    """« Au tour suivant, le joueur continue de se déplacer dans le sens d'une aiguille
    d'une montre. » — on the new circle, forward from the bridge's exit."""
    s = arrange(new(2), hands={0: ["plain_pont", "plain_2"], 1: ["plain_1"] * 6},
                pawns={0: (1, 20)})
    act(s, 0, "cross")
    assert pawn(s, 0) == (2, 0)
    act(s, 1, "stay card=plain_1")
    act(s, 0, "move card=plain_2")
    assert pawn(s, 0) == (2, 2)


def test_yellow_cells_give_no_cards() -> None:
    """« D'où l'intérêt de se positionner sur les cases jaunes du plateau de jeu afin
    d'obtenir des cartes supplémentaires » is read as a slip (W5): yellow plays again,
    orange draws. The hand after a move onto yellow only got its refill."""
    s = arrange(new(2), hands={0: ["plain_2", "plain_1"]}, pawns={0: (1, 1)})
    act(s, 0, "move card=plain_2")
    assert pawn(s, 0) == (1, 3) and len(s.hands[0]) == 2


def test_damage_only_on_ones_own_turn() -> None:
    """« Les joueurs peuvent utiliser une carte DÉGÂTS quand c'est à leur tour de
    jouer. »"""
    s = arrange(new(2), hands={0: ["plain_1"], 1: ["bug", "hacking"]})
    assert legal(s, 1) == set()
    act(s, 0, "move card=plain_1")
    assert {"attack card=bug", "attack card=hacking"} <= legal(s, 1)


def test_contre_hacking_runs_out_of_time() -> None:
    """« CONTRE-HACKING : […] La transaction doit prendre une minute maximum, sinon la
    mesure de réparation est annulée. » (W12)"""
    s = arrange(new(2), hands={0: ["hacking", "plain_pont"], 1: ["contre_hacking", "plain_1"]})
    _attack(s, 0, "hacking", 1)
    act(s, 1, "retro card=contre_hacking")
    act(s, 1, "take card=plain_pont")
    deadline = s.deadline()
    assert deadline is not None and (deadline.kind, deadline.player) == ("one_minute", 1)
    events = act(s, 1, "timeout")
    assert "cancelled" in kinds(events)
    assert "plain_pont" in hand(s, 0) and "plain_pont" not in hand(s, 1)


def test_first_player_by_the_text_s_questions_by_default() -> None:
    """« C'est le joueur qui a le moins de compte sur les réseaux sociaux qui commence. »
    W15: the text's two questions are the default (``random`` and ``host`` are options)."""
    state = GAME.new_state(3, 1)
    assert state.view(0)["phase"] == "setup_accounts"  # type: ignore[attr-defined]
    assert set(state.active_players()) == {0, 1, 2}


def test_bots_play_both_decks_to_the_end() -> None:
    """W1: the heuristic bots (and the tuning loop) work with the text's deck and the tuned
    one: every game ends with a winner, before the round cap."""
    from ludinum.games.webrunners.tuning import simulate

    for deck in ("faithful", "tuned"):
        result = simulate(12, 4, ["heuristic"], 5, {"deck": deck})
        assert result["winner_rate"] == 1.0, deck


def test_a_configuration_stored_before_the_deck_option_replays_with_the_tuned_deck() -> None:
    """One seed gives one game: a stored configuration without ``deck`` (written before W1's
    option existed, when every game used the tuned deck) is dealt the tuned deck again."""
    from ludinum.engine import GameConfig

    tuned = GAME.make_config(4, 3, {"first_player": "host", "deck": "tuned"})
    old = GameConfig(tuned.game, tuned.players, tuned.seed,
                     {k: v for k, v in tuned.options.items() if k != "deck"})
    a, b = GAME.setup(tuned), GAME.setup(old)
    assert a.hands == b.hands and a.draw == b.draw  # type: ignore[attr-defined]
