"""Hacker's determinisations forget every secret notice on the viruses resolved this round:
the example found by ``tests/conformance/test_sealing.py``, viruses set aside in the open
on their owner's own account (H6) and viruses set aside face down without a guess (H8
cryptage, no bill left)."""

from __future__ import annotations

import random

from ludinum.games.hacker import GAME
from ludinum.games.hacker.base import FACE_DOWN, KNOWN_SHIFT, OWNER_MASK, v_face_down, v_pos
from ludinum.games.hacker.state import HackerState
from tests.hacker.helpers import (
    credit_setup,
    fresh,
    own,
    place_bills,
    put_viruses,
    start_protection,
)


def _knowers(code: int, players: int) -> set[int]:
    return {q for q in range(players) if code >> (KNOWN_SHIFT + q) & 1}


def test_the_sealing_example_seed_12445_resamples_alike() -> None:
    """Seat 3 cannot tell the table from seat 0's determinisation of it: its own
    determinisations of both must be the same. An own virus (H6) set aside in the open was
    noticed by seat 1 (the traveller, ``traveller_vigilance=1.0``); that notice is seat 1's
    secret and was kept in seat 3's determinisation of the table only."""
    options = {
        "trip_seconds": 0, "vigilance": 0.0, "traveller_vigilance": 1.0, "reveal": "table",
        "theft": "chosen", "brouillage": True, "cryptage": True, "viruses_3p": 3,
    }
    s = GAME.new_state(4, 12445, options)
    play = random.Random(12445)
    for _ in range(128):
        active = s.active_players()
        player = active[play.randrange(len(active))]
        legal = s.legal_actions(player)
        s.apply(player, legal[play.randrange(len(legal))])
    assert isinstance(s, HackerState)
    i = next(i for i, c in enumerate(s.aside) if c & OWNER_MASK == s.table.owner[v_pos(c)])
    assert not v_face_down(s.aside[i]) and 1 in _knowers(s.aside[i], 4)  # the failure's case
    t = s.resample(0, random.Random(0))
    assert t.view(3) == s.view(3)
    a = s.resample(3, random.Random(1))
    b = t.resample(3, random.Random(1))
    assert a.to_json() == b.to_json()
    assert 1 not in _knowers(a.aside[i], 4)


def _cryptage_aside(noticer_is_owner: bool) -> tuple[HackerState, int, int, int]:
    """4 players, ``reveal=table``, cryptage: the protector's account wards off its top
    virus, dropped by ``dropper`` and noticed by the account's owner (or by a bystander);
    the virus under it waits for a guess. Returns the state, the protector, the dropper
    and the noticer."""
    state = fresh(4, seed=5, trip_seconds=0, vigilance=0.0, cryptage=True, reveal="table")
    credit_setup(state)
    p = state.first
    k = own(state, p)[0]
    place_bills(state, {k: [1]})
    dropper = (p + 1) % 4
    noticer = p if noticer_is_owner else (p + 2) % 4
    put_viruses(state, k, [((p + 3) % 4, (p + 2) % 4), (dropper, (p + 3) % 4)])
    state.stacks[k][-1] |= 1 << (KNOWN_SHIFT + noticer)
    start_protection(state)
    assert len(state.aside) == 1 and v_face_down(state.aside[0])
    return state, p, dropper, noticer


def test_a_virus_set_aside_face_down_keeps_its_noticers_in_the_table_only() -> None:
    """H8: the account's owner sets the virus aside face down without naming anyone: the
    table learns nothing; who noticed it still knows (his own view)."""
    state, p, dropper, _noticer = _cryptage_aside(noticer_is_owner=True)
    assert _knowers(state.aside[0], 4) == {dropper, p}
    assert state.view(p)["aside"][0]["owner"] == dropper
    bystander = (p + 2) % 4
    assert state.view(bystander)["aside"][0]["owner"] is None


def test_a_virus_set_aside_face_down_teaches_its_account_owner_nothing() -> None:
    """In a determinisation for anyone else, the account owner's notice of a virus set
    aside face down is forgotten like any other notice: nobody learnt it from the table."""
    state, p, dropper, _noticer = _cryptage_aside(noticer_is_owner=True)
    for observer in (dropper, (p + 2) % 4, (p + 3) % 4):
        for seed in range(20):
            twin = state.resample(observer, random.Random(seed))
            code = twin.aside[0]
            assert v_face_down(code)
            owner = code & OWNER_MASK
            assert _knowers(code, 4) == {owner} | ({observer} if observer == dropper else set())


def test_a_bystanders_notice_of_a_face_down_virus_is_forgotten_too() -> None:
    state, _p, dropper, noticer = _cryptage_aside(noticer_is_owner=False)
    twin = state.resample(dropper, random.Random(3))
    assert _knowers(twin.aside[0], 4) == {dropper}
    assert noticer != dropper


def test_states_saved_before_the_face_down_bit_still_load() -> None:
    """A saved state without the bit (the old format) is read as before: the virus counts
    as set aside by a guess; nothing else changes."""
    state, p, dropper, _noticer = _cryptage_aside(noticer_is_owner=True)
    data = state.to_json()
    data["aside"] = [code & ~FACE_DOWN for code in data["aside"]]
    old = GAME.restore(data)
    assert isinstance(old, HackerState)
    assert not v_face_down(old.aside[0]) and old.aside[0] & OWNER_MASK == dropper
    assert old.view(p) == state.view(p)
    twin = old.resample((p + 2) % 4, random.Random(0))
    assert p in _knowers(twin.aside[0], 4)  # the old behaviour: a guess taught him
    assert old.clone().to_json() == old.to_json()


def test_under_brouillage_a_victim_is_not_told_the_value_of_a_stolen_bill() -> None:
    """H7: in the last round the accounts show nothing, not even to their owner: the victim
    of a theft (``lost``) and a guesser who loses a bill (``guess_detail``) are told that a
    bill went, not its value (the sealing test found it, seed 24891); outside brouillage
    they are told the value."""
    told: dict[bool, list[object]] = {True: [], False: []}
    for seed in range(40):
        for theft in ("chosen", "random"):
            s = GAME.new_state(4, seed, {"brouillage": True, "theft": theft, "trip_seconds": 0})
            play = random.Random(seed)
            while not s.is_terminal():
                active = s.active_players()
                player = active[play.randrange(len(active))]
                legal = s.legal_actions(player)
                blurred = s.blurred()
                for event in s.apply(player, legal[play.randrange(len(legal))]):
                    if event.kind == "lost" or (
                            event.kind == "guess_detail" and not event.data["right"]):
                        told[blurred].append(event.data.get("value"))
    assert told[True] and all(v is None for v in told[True]), told[True]
    assert told[False] and all(isinstance(v, int) for v in told[False] if v is not None)
    assert any(isinstance(v, int) for v in told[False])
