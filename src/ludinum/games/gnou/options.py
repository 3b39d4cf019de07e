"""Gnou rule options (rulings G2, G3, G7, G8), in words for the teacher who sets up a game."""

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
            "Variante : le Gnou galopant (2 dés, partie courte) ou le Tux trottant (1 dé, "
            "partie longue).",
            "Variant: the galloping Gnu (2 dice, short game) or the trotting Tux (1 die, long "
            "game).",
            choices=("galopant", "trottant"),
            title_fr="Variante", title_en="Variant",
            # The rules' own names; the debrief read « Variante : Galopant : 2 dés, … ».
            named=(("galopant", "Gnou galopant (2 dés)", "Galloping Gnu (2 dice)"),
                   ("trottant", "Tux trottant (1 dé)", "Trotting Tux (1 die)")),
            ruling="G2",
        ),
        Option(
            "difficulty",
            "choice",
            "intermediaire",
            "Difficulté : moins de tours pour arriver quand elle monte (galopant : 14, 13 ou "
            "12 ; trottant : 20, 18 ou 16).",
            "Difficulty: fewer turns to get there as it rises (galloping: 14, 13 or 12; "
            "trotting: 20, 18 or 16).",
            choices=("facile", "intermediaire", "difficile"),
            title_fr="Difficulté", title_en="Difficulty",
            applies=lambda values, _players: not values.get("turn_limit"),
            named=(("facile", "Facile", "Easy"), ("intermediaire", "Intermédiaire", "Medium"),
                   ("difficile", "Difficile", "Hard")),
            ruling="G2",
        ),
        Option(
            "turn_limit",
            "int",
            0,
            "Nombre de tours pour arriver, si tu le choisis toi-même plutôt que par la "
            "difficulté (vide ou 0 : celui de la difficulté).",
            "Number of turns to get there, if you set it yourself rather than by the "
            "difficulty (empty or 0: the difficulty's).",
            minimum=0,
            maximum=100,
            named=((0, "Selon la difficulté", "Set by the difficulty"),),
            title_fr="Nombre de tours", title_en="Number of turns",
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
            title_fr="Niveau des questions", title_en="Quiz level",
            applies=lambda values, _players: not str(values.get("handicap", "")).strip(),
            minimum=1,
            maximum=3,
            named=((1, "1 – facile", "1 – easy"), (2, "2 – moyen", "2 – medium"),
                   (3, "3 – difficile", "3 – hard")),
            ruling="G3",
        ),
        Option(
            "handicap",
            "text",
            "",
            "Niveau des questions de chaque joueur, dans l'ordre des places (ex. « 1,2,3,1 ») ; "
            "vide : le niveau ci-dessus pour tous.",
            "Each player's quiz level, in seat order (e.g. “1,2,3,1”); empty: the level above "
            "for all.",
            title_fr="Niveau de chaque joueur", title_en="Each player's level",
            applies=lambda values, _players: bool(str(values.get("handicap", "")).strip()),
            seats_of="quiz_level",
            ruling="G3",
        ),
        Option(
            "hard_mode",
            "bool",
            False,
            "Mode difficile : utiliser ou transmettre une protection exige un quiz seul.",
            "Hard mode: using or passing on a protection requires a solo quiz.",
            title_fr="Mode difficile", title_en="Hard mode",
            named=((False, "Non", "No"), (True, "Oui", "Yes")),
            ruling="G7",
        ),
        Option(
            "game_master",
            "bool",
            False,
            "Indices : celui qui répond à un quiz peut demander un indice, une fois par quiz.",
            "Hints: the player answering a quiz may ask for one hint per quiz.",
            title_fr="Indices pendant les quiz", title_en="Hints during quizzes",
            named=((False, "Non", "No"), (True, "Oui", "Yes")),
            ruling="G8",
        ),
    ],
)
