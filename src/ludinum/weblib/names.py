"""Nicknames: the only thing a player tells the server. Generated or typed, always filtered.

A typed nickname is trimmed, limited to 2–20 letters, digits, spaces, hyphens and
apostrophes (and the dot of a final initial, « Léa M. »), and refused when it contains a
rude word once accents, case, look-alike digits, repeated letters, separators and a plural's
final s or x are set aside (``"C-0-N"`` is caught like ``"con"``), insults glued to other
letters (« Grossesalope », « Mabite »), a hate number, or reads as the screen's own words
(« Place 3 ») or holds a word for the teacher or the app (« Prof Martin », « Admin 1 »), or
holds six digits or more (a phone number), or reads as a first and a family name
(« Léa Martin », « léa martin »: a common first name, ``wordlists/first-names.txt``, then a
word that is not an ordinary word of nicknames, ``wordlists/nickname-words.txt``; « Léa »,
« Léa M. » and « Rose Bonbon » pass). The words come from ``wordlists/`` (the LDNOOBW French
and English lists, CC BY 4.0, and Ludinum's own list; ``wordlists/LICENCE.md``); names and
words that merely contain one (« Nazim », « Peter », « Orbite ») are listed as allowed. Two
nicknames of one room must differ by more than case, accents, separators or confusable
letters (:func:`keys`, the filter's own readings).
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from functools import cache
from pathlib import Path
from typing import Literal

from ludinum.engine import LudinumError, echoed
from ludinum.weblib import i18n

Gender = Literal["m", "f"]

#: The animals of generated nicknames, with their grammatical gender (« la loutre »).
ANIMALS: dict[str, Gender] = {
    "Gnou": "m", "Panda": "m", "Hérisson": "m", "Castor": "m", "Renard": "m", "Koala": "m",
    "Lynx": "m", "Manchot": "m", "Pingouin": "m", "Phoque": "m", "Zèbre": "m", "Lama": "m",
    "Colibri": "m", "Dauphin": "m", "Écureuil": "m", "Blaireau": "m", "Hibou": "m",
    "Furet": "m", "Suricate": "m",
    "Loutre": "f", "Chouette": "f", "Marmotte": "f", "Tortue": "f", "Mouette": "f",
    "Girafe": "f", "Baleine": "f", "Abeille": "f", "Gazelle": "f", "Hirondelle": "f",
    "Libellule": "f", "Grenouille": "f", "Fourmi": "f", "Pieuvre": "f", "Taupe": "f",
}
#: The qualities of generated nicknames: (masculine, feminine), to agree with the animal.
QUALITIES: tuple[tuple[str, str], ...] = (
    ("Agile", "Agile"), ("Brave", "Brave"), ("Calme", "Calme"), ("Futé", "Futée"),
    ("Joyeux", "Joyeuse"), ("Malin", "Maligne"), ("Rapide", "Rapide"), ("Rusé", "Rusée"),
    ("Sage", "Sage"), ("Vif", "Vive"), ("Curieux", "Curieuse"), ("Discret", "Discrète"),
    ("Prudent", "Prudente"), ("Solide", "Solide"), ("Tenace", "Tenace"), ("Zen", "Zen"),
)

_ALLOWED = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿŒœ0-9' \-]{2,20}\Z")
#: One sign a nickname may hold (:data:`_ALLOWED`'s), to name the first one it may not.
_SIGN = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿŒœ0-9' \-]")
#: Characters that stand for letters (leetspeak); "1" is tried as both "i" and "l".
_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b",
                       "9": "g", "2": "z", "6": "g"})
_LEET_L = str.maketrans({"1": "l"})
WORDLISTS = Path(__file__).parent / "wordlists"
#: Entries of at least this many letters are refused anywhere in a nickname.
STEM_LENGTH = 5
#: Markers of an entry refused glued inside one word but not spread over words (« Mer de
#: Glace » is no « merde »), or of a short one glued at a word's start, end, or either
#: (« Mabite »): (inside, at the start, at the end).
_GLUED = {"word": (True, False, False), "start": (False, True, False),
          "end": (False, False, True), "edge": (False, True, True)}


#: Letters a reader takes for others on a phone's screen: capital i for a small L
#: (« Iéa » / « léa »), « rn » for « m », « vv » for « w ».
_SHAPES = (("I", "l"), ("rn", "m"), ("RN", "M"), ("vv", "w"), ("VV", "W"))


def _plain(text: str) -> str:
    """Lower case, accents and ligatures removed (``"Œuvre Élan"`` → ``"oeuvre elan"``)."""
    lowered = text.lower().replace("œ", "oe").replace("æ", "ae").replace("ß", "ss")
    # Letters NFKD leaves whole: « Ðick » is « dick », « Øscar » « oscar ».
    lowered = lowered.replace("ð", "d").replace("ø", "o").replace("þ", "th")
    decomposed = unicodedata.normalize("NFKD", lowered)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _shaped(text: str) -> str:
    """``text`` with its confusable letters read as one (:data:`_SHAPES`)."""
    for seen, read in _SHAPES:
        text = text.replace(seen, read)
    return text


def readings(text: str) -> set[str]:
    """Every way a reader may read ``text``: plain (:func:`_plain`), digits read as the
    letters they look like ("1" as « i » and as « l »), and confusable letters read as one
    (« rn » as « m », a capital i as a small L). Separators stay as they are. The filter
    looks for rude words in each reading; two nicknames sharing one are look-alikes."""
    out = set()
    for form in {text, _shaped(text)}:
        plain = _plain(form)
        out |= {plain.translate(_LEET), plain.translate(_LEET_L).translate(_LEET)}
    return out


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
        if note == "stem" or (note not in ("whole", *_GLUED) and len(word) >= STEM_LENGTH):
            stems.add(word)
    # An allowed name as it may be typed and read: « Ignazio », « IGNAZIO » (capital i read
    # as a small L, see readings).
    # Its doubled letters read as one too (« supputée » read « supute »), lower case only:
    # « MONGOLIE » read « mongolle » must not allow « mongole ».
    allowed = frozenset(read
                        for word, _note in _entries("allowed.txt")
                        for read in (*(_allowed_reading(form) for form in (
                            word, word.capitalize(), word.upper())), _squeeze_runs(word)))
    return frozenset(whole), frozenset(stems), allowed


@cache
def _glued() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(entries refused inside one word, glued at its start, at its end): the entries of
    ``ludinum.txt`` marked ``# word``, ``# start``, ``# end`` or ``# edge`` (:data:`_GLUED`)."""
    found: tuple[list[str], list[str], list[str]] = ([], [], [])
    for word, note in _entries("ludinum.txt"):
        for where, marked in zip(found, _GLUED.get(note, (False, False, False)), strict=True):
            if marked:
                where.append(word)
    inside, starts, ends = found
    return tuple(inside), tuple(starts), tuple(ends)


