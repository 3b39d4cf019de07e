"""Board knowledge for bots: estimated distance to the centre, moves, card usefulness.

Distances are in rough "turns": a cell costs 0.22 (cards average about 4.5 cells), a bridge
1 turn plus 0.6 per extra bar (the cards it costs). ``distance(pos, k)`` allows only bridges
of at most ``k`` bars (what the hand can pay).
"""

from __future__ import annotations

import heapq
from collections.abc import Collection

from ludinum.games.webrunners.data import BOARD_DATA, BRIDGE, DECK_DATA, MOVE, RETRO

Pos = tuple[int, int]
CELL_COST = 0.22
CENTRE: Pos = (4, 0)
CARDS = {c.id: c for c in DECK_DATA.cards}
_BRIDGE_IDS = frozenset(c.id for c in DECK_DATA.cards if c.kind == BRIDGE)
#: Bonus for landing on a colour (none, red, yellow, orange, green).
COLOUR_BONUS = (0.0, 0.15, 0.9, 0.6, 0.2)


def bridge_cost(bars: int) -> float:
    return 1.0 + 0.6 * (bars - 1)


def _edges(max_bars: int) -> dict[Pos, list[tuple[Pos, float]]]:
    out: dict[Pos, list[tuple[Pos, float]]] = {}
    for c, size in enumerate(BOARD_DATA.sizes):
        for i in range(size):
            out.setdefault((c, i), []).append(((c, (i + 1) % size), CELL_COST))
    for b in BOARD_DATA.bridges:
        if b.bars <= max_bars:
            out[(b.circle, b.entry)].append(((b.circle + 1, b.exit), bridge_cost(b.bars)))
    for (start, _card), end in BOARD_DATA.inner_moves.items():
        out.setdefault((3, start), []).append(((3, end), 1.2))
    for start, bars in BOARD_DATA.centre_bars.items():
        if bars <= max_bars:
            out.setdefault((3, start), []).append((CENTRE, bridge_cost(bars)))
    return out


def _dijkstra(max_bars: int) -> dict[Pos, float]:
    reverse: dict[Pos, list[tuple[Pos, float]]] = {}
    for start, ends in _edges(max_bars).items():
        for end, weight in ends:
            reverse.setdefault(end, []).append((start, weight))
    best: dict[Pos, float] = {CENTRE: 0.0}
    queue = [(0.0, CENTRE)]
    while queue:
        d, node = heapq.heappop(queue)
        if d > best.get(node, 1e9):
            continue
        for prev, weight in reverse.get(node, []):
            nd = d + weight
            if nd < best.get(prev, 1e9):
                best[prev] = nd
                heapq.heappush(queue, (nd, prev))
    return best


_TABLES = {k: _dijkstra(k) for k in (1, 2, 3)}


def distance(pos: Pos, max_bars: int = 3) -> float:
    """Estimated turns from ``pos`` (circle 0-4, cell) to the centre."""
    return _TABLES[max_bars].get(pos, 0.0 if pos[0] == 4 else 30.0)


def after_move(pos: Pos, value: int) -> Pos | None:
    circle, cell = pos
    if circle < 3:
        return circle, (cell + value) % BOARD_DATA.sizes[circle]
    if circle == 3:
        to = BOARD_DATA.inner_moves.get((cell, value))
        return None if to is None else (3, to)
    return None


def bars_at(pos: Pos) -> int:
    circle, cell = pos
    if circle < 3:
        bridge = BOARD_DATA.bridge_at.get((circle, cell))
        return bridge.bars if bridge else 0
    if circle == 3:
        return BOARD_DATA.centre_bars.get(cell, 0)
    return 0


def exit_of(pos: Pos) -> Pos:
    circle, cell = pos
    if circle == 3:
        return CENTRE
    bridge = BOARD_DATA.bridge_at[(circle, cell)]
    return circle + 1, bridge.exit


def payable_bars(bridges: int) -> int:
    """The bars of the bridges a hand holding ``bridges`` bridge cards is planned for (1 to
    3: the distance tables, ``distance(pos, max_bars)``, exist for those)."""
    return max(1, min(3, bridges))


def bridge_cards(hand: list[str]) -> int:
    return sum(1 for c in hand if c in _BRIDGE_IDS)


_IS_BRIDGE = tuple(c.kind == BRIDGE for c in DECK_DATA.cards)


def bridge_count(hand: list[int]) -> int:
    """Bridge cards in a hand of card indices (the state's form of a hand)."""
    return sum(1 for c in hand if _IS_BRIDGE[c])


#: Movement value of each move card, by id.
_MOVE_VALUE = {ident: card.value for ident, card in CARDS.items() if card.kind == MOVE}
#: Per circle, its bridges as (entry cell, bars, bonus when a card lands on it).
_HITS = tuple(
    tuple((b.entry, b.bars, 0.3 + 0.15 * b.bars) for b in BOARD_DATA.bridges if b.circle == c)
    for c in range(len(BOARD_DATA.sizes))
)


def move_values(hand: list[str]) -> list[int]:
    """The movement values of the move cards in ``hand``, one per card (repeats kept)."""
    return [_MOVE_VALUE[c] for c in hand if c in _MOVE_VALUE]


def hit_bonus(pos: Pos, hand: list[str]) -> float:
    """Bonus when a card left in hand lands exactly on a bridge the hand can pay for."""
    return hits(pos, set(move_values(hand)), bridge_cards(hand))


def hits(pos: Pos, values: Collection[int], have: int) -> float:
    """:func:`hit_bonus` from the hand's move values and its number of bridge cards (a bot
    scoring every card of one hand derives them once)."""
    circle, cell = pos
    size = BOARD_DATA.sizes[circle]
    bonus = 0.0
    for entry, bars, value in _HITS[circle]:
        if bars <= have and value > bonus and (entry - cell) % size in values:
            bonus = value
    return bonus


#: What a move card is worth keeping on the outer circles, by its value.
_MOVE_KEEP = {1: 1.0, 2: 1.3, 5: 1.7, 10: 1.9}


def card_utility(card_id: str, hand: list[str], pos: Pos) -> float:
    """How much a card is worth keeping, from where the pawn stands."""
    card = CARDS[card_id]
    if card.kind == BRIDGE:
        return 2.5 if bridge_cards(hand) <= 3 else 1.2
    if card.kind == MOVE:
        if pos[0] < 3:
            return _MOVE_KEEP[card.value]
        return 2.2 if (pos[1], card.value) in BOARD_DATA.inner_moves else 0.5
    if card.kind == RETRO:
        return 2.3
    return 1.2 if card.effect == 4 else 1.6
