"""Every action of the game, built once per deck, and decoded by a dict lookup.

Text forms::

    lay card=fichier_clients board=paper     a manager lays a card from his hand
    discard card=destructeur                 no legal card to lay (manager) / cannot attack (thief)
    pass                                     nothing in hand, nothing to draw
    attack card=hameconnage target=2         the thief attacks the board of that nature of seat 2
    counter from=board | counter from=hand   the attacked manager counters
    let_through                              ...or lets the attack succeed
    steal card=dossier_medical               the thief takes a data card
    steal category=sensitive                 (expert variant) every data card of a category
"""

from __future__ import annotations

from ludinum.engine import Action
from ludinum.games.voleur.content import ATTACK, BOARDS, CATEGORIES, DATA, Deck
from ludinum.games.voleur.events import EventTable

LAY, DISCARD, PASS, ATTACK_OP, COUNTER_BOARD, COUNTER_HAND, LET, STEAL, STEAL_CAT = range(9)

MAX_SEATS = 6


class ActionTable:
    """Constant :class:`Action` objects for one deck, and their decoding."""

    def __init__(self, deck: Deck) -> None:
        self.events = EventTable(deck)
        decode: dict[Action, tuple[int, int, int]] = {}
        n = len(deck)
        self.lay: tuple[tuple[Action, ...], ...] = tuple(
            tuple(Action.make("lay", card=c.id, board=BOARDS[b]) for b in (0, 1))
            for c in deck.cards
        )
        self.discard = tuple(Action.make("discard", card=c.id) for c in deck.cards)
        self.attack: tuple[tuple[Action, ...], ...] = tuple(
            tuple(Action.make("attack", card=c.id, target=s) for s in range(MAX_SEATS))
            for c in deck.cards
        )
        self.steal = tuple(Action.make("steal", card=c.id) for c in deck.cards)
        self.steal_category = tuple(Action.make("steal", category=name) for name in CATEGORIES)
        self.pass_ = Action.make("pass")
        self.counter_board = Action.make("counter", **{"from": "board"})
        self.counter_hand = Action.make("counter", **{"from": "hand"})
        self.let_through = Action.make("let_through")
        for t in range(n):
            kind = deck.kind[t]
            for b in (0, 1):
                decode[self.lay[t][b]] = (LAY, t, b)
            decode[self.discard[t]] = (DISCARD, t, 0)
            if kind == ATTACK:
                for s in range(MAX_SEATS):
                    decode[self.attack[t][s]] = (ATTACK_OP, t, s)
            if kind == DATA:
                decode[self.steal[t]] = (STEAL, t, 0)
        for c in range(len(CATEGORIES)):
            decode[self.steal_category[c]] = (STEAL_CAT, c, 0)
        decode[self.pass_] = (PASS, 0, 0)
        decode[self.counter_board] = (COUNTER_BOARD, 0, 0)
        decode[self.counter_hand] = (COUNTER_HAND, 0, 0)
        decode[self.let_through] = (LET, 0, 0)
        self.decode = decode
        # The table's own objects live as long as the table: their ids are stable, and an
        # int lookup is cheaper than hashing an action (others fall back to ``decode``).
        self.by_id = {id(a): op for a, op in decode.items()}
        #: ``lay_options[matching][mask][t]``: where card ``t`` may be laid (V3), with
        #: ``mask`` = paper opened (1) + digital opened (2) and ``matching`` the
        #: ``measure_board`` option: data anywhere, measures on opened boards only.
        self.lay_options: tuple[tuple[tuple[tuple[Action, ...], ...], ...], ...] = tuple(
            tuple(
                tuple(self._where(deck, t, mask, matching) for t in range(n)) for mask in range(4)
            )
            for matching in (False, True)
        )

    def _where(self, deck: Deck, t: int, mask: int, matching: bool) -> tuple[Action, ...]:
        kind = deck.kind[t]
        if kind == DATA:
            return self.lay[t]
        if kind == ATTACK:
            return ()
        boards = (deck.nature[t],) if matching else (0, 1)
        return tuple(self.lay[t][b] for b in boards if mask & (1 << b))
