"""Hacker's rule options: every gap of the text is a named option (rulings H1–H8), in
words for the teacher who sets up a game."""

from __future__ import annotations

from ludinum.engine import Option, OptionSet

OPTIONS = OptionSet(
    "hacker",
    [
        Option(
            "trip_seconds",
            "int",
            12,
            "Durée d'un trajet à la banque (0 : sans limite, chacun pose ses virus à son tour).",
            "Length of a bank trip (0: no limit, each player drops viruses in turn).",
            minimum=0,
            maximum=120,
            named=((0, "Sans limite", "No limit"),),
            title_fr="Durée d'un trajet à la banque", title_en="Length of a bank trip",
            unit_fr="secondes",
            unit_en="seconds",
            timer=True, ruling="H3",
        ),
        Option(
            "vigilance",
            "float",
            0.2,
            "Chance de voir qui pose chaque virus, pour les joueurs restés à table (0 : on ne "
            "fait que déduire).",
            "Chance of seeing who drops each virus, for the players at the table (0: only "
            "deduction).",
            minimum=0.0,
            maximum=1.0,
            percent=True,
            title_fr="Chance de voir poser un virus", title_en="Chance of seeing a drop",
            ruling="H4",
        ),
        Option(
            "traveller_vigilance",
            "float",
            0.0,
            "Chance de voir qui pose chaque virus, pour le joueur parti à la banque (0 : il ne "
            "voit rien).",
            "Chance of seeing who drops each virus, for the player on the bank trip (0: they "
            "see nothing).",
            minimum=0.0,
            maximum=1.0,
            percent=True,
            title_fr="Chance de voir poser un virus depuis la banque",
            title_en="Chance of seeing a drop from the bank",
            ruling="H4",
        ),
        Option(
            "reveal",
            "choice",
            "victim",
            "Quand un virus est démasqué, qui apprend qui l'avait posé.",
            "When a virus is unmasked, who learns who dropped it.",
            choices=("victim", "table", "blind"),
            title_fr="Qui apprend qui a posé un virus", title_en="Who learns who dropped a virus",
            named=(("victim", "La victime et qui a deviné", "The victim and the guesser"),
                   ("table", "Toute la table", "The whole table"),
                   ("blind", "Personne", "Nobody")),
            ruling="H5",
        ),
        Option(
            "theft",
            "choice",
            "chosen",
            "Billet volé par un virus : choisi par le voleur sans voir sa valeur, ou tiré au "
            "hasard.",
            "Bill stolen by a virus: picked by the thief without seeing its value, or drawn "
            "at random.",
            choices=("chosen", "random"),
            title_fr="Billet volé", title_en="Stolen bill",
            named=(("chosen", "Le voleur le choisit", "The thief picks it"),
                   ("random", "Tiré au hasard", "Drawn at random")),
            ruling="H5",
        ),
        Option(
            "brouillage",
            "bool",
            False,
            "Brouillage magnétique : tout le dernier tour se joue comptes face cachée, "
            "butin des voleurs compris ; un billet mis sous le compte d'un autre joueur est à lui.",
            "Magnetic jamming: the whole last round is played with the accounts face down, "
            "thieves' loot included; a bill put under another player's account is theirs.",
            named=((False, "Non", "No"), (True, "Oui", "Yes")),
            title_fr="Brouillage magnétique", title_en="Magnetic jamming",
            ruling="H7",
        ),
        Option(
            "cryptage",
            "bool",
            False,
            "Cryptage (en vrai, on dit chiffrement) : chaque billet de 1 d'un compte écarte "
            "un virus, chaque billet de 3 annule l'effet d'un billet de 1.",
            "Encryption: each bill of 1 in an account wards off one virus, each bill of 3 "
            "cancels the effect of a bill of 1.",
            named=((False, "Non", "No"), (True, "Oui", "Yes")),
            title_fr="Cryptage (chiffrement)", title_en="Encryption",
            ruling="H8",
        ),
        Option(
            "viruses_3p",
            "int",
            4,
            "À 3 joueurs : nombre de virus de chaque joueur.",
            "With 3 players: viruses per player.",
            title_fr="Virus par joueur (à 3 joueurs)", title_en="Viruses per player (3 players)",
            applies=lambda _values, players: players == 3,
            minimum=3,
            maximum=4,
            unit_fr="virus",
            unit_en="viruses",
            ruling="H1",
        ),
    ],
)
