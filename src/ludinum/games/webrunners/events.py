"""Frequent events, built once and shared (events are immutable values).

Building an :class:`Event` costs more than most rules steps, so the events that repeat
(staying, drawing one card, moving, colour cells, prevention messages) come from caches.
"""

from __future__ import annotations

from ludinum.engine import Event, private, public
from ludinum.games.webrunners.data import DECK_DATA

IDS = tuple(c.id for c in DECK_DATA.cards)
SEATS = range(4)

STAY = tuple(public("stay", seat=p) for p in SEATS)
AGAIN = tuple(public("turn", seat=p, again=True) for p in SEATS)
PASS = tuple(public("pass", seat=p) for p in SEATS)
ACCEPT = tuple(public("accept", seat=p) for p in SEATS)
COLOUR = {
    (p, colour): public("colour", seat=p, colour=colour)
    for p in SEATS
    for colour in ("red", "yellow", "orange", "green")
}
#: W16: the prevention message of each named card, shown to the whole table.
MESSAGE = tuple(
    public("message", card=c.id, speaker=c.speaker, text=c.message) if c.message else None
    for c in DECK_DATA.cards
)
_MOVE: dict[tuple[int, int, int, int, int], Event] = {}
_RESHUFFLE: dict[int, Event] = {}
#: The private event of one card drawn, by seat then card.
DRAW_ONE = tuple(
    tuple(private((p,), "draw", seat=p, cards=(ident,)) for ident in IDS) for p in SEATS
)


def draw(p: int, got: list[int]) -> Event:
    """The private event of the cards ``p`` draws."""
    if len(got) == 1:
        return DRAW_ONE[p][got[0]]
    return private((p,), "draw", seat=p, cards=tuple(IDS[c] for c in got))


def reshuffle(cards: int) -> Event:
    """W17: the discard shuffled into a new draw pile of ``cards`` cards (often one or two
    in a long game: the event is shared)."""
    event = _RESHUFFLE.get(cards)
    if event is None:
        event = _RESHUFFLE[cards] = public("reshuffle", cards=cards)
    return event


def move(p: int, card: int, value: int, circle: int, cell: int) -> Event:
    key = (p, card, value, circle, cell)
    event = _MOVE.get(key)
    if event is None:
        event = _MOVE[key] = public(
            "move", seat=p, card=IDS[card], value=value, circle=circle, cell=cell
        )
    return event


#: W17: a discard of one card made the new draw pile (the common case of a long game).
RESHUFFLE_ONE = reshuffle(1)
