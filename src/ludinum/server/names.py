"""Nicknames: the only thing a player tells the server. Generated or typed, always filtered.

A typed nickname is trimmed, limited to 2–20 letters, digits, spaces, hyphens and
apostrophes, and refused when it contains a rude word once accents, case, look-alike digits
and separators are removed (``"C.0.N"`` is caught like ``"con"``).
"""

from __future__ import annotations

import re
import secrets
import unicodedata

from ludinum.engine import LudinumError

ANIMALS = (
    "Gnou", "Loutre", "Panda", "Hérisson", "Castor", "Renard", "Chouette", "Koala", "Lynx",
    "Manchot", "Marmotte", "Pingouin", "Phoque", "Tortue", "Zèbre", "Lama", "Colibri",
    "Dauphin", "Écureuil", "Blaireau", "Hibou", "Mouette", "Furet", "Suricate",
)
QUALITIES = (
    "Agile", "Brave", "Calme", "Futé", "Joyeux", "Malin", "Rapide", "Rusé", "Sage",
    "Vif", "Curieux", "Discret", "Prudent", "Solide", "Tenace", "Zen",
)

#: Word stems refused anywhere in a nickname (after normalisation). French first.
BLOCKED_STEMS = (
    "connard", "connasse", "conasse", "salope", "salaud", "encule", "enkule", "putain",
    "merde", "couille", "niquer", "batard", "bougnoul", "negre", "pedale", "tapette",
    "gouine", "nazi", "hitler", "branle", "pouffiasse", "fuck", "shit", "bitch", "cunt",
    "whore", "slut", "nigg", "asshole", "bastard", "porn", "sexe", "suicide",
)
#: Words refused only when they stand alone (to keep "Constance", "unique", "dispute").
BLOCKED_WORDS = (
    "con", "cons", "conne", "pute", "putes", "bite", "nique", "pede", "pd", "fdp", "ntm",
    "tg", "cul", "zizi", "chatte", "viol", "sex", "ass", "dick", "cock", "fag", "tepu",
)

_ALLOWED = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿŒœ0-9' \-]{2,20}\Z")
_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a",
                       "$": "s", "8": "b"})


class NicknameError(LudinumError):
    code = "bad_nickname"


def generate() -> str:
    return f"{secrets.choice(ANIMALS)} {secrets.choice(QUALITIES)}"


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower().translate(_LEET))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def is_rude(text: str) -> bool:
    plain = _plain(text)
    squeezed = re.sub(r"[^a-z]", "", plain)
    words = re.findall(r"[a-z]+", plain)
    if any(stem in squeezed for stem in BLOCKED_STEMS):
        return True
    return any(w in BLOCKED_WORDS for w in words) or squeezed in BLOCKED_WORDS


def clean(text: object) -> str:
    """The nickname to use, or :class:`NicknameError` with the reason."""
    if not isinstance(text, str):
        raise NicknameError("Choisis un pseudo.", "Choose a nickname.")
    name = " ".join(text.split())
    if not _ALLOWED.match(name):
        raise NicknameError(
            "Un pseudo fait de 2 à 20 lettres, chiffres, espaces, tirets ou apostrophes.",
            "A nickname is 2 to 20 letters, digits, spaces, hyphens or apostrophes.",
        )
    if is_rude(name):
        raise NicknameError(
            "Ce pseudo n'est pas accepté : choisis-en un autre.",
            "This nickname is not accepted: choose another one.",
        )
    return name