def _glued_in_word(word: str) -> bool:
    """True if ``word`` holds an entry glued to other letters (« Mangemerde »), or starts
    or ends with a short one (« Petitebite », « Fdpute »)."""
    inside, starts, ends = _glued()
    return any(entry in word for entry in inside) or word.startswith(starts) \
        or word.endswith(ends)


def _allowed_reading(form: str) -> str:
    """An allowed word as read (:func:`_shaped`, :func:`_plain`), letters only."""
    return re.sub(r"[^a-z]", "", _plain(_shaped(form)))


def _squeeze_runs(text: str) -> str:
    """``"puuuute"`` → ``"pute"``: letters repeated to slip past the list."""
    return re.sub(r"(.)\1+", r"\1", text)


def _stem_inside(stem: str, words: list[str]) -> bool:
    """True if ``stem`` is in one of ``words``, or spread over neighbours from the start of
    one (« f u c k », « Na zi Boy »); a stem that only straddles the end of a word and the
    start of the next is chance (« Dominique R », « Anna Zim »)."""
    glued = "".join(words)
    starts = set()
    spans = []
    at = 0
    for word in words:
        starts.add(at)
        spans.append((at, at + len(word)))
        at += len(word)
    found = glued.find(stem)
    while found >= 0:
        end = found + len(stem)
        if found in starts or any(a <= found and end <= b for a, b in spans):
            return True
        found = glued.find(stem, found + 1)
    return False


def _singular(word: str) -> str:
    """``"connards"`` → ``"connard"``: a listed word with a plural's final s or x."""
    return word[:-1] if len(word) > 3 and word[-1] in "sx" else word


def _allowed_word(word: str, allowed: frozenset[str]) -> bool:
    """True if ``word`` is allowed as typed, as a plural or with letters doubled
    (« Calculs », « Députée » read « depute »): the readings :func:`_rude_reading` tries."""
    squeezed = _squeeze_runs(word)
    return not allowed.isdisjoint({word, _singular(word), squeezed, _singular(squeezed)})


