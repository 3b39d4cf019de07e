"""What each seat may see (``view``) and a redraw of what it may not (``redraw``).

Public: every data card and revealed measure on the boards, how many measures lie face down
on each board, hand and pile sizes, both discards, the proofs, the thief's loot. Private:
a player's own hand; a manager's own hidden measures. Nobody sees the order of a pile.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from ludinum.games.voleur.content import BOARDS, MEASURE
from ludinum.games.voleur.rules import PHASES, THIEF_ROUND

PAPER_SIDE, DIGITAL_SIDE = BOARDS

if TYPE_CHECKING:
    from ludinum.games.voleur.rules import Rules


def view(
    st: Rules, player: int | None, parts: Collection[str] | None = None
) -> dict[str, Any]:
    """``player``'s view; with ``parts``, only those entries (``State.observation``, see
    :func:`_observe`)."""
    if parts is not None:
        return _observe(st, player, parts)
    ids = st.ids
    name = ids.__getitem__

    def names(cards: list[int]) -> list[str]:
        return list(map(name, cards))

    over = st.is_terminal()
    out: dict[str, Any] = {
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
        "discard": names(st.discard),
        "thief_discard": names(st.tdiscard),
        "loot": names(st.loot),
        "players": _players(st, player),
        "attack": _attack(st),
        "options": _options(st),
        "composition": _composition(st),
    }
    if player is not None and 0 <= player < st.n:
        out["hand"] = names(sorted(st.hands[player]))
    if over:
        out["winners"] = list(st.outcome().winners)
    return out


#: The entries of a seat's view that the public view lacks or shows otherwise: the seat,
#: its role and hand and, for a data manager, the seats' entries with his own hidden
#: measures (the thief's are the public ones).
OWN_THIEF = ("you", "role", "hand")
OWN_MANAGER = (*OWN_THIEF, "players")


def own_view(st: Rules, player: int) -> dict[str, Any]:
    """``State.own_view``: the seat's own part of its view, built alone."""
    return _observe(st, player, OWN_THIEF if player == st.thief else OWN_MANAGER)


def lobby(st: Rules) -> dict[str, Any]:
    """Every screen's view before the host starts the game: the table set up, no round
    begun (``round`` 0), no one's turn. The thief is named only when the host chose their
    seat (V1, ``thief_seat``): dealt at random, they are told at the start, and until then
    no seat has a role nor a hand to count (the thief's one card would name them)."""
    out = view(st, None)
    chosen = int(st.config.options["thief_seat"]) >= 0
    out.update(round=0, turn=None, active=[], attack=None,
               thief=st.thief if chosen else None)
    out["players"] = [
        {"seat": s, "role": "thief" if s == st.thief else "manager"} if chosen else {"seat": s}
        for s in range(st.n)
    ]
    return out


def _observe(st: Rules, player: int | None, parts: Collection[str]) -> dict[str, Any]:
    """The entries ``parts`` of ``view(st, player)``, equal to them, and only those
    built: a rollout bot reads a few of them on each of thousands of simulated moves."""
    out: dict[str, Any] = {}
    name = st.ids.__getitem__
    for key in parts:
        if key == "players":
            out[key] = _players(st, player)
        elif key == "hand":
            if player is not None and 0 <= player < st.n:
                out[key] = list(map(name, sorted(st.hands[player])))
        elif key == "role":
            out[key] = None if player is None else ("thief" if player == st.thief else "manager")
        elif key == "round":
            out[key] = st.round
        elif key == "rounds":
            out[key] = st.rounds
        elif key == "thief_round":
            out[key] = THIEF_ROUND
        elif key == "options":
            out[key] = _options(st)
        elif key == "composition":
            out[key] = _composition(st)
        elif key == "attack":
            out[key] = _attack(st)
        elif key == "discard":
            out[key] = list(map(name, st.discard))
        elif key == "loot":
            out[key] = list(map(name, st.loot))
        elif key == "thief_discard":
            out[key] = list(map(name, st.tdiscard))
        elif key == "game":
            out[key] = "voleur"
        elif key == "you":
            out[key] = player
        elif key == "thief":
            out[key] = st.thief
        elif key == "phase":
            out[key] = PHASES[st.phase]
        elif key == "turn":
            out[key] = None if st.is_terminal() else st.current()
        elif key == "active":
            out[key] = list(st.active_players())
        elif key == "pile":
            out[key] = len(st.pile)
        elif key == "thief_pile":
            out[key] = len(st.tpile)
        elif key == "winners" and st.is_terminal():
            out[key] = list(st.outcome().winners)
    return out


