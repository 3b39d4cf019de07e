"""Wording of the games' own sentences that the content review found wrong (H1–H5, H8, H10)
and the second pass (Hacker): agreement, « case », plural labels, English quotes, card
names said as names, « chiffrement »."""

from __future__ import annotations

from ludinum.engine import Action, Event
from ludinum.games.gnou import GAME as GNOU
from ludinum.games.hacker import GAME as HACKER
from ludinum.games.voleur import GAME as VOLEUR
from ludinum.games.webrunners import GAME as WEBRUNNERS


def test_several_holders_agree_in_the_plural_h1() -> None:
    one = GNOU.text.event(Event("offer", {"holders": [0], "protection": "anti_espion"}))
    two = GNOU.text.event(Event("offer", {"holders": [0, 2], "protection": "anti_espion"}))
    assert " peut transmettre la protection « Dispositifs anti-espion »" in one
    assert " peuvent transmettre la protection « Dispositifs anti-espion »" in two


def test_the_pawn_goes_to_a_cell_h2() -> None:
    text = GNOU.text.event(Event("roll", {"player": 1, "dice": [3, 4], "to": 12}))
    assert "le pion va à la case 12 (" in text


def test_english_uses_english_quotes_and_names_h4_h5() -> None:
    offer = GNOU.text.event(
        Event("offer", {"holders": [0], "protection": "oeuvres_libres"}), "en"
    )
    assert offer.endswith("may pass on the protection “Works under a free licence”.")
    assert "«" not in offer
    turn = GNOU.text.event(Event("turn", {"turn": 3, "player": 0}), "en")
    assert "Turn 3:" in turn and " :" not in turn
    assert GNOU.text.event(Event("turn", {"turn": 3, "player": 0})).startswith("Tour 3 :")


def test_steal_every_card_of_a_category_in_the_plural_h3() -> None:
    view: dict[str, object] = {}
    sensitive = Action.make("steal", category="sensitive")
    confidential = Action.make("steal", category="confidential")
    assert VOLEUR.text.action(sensitive, view) == "Voler toutes les données « sensibles »"
    assert (
        VOLEUR.text.action(confidential, view)
        == "Voler toutes les données « hautement confidentielles »"
    )
    # « standard » is an invariable adjective: « des données standard », never « standards ».
    standard = Action.make("steal", category="standard")
    assert VOLEUR.text.action(standard, view) == "Voler toutes les données « standard »"


def test_a_played_card_is_named_as_a_card_h10() -> None:
    event = Event("move", {"seat": 0, "card": "divulgateur_nu", "circle": 1, "cell": 3})
    french = WEBRUNNERS.text.event(event)
    assert " joue la carte « Divulgateur d'un nu, 1 case » et va sur " in french
    english = WEBRUNNERS.text.event(event, "en")
    assert " plays the card “Nude leaker, 1 cell” and moves to " in english


def test_hacker_says_chiffrement_and_agrees_with_several_winners() -> None:
    text = HACKER.text.event(Event("encrypted", {"count": 2, "account": 1}))
    assert text == "Chiffrement : 2 virus écartés du compte 2."
    one = HACKER.text.event(Event("game_over", {"winners": [0]}))
    tied = HACKER.text.event(Event("game_over", {"winners": [0, 2]}))
    assert one.startswith("Fin de la partie ! Gagnant : ")
    assert tied.startswith("Fin de la partie ! Gagnants à égalité : ")
    assert HACKER.text.event(Event("game_over", {"winners": [0, 2]}), "en").startswith(
        "Game over! Tied winners: "
    )
