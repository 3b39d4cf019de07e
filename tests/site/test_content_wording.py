"""Every built-in content file as a teacher and a child-protection reviewer read it: what
the review of 2026-11-24 (``../shared/reviews/content-review.md``) and the read-through of
2026-11-29 found, written so that it cannot come back unseen.

The texts are those a pupil, a parent or a teacher reads (the French and the English of
each content file); identifiers, sources and contacts are not prose.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from ludinum.games.hacker.options import OPTIONS as HACKER_OPTIONS

CONTENT = Path(__file__).resolve().parents[2] / "src" / "ludinum" / "content"
FILES = sorted(CONTENT.rglob("*.yaml"))
#: Keys that hold identifiers, references, sources or addresses, not sentences.
NOT_TEXT = {
    "id", "series", "type", "kind", "against", "liberty", "mascot", "symbol", "theme",
    "speaker", "category", "categorie", "nature", "counters", "contre", "effect", "effet",
    "url", "source", "checked", "contact", "colour", "game", "when", "value",
}
#: Keys whose value is a sentence (not a name, a title or a quiz choice).
SENTENCES = {
    "message", "explanation", "explication", "text", "alternative", "hint", "intro",
    "parents", "role", "what", "resources_fr", "parents_fr", "what_fr",
}


def _texts(data: Any, key: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(data, dict):
        for k, value in data.items():
            if k not in NOT_TEXT and not (k.endswith("_en") and k[:-3] in NOT_TEXT):
                yield from _texts(value, str(k))
    elif isinstance(data, list):
        for value in data:
            yield from _texts(value, key)
    elif isinstance(data, str):
        yield key, data


def texts(english: bool) -> list[tuple[str, str, str]]:
    """(file, key, text) of every French or every English text of the built-in content."""
    found = []
    for file in FILES:
        for key, text in _texts(yaml.safe_load(file.read_text(encoding="utf-8"))):
            if key.endswith("_en") == english:
                found.append((str(file.relative_to(CONTENT)), key, " ".join(text.split())))
    return found


FRENCH = texts(english=False)
ENGLISH = texts(english=True)


def test_the_texts_are_read() -> None:
    assert len(FRENCH) > 1500 and len(ENGLISH) > 1500
    assert any(key == "message" for _, key, _ in FRENCH)
    assert any(key == "explication_en" for _, key, _ in ENGLISH)


def test_english_texts_use_english_quotation_marks() -> None:
    """English says “ ” (the house style of every English text), never « » nor the
    typewriter's straight double quote (the Voleur's USB stick, Hacker's « free » game)."""
    wrong = [(f, k, t) for f, k, t in ENGLISH if '"' in t or "«" in t or "»" in t]
    assert wrong == []


def test_no_sentence_starts_with_a_web_address() -> None:
    """Review A11: « … préviens tes contacts. cybermalveillance.gouv.fr t'aide » reads
    oddly aloud and starts a sentence with a small letter: « Le site … » first."""
    address = re.compile(r"(?:^|[.!?]\s)([a-z0-9-]+\.(?:gouv\.fr|fr|org|com|net)\b)")
    wrong = [(f, k, m.group(1)) for f, k, t in FRENCH + ENGLISH
             if k.removesuffix("_en") in SENTENCES for m in address.finditer(t)]
    assert wrong == []


def test_help_comes_from_a_trusted_adult() -> None:
    """A pupil in trouble is sent to « un adulte de confiance » (the 3018's and Internet
    Sans Crainte's words, used by every other card): « parles-en à un adulte » is any
    adult, the one who harasses included."""
    bare = re.compile(r"\b(?:parles?-en|en parler|en parles|parle) à un adulte(?! de confiance)")
    assert [(f, t) for f, _, t in FRENCH if bare.search(t)] == []


def test_the_right_to_one_s_image_names_the_parents_of_a_minor() -> None:
    """Review A10: to publish a friend under 18, his or her parents must agree too (C. civ.
    art. 372-1, loi 2024-120); every text that teaches the right to one's image says so."""
    wrong = [(f, t) for f, _, t in FRENCH if "droit à l'image" in t and "parents" not in t]
    assert wrong == []


#: What the review or the read-through struck out (an expression, searched in lower case),
#: and why: none of it may come back.
STRUCK = {
    "préviens un proche": "A1: a meeting set up online is prepared with a trusted adult",
    "ta faute : garde des captures": "A2: never keep an intimate image, only proof of the "
    "exchange",
    r"âge, il te faut entre 8 et 10 heures": "A3: 9 to 12 hours from 6 to 12 years old",
    "indice de réparabilité": "A4: the EU label's repairability class since June 2025",
    "comme creative commons": "A7: NC and ND licences are not free",
    "c'est une violence": "A8: parents' rules are not violence",
    "numéro national contre le cyberharcèlement": "B1: the 3018 is the single number "
    "against all bullying, at school and online, since 2024",
    "une loi qui interdit les réseaux sociaux": "B2: a bill voted at first reading",
    "retarde la mélatonine": "C6: the secretion of melatonin",
    "oui, le week-end": "C7: no joke among the answers about pornography",
    "traduire une histoire pour ton petit frère": "E1: the family circle needs no permission",
    "n'a le droit de le corriger": "E4: the right to correct exists, the source does not",
    "derrière un salarié sans badge": "G2: who has no badge?",
    "behind an employee without a badge": "G2: who has no badge?",
    r"(?<!booby-)trapped (link|usb)": "G4: « booby-trapped »",
    "toi seul connais": "X3: « que tu es seul ou seule à connaître »",
    "assis sans bouger": "X3: the pupil may be a girl",
    "tu peux être identifié et suivi": "X3: « on peut t'identifier et te suivre »",
    "œuvres de guerre": "wartime extensions end with 70 years; the exception is an author "
    "« mort pour la France »",
}


