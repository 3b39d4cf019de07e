"""The loaded board, deck and themes as fast lookup tables (built once at import)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludinum.content import BUILTIN
from ludinum.content.pack import folder as content_folder
from ludinum.content.schema import load_kind
from ludinum.engine.lessons import source_text
from ludinum.games.webrunners.content import BOARD, DECK, EFFECTS, THEME_KIND

FOLDER: Path = BUILTIN / "webrunners"

# Card kinds.
MOVE, BRIDGE, DAMAGE, RETRO = 0, 1, 2, 3
KIND_NAMES = ("move", "bridge", "damage", "retro")
# Damage effects, by index in EFFECTS.
CYBERVIOLENCE, HACKING, OBSOLESCENCE, BUG, SURVEILLANCE = range(5)
# Cell colours.
NONE, RED, YELLOW, ORANGE, GREEN = 0, 1, 2, 3, 4
_COLOUR_CODE = {"none": NONE, "start": NONE, "red": RED, "yellow": YELLOW, "orange": ORANGE,
                "green": GREEN}
COLOUR_NAMES = ("none", "red", "yellow", "orange", "green")
#: Circle index of the inner circle (circles 1-3 are 0-2) and of the centre.
INNER, CENTRE = 3, 4
INNER_NUMBERS = (1, 2, 5, 10)


@dataclass(frozen=True)
class Card:
    index: int
    id: str
    name_fr: str
    name_en: str
    theme: str | None
    kind: int
    value: int  # movement value (1, 2, 5, 10); 0 otherwise
    effect: int  # index in EFFECTS for damage and retro cards; -1 otherwise
    copies: int
    speaker: str | None
    message: str | None
    #: English of the message; None where the content gives none (French shown).
    message_en: str | None = None
    #: Where the message's facts come from (one line); empty where the content gives none.
    source: str = ""

    def message_in(self, lang: str) -> str | None:
        """The prevention message in ``lang`` (English where given, French otherwise)."""
        return self.message_en if lang == "en" and self.message_en else self.message


@dataclass(frozen=True)
class Bridge:
    circle: int  # 0-2
    entry: int
    exit: int  # cell on the next circle (circle 2: the inner number, always 1)
    bars: int


@dataclass(frozen=True)
class Deck:
    cards: tuple[Card, ...]
    by_id: dict[str, int]

    def get(self, card_id: object) -> Card | None:
        """The card ``card_id`` (None if the deck has no such card)."""
        index = self.by_id.get(str(card_id))
        return None if index is None else self.cards[index]

    def full(self, tuned: bool = False) -> list[int]:
        """Every card of the deck, as card indices.

        W1: by default (the text's deck) each of the 35 named cards exists once and only
        the plain movement and bridge cards come in several copies; ``tuned`` keeps the
        data's copies of the named cards too (the damage and retro-damage cards tripled).
        """
        out: list[int] = []
        for card in self.cards:
            copies = card.copies if tuned or card.theme is None else min(card.copies, 1)
            out.extend([card.index] * copies)
        return out


@dataclass(frozen=True)
class Board:
    sizes: tuple[int, int, int]
    entries: tuple[int, int, int]  # entry cell of circles 1-3 (START, PONT 1 exits)
    colours: tuple[tuple[int, ...], ...]  # per circle 1-3, per cell
    bridges: tuple[Bridge, ...]
    bridge_at: dict[tuple[int, int], Bridge]  # (circle, entry cell) -> bridge
    inner_numbers: tuple[int, ...]  # the 9 inner cells' numbers
    inner_moves: dict[tuple[int, int], int]  # (from number, card value) -> to number
    centre_bars: dict[int, int]  # inner number -> bridge cards to reach the centre


def build_deck(data: dict[str, Any]) -> Deck:
    cards = []
    for i, raw in enumerate(data["cards"]):
        kind = ("move", "bridge", "damage", "retro").index(raw["kind"])
        value = raw["value"] if kind == MOVE else 0
        effect = EFFECTS.index(raw["value"]) if kind in (DAMAGE, RETRO) else -1
        cards.append(
            Card(i, raw["id"], raw["name_fr"], raw["name_en"], raw["theme"], kind, value, effect,
                 raw["copies"], raw.get("speaker"), raw.get("message"), raw.get("message_en"),
                 source_text(raw.get("source"), ""))
        )
    return Deck(tuple(cards), {c.id: c.index for c in cards})


def build_board(data: dict[str, Any]) -> Board:
    circles = sorted(data["circles"], key=lambda c: c["circle"])
    sizes = tuple(c["size"] for c in circles)
    entries = tuple(c["entry"] for c in circles)
    colours = tuple(tuple(_COLOUR_CODE[cell["colour"]] for cell in c["cells"]) for c in circles)
    numbers = tuple(c["number"] for c in data["inner"]["cells"])
    bridges = tuple(
        Bridge(b["circle"] - 1, b["entry"], numbers[b["exit"]] if b["circle"] == 3 else b["exit"],
               b["bars"])
        for b in data["bridges"]
    )
    return Board(
        sizes=(sizes[0], sizes[1], sizes[2]),
        entries=(entries[0], entries[1], entries[2]),
        colours=colours,
        bridges=bridges,
        bridge_at={(b.circle, b.entry): b for b in bridges},
        inner_numbers=numbers,
        inner_moves={(m["from"], m["card"]): m["to"] for m in data["inner"]["moves"]},
        centre_bars={c["from"]: c["bars"] for c in data["inner"]["centre"]},
    )


def _load() -> tuple[Board, Deck, dict[str, dict[str, Any]]]:
    # The content in use when this module is first imported (the command line chooses its
    # pack before any game starts; see ludinum.content.pack).
    folder = content_folder("webrunners")
    board = build_board(load_kind(BOARD, folder)[0].data)
    deck = build_deck(load_kind(DECK, folder)[0].data)
    themes = {t["id"]: t for t in load_kind(THEME_KIND, folder)[0].data["themes"]}
    return board, deck, themes


BOARD_DATA, DECK_DATA, THEME_DATA = _load()


def card_message(card_id: str) -> dict[str, str] | None:
    """The prevention message of a named card (W16): speaker, text, theme and names,
    ``message_en`` its English (the French where the content gives none).

    ``None`` for a plain copy (no message); ``KeyError`` for an unknown id.
    """
    card = DECK_DATA.cards[DECK_DATA.by_id[card_id]]
    if card.message is None or card.speaker is None or card.theme is None:
        return None
    return {
        "id": card.id,
        "name_fr": card.name_fr,
        "name_en": card.name_en,
        "theme": card.theme,
        "speaker": card.speaker,
        "message": card.message,
        "message_en": card.message_en or card.message,
    }


def theme_texts(theme: str, lang: str = "fr") -> dict[str, Any]:
    """A theme's name, resources page text (``intro``), advice for parents and resources
    (``name``, ``what``, ``contact``) in ``lang``: English where the content gives it,
    French otherwise. Names of services and contacts are the same in both languages.

    ``KeyError`` for an unknown theme.
    """
    t = THEME_DATA[theme]
    en = lang == "en"

    def pick(french: str, english: str | None) -> str:
        return english if en and english else french

    return {
        "id": theme,
        "name": pick(t["name_fr"], t["name_en"]),
        "intro": pick(t["resources_fr"], t.get("resources_en")),
        "parents": pick(t["parents_fr"], t.get("parents_en")),
        "resources": [
            {"name": r["name"], "what": pick(r["what_fr"], r.get("what_en")),
             "contact": r["contact"]}
            for r in t["resources"]
        ],
    }
