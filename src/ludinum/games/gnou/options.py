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
            "Variante : « galopant » (2 dés, partie courte) ou « trottant » (1 dé, partie longue).",
            "Variant: 'galopant' (2 dice, short game) or 'trottant' (1 die, long game).",
            choices=("galopant", "trottant"),
            ruling="G2",
        ),
        Option(
            "difficulty",
            "choice",
            "intermediaire",
            "Difficulté : fixe le nombre de tours selon le tableau de la règle.",
            "Difficulty: sets the number of turns from the rules' table.",
            choices=("facile", "intermediaire", "difficile"),
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
            ruling="G3",
        ),
        Option(
            "handicap",
            "text",
            "",
            "Niveau par joueur, dans l'ordre des sièges (ex. « 1,2,3,1 ») ; vide : quiz_level.",
            "Level per player in seat order (e.g. '1,2,3,1'); empty: quiz_level.",
            ruling="G3",
        ),
        Option(
            "hard_mode",
            "bool",
            False,
            "Mode difficile : utiliser ou transmettre une protection exige un quiz seul.",
            "Hard mode: using or passing on a protection requires a solo quiz.",
            ruling="G7",
        ),
        Option(
            "game_master",
            "bool",
            False,
            "Meneur de jeu : un indice peut être montré pendant un quiz.",
            "Game master: a hint may be shown during a quiz.",
            ruling="G8",
        ),
    ],
)