@pytest.mark.parametrize("phrase", sorted(STRUCK))
def test_a_struck_phrase_does_not_come_back(phrase: str) -> None:
    found = [(f, t) for f, _, t in FRENCH + ENGLISH if re.search(phrase, t.lower())]
    assert found == [], STRUCK[phrase]


def _quizzes() -> Iterator[tuple[str, dict[str, Any]]]:
    for file in FILES:
        data = yaml.safe_load(file.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "questions" in data:
            for question in data["questions"]:
                yield file.name, question


_WORD = re.compile(r"[\wœ'-]+")


def _runs(text: str, n: int = 4) -> set[tuple[str, ...]]:
    words = _WORD.findall(text.lower())
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def test_a_question_does_not_hold_its_own_answer() -> None:
    """A question that ends « …, même sans rien abîmer, c'est : » and a right answer
    « Un délit puni par la loi, même sans rien abîmer » is answered by copying: no right
    answer repeats four words of its question that no wrong answer repeats too."""
    echoes = []
    for name, q in _quizzes():
        asked = _runs(q["question"])
        right = _runs(q["choices"][q["answer"]]) & asked
        others = set().union(*(_runs(c) for i, c in enumerate(q["choices"]) if i != q["answer"]))
        if right - others:
            echoes.append((name, q["id"], sorted(right - others)))
    assert echoes == []


def test_the_hacker_option_says_chiffrement() -> None:
    """Review H8: the seed's « cryptage » is not the right word (ANSSI: « chiffrement »);
    the teacher's option says both, the right one first."""
    option = next(o for o in HACKER_OPTIONS if o.name == "cryptage")
    assert option.title_fr.startswith("Chiffrement")
    assert "cryptage" in option.title_fr.lower()
    assert option.help_fr.startswith("Chiffrement")


def test_every_game_of_hacker_says_that_hacking_is_an_offence() -> None:
    """Review H8: a game where children « hack » each other's accounts ends, whatever
    happened, on a card saying that doing it for real is an offence (C. pén. 323-1), even as
    a joke, and whom to tell."""
    from ludinum.games.hacker.lessons import lessons_for

    for metrics, options in (({}, {}), ({"thefts": 3, "drops": 5, "set_aside_empty": 1},
                                        {"cryptage": True, "brouillage": True})):
        texts = [c.text for c in lessons_for(metrics, options)]
        assert any("délit" in t and "même pour rire" in t for t in texts), texts
        assert any("adulte de confiance" in t for t in texts)


def test_a_text_about_intimate_images_points_to_help_and_blames_nobody() -> None:
    """Every sentence-text about intimate images names the 3018; one that tells a pupil
    never to send one also says that a pupil who did is not to blame (no victim-blaming:
    the 3018 and e-Enfance's first words to a victim of sextortion)."""
    about = [(f, t) for f, k, t in FRENCH if k in SENTENCES and "intime" in t]
    assert about and all("3018" in t for _, t in about), about
    warned = [(f, t) for f, t in about if "n'envoie jamais" in t.lower()]
    assert warned and all("pas ta faute" in t or "jamais ta faute" in t for _, t in warned)


#: A straight quote used as a quotation mark: any ", or 'X' opened after a space (an
#: apostrophe, « Player 2's hand », « parents' rules », is not one).
_STRAIGHT = re.compile(r""""|(?:^|[\s(])'[^'\s][^']*'(?=$|[\s).,:;!?])""")


@pytest.mark.parametrize("game_name", ["webrunners", "gnou", "hacker", "voleur"])
def test_english_game_text_quotes_with_english_quotation_marks(game_name: str) -> None:
    """What the four games say in English (events, choices, views of random games) quotes a
    card or a cell with “ ”, as the content does: the Voleur wrote « You draw 'Annuaire
    interne' » and Web Runners « cell "3" of the inner circle »."""
    import random

    from ludinum.games import registry

    game = registry().get(game_name)
    said: set[str] = set()
    for seed in range(3):
        state = game.setup(game.make_config(4, seed, {}))
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            seat = state.active_players()[0]
            view = state.view(seat)
            said.add(game.text.view(view, "en"))
            actions = list(state.legal_actions(seat))
            said.update(game.text.action(a, view, "en") for a in actions)
            for event in state.apply(seat, rng.choice(actions)):
                said.add(game.text.event(event, "en"))
    assert len(said) > 50
    wrong = sorted(t for t in said if _STRAIGHT.search(t))
    assert wrong == []


def test_fil_sante_jeunes_is_named_with_its_age_and_a_trusted_adult() -> None:
    """Review A9: Fil Santé Jeunes listens to 12-25-year-olds, and the games are played from
    9: a text that sends a pupil there says from what age, and names a trusted adult too (a
    resource's own description, which says « 12-25 ans », is not addressed to a pupil)."""
    wrong = [(f, t) for f, k, t in FRENCH if k in SENTENCES and "Fil Santé Jeunes" in t
             and not ("12" in t and "adulte de confiance" in t)]
    assert wrong == []
