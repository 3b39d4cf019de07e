"""The rule options of Le Voleur de Données: every gap of the text, with its default."""

from __future__ import annotations

from ludinum.engine import Option, OptionSet

OPTIONS = OptionSet(
    "voleur",
    [
        Option(
            "thief_seat",
            "int",
            -1,
            "Siège du voleur (1er siège = 0) ; -1 : le rôle est tiré au sort.",
            "The thief's seat (first seat = 0); -1: the role is dealt at random.",
            minimum=-1,
            maximum=5,
            ruling="V1",
        ),
        Option(
            "expert",
            "bool",
            False,
            "Variante « experts » : une attaque réussie vole toutes les données d'une catégorie.",
            "'Experts' variant: a successful attack steals every data card of one category.",
            ruling="V5",
        ),
        Option(
            "foil_points",
            "int",
            10,
            "Points gagnés par attaque déjouée (10 dans le décompte, 2 dans les principes).",
            "Points per foiled attack (10 in the scoring section, 2 in the principles).",
            minimum=0,
            maximum=20,
            ruling="V7",
        ),
        Option(
            "defence",
            "choice",
            "ask",
            "ask : le gestionnaire attaqué décide s'il contre ; auto : la parade est automatique.",
            "ask: the attacked manager decides whether to counter; auto: countering is automatic.",
            choices=("ask", "auto"),
            ruling="V4",
        ),
        Option(
            "response_seconds",
            "int",
            0,
            "Temps pour répondre à une attaque (0 : sans limite) ; ensuite il contre s'il peut.",
            "Time to answer an attack (0: no limit); then he counters if he can.",
            minimum=0,
            maximum=600,
            ruling="V4",
        ),
        Option(
            "measure_board",
            "choice",
            "any",
            "any : une mesure se pose sur l'un ou l'autre plateau ; matching : seulement sur "
            "le plateau de même nature que l'attaque qu'elle contre.",
            "any: a measure goes on either board; matching: only on the board of the same "
            "nature as the attack it counters.",
            choices=("any", "matching"),
            ruling="V3",
        ),
        Option(
            "empty_pile",
            "choice",
            "reshuffle",
            "Pioche vide : reshuffle : la défausse est mélangée en nouvelle pioche ; no_draw : "
            "on joue sans piocher.",
            "Empty pile: reshuffle: the discard is shuffled into a new pile; no_draw: play "
            "on without drawing.",
            choices=("reshuffle", "no_draw"),
            ruling="V3",
        ),
        Option(
            "rounds",
            "int",
            15,
            "Nombre de tours de jeu (15 dans le texte) ; le voleur entre au 3e tour.",
            "Number of rounds (15 in the text); the thief comes in at round 3.",
            minimum=3,
            maximum=30,
            ruling="V6",
        ),
    ],
)
