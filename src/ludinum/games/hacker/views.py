"""What each seat sees (H2, H4, H7); the determinisations for search are in ``sampler``.

Public: the account layout (except under brouillage), stack heights and during whose trip
each virus was dropped, the bank's size, who credits which account, every result that
happens in the open. Private: bills (their owner only), hands, drops not noticed, and the
owners of viruses (known to the dropper, to whoever noticed the drop, and after resolution
to whoever the ``reveal`` option says).
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import compress
from typing import TYPE_CHECKING, Any

from ludinum.games.hacker.base import (
    BILL_VALUE,
    KNOWN_SHIFT,
    OVER,
    OWNER_MASK,
    PHASE_NAMES,
    ROUNDS,
    STEAL,
    TRIP,
    TRIP_SHIFT,
    loot_account,
    loot_knows,
    loot_thief,
    queued_account,
    queued_dropper,
    v_trip,
)

if TYPE_CHECKING:
    from ludinum.games.hacker.rules import Rules


def view(
    state: Rules, player: int | None, parts: Collection[str] | None = None
) -> dict[str, Any]:
    """``player``'s view; with ``parts``, only those entries (``State.observation``, see
    :func:`observe`)."""
    if parts is not None:
        return observe(state, player, parts)
    n = state.n
    blurred = state.blurred()
    over = state.phase == OVER
    data: dict[str, Any] = {
        "game": "hacker",
        "players": n,
        "you": player,
        "round": min(state.round + 1, ROUNDS),
        "rounds": ROUNDS,
        "first": state.first,
        "phase": PHASE_NAMES[state.phase],
        "traveller": state.traveller if state.phase == TRIP else None,
        "live": state.live,
        "blurred": blurred,
        "viruses": state.viruses,
    }
    data["accounts"] = _accounts(state, player, blurred, over)
    data["bank"] = len(state.bank)
    data["trips"] = [
        {"traveller": (state.first + i) % n, "drops": d}
        for i, d in enumerate(state.trip_drops)
    ]
    data["protector"] = state.protecting() if 3 <= state.phase <= 6 else None
    data["current"] = state.current if state.current >= 0 else None
    data["thief"] = _thief(state, player)
    data["options"] = _options(state)
    if player is not None:
        data["hand"] = state.hand[player]
        data["incoming"] = [BILL_VALUE[b] for b in state.incoming[player]]
        data["pending"] = [
            queued_account(x) for x in state.pending if queued_dropper(x) == player
        ]
        data["done"] = state.phase == TRIP and state.done[player]
        data["notices"] = [
            {"trip": x >> 8, "dropper": (x >> 5) & 7, "account": x & 31}
            for x in state.notes[player]
        ]
        data["loots"] = _loots(state, player)
        # The viruses resolved this round (set aside, found), with the owners it knows.
        data["aside"] = [_virus(code, player) for code in state.aside]
        data["found"] = [_virus(code, player) for code in state.found]
        if not blurred:
            data["score"] = state.score(player)
    if over:
        data["scores"] = state.scores()
        data["winners"] = list(state.outcome().winners)
    return data


#: The entries of a seat's view that the public view lacks or shows otherwise: the seat
#: itself, the accounts as it knows them (its own bills, the owners of the viruses it
#: knows), the thief if it knows him, and its own hand, bills, drops, notices and loot.
OWN = ("you", "accounts", "thief", "hand", "incoming", "pending", "done", "notices", "loots",
       "aside", "found", "score")


def own_view(state: Rules, player: int) -> dict[str, Any]:
    """``State.own_view``: the seat's own part of its view (:data:`OWN`), built alone."""
    return observe(state, player, OWN)


def _options(state: Rules) -> dict[str, Any]:
    """The rule options a view shows (every seat plays by them)."""
    return {
        "brouillage": state.brouillage,
        "cryptage": state.cryptage,
        "reveal": state.reveal,
        "theft": "chosen" if state.chosen_theft else "random",
        "vigilance": state.vigilance,
        "traveller_vigilance": state.traveller_vigilance,
    }


