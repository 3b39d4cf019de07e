"""Web Runners rule options: every gap of the text is a named option (see RULINGS.md).

Their words are for the teacher who sets up a game (engine ``Option``): what each one
changes, never the designers' words about the original rules."""

from __future__ import annotations

from ludinum.engine import Option, OptionSet
from ludinum.games.webrunners import session
from ludinum.games.webrunners.content import THEMES
from ludinum.games.webrunners.data import THEME_DATA

OPTIONS = OptionSet(
    "webrunners",
    [
        Option(
            "theme", "choice", "information",
            "Thème de la partie : ses cartes affichent leur message de prévention.",
            "Theme of the game: its cards show their prevention message.",
            choices=THEMES, ruling="W16", title_fr="Thème", title_en="Theme",
            # Each theme by the name its content gives it (the original game's, W16), the
            # one the board's header, the debrief and the theme's page say: the list once
            # had names of its own (« Information et esprit critique » beside the
            # projector's « Information, technique et esprit critique »). « Relations »
            # alone did not tell a teacher that this theme's cards speak of nudes and
            # pornography: « Vie relationnelle, affective et sexuelle » says it.
            named=tuple((theme, THEME_DATA[theme]["name_fr"], THEME_DATA[theme]["name_en"])
                        for theme in THEMES),
        ),
        Option(
            "first_player", "choice", "questions",
            # W15: the value ``host`` keeps its name (saved games and addresses use it);
            # its words say what it does, true on a room's set-up and a class's alike
            # (« Choix de l'animateur » on a class form, where no one runs each table).
            "Qui commence : deux questions posées aux joueurs (comme dans le jeu original), "
            "le hasard, ou le joueur 1, à la place 1 (qu'y met l'animateur d'une partie, "
            "ou la répartition des tables d'une classe).",
            "Who starts: two questions put to the players (as in the original game), chance, "
            "or player 1, in seat 1 (whoever a game's host puts there, or a class's "
            "seating of its tables).",
            choices=("questions", "random", "host"), ruling="W15",
            title_fr="Premier joueur", title_en="First player",
            named=(("questions", "Deux questions aux joueurs", "Two questions to the players"),
                   ("random", "Tirage au sort", "Random draw"),
                   ("host", "Le joueur 1 commence", "Player 1 starts")),
        ),
        Option(
            "characters", "choice", "dealt",
            "Personnages distribués au hasard ou choisis à tour de rôle.",
            "Characters dealt at random or chosen in turn.",
            choices=("dealt", "chosen"), ruling="W13",
            title_fr="Personnages", title_en="Characters",
            named=(("dealt", "Distribués au hasard", "Dealt at random"),
                   ("chosen", "Choisis à tour de rôle", "Chosen in turn")),
        ),
        Option(
            "power_ends_turn", "bool", False,
            "Utiliser White Hat, Influenceuse ou Geekcolo termine le tour.",
            "Using White Hat, Influencer or Geekcolo ends the turn.",
            named=((False, "Non", "No"), (True, "Oui", "Yes")),
            ruling="W13", title_fr="Un pouvoir termine le tour",
            title_en="A power ends the turn",
        ),
        Option(
            "response_seconds", "int", 20,
            "Temps pour répondre à une attaque (0 : sans limite).",
            "Time to answer an attack (0: no limit).",
            minimum=0, maximum=600, timer=True, ruling="W7",
            named=((0, "Sans limite", "No limit"),),
            unit_fr="secondes", unit_en="seconds",
            title_fr="Temps pour répondre à une attaque", title_en="Time to answer an attack",
        ),
        Option(
            "one_minute_seconds", "int", 60,
            "Temps pour l'échange de cartes de Hacking ou de Surveillance ; passé ce temps, "
            "il est annulé (0 : sans limite).",
            "Time for the card exchange of Hacking or Surveillance; after it, the exchange is "
            "cancelled (0: no limit).",
            minimum=0, maximum=600, timer=True, ruling="W12",
            title_fr="Temps pour Hacking et Surveillance",
            title_en="Time for Hacking and Surveillance",
            named=((0, "Sans limite", "No limit"),), unit_fr="secondes", unit_en="seconds",
        ),
        Option(
            "forced_move_colours", "bool", False,
            "Un pion déplacé par Cyberviolence ou Bug subit l'effet de sa case d'arrivée.",
            "A pawn moved by Cyberviolence or Bug gets the effect of the cell it lands on.",
            named=((False, "Non", "No"), (True, "Oui", "Yes")),
            ruling="W5", title_fr="Case d'arrivée après Cyberviolence ou Bug",
            title_en="Landing cell after Cyberviolence or Bug",
        ),
        Option(
            "deck", "choice", "faithful",
            "Cartes : chaque carte une fois, comme dans le jeu original, ou chaque carte "
            "d'attaque en trois exemplaires (plus d'attaques).",
            "Cards: every card once, as in the original game, or three of each attack card "
            "(more attacks).",
            choices=("faithful", "tuned"), ruling="W1",
            title_fr="Cartes", title_en="Cards",
            named=(("faithful", "Chaque carte une fois", "Every card once"),
                   ("tuned", "Attaques en triple", "Attack cards tripled")),
        ),
        Option(
            "session_minutes", "choice", "off",
            "Durée de la séance : à la fin du temps (pauses non comptées), le joueur le plus "
            "proche du centre gagne.",
            "Session length: when the time is up (pauses not counted), the player closest to "
            "the centre wins.",
            title_fr="Durée de la séance", title_en="Session length",
            choices=session.CHOICES,
            named=tuple(zip(session.CHOICES, session.LABELS_FR, session.LABELS_EN, strict=True)),
            ruling="W18",
        ),
        Option(
            "max_rounds", "int", 200,
            "Nombre maximal de tours de table ; atteint, la partie s'arrête sans gagnant.",
            "Maximum number of rounds; when reached the game stops with no winner.",
            title_fr="Nombre maximal de tours", title_en="Maximum number of rounds",
            minimum=5, maximum=2000, unit_fr="tours", unit_en="rounds",
        ),
    ],
)
