"""What a game of the Gnou teaches: after the game, 4 to 6 cards of real-life advice for
the debrief, from the game's own content (the danger cards and the protections' texts).

Chosen from the public view of the finished game only (every player saw the same board):
first the free alternative of each danger the team removed (G5: the card's verso, read
aloud when the danger was met), one per type of danger, in the board's order; then the
protections the team won whose danger it did not remove; when that makes fewer than 4
cards, the protections against the other dangers, in the rules' order, complete them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ludinum.engine.lessons import Card, original, pick, source_text
from ludinum.games.gnou.content import DANGER_TYPES, PROTECTION_FOR, DangerCard

#: The source of a card whose content names none: the original game.
ORIGINAL = original("Le jeu du Gnou, April (CC BY-SA)")


def danger_lesson(card: DangerCard) -> Card:
    """A removed danger: its title, and how to protect oneself from it (the verso)."""
    return Card(card.title, card.alternative, card.title_en, card.alternative_en,
                card.source or ORIGINAL)


def protection_lesson(item: Mapping[str, Any]) -> Card:
    """A protection (``themes.yaml``): its name and what it does."""
    return Card(str(item["name"]), " ".join(str(item["text"]).split()),
                str(item.get("name_en", "")), " ".join(str(item.get("text_en", "")).split()),
                source_text(item.get("source"), ORIGINAL))


def lessons_for(view: Mapping[str, Any], dangers: Mapping[int, DangerCard],
                protections: Mapping[str, Mapping[str, Any]]) -> list[Card]:
    """The cards of a game whose public view (``state.view(None)``) is ``view``."""
    removed: dict[str, DangerCard] = {}
    for cell in sorted(int(c) for c in view["removed"]):
        card = dangers.get(cell)
        if card is not None:
            removed.setdefault(card.type, card)
    won = {p for held in view["protections"] for p in held}

    def met() -> Iterator[Card]:
        yield from map(danger_lesson, removed.values())
        for kind in DANGER_TYPES:
            shield = PROTECTION_FOR[kind]
            if kind not in removed and shield in won and shield in protections:
                yield protection_lesson(protections[shield])

    key = (protection_lesson(protections[PROTECTION_FOR[kind]]) for kind in DANGER_TYPES
           if kind not in removed and PROTECTION_FOR[kind] in protections)
    return pick(met(), key)