def _rude_reading(plain: str) -> bool:
    whole, stems, allowed = _lists()
    words = [w for w in re.split(r"[^a-z]+", plain) if w]
    kept = [w for w in words if not _allowed_word(w, allowed)]
    squeezed = [_squeeze_runs(w) for w in kept]
    for variant in (kept, squeezed, [_singular(w) for w in kept],
                    [_singular(w) for w in squeezed]):
        # Any run of neighbouring words glued together: "c.o.n", "fils-de-pute", "con nard".
        for i in range(len(variant)):
            for j in range(i + 1, len(variant) + 1):
                if "".join(variant[i:j]) in whole:
                    return True
        if any(_stem_inside(stem, variant) for stem in stems):
            return True
        if any(_glued_in_word(word) for word in variant):
            return True
    return False


#: Numbers that are hate symbols on their own (« 1488 »).
HATE_NUMBERS = frozenset({"1488"})
#: What a screen itself says of a seat (« Place 3 », « Bot 2 »): a nickname reading so
#: would pass for the interface.
_INTERFACE = re.compile(r"(?:place|bot|joueur|joueuse|player|seat|siege)\s*\d*")
#: The adults of a class and the app's own words: a nickname holding one of them as one of
#: its words (« Prof Martin », « Mme la prof », « Admin 1 ») passes for the teacher or the
#: screen on the projector; a longer word that merely starts so (« Profiterole ») is fine.
AUTHORITY = (
    "prof", "professeur", "professeure", "maître", "maîtresse", "enseignant", "enseignante",
    "instit", "instituteur", "institutrice", "directeur", "directrice", "proviseur",
    "proviseure", "CPE", "surveillant", "surveillante", "admin", "administrateur",
    "administratrice", "animateur", "animatrice", "hôte", "hôtesse", "host", "teacher",
    "modo", "modérateur", "modératrice", "moderator", "système", "system", "serveur",
    "server", "Ludinum", "spectateur", "spectatrice",
)


def is_rude(text: str) -> bool:
    """True if ``text`` holds a listed word once case, accents, separators (hyphens,
    apostrophes, spaces, dots), repeated letters, a plural's final s or x, look-alike digits
    and confusable letters are set aside (:func:`readings`), or a hate number."""
    if any(run in HATE_NUMBERS for run in re.findall(r"\d+", text)):
        return True
    return any(_rude_reading(reading) for reading in readings(text))


def _word_readings(text: str) -> list[list[str]]:
    """The words of ``text`` (:func:`_plain`) read every way digits may be read: as the
    letters they look like (« B0t 3 », « Pr0f »), as separators (« Admin1 ») or as nothing
    (« Ad1min »); a number on its own stays a number."""
    words = [w for w in re.split(r"[^a-z0-9]+", _plain(text)) if w]
    out = [[w if w.isdigit() else w.translate(table) for w in words]
           for table in (_LEET, _LEET_L)]
    out.append([w for w in re.split(r"[^a-z]+", " ".join(words)) if w])
    out.append([w for w in (re.sub(r"\d", "", w) for w in words) if w])
    return [words, *out]


@cache
def _authority() -> dict[str, str]:
    """:data:`AUTHORITY` by its plain form (``"maitresse"`` → ``"maîtresse"``)."""
    return {_plain(word): word for word in AUTHORITY}


def authority_word(text: str) -> str | None:
    """The word of :data:`AUTHORITY` that ``text`` holds as one of its words, or several
    of its words glued (« P-r-o-f »), its plural too (« Profs »), or None."""
    authority = _authority()
    for words in _word_readings(text):
        for i in range(len(words)):
            for j in range(i + 1, len(words) + 1):
                glued = "".join(words[i:j])
                for word in (glued, _singular(glued)):
                    if word in authority:
                        return authority[word]
    return None


def poses_as_interface(text: str) -> bool:
    """True if ``text`` reads as a screen's own words for a seat (« Place 3 », « Bot 2 »),
    or holds a word for the teacher or the app (« Prof Martin », « Animateur »,
    :func:`authority_word`)."""
    if authority_word(text) is not None:
        return True
    return any(_INTERFACE.fullmatch(" ".join(words)) is not None
               for words in _word_readings(text))


def keys(text: str) -> set[str]:
    """What two nicknames of one room must not share: :func:`readings` without their
    separators. « LEA », « Léa », « L-e-a », « Iéa » and « L3a » share one."""
    return {re.sub(r"[^a-z]", "", reading) for reading in readings(text)}


