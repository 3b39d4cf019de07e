"""Le Voleur de Données's words as a pupil reads them (review of the terminal game): points,
cards, proofs and turns agree with their number, and a board line reads without a glitch."""

from __future__ import annotations

from ludinum.engine import Event
from ludinum.games.voleur import GAME
from ludinum.games.voleur.text import count
from tests.voleur.helpers import PAPER, board, fresh, give

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
    french, english = TEXT.view(state.view(0), "fr"), TEXT.view(state.view(0), "en")
    assert "— —" not in french and "— —" not in english
    paper = _line(french, "    [bold]Plateau papier[/bold]")  # Joueur 1's, the first
    assert "sensible (5) : aucune — [dim]tes mesures cachées : " in paper
    assert "sensitive (5): none — [dim]your hidden measures: " in english
