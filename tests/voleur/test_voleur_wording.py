"""Le Voleur de Données's words as a pupil reads them (review of the terminal game): points,
cards, proofs and turns agree with their number, and a board line reads without a glitch."""

from __future__ import annotations

from ludinum.engine import Event
from ludinum.games.voleur import GAME
from ludinum.games.voleur.text import count
from tests.voleur.helpers import PAPER, board, fresh, give, turn

TEXT = GAME.text


def _line(text: str, start: str) -> str:
    return next(t for t in text.splitlines() if t.startswith(start))


def test_counts_agree_with_their_nouns() -> None:
    assert [count(n, "point", "fr") for n in (0, 1, 41)] == ["0 point", "1 point", "41 points"]
    assert [count(n, "point", "en") for n in (0, 1, 41)] == ["0 points", "1 point", "41 points"]
    assert count(1, "card", "fr") == "1 carte" and count(2, "card", "fr") == "2 cartes"
    assert count(1, "proof", "fr") == "1 preuve" and count(3, "proof", "en") == "3 proofs"


def test_player_lines_say_point_card_and_proof_in_the_right_number() -> None:
    """« Joueur 1 (toi) — 1 pts, 1 cartes, 3 preuve(s) » was shown."""
    state = fresh(4, thief=3)
    board(state, 0, PAPER, data=("annuaire_interne",))
    give(state, 0, "armoire_a_cle")
    state.proofs[1] = [GAME.deck.index["armoire_ouverte"]]
    view = state.view(0)
    french, english = TEXT.view(view, "fr"), TEXT.view(view, "en")
    assert _line(french, "[bold]Joueur 1 (toi)[/bold]").endswith(" — 1 point, 1 carte")
    assert _line(english, "[bold]Player 1 (you)[/bold]").endswith(" — 1 point, 1 card")
    assert _line(french, "[bold]Joueur 2[/bold]").endswith(" — 10 points, 3 cartes, 1 preuve")
    assert _line(english, "[bold]Player 2[/bold]").endswith(" — 10 points, 3 cards, 1 proof")
    assert "Joueur 4 — 0 point — butin" in french and "Player 4 — 0 points — loot" in english
    assert "(s)" not in french + english and " pts" not in french + english


def test_events_count_turns_and_cards() -> None:
    one = Event("breach_skip", {"player": 0, "card": "armoire_ouverte", "turns": 1})
    two = Event("breach_skip", {"player": 0, "card": "armoire_ouverte", "turns": 2})
    assert TEXT.event(one, "fr").endswith("Joueur 1 passe 1 tour.")
    assert TEXT.event(two, "fr").endswith("Joueur 1 passe 2 tours.")
    assert TEXT.event(one, "en").endswith("Player 1 misses 1 turn.")
    shuffled = Event("reshuffle", {"player": 1, "cards": 12})
    assert TEXT.event(shuffled, "fr").endswith("la défausse est mélangée (12 cartes).")


def test_an_empty_slot_does_not_run_into_the_next_part() -> None:
    """« sensible (5) : — — tes mesures cachées » read like a glitch."""
    state = fresh(4, thief=3)
    board(state, 0, PAPER, data=("annuaire_interne",), hidden=("armoire_a_cle",))
    turn(state, 1)  # not Joueur 1's turn to lay: his boards name their data
    french, english = TEXT.view(state.view(0), "fr"), TEXT.view(state.view(0), "en")
    assert "— —" not in french and "— —" not in english
    paper = _line(french, "  [bold]Papier[/bold]")  # Joueur 1's, the first
    assert paper.endswith("Annuaire interne (standard, 1 point) — [dim]ta mesure cachée : "
                          "Armoire fermée à clé[/dim]")  # one: « ta mesure », not « tes »
    assert "Staff directory (standard, 1 point) — [dim]your hidden measure: " in english


def test_a_board_line_names_only_the_slots_that_hold_data() -> None:
    """« Plateau papier : standard (1) : aucune | hautement confidentielle (3) : aucune |
    sensible (5) : aucune » was written for every board: 100 characters a board, wrapped
    over two lines on a phone and in a 100-column terminal, most of them « aucune »."""
    state = fresh(4, thief=3)
    board(state, 0, PAPER, data=("annuaire_interne", "dossier_medical"))
    turn(state, 1)  # not Joueur 1's turn to lay: his boards name their data
    french, english = TEXT.view(state.view(0), "fr"), TEXT.view(state.view(0), "en")
    paper = _line(french, "  [bold]Papier[/bold]")
    # The cards first, their slot after: « Plateau papier : standard (1) : Annuaire
    # interne » read as two labels in a row.
    assert paper == ("  [bold]Papier[/bold] : Annuaire interne (standard, 1 point) ╎ "
                     "Dossier médical (sensible, 5 points)")
    assert "aucune |" not in french and "none |" not in english
    # A board without data says so once, in words.
    assert _line(french, "  [bold]Numérique[/bold]").endswith(" : aucune donnée")
    assert _line(english, "  [bold]Digital[/bold]").endswith(": no data")
    empty = [t for t in french.splitlines() if t.endswith("aucune donnée") and "│" not in t
             and t.startswith("  [bold]")]
    # Joueur 1's digital board; both of Joueur 2's and Joueur 3's, on one line each (the
    # terminal's 24 rows): « Papier : aucune donnée │ Numérique : aucune donnée »
    both = [t for t in french.splitlines() if t.count("aucune donnée") == 2]
    assert len(empty) == 1 and len(both) == 2, french
    assert max(map(len, empty + both)) <= 80  # was 122 characters a board, markup included


def test_the_thief_waiting_for_a_defence_is_told_so() -> None:
    """While the manager he attacked answers, the thief's phone said « Tu es le voleur de
    données : attends ton tour pour attaquer. », as if his attack had not been played."""
    state = fresh(3, thief=2)
    view = dict(state.view(2))
    view["round"] = 4
    assert "attends ton tour pour attaquer" in TEXT.waiting(view, "fr")
    view["attack"] = {"card": "armoire_ouverte", "target": 0, "board": "paper"}
    french, english = TEXT.waiting(view, "fr"), TEXT.waiting(view, "en")
    assert french == "Ton attaque est lancée : le gestionnaire attaqué décide s'il la contre."
    assert english == ("Your attack is on: the data manager attacked decides whether to "
                       "counter it.")
    assert TEXT.waiting(dict(view, role="manager"), "fr") == ""



def test_the_end_line_says_points_after_each_name() -> None:
    """« Fin de la partie. Scores : Joueur 1 21, Joueur 2 19 » ran a seat's number into its
    score (read aloud: « joueur un vingt et un »)."""
    over = Event("game_over", {"scores": [21, 1, 17]})
    assert TEXT.event(over, "fr") == (
        "Fin de la partie. Scores : Joueur 1 (21 points), Joueur 2 (1 point), "
        "Joueur 3 (17 points).")
    assert TEXT.event(over, "en") == (
        "Game over. Scores: Player 1 (21 points), Player 2 (1 point), Player 3 (17 points).")
