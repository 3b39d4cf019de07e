"""A state as plain JSON data (card ids, not indices) and back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from ludinum.engine import rng_from_json, rng_to_json
from ludinum.games.voleur.rules import PHASES, Rules

#: The state filled from JSON is given back as it came (the game's ``VoleurState``).
Filled = TypeVar("Filled", bound=Rules)


def state_to_json(st: Rules) -> dict[str, Any]:
    ids = [c.id for c in st.deck.cards]

    def names(cards: list[int]) -> list[str]:
        return [ids[t] for t in cards]

    return {
        "config": st.config.to_json(),
        "rng": rng_to_json(st.rng),
        "thief": st.thief,
        "round": st.round,
        "pos": st.pos,
        "phase": PHASES[st.phase],
        "hands": [names(h) for h in st.hands],
        "pile": names(st.pile),
        "thief_pile": names(st.tpile),
        "discard": names(st.discard),
        "thief_discard": names(st.tdiscard),
        "boards": [
            {
                "data": names(st.data[i]),
                "hidden": names(st.hidden[i]),
                "shown": names(st.shown[i]),
                "opened": st.opened[i],
            }
            for i in range(2 * st.n)
        ],
        "proofs": [names(p) for p in st.proofs],
        "loot": names(st.loot),
        "skips": list(st.skips),
        "attack": [st.p_attack, st.p_target, st.p_board],
        "stats": {
            "played": {ids[a]: st.played[a] for a in st.deck.attacks},
            "foiled": {ids[a]: st.foiled[a] for a in st.deck.attacks},
            "skipped_turns": st.skipped_turns,
            "thief_discards": st.thief_discards,
        },
    }


def fill_from_json(st: Filled, data: Mapping[str, Any]) -> Filled:
    """Fill a freshly built state (same configuration) from :func:`state_to_json` data;
    data missing or damaged raise as Python does (KeyError, ValueError…), which
    ``Game.restore`` says in the words of every game."""
    index = st.deck.index
    n = st.n

    def cards(names: Any) -> list[int]:
        return [index[str(x)] for x in names]

    st.rng = rng_from_json(data["rng"])
    st.thief = int(data["thief"])
    if not 0 <= st.thief < n:
        raise ValueError("thief seat out of range")
    st.set_seats()
    st.round = int(data["round"])
    st.pos = int(data["pos"])
    st.phase = PHASES.index(str(data["phase"]))
    st.hands = [cards(h) for h in data["hands"]]
    st.pile = cards(data["pile"])
    st.tpile = cards(data["thief_pile"])
    st.discard = cards(data["discard"])
    st.tdiscard = cards(data["thief_discard"])
    boards = data["boards"]
    if len(boards) != 2 * n or len(st.hands) != n:
        raise ValueError("wrong number of boards or hands")
    st.data = [cards(b["data"]) for b in boards]
    st.hidden = [cards(b["hidden"]) for b in boards]
    st.shown = [cards(b["shown"]) for b in boards]
    st.opened = [bool(b["opened"]) for b in boards]
    st.proofs = [cards(p) for p in data["proofs"]]
    st.loot = cards(data["loot"])
    st.skips = [int(x) for x in data["skips"]]
    st.p_attack, st.p_target, st.p_board = (int(x) for x in data["attack"])
    stats = data["stats"]
    for name, value in stats["played"].items():
        st.played[index[name]] = int(value)
    for name, value in stats["foiled"].items():
        st.foiled[index[name]] = int(value)
    st.skipped_turns = int(stats["skipped_turns"])
    st.thief_discards = int(stats["thief_discards"])
    return st
