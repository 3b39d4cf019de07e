"""Web Runners rule options: every gap of the text is a named option (see RULINGS.md)."""

from __future__ import annotations

from ludinum.engine import Option, OptionSet
from ludinum.games.webrunners import session
from ludinum.games.webrunners.content import THEMES

OPTIONS = OptionSet(
    "webrunners",
    [
        Option(
            "theme", "choice", "information",
            "Thème de la partie : ses cartes affichent leur message de prévention.",
            "Theme of the game: its cards show their prevention message.",
            choices=THEMES, ruling="W16",
            named=(("relations", "Relations", "Relationships"), ("sante", "Santé", "Health"),
                   ("information", "Information", "Information"),
                   ("education", "Éducation", "Education")),
        ),
        Option(
            "first_player", "choice", "questions",
            "Premier joueur : les deux questions du texte, tirage au sort ou choix de l'hôte "
            "(siège 1).",
            "First player: the text's two questions, random draw or host's choice (seat 1).",
            choices=("questions", "random", "host"), ruling="W15",
            named=(("questions", "Les deux questions du texte", "The text's two questions"),
                   ("random", "Tirage au sort", "Random draw"),
                   ("host", "Choix de l'animateur (siège 1)", "The host's choice (seat 1)")),
        ),
        Option(
            "characters", "choice", "dealt",
            "Personnages distribués au hasard ou choisis à tour de rôle.",
            "Characters dealt at random or chosen in turn.",
            choices=("dealt", "chosen"), ruling="W13",
            named=(("dealt", "Distribués au hasard", "Dealt at random"),
                   ("chosen", "Choisis à tour de rôle", "Chosen in turn")),
        ),
        Option(
            "power_ends_turn", "bool", False,
            "Utiliser White Hat, Influenceuse ou Geekcolo termine le tour.",
            "Using White Hat, Influenceuse or Geekcolo ends the turn.",
            named=((False, "Non", "No"), (True, "Oui", "Yes")),
            ruling="W13",
        ),
        Option(
            "response_seconds", "int", 20,
            "Secondes pour répondre à une attaque (0 : sans limite, jeu au tour par tour).",
            "Seconds to answer an attack (0: no limit, turn-based play).",
            minimum=0, maximum=600, timer=True, ruling="W7",
            named=((0, "Sans limite (tour par tour)", "No limit (turn-based)"),),
            unit_fr="secondes", unit_en="seconds",
        ),
        Option(
            "one_minute_seconds", "int", 60,
            "Secondes pour Hacking et Surveillance avant annulation (0 : sans limite).",
            "Seconds for Hacking and Surveillance before they are cancelled (0: no limit).",
            minimum=0, maximum=600, timer=True, ruling="W12",
            named=((0, "Sans limite", "No limit"),), unit_fr="secondes", unit_en="seconds",
        ),
        Option(
            "forced_move_colours", "bool", False,
            "Un pion déplacé par Cyberviolence ou Bug subit l'effet de sa case d'arrivée.",
            "A pawn moved by Cyberviolence or Bug gets the effect of the cell it lands on.",
            named=((False, "Non", "No"), (True, "Oui", "Yes")),
            ruling="W5",
        ),
        Option(
            "deck", "choice", "faithful",
            "Paquet : chaque carte nommée une fois (le texte) ou attaques triplées (réglé).",
            "Deck: every named card once (the text) or attack cards tripled (tuned).",
            choices=("faithful", "tuned"), ruling="W1",
            named=(("faithful", "Chaque carte une fois, comme le texte",
                    "Every card once, as in the text"),
                   ("tuned", "Attaques triplées (réglé)", "Attack cards tripled (tuned)")),
        ),
        Option(
            "session_minutes", "choice", "off",
            "Durée de la séance : à la fin du temps (pauses non comptées), le joueur le plus "
            "proche du centre gagne (en ligne seulement).",
            "Session length: when the time is up (pauses not counted), the player closest to "
            "the centre wins (online only).",
            choices=session.CHOICES,
            named=tuple(zip(session.CHOICES, session.LABELS_FR, session.LABELS_EN, strict=True)),
            ruling="W18",
        ),
        Option(
            "max_rounds", "int", 200,
            "Nombre maximal de tours de table ; atteint, la partie s'arrête sans gagnant.",
            "Maximum number of rounds; when reached the game stops with no winner.",
            minimum=5, maximum=2000, unit_fr="tours", unit_en="rounds",
        ),
    ],
)