class NicknameError(LudinumError):
    code = "bad_nickname"


def animal_name(animal: str, quality: tuple[str, str]) -> str:
    """« Mouette » and (« Joyeux », « Joyeuse ») → « Mouette Joyeuse »: the quality agrees."""
    masculine, feminine = quality
    return f"{animal} {feminine if ANIMALS[animal] == 'f' else masculine}"


def generated_names() -> list[str]:
    """Every nickname :func:`generate` may draw."""
    return [animal_name(animal, quality) for animal in ANIMALS for quality in QUALITIES]


def generate() -> str:
    return animal_name(secrets.choice(list(ANIMALS)), secrets.choice(QUALITIES))


#: Digits from which a nickname reads as a phone number (a short number, « Élève 12 », is fine).
PERSONAL_DIGITS = 6


@cache
def first_names() -> frozenset[str]:
    """The first names of ``wordlists/first-names.txt``, plain (:func:`_plain`)."""
    lines = (WORDLISTS / "first-names.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(_plain(line.strip()) for line in lines
                     if line.strip() and not line.startswith("#"))


@cache
def nickname_words() -> frozenset[str]:
    """The ordinary words of ``wordlists/nickname-words.txt`` (« Bonbon », « Licorne »,
    « le »), plain and letters only: after a first name, none of them is a family name."""
    return frozenset(word for word, _note in _entries("nickname-words.txt"))


def _family_name(word: str) -> bool:
    """A word that reads as a family name after a first name, whatever its case (a phone
    capitalises the first word alone: « Léa martin »): two letters or more (not an
    initial, « M » or « M. », nor « 2 »), each hyphenated part not an ordinary word of
    nicknames (:func:`nickname_words`, its plural too: « Rose Bonbon », « Tom le Rapide »
    pass; « Léa Martin », « léa martin », « Léa Petit » do not)."""
    if sum(ch.isalpha() for ch in word) < 2:
        return False
    ordinary = nickname_words()
    parts = [re.sub(r"[^a-z]", "", _plain(part)) for part in word.split("-")]
    return not all(part in ordinary or _singular(part) in ordinary
                   for part in parts if part)


def looks_like_real_name(name: str) -> bool:
    """True if ``name`` reads as a child's first name and family name: two words or more,
    the first a common first name (:func:`first_names`, accents and case aside; « Marie-Lou »
    when each part is one) and a later one a family name (:func:`_family_name`). « Léa »,
    « Léa M. », « Léa 2 » and « Rose Bonbon » pass; « Léa Martin » and « léa martin » do
    not (docs/web.md, « Nicknames, not names »)."""
    first, *rest = name.split(" ")
    known = first_names()
    # The first name said twice (« Lou Lou ») is a nickname, not a family name.
    return bool(rest) and all(_plain(part) in known for part in first.split("-")) and any(
        _family_name(word) for word in rest if _plain(word) != _plain(first))


#: The refusal of a first and family name, French first; its English from the catalogue.
REAL_NAME = "Choisis un pseudo, pas ton prénom et ton nom de famille."


#: The longest nickname, in characters.
MAX_LENGTH = 20
#: A last word of one letter and its dot: an initial as a child writes it (« Léa M. »).
_INITIAL_DOT = re.compile(r"(?<= )[^\W\d_]\.\Z")


def _without_initial_dot(name: str) -> str:
    """``name`` without the dot of a final initial (« Léa M. » → « Léa M »): the one dot
    a nickname may hold; anywhere else (« L.e.a », « Léa M. Dupont ») it is refused."""
    return name[:-1] if _INITIAL_DOT.search(name) else name


