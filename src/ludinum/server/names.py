"""Nicknames: the only thing a player tells the server. Generated or typed, always filtered.

A typed nickname is trimmed, limited to 2–20 letters, digits, spaces, hyphens and
apostrophes, and refused when it contains a rude word once accents, case, look-alike digits,
repeated letters and separators are set aside (``"C-0-N"`` is caught like ``"con"``). The
words come from ``wordlists/`` (the LDNOOBW French and English lists, CC BY 4.0, and
Ludinum's own list; ``wordlists/LICENCE.md``); names that merely contain one (« Nazim »,
« Peter ») are listed as allowed. Two nicknames of one room must differ by more than case,
accents or separators (:func:`key`).
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from functools import cache
from pathlib import Path

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

_ALLOWED = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿŒœ0-9' \-]{2,20}\Z")
#: Characters that stand for letters (leetspeak); "1" is tried as both "i" and "l".
_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b",
                       "9": "g", "2": "z", "6": "g"})
_LEET_L = str.maketrans({"1": "l"})
WORDLISTS = Path(__file__).parent / "wordlists"
#: Entries of at least this many letters are refused anywhere in a nickname.
STEM_LENGTH = 5


def _plain(text: str) -> str:
    """Lower case, accents and ligatures removed (``"Œuvre Élan"`` → ``"oeuvre elan"``)."""
    decomposed = unicodedata.normalize("NFKD", text.lower().replace("œ", "oe").replace("æ", "ae"))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _entries(name: str) -> list[tuple[str, str]]:
    """(entry squeezed to letters, marker) of a word list file; ``#`` starts a comment."""
    out = []
    for line in (WORDLISTS / name).read_text(encoding="utf-8").splitlines():
        entry, _, note = line.partition("#")
        word = re.sub(r"[^a-z]", "", _plain(entry))
        if word:
            out.append((word, note.strip()))
    return out


@cache
def _lists() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(words refused as a whole word, stems refused anywhere, allowed words)."""
    whole: set[str] = set()
    stems: set[str] = set()
    for name in ("ldnoobw-fr.txt", "ldnoobw-en.txt"):
        for word, _note in _entries(name):
            whole.add(word)  # common words among them ("folle", "gueule"): whole words only
    for word, note in _entries("ludinum.txt"):
        whole.add(word)
        if note == "stem" or (note != "whole" and len(word) >= STEM_LENGTH):
            stems.add(word)
    allowed = frozenset(word for word, _note in _entries("allowed.txt"))
    return frozenset(whole), frozenset(stems), allowed


def _squeeze_runs(text: str) -> str:
    """``"puuuute"`` → ``"pute"``: letters repeated to slip past the list."""
    return re.sub(r"(.)\1+", r"\1", text)


def _readings(text: str) -> set[str]:
    """The nickname as the filter reads it: plain, with digits read as letters both ways."""
    plain = _plain(text)
    return {plain.translate(_LEET), plain.translate(_LEET_L).translate(_LEET)}


def _rude_reading(plain: str) -> bool:
    whole, stems, allowed = _lists()
    words = [w for w in re.split(r"[^a-z]+", plain) if w]
    kept = [w for w in words if w not in allowed]
    for variant in (kept, [_squeeze_runs(w) for w in kept]):
        # Any run of neighbouring words glued together: "c.o.n", "fils-de-pute", "con nard".
        for i in range(len(variant)):
            for j in range(i + 1, len(variant) + 1):
                if "".join(variant[i:j]) in whole:
                    return True
        squeezed = "".join(variant)
        if any(stem in squeezed for stem in stems):
            return True
    return False


def is_rude(text: str) -> bool:
    """True if ``text`` holds a listed word once case, accents, separators (hyphens,
    apostrophes, spaces, dots), repeated letters and look-alike digits are set aside."""
    return any(_rude_reading(reading) for reading in _readings(text))


def key(text: str) -> str:
    """What two nicknames must not share in one room: « LEA », « Léa » and « L-e-a » are
    one (case, accents, separators and look-alike digits aside)."""
    return re.sub(r"[^a-z]", "", _plain(text).translate(_LEET))


class NicknameError(LudinumError):
    code = "bad_nickname"


def generate() -> str:
    return f"{secrets.choice(ANIMALS)} {secrets.choice(QUALITIES)}"


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


class NameTaken(NicknameError):
    code = "name_taken"


def taken(name: str, others: list[str]) -> bool:
    """True if ``name`` looks like one of ``others`` (see :func:`key`)."""
    mine = key(name)
    return any(key(other) == mine for other in others)


def replacement(given: object, others: list[str]) -> str:
    """The new nickname a facilitator gives a player: ``given`` once checked, or a
    generated one when ``given`` is empty (to remove a nickname without choosing one)."""
    if given is None or (isinstance(given, str) and not given.strip()):
        for _ in range(50):
            name = generate()
            if not taken(name, others):
                return name
        return f"{generate()} {secrets.randbelow(90) + 10}"
    name = clean(given)
    if taken(name, others):
        raise NameTaken("Ce pseudo est déjà pris dans ce salon.",
                        "This nickname is already taken in this room.")
    return name
