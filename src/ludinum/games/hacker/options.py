"""Hacker's rule options: every gap of the text is a named option (rulings H1–H8)."""

from __future__ import annotations

from ludinum.engine import Option, OptionSet

OPTIONS = OptionSet(
    "hacker",
    [
        Option(
            "trip_seconds",
            "int",
            12,
            "Durée d'un trajet à la banque en secondes (0 : au tour par tour, sans limite).",
            "Length of a bank trip in seconds (0: turn-based, no time limit).",
            minimum=0,
            maximum=120,
            named=((0, "Sans limite (tour par tour)", "No limit (turn-based)"),),
            unit_fr="secondes",
            unit_en="seconds",
            timer=True, ruling="H3",
        ),
        Option(
            "vigilance",
            "float",
            0.2,
            "Chance de remarquer chaque virus posé par un autre (0 : pure déduction).",
            "Chance to notice each virus another player drops (0: pure deduction).",
            minimum=0.0,
            maximum=1.0,
            percent=True,
            ruling="H4",
        ),
        Option(
            "traveller_vigilance",
            "float",
            0.0,
            "Chance que le joueur qui va à la banque remarque chaque virus posé (le texte "
            "conseille de marcher à reculons) ; 0 : il ne voit rien.",
            "Chance that the player at the bank notices each drop (the text advises walking "
            "backwards); 0: they see nothing.",
            minimum=0.0,
            maximum=1.0,
            percent=True,
            ruling="H4",
        ),
        Option(
            "reveal",
            "choice",
            "victim",
            "Qui apprend à qui était un virus découvert.",
            "Who learns whose a virus found was.",
            choices=("victim", "table", "blind"),
            named=(("victim", "Celui qui devine et le propriétaire du compte",
                    "The guesser and the account's owner"),
                   ("table", "Toute la table", "The whole table"),
                   ("blind", "Personne : le voleur reste inconnu de sa victime",
                    "Nobody: the thief stays unknown to the victim")),
            ruling="H5",
        ),
        Option(
            "theft",
            "choice",
            "chosen",
            "Le billet volé (« qu'il choisit », sans voir sa valeur).",
            "The stolen bill (« qu'il choisit », without seeing its value).",
            choices=("chosen", "random"),
            named=(("chosen", "Le voleur le choisit", "The thief picks it"),
                   ("random", "Tiré au hasard", "Drawn at random")),
            ruling="H5",
        ),
        Option(
            "brouillage",
            "bool",
            False,
            "Brouillage magnétique : tout le dernier tour se joue comptes face cachée, "
            "butin des voleurs compris ; un billet mis sous un compte adverse est perdu.",
            "Magnetic jamming: the whole last round is played with the accounts face down, "
            "thieves' loot included; a bill put under another's account is lost.",
            named=((False, "Non", "No"), (True, "Oui", "Yes")),
            ruling="H7",
        ),
        Option(
            "cryptage",
            "bool",
            False,
            "Cryptage (le mot juste est « chiffrement ») : chaque billet de 1 écarte un "
            "virus, chaque billet de 3 annule l'effet d'un billet de 1.",
            "Encryption: each bill of 1 wards off one virus, each bill of 3 cancels the effect "
            "of a bill of 1.",
            named=((False, "Non", "No"), (True, "Oui", "Yes")),
            ruling="H8",
        ),
        Option(
            "viruses_3p",
            "int",
            4,
            "Nombre de virus par joueur à 3 joueurs (variante à 3).",
            "Viruses per player in the 3-player variant.",
            minimum=3,
            maximum=4,
            unit_fr="virus",
            unit_en="viruses",
            ruling="H1",
        ),
    ],
)
