"""What a game of Web Runners teaches: after the game, 4 to 6 cards of real-life advice for
the debrief, from the game's own prevention messages (W16: the named cards of the game's
theme, each with what its character says).

Chosen from what the whole table saw: the cards of the game's theme played face up and
still in the discard pile at the end (a reshuffle puts the older ones back in the draw
pile), the damage and retro-damage cards first (the harm and its answer), then the others
in the order they were played; when that makes fewer than 4 cards, the theme's other named
cards complete them, damage and retro-damage first, then in the deck's order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ludinum.engine.lessons import Card, original, pick
from ludinum.games.webrunners.data import DAMAGE, RETRO, Deck
from ludinum.games.webrunners.data import Card as DeckCard

#: The source of a card whose content names none: the original game.
ORIGINAL = original("Web Runners")


def card_lesson(card: DeckCard) -> Card:
    """A named card: its name, and the prevention message its character says."""
    return Card(card.name_fr, " ".join((card.message or "").split()), card.name_en,
                " ".join((card.message_en or "").split()), card.source or ORIGINAL)


def _harm_first(cards: Iterable[DeckCard]) -> Iterator[DeckCard]:
    """``cards`` with the damage cards, then the retro-damage cards, first (stable)."""
    rank = {DAMAGE: 0, RETRO: 1}
    yield from sorted(cards, key=lambda c: rank.get(c.kind, 2))


def lessons_for(theme: str, played: Iterable[str], deck: Deck) -> list[Card]:
    """The cards of a game of ``theme`` whose public discard held ``played`` (card ids)."""
    def speaks(card: DeckCard | None) -> bool:
        return card is not None and card.theme == theme and bool(card.message)

    met = [c for c in map(deck.get, played) if c is not None and speaks(c)]
    key = [c for c in deck.cards if speaks(c)]
    return pick(map(card_lesson, _harm_first(met)), map(card_lesson, _harm_first(key)))
