"""The rule options of Le Voleur de Données: every gap of the text, with its default, in
words for the teacher who sets up a game."""

from __future__ import annotations

from ludinum.engine import Option, OptionSet

OPTIONS = OptionSet(
    "voleur",
    [
        Option(
            "thief_seat",
            "int",
            -1,
            "Qui joue le voleur : le joueur d'une place donnée, ou tiré au sort.",
            "Who plays the thief: the player in a given seat, or dealt at random.",
            minimum=-1,
            maximum=5,
            named=((-1, "Tiré au sort", "Dealt at random"),
                   *((n, f"Place {n + 1}", f"Seat {n + 1}") for n in range(6))),
            ruling="V1", title_fr="Voleur", title_en="Thief",
            fits=lambda value, players: int(value) < players,  # a seat at the table
            # Typed and shown from 1 (« -o thief_seat=1 »: Place 1; 0: dealt at random);
            # kept from 0 in the game's options and logs (docs/rules/voleur.md).
            from_one=True,
        ),
        Option(
            "expert",
            "bool",
            False,
            "Variante « experts » : une attaque réussie vole toutes les données d'une catégorie.",
            "“Experts” variant: a successful attack steals every data card of one category.",
            named=((False, "Non", "No"), (True, "Oui", "Yes")),
            title_fr="Variante « experts »", title_en="“Experts” variant",
            ruling="V5",
        ),
        Option(
            "foil_points",
            "int",
            10,
            "Points gagnés par attaque déjouée (avec 2, le voleur gagne bien plus souvent).",
            "Points per foiled attack (with 2, the thief wins far more often).",
            title_fr="Points par attaque déjouée", title_en="Points per foiled attack",
            minimum=0,
            maximum=20,
            unit_fr="points",
            unit_en="points",
            ruling="V7",
        ),
        Option(
            "defence",
            "choice",
            "ask",
            "Quand un gestionnaire est attaqué et a la mesure qui contre l'attaque.",
            "When a manager is attacked and has the measure that counters the attack.",
            choices=("ask", "auto"),
            title_fr="Contre d'une attaque", title_en="Countering an attack",
            named=(("ask", "Il décide s'il contre", "They decide whether to counter"),
                   ("auto", "La parade est automatique", "Countering is automatic")),
            ruling="V4",
        ),
        Option(
            "response_seconds",
            "int",
            0,
            "Temps pour décider de contrer une attaque (0 : sans limite) ; passé ce temps, il "
            "la contre s'il le peut.",
            "Time to decide whether to counter an attack (0: no limit); after it, the attack "
            "is countered if it can be.",
            title_fr="Temps pour décider de contrer", title_en="Time to decide to counter",
            applies=lambda values, _players: values.get("defence", "ask") == "ask",
            minimum=0,
            maximum=600,
            named=((0, "Sans limite", "No limit"),),
            unit_fr="secondes",
            unit_en="seconds",
            timer=True, ruling="V4",
        ),
        Option(
            "measure_board",
            "choice",
            "any",
            "Où se pose une mesure de sécurité : sur l'un ou l'autre plateau, ou seulement sur "
            "celui (papier ou numérique) de l'attaque qu'elle contre.",
            "Where a security measure may be laid: on either board, or only on the one "
            "(paper or digital) of the attack it counters.",
            choices=("any", "matching"),
            title_fr="Place des mesures de sécurité", title_en="Where measures go",
            named=(("any", "Sur l'un ou l'autre plateau", "On either board"),
                   ("matching", "Sur le plateau de son attaque", "On its attack's board")),
            ruling="V3",
        ),
        Option(
            "empty_pile",
            "choice",
            "reshuffle",
            "Quand la pioche est vide.",
            "When the pile is empty.",
            choices=("reshuffle", "no_draw"),
            title_fr="Pioche vide", title_en="Empty pile",
            named=(("reshuffle", "On mélange la défausse", "Shuffle the discard"),
                   ("no_draw", "On joue sans piocher", "Play on without drawing")),
            ruling="V3",
        ),
        Option(
            "rounds",
            "int",
            15,
            "Nombre de tours de jeu (15 dans le jeu original) ; le voleur entre au 3e tour.",
            "Number of rounds (15 in the original game); the thief comes in at round 3.",
            title_fr="Nombre de tours", title_en="Number of rounds",
            minimum=3,
            maximum=30,
            unit_fr="tours",
            unit_en="rounds",
            ruling="V6",
        ),
    ],
)