def _attack(st: Rules) -> dict[str, Any] | None:
    """The attack being resolved, if any."""
    if st.p_attack < 0:
        return None
    return {"card": st.ids[st.p_attack], "target": st.p_target, "board": BOARDS[st.p_board & 1]}


def _options(st: Rules) -> dict[str, Any]:
    return {
        "expert": st.expert,
        "foil_points": st.foil_points,
        "defence": "ask" if st.ask else "auto",
        "measure_board": "matching" if st.matching else "any",
    }


def _composition(st: Rules) -> dict[str, Any]:
    composition = st.deck.composition
    return {"common": dict(composition[0]), "thief": dict(composition[1])}


def _players(st: Rules, player: int | None) -> list[dict[str, Any]]:
    """Every seat's public entry: role, hand size, score, and a manager's boards (with his
    own hidden measures for ``player``), proofs and turns still to miss. Built on every decision
    of a rollout bot: scores are summed here (as ``scores``), both boards written out,
    card names mapped inline, and an empty pile (most of them) not mapped at all."""
    ids = st.ids
    name = ids.__getitem__
    points = st.deck.points
    foil = st.foil_points
    thief = st.thief
    hands, proofs, skips = st.hands, st.proofs, st.skips
    # A turn still to miss when the game ends is never missed: not shown (« passe 1 tour »
    # under a final score read as a penalty still to come).
    if st.is_terminal():
        skips = [0] * st.n
    data, shown, hidden, opened = st.data, st.shown, st.hidden, st.opened
    players: list[dict[str, Any]] = []
    for s in range(st.n):
        if s == thief:
            loot = 0
            for c in st.loot:
                loot += points[c]
            players.append({"seat": s, "role": "thief", "hand": len(hands[s]), "score": loot})
            continue
        i = 2 * s
        proved = proofs[s]
        score = foil * len(proved)
        laid0, seen0, down0 = data[i], shown[i], hidden[i]
        laid1, seen1, down1 = data[i + 1], shown[i + 1], hidden[i + 1]
        for c in laid0:
            score += points[c]
        for c in laid1:
            score += points[c]
        paper: dict[str, Any] = {
            "data": list(map(name, laid0)) if laid0 else [],
            "shown": list(map(name, seen0)) if seen0 else [],
            "hidden": len(down0), "opened": opened[i],
        }
        digital: dict[str, Any] = {
            "data": list(map(name, laid1)) if laid1 else [],
            "shown": list(map(name, seen1)) if seen1 else [],
            "hidden": len(down1), "opened": opened[i + 1],
        }
        if player == s:
            paper["hidden_cards"] = list(map(name, down0)) if down0 else []
            digital["hidden_cards"] = list(map(name, down1)) if down1 else []
        players.append({
            "seat": s, "role": "manager", "hand": len(hands[s]), "score": score,
            "boards": {PAPER_SIDE: paper, DIGITAL_SIDE: digital},
            "proofs": list(map(name, proved)) if proved else [],
            "skips": skips[s],
        })
    return players


def redraw(st: Rules, twin: Rules, observer: int, rng: random.Random) -> None:
    """In ``twin``, a copy of ``st``: redraw the cards ``observer`` cannot see among the
    places they could be.

    Unseen common cards (the pile, the other managers' hands and hidden measures) are
    pooled and dealt again: each hidden slot gets a random unseen measure (of the board's
    nature under the ``matching`` option), each hand random unseen cards, and the rest is
    the pile. Piles are unordered (a draw picks at random), so nothing else is needed.
    For a manager, the thief's hand is redrawn from his hand and pile likewise.
    """
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