def observe(state: Rules, player: int | None, parts: Collection[str]) -> dict[str, Any]:
    """The entries ``parts`` of ``view(state, player)``, equal to them, and only those
    built: a rollout bot reads a few of them on each of thousands of simulated moves.
    Read-only: a seat's accounts share the table's entries (:func:`_seen_accounts`)."""
    out: dict[str, Any] = {}
    phase = state.phase
    over = phase == OVER
    blurred = state.blurred()
    for key in parts:
        if key == "accounts":
            out[key] = (_accounts(state, player, blurred, over) if over or player is None
                        else _seen_accounts(state, player, blurred))
        elif key == "blurred":
            out[key] = blurred
        elif key == "options":
            out[key] = _options(state)
        elif key == "incoming":
            if player is not None:
                out[key] = [BILL_VALUE[b] for b in state.incoming[player]]
        elif key == "hand":
            if player is not None:
                out[key] = state.hand[player]
        elif key == "first":
            out[key] = state.first
        elif key == "players":
            out[key] = state.n
        elif key == "round":
            out[key] = min(state.round + 1, ROUNDS)
        elif key == "traveller":
            out[key] = state.traveller if phase == TRIP else None
        elif key == "trips":
            n = state.n
            out[key] = [
                {"traveller": (state.first + i) % n, "drops": d}
                for i, d in enumerate(state.trip_drops)
            ]
        elif key == "current":
            out[key] = state.current if state.current >= 0 else None
        elif key == "viruses":
            out[key] = state.viruses
        elif key == "notices":
            if player is not None:
                out[key] = [
                    {"trip": x >> 8, "dropper": (x >> 5) & 7, "account": x & 31}
                    for x in state.notes[player]
                ]
        elif key == "game":
            out[key] = "hacker"
        elif key == "you":
            out[key] = player
        elif key == "rounds":
            out[key] = ROUNDS
        elif key == "phase":
            out[key] = PHASE_NAMES[phase]
        elif key == "live":
            out[key] = state.live
        elif key == "bank":
            out[key] = len(state.bank)
        elif key == "protector":
            out[key] = state.protecting() if 3 <= phase <= 6 else None
        elif key == "thief":
            out[key] = _thief(state, player)
        elif key == "pending":
            if player is not None:
                out[key] = [
                    queued_account(x) for x in state.pending if queued_dropper(x) == player
                ]
        elif key == "done":
            if player is not None:
                out[key] = phase == TRIP and state.done[player]
        elif key == "loots":
            if player is not None:
                out[key] = _loots(state, player)
        elif key == "aside":
            if player is not None:
                out[key] = [_virus(code, player) for code in state.aside]
        elif key == "found":
            if player is not None:
                out[key] = [_virus(code, player) for code in state.found]
        elif key == "score":
            if player is not None and not blurred:
                out[key] = state.score(player)
        elif key == "scores":
            if over:
                out[key] = state.scores()
        elif key == "winners" and over:
            out[key] = list(state.outcome().winners)
    return out


def _accounts(
    state: Rules, player: int | None, blurred: bool, over: bool
) -> list[dict[str, Any]]:
    """The accounts as ``player`` sees them (the rules of :func:`_virus` and
    :meth:`.rules.Rules.shows_bills`, applied inline: a view is built on every bot decision)."""
    owner = state.table.owner
    bit = -1 if player is None else KNOWN_SHIFT + player
    mine = player is not None and not blurred
    out = []
    for k, stack in enumerate(state.stacks):
        if bit < 0:
            entries = [{"trip": code >> TRIP_SHIFT & 7, "owner": None} for code in stack]
        elif stack:
            entries = [
                {"trip": code >> TRIP_SHIFT & 7,
                 "owner": code & OWNER_MASK if code >> bit & 1 else None}
                for code in stack
            ]
        else:
            entries = []  # most stacks are empty: no comprehension to run
        bills = None
        if over or (mine and owner[k] == player):
            bills = [BILL_VALUE[b] for b in state.bills[k]]
        out.append({"id": k, "owner": None if blurred else owner[k], "stack": entries,
                    "bills": bills})
    return out


def _seen_accounts(state: Rules, player: int, blurred: bool) -> list[dict[str, Any]]:
    """:func:`_accounts` for a seat before the game is over, equal to it: the accounts with
    no virus and no bills shown are the table's shared entries (``Table.bare``, read-only),
    only the others are built."""
    table = state.table
    bare = table.bare[blurred]
    out = list(bare)
    bit = KNOWN_SHIFT + player
    stacks = state.stacks
    for k in compress(range(len(stacks)), stacks):  # the accounts with viruses
        out[k] = {
            "id": k, "owner": bare[k]["owner"],
            "stack": [{"trip": code >> TRIP_SHIFT & 7,
                       "owner": code & OWNER_MASK if code >> bit & 1 else None}
                      for code in stacks[k]],
            "bills": None,
        }
    if not blurred:  # its own bills
        bills = state.bills
        value = BILL_VALUE.__getitem__
        for k in table.own[player]:
            out[k] = {"id": k, "owner": player, "stack": out[k]["stack"],
                      "bills": list(map(value, bills[k]))}
    return out


def _virus(code: int, player: int | None) -> dict[str, int | None]:
    knows = player is not None and code >> (KNOWN_SHIFT + player) & 1
    return {"trip": v_trip(code), "owner": code & OWNER_MASK if knows else None}


def _loots(state: Rules, player: int) -> list[dict[str, int | None]]:
    """The stolen bills credited face down, as ``player`` knows them: the thief if it
    knows him, the account if it put the bill there or sees that account's bills."""
    out: list[dict[str, int | None]] = []
    for record in state.loots:
        thief = loot_thief(record)
        k = loot_account(record)
        known = thief == player or loot_knows(record, player)
        out.append({
            "thief": thief if known else None,
            "account": k if thief == player or state.shows_bills(player, k) else None,
        })
    return out


def _thief(state: Rules, player: int | None) -> int | None:
    """Who is choosing a bill to steal (``theft=chosen``): the seats that know him
    (:meth:`.rules.Rules.knows_thief`)."""
    if state.phase != STEAL:
        return None
    if state.reveal == "table" or state.knows_thief(player):
        return state.thief
    return None
