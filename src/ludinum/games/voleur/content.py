"""The cards of Le Voleur de Données: a catalogue read from YAML, compiled to int tables.

Every card type gets an index; the state keeps only these ints. The tables (kind, points,
nature, counter…) are tuples indexed by card type, so the hot path never touches a dict.
The deck is data (ruling V2): ``content/voleur/deck.yaml``, checked by :data:`DECK_KIND`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludinum.content import BUILTIN
from ludinum.content.facts import SOURCE_PROPERTIES, items_at, items_of
from ludinum.content.pack import folder as content_folder
from ludinum.content.schema import ContentKind, Problem, load_kind, problem, unique_ids
from ludinum.content.yamldoc import Doc
from ludinum.engine.lessons import source_text

FOLDER = BUILTIN / "voleur"

DATA, ATTACK, MEASURE = 0, 1, 2
KIND_NAMES = ("data", "attack", "measure")
PAPER, DIGITAL = 0, 1
BOARDS = ("paper", "digital")
CATEGORIES = ("standard", "confidential", "sensitive")
POINTS = (1, 3, 5)

_CATEGORY_FR = {"standard": 0, "hautement_confidentielle": 1, "sensible": 2}
_NATURE_FR = {"papier": PAPER, "numerique": DIGITAL}
_EFFECT_FR = {"vol": 0, "passe_1_tour": 1, "passe_2_tours": 2}
SECTIONS = ("donnees", "attaques", "mesures")


@dataclass(frozen=True)
class Card:
    """One card type. ``skip`` is 0 for an attack that steals, else the turns lost."""

    index: int
    id: str
    kind: int
    name_fr: str
    name_en: str
    explain_fr: str
    explain_en: str
    count: int
    category: int = -1
    nature: int = -1
    skip: int = 0
    counters: int = -1  # measure: the attack it counters
    countered_by: int = -1  # attack: its measure
    #: Where the explanation's facts come from (one line); empty where the content gives none.
    source: str = ""
    #: The name in a choice or a list (``nom_court``), for a name too long for one line;
    #: empty where the name itself is short enough.
    short_fr: str = ""
    short_en: str = ""

    @property
    def points(self) -> int:
        return POINTS[self.category] if self.kind == DATA else 0

    def name(self, lang: str = "fr") -> str:
        return self.name_en if lang == "en" else self.name_fr

    def short(self, lang: str = "fr") -> str:
        """The name a choice and a list give: « Gestionnaire de mots de passe » for
        « Gestionnaire de mots de passe et double authentification » (56 characters, which
        took two lines of a terminal's choices); the name itself when it has no short one."""
        short = self.short_en if lang == "en" else self.short_fr
        return short or self.name(lang)

    def explain(self, lang: str = "fr") -> str:
        return self.explain_en if lang == "en" else self.explain_fr


class Deck:
    """The catalogue and the two piles it makes (the common pile, the thief's pile)."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = tuple(cards)
        self.index = {c.id: c.index for c in self.cards}
        self.kind = tuple(c.kind for c in self.cards)
        self.points = tuple(c.points for c in self.cards)
        self.category = tuple(c.category for c in self.cards)
        self.nature = tuple(c.nature for c in self.cards)
        self.skip = tuple(c.skip for c in self.cards)
        self.counters = tuple(c.counters for c in self.cards)
        self.countered_by = tuple(c.countered_by for c in self.cards)
        self.common = tuple(c.index for c in self.cards if c.kind != ATTACK for _ in range(c.count))
        self.thief = tuple(c.index for c in self.cards if c.kind == ATTACK for _ in range(c.count))
        self.attacks = tuple(c.index for c in self.cards if c.kind == ATTACK)
        #: Copies of each card type in the common pile and in the thief's (the public
        #: composition every view shows; copy before changing it).
        self.composition = (
            {c.id: c.count for c in self.cards if c.kind != ATTACK},
            {c.id: c.count for c in self.cards if c.kind == ATTACK},
        )

    def __len__(self) -> int:
        return len(self.cards)

    def card(self, ident: str) -> Card:
        return self.cards[self.index[ident]]

    def counts(self) -> dict[str, int]:
        return {c.id: c.count for c in self.cards}

    def with_counts(self, counts: Mapping[str, int]) -> Deck:
        """The same catalogue with other numbers of copies (for tuning)."""
        unknown = set(counts) - set(self.index)
        if unknown:
            raise KeyError(f"unknown cards: {sorted(unknown)}")
        return Deck(
            [Card(**{**c.__dict__, "count": int(counts.get(c.id, c.count))}) for c in self.cards]
        )


# -- the content kind ------------------------------------------------------------------

#: The longest short name (« nom_court »): with it, a choice of the terminal (« Cacher « … »,
#: plateau numérique », its number before it) keeps to one line of 80 columns.
SHORT_NAME = 40
_TEXT = {"type": "string", "minLength": 30, "maxLength": 420}
_COMMON = {
    "id": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"},
    "nombre": {"type": "integer", "minimum": 0, "maximum": 30},
    "nom": {"type": "string", "minLength": 2, "maxLength": 70},
    "nom_en": {"type": "string", "minLength": 2, "maxLength": 70},
    # the name in a choice or a list of the terminal, for a name too long for its line
    "nom_court": {"type": "string", "minLength": 2, "maxLength": SHORT_NAME},
    "nom_court_en": {"type": "string", "minLength": 2, "maxLength": SHORT_NAME},
    "explication": _TEXT,
    "explication_en": _TEXT,
}
_REQUIRED = ["id", "nombre", "nom", "nom_en", "explication", "explication_en"]


def _section(extra: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "array",
        "minItems": 1,
        "items": {
            "type": "object",
            "additionalProperties": False,
            "required": [*_REQUIRED, *extra],
            "properties": {**_COMMON, **extra, **SOURCE_PROPERTIES},
        },
    }


DECK_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Le Voleur de Données : cartes",
    "type": "object",
    "additionalProperties": False,
    "required": list(SECTIONS),
    "properties": {
        "donnees": _section({"categorie": {"enum": list(_CATEGORY_FR)}}),
        "attaques": _section(
            {"nature": {"enum": list(_NATURE_FR)}, "effet": {"enum": list(_EFFECT_FR)}}
        ),
        "mesures": _section({"contre": {"type": "string"}}),
    },
}

#: Cards the managers must be able to deal at the start with the most managers (V3).
MIN_COMMON = 3 * 5


def _ids(doc: Doc) -> list[tuple[tuple[str | int, ...], str]]:
    return [
        ((section, i, "id"), item["id"])
        for section in SECTIONS
        for i, item in enumerate(doc.data[section])
    ]


def _count(doc: Doc, section: str) -> int:
    return sum(int(item["nombre"]) for item in doc.data[section])


#: The longest name a choice of the terminal gives a card of each section (its short name,
#: else its name), for the choice to keep to one line of 80 columns with its number
#: (« 10. Attaquer Joueur 6, plateau numérique : « … » », « 10. Cacher « … », plateau
#: numérique »).
CHOICE_NAME = {"donnees": SHORT_NAME, "attaques": 32, "mesures": SHORT_NAME}


def _too_long(doc: Doc) -> list[Problem]:
    """A card whose name a choice gives (« nom_court », else « nom ») runs past one line."""
    found = []
    for section, limit in CHOICE_NAME.items():
        for i, item in enumerate(doc.data[section]):
            for key, short in (("nom", "nom_court"), ("nom_en", "nom_court_en")):
                name = str(item.get(short) or item[key])
                if len(name) > limit:
                    found.append(problem(
                        doc, (section, i, key),
                        f"« {name} » : {len(name)} caractères, un choix du terminal en tient "
                        f"{limit} sur une ligne ; donne à la carte un « {short} »"))
    return found


def check_deck(docs: Sequence[Doc]) -> list[Problem]:
    """Meaning: unique ids, one measure per attack (V2), playable pile sizes, names that
    keep a choice to one line of a terminal."""
    found = unique_ids(docs, _ids)
    for doc in docs:
        found += _too_long(doc)
        attacks = {item["id"]: i for i, item in enumerate(doc.data["attaques"])}
        covered: dict[str, int] = {}
        for i, item in enumerate(doc.data["mesures"]):
            target = item["contre"]
            if target not in attacks:
                found.append(
                    problem(doc, ("mesures", i, "contre"), f"attaque inconnue « {target} »")
                )
            elif target in covered:
                found.append(
                    problem(
                        doc,
                        ("mesures", i, "contre"),
                        f"l'attaque « {target} » est déjà contrée par une autre mesure "
                        f"(une seule mesure par attaque, V2)",
                    )
                )
            else:
                covered[target] = i
        for name, i in attacks.items():
            if name not in covered:
                found.append(
                    problem(
                        doc,
                        ("attaques", i, "id"),
                        f"aucune mesure ne contre l'attaque « {name} » (V2)",
                    )
                )
        if _count(doc, "donnees") == 0:
            found.append(problem(doc, ("donnees",), "aucune carte donnée (nombre total 0)"))
        if _count(doc, "attaques") == 0:
            found.append(problem(doc, ("attaques",), "la pioche du voleur est vide"))
        common = _count(doc, "donnees") + _count(doc, "mesures")
        if common < MIN_COMMON:
            found.append(
                problem(
                    doc,
                    ("donnees",),
                    f"pioche générale trop petite : {common} cartes, il en faut au moins "
                    f"{MIN_COMMON} pour distribuer 3 cartes à 5 gestionnaires",
                )
            )
    return found


def count_deck(docs: Sequence[Doc]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for doc in docs:
        for section in SECTIONS:
            out[section] = out.get(section, 0) + _count(doc, section)
            out[f"{section}_types"] = out.get(f"{section}_types", 0) + len(doc.data[section])
    return out


DECK_KIND = ContentKind(
    "voleur", "deck", "deck.yaml", DECK_SCHEMA, check_deck, count_deck,
    items=items_of(*(items_at(section) for section in SECTIONS)),
)


def deck_from_doc(doc: Doc) -> Deck:
    """Compile a checked document into a :class:`Deck` (data, then attacks, then measures)."""
    items = doc.data
    attack_ids = [a["id"] for a in items["attaques"]]
    n_data = len(items["donnees"])
    first_measure = n_data + len(attack_ids)
    attack_index = {ident: n_data + i for i, ident in enumerate(attack_ids)}
    measure_of = {m["contre"]: first_measure + i for i, m in enumerate(items["mesures"])}
    cards: list[Card] = []

    def common(item: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "index": len(cards),
            "id": item["id"],
            "name_fr": item["nom"],
            "name_en": item["nom_en"],
            "explain_fr": " ".join(str(item["explication"]).split()),
            "explain_en": " ".join(str(item["explication_en"]).split()),
            "count": int(item["nombre"]),
            "source": source_text(item.get("source"), ""),
            "short_fr": str(item.get("nom_court", "")),
            "short_en": str(item.get("nom_court_en", "")),
        }

    for item in items["donnees"]:
        cards.append(Card(kind=DATA, category=_CATEGORY_FR[item["categorie"]], **common(item)))
    for item in items["attaques"]:
        cards.append(
            Card(
                kind=ATTACK,
                nature=_NATURE_FR[item["nature"]],
                skip=_EFFECT_FR[item["effet"]],
                countered_by=measure_of[item["id"]],
                **common(item),
            )
        )
    for item in items["mesures"]:
        attack = attack_index[item["contre"]]
        nature = _NATURE_FR[items["attaques"][attack - n_data]["nature"]]
        cards.append(Card(kind=MEASURE, nature=nature, counters=attack, **common(item)))
    return Deck(cards)


def load_deck(folder: Path | None = None) -> Deck:
    """Load and check ``deck.yaml`` in ``folder`` (default: the content in use); a problem
    raises ``ContentError``."""
    folder = folder if folder is not None else content_folder("voleur")
    (doc,) = load_kind(DECK_KIND, folder)
    return deck_from_doc(doc)
