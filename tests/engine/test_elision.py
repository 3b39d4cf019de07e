"""French elides « de » and « que » before a name that starts with a vowel: « Victoire
d'Inès ! », « la main d'Élodie », never « de Inès ». Names come from the players
(nicknames), so every place a name is put into a sentence elides: the seats' words of a
game's text (``GameText.with_names``), the messages of the templates and of the page's
drawing (``%(name)s``), in Python and in ``draw.js`` alike."""

from __future__ import annotations

import json

import pytest

from ludinum.engine.game import elided_values, elides, with_word
from ludinum.games import registry
from ludinum.weblib import i18n
from tests.drawing import shared

NAMES = ["Inès", "Tom", "Élodie", "Yasmine", "Yves", "Hugo", "Œnone", "ULYSSE"]


def test_which_names_elide() -> None:
    assert [elides(n) for n in NAMES] == [True, False, True, False, True, False, True, True]
    assert not elides("") and not elides("2 Lynx")
    assert with_word("de", "Inès") == "d'Inès" and with_word("De", "Inès") == "D'Inès"
    assert with_word("que", "Ulysse") == "qu'Ulysse" and with_word("de", "Tom") == "de Tom"
    assert with_word(None, "Inès") == "Inès"


@pytest.mark.parametrize("game", ["webrunners", "hacker"])
def test_a_games_text_elides_before_a_nickname(game: str) -> None:
    text = registry().get(game).text
    line = ("Victoire de Joueur 1 ! De Joueur 3 à Joueur 2, ce que Joueur 1 sait, "
            "le tour de Joueur 2.")
    if game == "hacker":  # Hacker's seats are colours in its text
        line = line.replace("Joueur 1", text.seat_label(0)).replace(
            "Joueur 2", text.seat_label(1)).replace("Joueur 3", text.seat_label(2))
    assert text.with_names(line, NAMES) == (
        "Victoire d'Inès ! D'Élodie à Tom, ce qu'Inès sait, le tour de Tom.")


def test_a_message_elides_before_the_name_put_in_it() -> None:
    _ = i18n.translator("fr")
    assert _("Victoire de %(names)s !", names="Inès") == "Victoire d'Inès !"
    assert _("Victoire de %(names)s !", names="Tom et Inès") == "Victoire de Tom et Inès !"
    assert elided_values("la main de %(name)s, %(n)s cartes", {"name": "Yves", "n": 3}) == (
        "la main d'%(name)s, %(n)s cartes")
    assert elided_values("le dé", {}) == "le dé"


def test_the_pages_drawing_elides_as_the_server_does() -> None:
    """draw.js's ``named`` and ``_`` against engine/game.py's, on the same names."""
    game = registry().get("webrunners")
    names = NAMES[:4]
    line = "De Joueur 1 à Joueur 2 : que Joueur 3 et de Joueur 4."
    assert shared().piece(game, "fr", names, f"c.named({json.dumps(line)})") == (
        game.text.with_names(line, names))
    for name in NAMES:
        drawn = shared().piece(game, "fr", names, "c._('Victoire de %(names)s !', "
                               f"{{names: {json.dumps(name, ensure_ascii=False)}}})")
        assert drawn == i18n.translator("fr")("Victoire de %(names)s !", names=name), name
