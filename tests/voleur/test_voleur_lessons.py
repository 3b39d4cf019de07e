"""Le Voleur de Données's debrief lessons: the data at stake, the attacks played (those that
succeeded first) with the measures that stop them, then the others; 4 to 6 cards from the
public end of the game only, in French and English."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ludinum.games.voleur import GAME
from ludinum.games.voleur.content import load_deck
from ludinum.games.voleur.game import VoleurGame
from ludinum.games.voleur.lessons import REFERENCES, lessons_for
from tests.conformance.lessons import check_lessons, edited_pack, finished


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 5), (5, 2), (6, 8)])
def test_finished_games_have_their_lessons(players: int, seed: int) -> None:
    state = finished(GAME, players, seed)
    cards = check_lessons(GAME, state)
    loot = state.view(None)["loot"]
    if loot:  # the most valuable data stolen comes first
        best = min((GAME.deck.card(i) for i in loot), key=lambda c: (-c.points, c.index))
        assert cards[0].title == best.name_fr


def test_stolen_then_succeeded_then_thwarted() -> None:
    deck = load_deck()
    metrics = {"played_hameconnage": 1.0, "foiled_hameconnage": 1.0,
               "played_faux_appel": 3.0, "foiled_faux_appel": 1.0,
               "played_vol_ordinateur": 1.0}
    cards = lessons_for(deck, metrics, ["annuaire_interne", "dossier_medical"])
    titles = [c.title for c in cards]
    name = {c.id: c.name_fr for c in deck.cards}
    assert titles == [name["dossier_medical"], name["verification_identite"],
                      name["chiffrement_disque"], name["sensibilisation"]]
    assert cards[1].text.startswith(deck.card("faux_appel").explain_fr)
    assert cards[0].source.startswith("Règlement (UE) 2016/679")
    assert cards[3].source == "https://www.cybermalveillance.gouv.fr"


def test_a_quiet_game_still_teaches() -> None:
    deck = load_deck()
    cards = lessons_for(deck, {}, [])
    assert [c.title for c in cards] == [deck.card(i).name_fr for i in (
        "armoire_a_cle", "destructeur", "impression_securisee", "bureau_range")]
    assert all(c.source == REFERENCES for c in cards) and all(c.text_en for c in cards)


def test_no_lesson_claims_the_original_rules_as_its_source() -> None:
    """A card without a source of its own said « Source : Le Voleur de Données, règles du
    jeu »: the original text gives no deck (V2), none of these words is in it. Such a card
    names the public references it follows, in French and in English."""
    from ludinum.engine.lessons import in_lang

    deck = load_deck()
    cards = lessons_for(deck, {}, [])
    for lang in ("fr", "en"):
        for lesson in in_lang(cards, lang):
            assert "règles du jeu" not in lesson.source and "rules of the game" not in lesson.source
            assert "cybermalveillance.gouv.fr" in lesson.source and "CNIL" in lesson.source


def test_the_game_effect_is_not_advice() -> None:
    deck = load_deck()
    cards = lessons_for(deck, {"played_rancongiciel": 1.0, "played_faux_support": 1.0}, [])
    assert [c.title for c in cards[:2]] == [deck.card("support_officiel").name_fr,
                                            deck.card("sauvegardes_hors_ligne").name_fr]
    assert cards[1].text.endswith(deck.card("sauvegardes_hors_ligne").explain_fr)
    assert not any("tour" in c.text or "turn" in c.text_en for c in cards[:2])


def test_a_teachers_pack_is_used(tmp_path: Path) -> None:
    """A pack's deck (``--content DIR``) is the one the game and its lessons use."""
    def rename(data: Any) -> None:
        for item in data["mesures"]:
            item["nom"] = f"Classe\u00a0: {item['nom'][:30]}"

    with edited_pack(tmp_path, "voleur/deck.yaml", rename):
        game = VoleurGame()
        cards = game.text.lessons(finished(game, 4, 5), "fr")
    assert sum(card.title.startswith("Classe\u00a0: ") for card in cards) >= 3