def clean(text: object) -> str:
    """The nickname to use, or :class:`NicknameError` with the reason."""
    if not isinstance(text, str):
        raise NicknameError("Choisis un pseudo.", "Choose a nickname.")
    # Accents typed as a letter and a combining mark (« L\u0301ea ») are one letter (NFC).
    name = " ".join(unicodedata.normalize("NFC", text).split())
    core = _without_initial_dot(name)
    refused = next((ch for ch in core if not _SIGN.match(ch)), None)
    if refused is not None and 2 <= len(name) <= MAX_LENGTH:
        # The sign is named (an invisible one as its code, as every error quotes what was
        # sent): « 2 à 20 lettres » told « Çağla » that ğ was no letter.
        shown = echoed(refused)
        raise NicknameError(
            f"Le signe «\u202f{shown}\u202f» n'est pas accepté dans un pseudo\u00a0: lettres"
            " (sans accent, ou é, è, ç, ñ…), chiffres, espaces, tirets ou apostrophes (et un"
            " point après une initiale).",
            f"The sign “{shown}” is not accepted in a nickname: letters (plain, or é, è, ç,"
            " ñ…), digits, spaces, hyphens or apostrophes (and a dot after an initial).",
        )
    if not _ALLOWED.match(core) or len(name) > MAX_LENGTH:
        raise NicknameError(
            "Un pseudo fait de 2 à 20 lettres, chiffres, espaces, tirets ou apostrophes"
            " (et un point après une initiale).",
            "A nickname is 2 to 20 letters, digits, spaces, hyphens or apostrophes (and a dot"
            " after an initial).",
        )
    # « -- » or « ' - ' » names nobody, and a look-alike's suggestion made from it (« 2 »)
    # was itself refused: a letter or a digit at least.
    if not any(ch.isalnum() for ch in name):
        raise NicknameError(
            "Un pseudo contient au moins une lettre ou un chiffre.",
            "A nickname holds at least one letter or digit.",
        )
    # A phone number (« 0612345678 », « 06 12 34 56 78 ») is not a nickname: nothing personal.
    if sum(c.isdigit() for c in name) >= PERSONAL_DIGITS:
        raise NicknameError(
            "Pas de numéro de téléphone dans un pseudo : choisis-en un autre.",
            "No phone number in a nickname: choose another one.",
        )
    if is_rude(name):
        raise NicknameError(
            "Ce pseudo n'est pas accepté : choisis-en un autre.",
            "This nickname is not accepted: choose another one.",
        )
    word = authority_word(name)
    if word is not None:
        raise NicknameError(
            f"Ce pseudo contient «\u202f{word}\u202f», un mot de l'écran ou de l'enseignant\u00a0:"
            " choisis-en un autre.",
            f"This nickname holds “{word}”, a word of the screen or of the teacher: choose"
            " another one.",
        )
    if poses_as_interface(name):
        raise NicknameError(
            "Ce pseudo ressemble à un mot de l'écran : choisis-en un autre.",
            "This nickname looks like a word of the screen: choose another one.",
        )
    # Players may be children: nicknames, never names. Checked last, so that an insult
    # or a teacher's word is said as such (« Tom Puuue » is no name).
    if looks_like_real_name(name):
        raise NicknameError(i18n.gettext("fr", REAL_NAME), i18n.gettext("en", REAL_NAME))
    return name


class NameTaken(NicknameError):
    """A look-alike of a nickname in the room; ``suggestion``: a free variant to offer."""

    code = "name_taken"

    def __init__(self, fr: str, en: str | None = None, suggestion: str = "") -> None:
        super().__init__(fr, en)
        self.suggestion = suggestion

    def to_json(self) -> dict[str, str]:
        out = super().to_json()
        if self.suggestion:
            out["suggestion"] = self.suggestion
        return out


def taken(name: str, others: list[str]) -> bool:
    """True if ``name`` looks like one of ``others`` (see :func:`keys`). Two names that
    both hold numbers, different ones, are two names (« Élève 6 », « Élève 9 »): a digit
    is read as a letter only against letters (« L3a » is « Léa »)."""
    mine = keys(name)
    digits = re.findall(r"\d+", name)
    return any(mine & keys(other) and not (digits and (theirs := re.findall(r"\d+", other))
                                            and theirs != digits)
               for other in others)


def variant(name: str, others: list[str]) -> str:
    """A nickname like ``name`` that none of ``others`` looks like: « Léa 2 », « Léa 3 »…"""
    for number in range(2, 100):
        suffix = f" {number}"
        candidate = name[: MAX_LENGTH - len(suffix)].rstrip(" -'.") + suffix
        if not taken(candidate, others) and not is_rude(candidate):
            return candidate
    return generate()


def look_alike(name: str, others: list[str]) -> NameTaken:
    """The refusal of ``name``, a look-alike of one of ``others``, with a variant to try."""
    other = variant(name, others)
    return NameTaken(
        f"Ce pseudo ressemble trop à celui d'un autre joueur\u202f: essaie «\u202f{other}\u202f».",
        f"This nickname looks too much like another player's: try “{other}”.",
        suggestion=other,
    )


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
        raise look_alike(name, others)
    return name
