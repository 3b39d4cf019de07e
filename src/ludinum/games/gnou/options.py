"""Gnou rule options (rulings G2, G3, G7, G8)."""

from __future__ import annotations

from ludinum.engine import Option, OptionSet

#: Turn limits from the text's table (G2): variant -> difficulty -> turns.
TURN_LIMITS = {
    "galopant": {"facile": 14, "intermediaire": 13, "difficile": 12},
    "trottant": {"facile": 20, "intermediaire": 18, "difficile": 16},
}
DICE = {"galopant": 2, "trottant": 1}

OPTIONS = OptionSet(
    "gnou",
    [
        Option(
            "variant",
            "choice",
            "galopant",
            "Variante : le Gnou galopant (2 dés, partie courte) ou trottant (1 dé, partie "
            "longue).",
            "Variant: the galloping Gnu (2 dice, short game) or the trotting one (1 die, long "
            "game).",
            choices=("galopant", "trottant"),
            named=(("galopant", "Galopant : 2 dés, partie courte",
                    "Galloping: 2 dice, short game"),
                   ("trottant", "Trottant : 1 dé, partie longue", "Trotting: 1 die, long game")),
            ruling="G2",
        ),
        Option(
            "difficulty",
            "choice",
            "intermediaire",
            "Difficulté : fixe le nombre de tours selon le tableau de la règle.",
            "Difficulty: sets the number of turns from the rules' table.",
            choices=("facile", "intermediaire", "difficile"),
            named=(("facile", "Facile", "Easy"), ("intermediaire", "Intermédiaire", "Medium"),
                   ("difficile", "Difficile", "Hard")),
            ruling="G2",
        ),
        Option(
            "turn_limit",
            "int",
            0,
            "Nombre de tours imposé (0 : celui du tableau de la règle).",
            "Turn limit override (0: the one from the rules' table).",
            minimum=0,
            maximum=100,
            named=((0, "Celui du tableau de la règle", "The one from the rules' table"),),
            unit_fr="tours",
            unit_en="turns",
            ruling="G2",
        ),
        Option(
            "quiz_level",
            "int",
            1,
            "Niveau des questions pour tous les joueurs (1 facile, 2, 3 difficile).",
            "Quiz level for every player (1 easy, 2, 3 hard).",
            minimum=1,
            maximum=3,
            named=((1, "1 : facile", "1: easy"), (2, "2 : moyen", "2: medium"),
                   (3, "3 : difficile", "3: hard")),
            ruling="G3",
        ),
        Option(
            "handicap",
            "text",
            "",
            "Niveau par joueur, dans l'ordre des sièges (ex. « 1,2,3,1 ») ; vide : le niveau "
            "ci-dessus.",
            "Level per player in seat order (e.g. '1,2,3,1'); empty: the level above.",
            ruling="G3",
        ),
        Option(
            "hard_mode",
            "bool",
            False,
            "Mode difficile : utiliser ou transmettre une protection exige un quiz seul.",
            "Hard mode: using or passing on a protection requires a solo quiz.",
            named=((False, "Non", "No"), (True, "Oui", "Yes")),
            ruling="G7",
        ),
        Option(
            "game_master",
            "bool",
            False,
            "Meneur de jeu : un indice peut être montré pendant un quiz.",
            "Game master: a hint may be shown during a quiz.",
            named=((False, "Non", "No"), (True, "Oui", "Yes")),
            ruling="G8",
        ),
    ],
)
