"""Hacker teaches too (issue 16 §6): after a game, 4 to 6 cards of real-life advice chosen
from what happened (thefts, unnoticed viruses, cryptage, brouillage, empty accounts), each
sourced and dated, on the host screen, in the debrief (page and PDF) and on
``/apprendre/hacker``; « chiffrement », not « cryptage », in what pupils read."""

from __future__ import annotations

import json
import random

import pytest

from ludinum.content.schema import check_kind
from ludinum.games.hacker import CONTENT, GAME
from ludinum.games.hacker.content import FOLDER, LESSONS, load_lessons
from ludinum.games.hacker.lessons import LEAST, MOST, happened, lessons_for
from ludinum.site import build_debrief, debrief_html
from tests.conformance.lessons import check_lessons, finished
from tests.site.helpers import client, pdf_text


def _finished(seed: int, **options: object) -> tuple[object, list[list[object]], str]:
    config = GAME.make_config(4, seed, options)
    state = GAME.setup(config)
    rng = random.Random(seed)
    log: list[list[object]] = []
    while not state.is_terminal():
        seat = state.active_players()[0]
        action = rng.choice(list(state.legal_actions(seat)))
        state.apply(seat, action)
        log.append([seat, action.to_json()])
    return state, log, json.dumps(config.to_json())


def test_the_cards_are_checked_content_with_sources() -> None:
    assert LESSONS in CONTENT
    problems, docs = check_kind(LESSONS, FOLDER)
    assert not problems and len(docs) == 1
    cards = load_lessons()
    assert len(cards) >= 6
    for card in cards:
        assert card.source.startswith("https://") and len(card.checked) == 10
        assert card.title_en and card.text_en
        assert "cryptage" not in (card.title + card.text).lower()  # « chiffrement » for pupils
    assert any("3018" in c.text for c in cards) and any("adulte" in c.text for c in cards)


def test_cards_follow_what_happened() -> None:
    ids = [c.id for c in lessons_for({}, {})]
    assert LEAST <= len(ids) <= MOST and ids[:2] == ["le-dire", "mots-de-passe"]
    assert happened({"thefts": 1}, {}) >= {"always", "stolen"}
    assert "hameconnage" in [c.id for c in lessons_for({"thefts": 2}, {})]
    assert "chiffrement" in [c.id for c in lessons_for({}, {"cryptage": True})]
    assert "chiffrement" not in [c.id for c in lessons_for({"thefts": 1}, {})]
    assert "tes-comptes" in [c.id for c in lessons_for({}, {"brouillage": True})]
    everything = lessons_for({"thefts": 3, "drops": 5, "noticed": 1, "set_aside_empty": 1},
                             {"cryptage": True, "brouillage": True})
    assert len(everything) == MOST


def test_a_finished_game_gives_its_cards_in_both_languages() -> None:
    state, _, _ = _finished(2, cryptage=True)
    fr = GAME.text.lessons(state, "fr")  # type: ignore[arg-type]
    en = GAME.text.lessons(state, "en")  # type: ignore[arg-type]
    assert LEAST <= len(fr) <= MOST and len(en) == len(fr)
    assert "Un cadenas et une deuxième serrure" in [lesson.title for lesson in fr]
    assert "A padlock and a second lock" in [lesson.title for lesson in en]
    assert all(lesson.source for lesson in fr)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_debrief_shows_the_cards(lang: str) -> None:
    state, log, config = _finished(3)
    names = ["Loutre Agile", "Panda Zen", "Lynx Rusé", "Yak Calme"]
    cards = GAME.text.lessons(state, lang)  # type: ignore[arg-type]
    pdf = " ".join(" ".join(pdf_text(build_debrief(config, log, names, lang))).split())
    html = debrief_html(config, log, names, lang)
    heading = "Ce que la partie nous apprend" if lang == "fr" else "What the game teaches us"
    assert heading in pdf and heading in html
    for card in cards:
        assert card.title in pdf and card.title in html.replace("&#39;", "'")
    assert "cybermalveillance.gouv.fr" in html or "cnil.fr" in html


def test_the_learning_page_lists_every_card_with_its_source() -> None:
    page = client().get("/apprendre/hacker")
    assert page.status_code == 200
    text = page.text.replace("&#39;", "'")
    for card in load_lessons():
        assert card.title in text
    assert text.count("Source") >= len(load_lessons())
    assert "vérifié le 24" in text and "17Cyber" in text
    assert 'href="/apprendre/hacker"' in client().get("/apprendre").text


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (5, 6), (7, 3)])
def test_lessons_pass_the_checks_every_game_passes(players: int, seed: int) -> None:
    check_lessons(GAME, finished(GAME, players, seed))


def test_every_game_says_that_breaking_into_an_account_is_against_the_law() -> None:
    """The children play pirates emptying bank accounts « pour s'en mettre plein les
    poches » (seed 002); no card said that entering someone's account without leave is an
    offence (content review H8, Code pénal art. 323-1). Every finished game shows it, in
    both languages, whatever happened."""
    for metrics, options in (({}, {}), ({"thefts": 3, "drops": 5, "noticed": 1,
                                         "set_aside_empty": 1},
                                        {"cryptage": True, "brouillage": True})):
        cards = lessons_for(metrics, options)
        law = [c for c in cards if c.id == "la-loi"]
        assert law, [c.id for c in cards]
        assert "interdit par la loi" in law[0].text and "323-1" in law[0].source
        assert "against the law" in law[0].text_en
    state, _, _ = _finished(5)
    assert "Pirater un compte, c'est interdit" in [
        lesson.title for lesson in GAME.text.lessons(state, "fr")]  # type: ignore[arg-type]


def test_the_cryptage_option_says_chiffrement() -> None:
    """« Cryptage » is the box's word, « chiffrement » the right one (content review H8,
    ANSSI): the set-up form and the debrief's options list named the option « Cryptage »
    alone, while the game's events and cards say « Chiffrement »."""
    option = next(o for o in GAME.options if o.name == "cryptage")
    assert "chiffrement" in option.title("fr").lower()
    assert "« cryptage » dans le jeu original" in option.help_fr
