"""Web Runners content kinds: the board, the deck and the themes (JSON Schema + meaning)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludinum.content.facts import SOURCE_PROPERTIES, items_at, items_of
from ludinum.content.schema import (
    ContentKind,
    Problem,
    english_problems,
    has_english,
    problem,
    unique_ids,
)
from ludinum.content.yamldoc import Doc

THEMES = ("relations", "sante", "information", "education")
SPEAKERS = ("white_hat", "influenceuse", "cyber_activiste", "geekcolo")
EFFECTS = ("cyberviolence", "hacking", "obsolescence", "bug", "surveillance")
COLOURS = ("none", "start", "red", "yellow", "orange", "green")
MOVE_VALUES = (1, 2, 5, 10)
#: Sizes of circles 1, 2 and 3 (W2).
CIRCLE_SIZES = (24, 18, 12)

_TEXT = {"type": "string", "minLength": 1}
#: The French texts a player or a parent reads, each with an optional English sibling
#: (``message_en``, ``resources_en``…; card and theme names have both already).
CARD_TEXTS = ("message",)
THEME_TEXTS = ("resources_fr", "parents_fr")
RESOURCE_TEXTS = ("what_fr",)
_ID = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}

BOARD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["circles", "bridges", "inner"],
    "additionalProperties": False,
    "properties": {
        "circles": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["circle", "size", "entry", "cells"],
                "additionalProperties": False,
                "properties": {
                    "circle": {"type": "integer", "minimum": 1, "maximum": 3},
                    "size": {"type": "integer", "minimum": 3},
                    "entry": {"type": "integer", "minimum": 0},
                    "cells": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["index", "colour"],
                            "additionalProperties": False,
                            "properties": {
                                "index": {"type": "integer", "minimum": 0},
                                "colour": {"enum": list(COLOURS)},
                            },
                        },
                    },
                },
            },
        },
        "bridges": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["circle", "entry", "exit", "bars"],
                "additionalProperties": False,
                "properties": {
                    "circle": {"type": "integer", "minimum": 1, "maximum": 3},
                    "entry": {"type": "integer", "minimum": 0},
                    "exit": {"type": "integer", "minimum": 0},
                    "bars": {"type": "integer", "minimum": 1, "maximum": 3},
                },
            },
        },
        "inner": {
            "type": "object",
            "required": ["cells", "moves", "centre"],
            "additionalProperties": False,
            "properties": {
                "cells": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["index", "number"],
                        "additionalProperties": False,
                        "properties": {
                            "index": {"type": "integer", "minimum": 0},
                            "number": {"enum": list(MOVE_VALUES)},
                        },
                    },
                },
                "moves": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["from", "card", "to"],
                        "additionalProperties": False,
                        "properties": {
                            "from": {"enum": list(MOVE_VALUES)},
                            "card": {"enum": list(MOVE_VALUES)},
                            "to": {"enum": list(MOVE_VALUES)},
                        },
                    },
                },
                "centre": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["from", "bars"],
                        "additionalProperties": False,
                        "properties": {
                            "from": {"enum": list(MOVE_VALUES)},
                            "bars": {"type": "integer", "minimum": 1, "maximum": 3},
                        },
                    },
                },
            },
        },
    },
}

DECK_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["cards"],
    "additionalProperties": False,
    "properties": {
        "cards": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["id", "name_fr", "name_en", "theme", "kind", "value", "copies"],
                "additionalProperties": False,
                "properties": {
                    "id": _ID,
                    "name_fr": _TEXT,
                    "name_en": _TEXT,
                    "theme": {"enum": [*THEMES, None]},
                    "kind": {"enum": ["move", "bridge", "damage", "retro"]},
                    "value": {"oneOf": [{"enum": list(MOVE_VALUES)}, {"enum": ["P", *EFFECTS]}]},
                    "copies": {"type": "integer", "minimum": 0, "maximum": 60},
                    "speaker": {"enum": list(SPEAKERS)},
                    "message": _TEXT,
                    "message_en": _TEXT,
                    **SOURCE_PROPERTIES,
                },
            },
        }
    },
}

THEMES_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["themes"],
    "additionalProperties": False,
    "properties": {
        "themes": {
            "type": "array",
            "items": {
                "type": "object",
                "required": [
                    "id", "name_fr", "name_en", "colour", "resources_fr", "parents_fr",
                    "resources",
                ],
                "additionalProperties": False,
                "properties": {
                    "id": {"enum": list(THEMES)},
                    "name_fr": _TEXT,
                    "name_en": _TEXT,
                    "colour": _TEXT,
                    "resources_fr": _TEXT,
                    "parents_fr": _TEXT,
                    "resources_en": _TEXT,
                    "parents_en": _TEXT,
                    **SOURCE_PROPERTIES,
                    "resources": {
                        "type": "array",
                        "minItems": 1,
                        "items": {
                            "type": "object",
                            "required": ["name", "what_fr", "contact"],
                            "additionalProperties": False,
                            "properties": {
                                "name": _TEXT, "what_fr": _TEXT, "what_en": _TEXT,
                                "contact": _TEXT, **SOURCE_PROPERTIES,
                            },
                        },
                    },
                },
            },
        }
    },
}


# -- semantic checks ----------------------------------------------------------------------
def check_board(docs: Sequence[Doc]) -> list[Problem]:
    found: list[Problem] = []
    for doc in docs:
        found.extend(_check_board_doc(doc))
    return found


def _check_board_doc(doc: Doc) -> list[Problem]:
    data = doc.data
    found: list[Problem] = []
    sizes: dict[int, int] = {}
    for i, circle in enumerate(data["circles"]):
        path: tuple[str | int, ...] = ("circles", i)
        number, size = circle["circle"], circle["size"]
        if number in sizes:
            found.append(problem(doc, path, f"cercle {number} décrit deux fois"))
        sizes[number] = size
        expected = CIRCLE_SIZES[number - 1]
        if size != expected:
            found.append(problem(doc, path, f"le cercle {number} doit avoir {expected} cases"))
        indices = [c["index"] for c in circle["cells"]]
        if indices != list(range(size)):
            found.append(
                problem(doc, (*path, "cells"),
                        f"cases attendues : index 0 à {size - 1} dans l'ordre")
            )
        if not 0 <= circle["entry"] < size:
            found.append(problem(doc, (*path, "entry"), "case d'entrée hors du cercle"))
        colours = {c["colour"] for c in circle["cells"]}
        for colour in ("red", "yellow", "orange", "green"):
            if colour not in colours:
                found.append(problem(doc, path, f"le cercle {number} n'a pas de case {colour}"))
        starts = [c["index"] for c in circle["cells"] if c["colour"] == "start"]
        if number == 1 and starts != [circle["entry"]]:
            found.append(problem(doc, path, "le cercle 1 a une seule case start, son entrée"))
        if number != 1 and starts:
            found.append(problem(doc, path, "seul le cercle 1 a une case start"))
    if sorted(sizes) != [1, 2, 3]:
        found.append(problem(doc, ("circles",), "il faut les cercles 1, 2 et 3"))
        return found
    inner_cells = data["inner"]["cells"]
    if [c["index"] for c in inner_cells] != list(range(9)):
        found.append(problem(doc, ("inner", "cells"), "le cercle intérieur a 9 cases (0 à 8)"))
    numbers = [c["number"] for c in inner_cells]
    if numbers.count(1) != 1 or not all(v in numbers for v in MOVE_VALUES):
        found.append(
            problem(doc, ("inner", "cells"), "il faut une case « 1 » et des cases 2, 5 et 10")
        )
    entries: set[tuple[int, int]] = set()
    bars_by_circle: dict[int, list[int]] = {1: [], 2: [], 3: []}
    entry_of: dict[int, int] = {c["circle"]: c["entry"] for c in data["circles"]}
    for i, bridge in enumerate(data["bridges"]):
        path = ("bridges", i)
        circle, entry, exit_ = bridge["circle"], bridge["entry"], bridge["exit"]
        if not 0 <= entry < sizes[circle]:
            found.append(problem(doc, (*path, "entry"), "case d'entrée hors du cercle"))
        limit = 9 if circle == 3 else sizes[circle + 1]
        if not 0 <= exit_ < limit:
            found.append(problem(doc, (*path, "exit"), "case de sortie hors du cercle suivant"))
        elif circle == 3 and numbers[exit_] != 1:
            found.append(problem(doc, (*path, "exit"), "un pont du cercle 3 mène à la case « 1 »"))
        if (circle, entry) in entries:
            found.append(problem(doc, path, "deux ponts partent de la même case"))
        entries.add((circle, entry))
        bars_by_circle[circle].append(bridge["bars"])
        if bridge["bars"] == 1 and circle < 3 and exit_ != entry_of[circle + 1]:
            found.append(
                problem(doc, (*path, "exit"), "la sortie du PONT 1 est l'entrée du cercle suivant")
            )
    for circle, bars in bars_by_circle.items():
        if bars.count(1) != 1:
            found.append(problem(doc, ("bridges",), f"le cercle {circle} a exactement un PONT 1"))
        if not any(b >= 2 for b in bars):
            found.append(problem(doc, ("bridges",), f"le cercle {circle} n'a pas de PONT 2 ou 3"))
    found.extend(_check_shortcuts(doc, entry_of, sizes))
    return found


def _check_shortcuts(doc: Doc, entry_of: dict[int, int], sizes: dict[int, int]) -> list[Problem]:
    """A PONT 2 or 3 must be a real shortcut (W2): reached sooner or landing further."""
    found = []
    bridges = doc.data["bridges"]
    for i, bridge in enumerate(bridges):
        if bridge["bars"] == 1:
            continue
        circle = bridge["circle"]
        ones = [b for b in bridges if b["circle"] == circle and b["bars"] == 1]
        if not ones:
            continue
        size = sizes[circle]
        start = entry_of[circle]
        sooner = (bridge["entry"] - start) % size < (ones[0]["entry"] - start) % size
        further = False
        if circle < 3:
            nxt = entry_of[circle + 1]
            further = (bridge["exit"] - nxt) % sizes[circle + 1] > 0
        if not (sooner or further):
            found.append(problem(doc, ("bridges", i), "ce pont n'est pas un raccourci"))
    return found


def check_deck(docs: Sequence[Doc]) -> list[Problem]:
    found = unique_ids(
        docs, lambda d: ((("cards", i, "id"), c["id"]) for i, c in enumerate(d.data["cards"]))
    )
    for doc in docs:
        named = 0
        for i, card in enumerate(doc.data["cards"]):
            path: tuple[str | int, ...] = ("cards", i)
            kind, value = card["kind"], card["value"]
            if kind == "move" and value not in MOVE_VALUES:
                found.append(problem(doc, (*path, "value"), "une carte move vaut 1, 2, 5 ou 10"))
            if kind == "bridge" and value != "P":
                found.append(problem(doc, (*path, "value"), "une carte bridge vaut P"))
            if kind in ("damage", "retro") and value not in EFFECTS:
                found.append(
                    problem(doc, (*path, "value"),
                            f"effet inconnu (attendu : {', '.join(EFFECTS)})")
                )
            themed = card["theme"] is not None
            has_text = "message" in card and "speaker" in card
            if themed and not has_text:
                found.append(problem(doc, path, "une carte nommée a un message et un speaker"))
            if not themed and ("message" in card or "speaker" in card):
                found.append(problem(doc, path, "une copie simple n'a pas de message"))
            if not themed and kind in ("damage", "retro"):
                found.append(problem(doc, path, "les cartes d'attaque appartiennent à un thème"))
            if themed:
                named += 1
        cards = doc.data["cards"]
        for effect in EFFECTS:
            for kind in ("damage", "retro"):
                if not any(c["kind"] == kind and c["value"] == effect for c in cards):
                    found.append(problem(doc, ("cards",), f"il manque la carte {kind} {effect}"))
        for kind in ("move", "bridge"):
            if not any(c["kind"] == kind and c["copies"] > 0 for c in cards):
                found.append(problem(doc, ("cards",), f"il manque des cartes {kind}"))
        if named != 35:
            message = f"35 cartes nommées attendues ({named} trouvées)"
            found.append(problem(doc, ("cards",), message))
        found.extend(english_problems(doc, "cards", CARD_TEXTS))
    return found


def check_themes(docs: Sequence[Doc]) -> list[Problem]:
    found: list[Problem] = []
    for doc in docs:
        ids = [t["id"] for t in doc.data["themes"]]
        for theme in THEMES:
            if ids.count(theme) != 1:
                found.append(problem(doc, ("themes",), f"le thème {theme} doit figurer une fois"))
        # All or nothing for the whole file: the themes' texts and their resources.
        themes = doc.data["themes"]
        english = has_english(themes, THEME_TEXTS) or any(
            has_english(t["resources"], RESOURCE_TEXTS) for t in themes
        )
        found.extend(english_problems(doc, "themes", THEME_TEXTS, english))
        for i in range(len(themes)):
            found.extend(english_problems(doc, ("themes", i, "resources"), RESOURCE_TEXTS, english))
    return found


def _count_board(docs: Sequence[Doc]) -> dict[str, Any]:
    return {"bridges": sum(len(d.data["bridges"]) for d in docs)}


def _count_deck(docs: Sequence[Doc]) -> dict[str, Any]:
    cards = [c for d in docs for c in d.data["cards"]]
    return {
        "cards": sum(c["copies"] for c in cards),
        "named": sum(1 for c in cards if c["theme"] is not None),
        "english": sum("message_en" in c for c in cards),
    }


def _count_themes(docs: Sequence[Doc]) -> dict[str, Any]:
    themes = [t for d in docs for t in d.data["themes"]]
    return {"themes": len(themes), "english": sum("resources_en" in t for t in themes)}


BOARD = ContentKind("webrunners", "board", "board.yaml", BOARD_SCHEMA, check_board, _count_board)
DECK = ContentKind(
    "webrunners", "deck", "deck.yaml", DECK_SCHEMA, check_deck, _count_deck,
    items=items_at("cards"),
)
THEME_KIND = ContentKind(
    "webrunners", "themes", "themes.yaml", THEMES_SCHEMA, check_themes, _count_themes,
    items=items_of(items_at("themes"), items_at("themes", "*", "resources")),
)
CONTENT = [BOARD, DECK, THEME_KIND]
