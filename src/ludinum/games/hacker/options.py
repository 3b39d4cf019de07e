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
            ruling="H3",
        ),
        Option(
            "vigilance",
            "float",
            0.2,
            "Chance de remarquer chaque virus posé par un autre (0 : pure déduction).",
            "Chance to notice each virus another player drops (0: pure deduction).",
            minimum=0.0,
            maximum=1.0,
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
            ruling="H4",
        ),
        Option(
            "reveal",
            "choice",
            "victim",
            "Qui apprend à qui était un virus : table (tout le monde), victim (celui qui "
            "devine et le propriétaire), blind (le voleur reste inconnu de sa victime).",
            "Who learns a virus's owner: table (everyone), victim (the guesser and the "
            "owner), blind (the thief stays unknown to the victim).",
            choices=("victim", "table", "blind"),
            ruling="H5",
        ),
        Option(
            "theft",
            "choice",
            "chosen",
            "Billet volé : chosen (le voleur choisit le billet, « qu'il choisit », sans voir "
            "sa valeur) ou random (tiré au hasard).",
            "Stolen bill: chosen (the thief picks the bill, « qu'il choisit », without seeing "
            "its value) or random (a blind random draw).",
            choices=("chosen", "random"),
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
            ruling="H1",
        ),
    ],
)
