"""The frequent events, built once per deck: a turn then costs a lookup, not an allocation.

Events are immutable values (nobody mutates their data), so states may share them.
"""

from __future__ import annotations

from ludinum.engine import Event, private, public
from ludinum.games.voleur.content import BOARDS, Deck

MAX_SEATS = 6
MAX_ROUNDS = 30


class EventTable:
    def __init__(self, deck: Deck) -> None:
        ids = [c.id for c in deck.cards]
        seats = range(MAX_SEATS)
        self.draw: tuple[tuple[Event, ...], ...] = tuple(
            tuple(private((s,), "draw", card=i) for i in ids) for s in seats
        )
        self.lay_data: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
            tuple(tuple(public("lay_data", player=s, card=i, board=b) for b in BOARDS) for i in ids)
            for s in seats
        )
        self.lay_hidden: tuple[tuple[Event, ...], ...] = tuple(
            tuple(public("lay_hidden", player=s, board=b) for b in BOARDS) for s in seats
        )
        self.hidden_card: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
            tuple(tuple(private((s,), "hidden_card", card=i, board=b) for b in BOARDS) for i in ids)
            for s in seats
        )
        self.discard: tuple[tuple[Event, ...], ...] = tuple(
            tuple(public("discard", player=s, card=i) for i in ids) for s in seats
        )
        self.round: tuple[Event, ...] = tuple(
            public("round", round=r) for r in range(MAX_ROUNDS + 2)
        )
