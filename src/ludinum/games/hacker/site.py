"""Hacker on the site (issue 16 §6): the page of what the game teaches, ``/apprendre/hacker``,
with every card of real-life advice the debrief may show, its source and the date it was
checked, and whom to turn to."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from ludinum.games.hacker.content import Lesson, load_lessons
from ludinum.sitekit.model import GameSite, Resource, Source, Texts, ThemePage, say

THEME_PATH = "/apprendre/hacker"

INTRO = (
    "Dans Hacker, chacun pose des virus sur les comptes des autres et devine qui l'a attaqué. "
    "Après la partie, ces cartes relient ce qui s'est passé à la table à des gestes utiles "
    "dans la vraie vie. L'écran d'animation et le bilan en montrent quatre à six, "
    "choisies d'après la partie."
)
INTRO_EN = (
    "In Hacker, everyone plants viruses on the others' accounts and guesses who attacked "
    "them. After the game, these cards link what happened at the table to useful habits in "
    "real life. The facilitator's screen and the debrief show four to six of them, chosen "
    "from the game."
)
PARENTS = (
    "Le jeu parle de virus et de vols d'argent pour rire. Profitez-en pour faire avec votre "
    "enfant la liste de ses comptes, activer la validation en deux étapes sur les plus "
    "importants et convenir qu'il vous parle de tout message ou connexion bizarre, sans "
    "crainte d'être grondé."
)
PARENTS_EN = (
    "The game talks about viruses and stolen money for fun. Take the chance to list your "
    "child's accounts together, turn on two-step verification for the most important ones "
    "and agree that they will tell you about any strange message or login, without fear of "
    "being told off."
)
#: (name, what in French, what in English, contact in French, contact in English)
RESOURCES = (
    ("17Cyber", "Le service public d'aide aux victimes de piratage, d'arnaque ou de "
     "harcèlement en ligne, jour et nuit.",
     "The French public service helping victims of hacking, scams or online harassment, day "
     "and night.", "17cyber.gouv.fr", "17cyber.gouv.fr"),
    ("3018", "Le numéro national unique contre le harcèlement, à l'école comme en ligne, "
     "et les violences numériques : gratuit et anonyme, pour les jeunes et leurs parents.",
     "The French single national helpline against bullying, at school as well as online, "
     "and online violence: free and anonymous, for young people and their parents.",
     "3018 (téléphone), 3018.fr, appli 3018", "3018 (phone), 3018.fr, 3018 app"),
    ("Cybermalveillance.gouv.fr", "Les conseils du dispositif national pour se "
     "protéger : mots de passe, mises à jour, sauvegardes, hameçonnage.",
     "The advice of the French national service to protect yourself: passwords, updates, "
     "backups, phishing.", "cybermalveillance.gouv.fr", "cybermalveillance.gouv.fr"),
)


def lesson_source(lesson: Lesson) -> Source:
    """Where a card's advice comes from, as the other pages say it: each reference (the file
    parts them with « ; ») a link, then the day it was checked."""
    refs = tuple(ref.strip() for ref in lesson.source.split(";") if ref.strip())
    return Source(refs, date.fromisoformat(lesson.checked))


def theme(lang: str = "fr") -> ThemePage:
    lessons = load_lessons()
    return ThemePage(
        game="hacker",
        id="lecons",
        title=say(lang, "Hacker : ce que la partie nous apprend",
                  "Hacker: what the game teaches us"),
        intro=say(lang, INTRO, INTRO_EN),
        path=THEME_PATH,
        parents=say(lang, PARENTS, PARENTS_EN),
        resources=tuple(Resource(name, say(lang, fr, en), say(lang, at_fr, at_en))
                        for name, fr, en, at_fr, at_en in RESOURCES),
        sections=tuple((lesson.title_in(lang), lesson.text_in(lang)) for lesson in lessons),
        section_sources=tuple(lesson_source(lesson) for lesson in lessons),
    )


def _themes(texts: Texts, lang: str) -> Sequence[ThemePage]:
    return [theme(lang)]


#: The game's part of the site: last on the index, one page for the whole game (no card
#: of its own has a page, nothing is printed).
SITE = GameSite(rank=4, themes=_themes, one_page=True)
