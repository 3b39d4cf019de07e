"""What each seat may see (``view``) and a redraw of what it may not (``resample``).

Public: every data card and revealed measure on the boards, how many measures lie face down
on each board, hand and pile sizes, both discards, the proofs, the thief's loot. Private:
a player's own hand; a manager's own hidden measures. Nobody sees the order of a pile.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from ludinum.games.voleur.deck import BOARDS, MEASURE
from ludinum.games.voleur.state import PHASES, THIEF_ROUND

if TYPE_CHECKING:
    from ludinum.games.voleur.state import VoleurState


def build_view(
    st: VoleurState, player: int | None, parts: Collection[str] | None = None
) -> dict[str, Any]:
    """``player``'s view; with ``parts``, only those entries (``State.observation``): the
    costly ones (the seats' boards, the discards, the loot) are built when asked for only."""
    ids = st.ids
    name = ids.__getitem__

    def names(cards: list[int]) -> list[str]:
        return list(map(name, cards))

    over = st.is_terminal()
    view: dict[str, Any] = {
        "game": "voleur",
        "you": player,
        "role": None if player is None else ("thief" if player == st.thief else "manager"),
        "thief": st.thief,
        "round": st.round,
        "rounds": st.rounds,
        "thief_round": THIEF_ROUND,
        "phase": PHASES[st.phase],
        "turn": None if over else st.current(),
        "active": list(st.active_players()),
        "pile": len(st.pile),
        "thief_pile": len(st.tpile),
    }
    if parts is None or "discard" in parts:
        view["discard"] = names(st.discard)
    if parts is None or "thief_discard" in parts:
        view["thief_discard"] = names(st.tdiscard)
    if parts is None or "loot" in parts:
        view["loot"] = names(st.loot)
    if parts is None or "players" in parts:
        view["players"] = _players(st, player)
    view["attack"] = None
    if parts is None or "options" in parts:
        view["options"] = {
            "expert": st.expert,
            "foil_points": st.foil_points,
            "defence": "ask" if st.ask else "auto",
            "measure_board": "matching" if st.matching else "any",
        }
    if parts is None or "composition" in parts:
        deck = st.deck
        view["composition"] = {
            "common": dict(deck.composition[0]),
            "thief": dict(deck.composition[1]),
        }
    if st.p_attack >= 0:
        view["attack"] = {
            "card": ids[st.p_attack],
            "target": st.p_target,
            "board": BOARDS[st.p_board & 1],
        }
    if player is not None and 0 <= player < st.n:
        view["hand"] = names(sorted(st.hands[player]))
    if over and (parts is None or "winners" in parts):
        view["winners"] = list(st.outcome().winners)
    if parts is None:
        return view
    return {key: view[key] for key in parts if key in view}


def _players(st: VoleurState, player: int | None) -> list[dict[str, Any]]:
    """Every seat's public entry: role, hand size, score, and a manager's boards (with his
    own hidden measures for ``player``), proofs and skipped turns. Built on every decision
    of a rollout bot: card names are mapped inline, and an empty pile (most of them) is
    not mapped at all."""
    name = st.ids.__getitem__
    scores = st.scores()
    hands, proofs, skips = st.hands, st.proofs, st.skips
    data, shown, hidden, opened = st.data, st.shown, st.hidden, st.opened
    players: list[dict[str, Any]] = []
    for s in range(st.n):
        if s == st.thief:
            players.append({"seat": s, "role": "thief", "hand": len(hands[s]), "score": scores[s]})
            continue
        boards: dict[str, Any] = {}
        for b, side in enumerate(BOARDS):
            i = 2 * s + b
            laid, seen, down = data[i], shown[i], hidden[i]
            board: dict[str, Any] = {
                "data": list(map(name, laid)) if laid else [],
                "shown": list(map(name, seen)) if seen else [],
                "hidden": len(down), "opened": opened[i],
            }
            if player == s:
                board["hidden_cards"] = list(map(name, down)) if down else []
            boards[side] = board
        proved = proofs[s]
        players.append({
            "seat": s, "role": "manager", "hand": len(hands[s]), "score": scores[s],
            "boards": boards, "proofs": list(map(name, proved)) if proved else [],
            "skips": skips[s],
        })
    return players


def resample(st: VoleurState, observer: int, rng: random.Random) -> VoleurState:
    """Redraw the cards ``observer`` cannot see among the places they could be.

    Unseen common cards (the pile, the other managers' hands and hidden measures) are
    pooled and dealt again: each hidden slot gets a random unseen measure (of the board's
    nature under the ``matching`` option), each hand random unseen cards, and the rest is
    the pile. Piles are unordered (a draw picks at random), so nothing else is needed.
    For a manager, the thief's hand is redrawn from his hand and pile likewise.
    """
    twin = st.copy_with(random.Random(rng.getrandbits(64)))
    rand = rng.random
    kind = st.deck.kind
    nature = st.deck.nature
    others = [s for s in st.managers if s != observer]
    slots = [i for s in others for i in (2 * s, 2 * s + 1) if st.hidden[i]]
    # Unseen measures, split by nature when a slot's nature matters.
    measures: tuple[list[int], list[int]] = ([], [])
    rest: list[int] = []
    split = st.matching

    def sort(cards: list[int]) -> None:
        for c in cards:
            if kind[c] == MEASURE:
                measures[nature[c] if split else 0].append(c)
            else:
                rest.append(c)

    sort(st.pile)
    for s in others:
        sort(st.hands[s])
    for i in slots:
        sort(st.hidden[i])
    # Sorted: the draw depends on what the observer knows and on ``rng`` only, never on
    # the hidden order of the real cards.
    measures[0].sort()
    measures[1].sort()
    rest.sort()
    for i in slots:
        pool = measures[(i & 1) if split else 0]
        picked = []
        for _ in range(len(st.hidden[i])):
            j = int(rand() * len(pool))
            picked.append(pool[j])
            pool[j] = pool[-1]
            pool.pop()
        twin.hidden[i] = picked
    rest.extend(measures[0])
    rest.extend(measures[1])
    for s in others:
        hand = []
        for _ in range(len(st.hands[s])):
            j = int(rand() * len(rest))
            hand.append(rest[j])
            rest[j] = rest[-1]
            rest.pop()
        twin.hands[s] = hand
    twin.pile = rest
    if observer != st.thief:
        pool = sorted(st.tpile + st.hands[st.thief])
        hand = []
        for _ in range(len(st.hands[st.thief])):
            j = int(rand() * len(pool))
            hand.append(pool[j])
            pool[j] = pool[-1]
            pool.pop()
        twin.hands[st.thief] = hand
        twin.tpile = pool
    else:
        # The thief knows what his pile holds, not its order: sorted, so that nothing of
        # the real order reaches his determinisation.
        twin.tpile = sorted(st.tpile)
    # A hand's order is nobody's knowledge (views sort it): the observer's too.
    twin.hands = [sorted(h) for h in twin.hands]
    return twin
