"""Hacker on the site (issue 16 §6): the page of what the game teaches, ``/apprendre/hacker``,
with every card of real-life advice the debrief may show, its source and the date it was
checked, and whom to turn to."""

from __future__ import annotations

from datetime import date

from ludinum.games.hacker.lessons import load_lessons
from ludinum.site.model import Resource, ThemePage
from ludinum.site.pdf.diploma import french_date

THEME_PATH = "/apprendre/hacker"

INTRO = (
    "Dans Hacker, chacun pose des virus sur les comptes des autres et devine qui l'a attaqué. "
    "Après la partie, ces cartes relient ce qui s'est passé à la table à des gestes utiles "
    "dans la vraie vie. L'écran de l'animateur et le bilan en montrent quatre à six, "
    "choisies d'après la partie."
)
PARENTS = (
    "Le jeu parle de virus et de vols d'argent pour rire. Profitez-en pour faire avec votre "
    "enfant la liste de ses comptes, activer la validation en deux étapes sur les plus "
    "importants et convenir qu'il vous parle de tout message ou connexion bizarre, sans "
    "crainte d'être grondé."
)
RESOURCES = (
    Resource("17Cyber", "Le service public d'aide aux victimes de piratage, d'arnaque ou de "
             "harcèlement en ligne, jour et nuit.", "17cyber.gouv.fr"),
    Resource("3018", "Le numéro national contre le harcèlement et les violences numériques, "
             "gratuit et anonyme, pour les jeunes et leurs parents.",
             "3018 (téléphone), 3018.fr, appli 3018"),
    Resource("Cybermalveillance.gouv.fr", "Les conseils du dispositif national pour se "
             "protéger : mots de passe, mises à jour, sauvegardes, hameçonnage.",
             "cybermalveillance.gouv.fr"),
)


def checked_text(day: str) -> str:
    """« vérifié le 24 novembre 2026 » from an ISO date."""
    return f"vérifié le {french_date(date.fromisoformat(day))}"


def theme() -> ThemePage:
    sections = tuple(
        (lesson.title, f"{lesson.text}\n\nSource : {lesson.source}, "
                       f"{checked_text(lesson.checked)}.")
        for lesson in load_lessons()
    )
    return ThemePage(
        game="hacker",
        id="lecons",
        title="Hacker : ce que la partie nous apprend",
        intro=INTRO,
        path=THEME_PATH,
        parents=PARENTS,
        resources=RESOURCES,
        sections=sections,
    )
