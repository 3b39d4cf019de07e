"""Hacker's hidden information (H2, H4, H5): no event and no view tells a seat who dropped
a virus it did not notice, nor the value of bills it does not hold."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludinum.engine import Action, Event
from ludinum.games.hacker.base import BILL_VALUE, SETUP, TRIP
from ludinum.games.hacker.state import HackerState
from tests.hacker.helpers import (
    credit_setup,
    fresh,
    own,
    thief_crediting,
)

#: Private events that carry bill values, and who alone may receive them.
VALUE_EVENTS = {"dealt", "bill", "loot", "lost", "guess_detail", "your_virus"}

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"trip_seconds": 0},
    {"reveal": "blind", "theft": "chosen"},
    {"reveal": "table", "vigilance": 0.5},
    {"brouillage": True, "cryptage": True, "trip_seconds": 0},
    {"vigilance": 0.0, "brouillage": True},
    {"traveller_vigilance": 0.7, "trip_seconds": 0},
]


def _check_event(event: Event, state: HackerState, reveal: str, traveller: int) -> None:
    data = event.data
    if event.to is None:
        assert "dropper" not in data, event
        assert "value" not in data and "values" not in data, event
        if reveal != "table":
            assert "owner" not in data and "named" not in data, event
        assert data.get("thief") is None, event
        return
    assert len(event.to) == 1, "Hacker's private events go to one seat"
    seat = event.to[0]
    if "dropper" in data:
        assert event.kind == "noticed"
        assert seat != data["dropper"], "the dropper noticed himself"
        if state.traveller_vigilance == 0.0:
            assert seat != traveller, "the traveller noticed"
    if "value" in data or "values" in data:
        assert event.kind in VALUE_EVENTS, event
    if event.kind == "guess_detail" and reveal == "blind" and not data["right"]:
        assert data["owner"] is None
    if event.kind == "lost" and reveal == "blind":
        assert data["thief"] is None


def _check_views(state: HackerState) -> None:
    over = state.is_terminal()
    spectator = state.view(None)
    assert "hand" not in spectator and "incoming" not in spectator
    for acc in spectator["accounts"]:
        assert all(e["owner"] is None for e in acc["stack"])
        assert acc["bills"] is None or over
    for q in range(state.n):
        view = state.view(q)
        noticed = {(x["dropper"], x["account"]) for x in view["notices"]}
        for acc in view["accounts"]:
            k = acc["id"]
            if acc["bills"] is not None and not over:
                assert state.table.owner[k] == q and not state.blurred()
            for entry in acc["stack"]:
                if entry["owner"] is not None and entry["owner"] != q:
                    assert (entry["owner"], k) in noticed, "an unnoticed dropper is shown"


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
@pytest.mark.parametrize("players", [3, 5, 7])
def test_random_games_never_leak(players: int, options: dict[str, Any]) -> None:
    for seed in range(2):
        state = fresh(players, seed=seed, **options)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal():
            active = state.active_players()
            player = active[rng.randrange(len(active))]
            legal = state.legal_actions(player)
            traveller = state.traveller if state.phase == TRIP else -1
            events = state.apply(player, legal[rng.randrange(len(legal))])
            for event in events:
                _check_event(event, state, state.reveal, traveller)
            if steps % 5 == 0:
                _check_views(state)
            steps += 1


def test_resampling_redraws_unknown_owners_and_unseen_bills() -> None:
    """The determinisation is real: an observer who noticed nothing sees the owners of the
    viruses on its accounts redrawn (never itself, never that trip's traveller), and the
    others' bills reshuffled, with its own view unchanged."""
    state = fresh(6, seed=3, vigilance=0.0)
    credit_setup(state)
    traveller = state.traveller
    victim = (traveller + 1) % 6
    target = own(state, victim)[0]
    for dropper in range(6):
        if dropper not in (traveller, victim):
            state.apply(dropper, Action.make("drop", account=target))
    assert len(state.stacks[target]) == 4
    owners = set()
    others_bills = set()
    for i in range(30):
        twin = state.resample(victim, random.Random(i))
        assert twin.view(victim) == state.view(victim)
        stack_owners = [v & 7 for v in twin.stacks[target]]
        assert victim not in stack_owners and traveller not in stack_owners
        owners.add(tuple(stack_owners))
        mine = own(state, victim)
        others_bills.add(tuple(tuple(b) for k, b in enumerate(twin.bills) if k not in mine))
    assert len(owners) > 1 and len(others_bills) > 1


def test_the_acting_thief_is_named_only_to_the_seats_that_know_him() -> None:
    """Issue 20: while the thief credits his loot he is the only active seat, yet only he
    and the seats that know him (the victim under ``reveal=victim``) see him act; the
    others see nobody acting, and their determinisations redraw who the thief is (he
    holds the stolen bill there), never keeping the real one."""
    state, p, thief = thief_crediting()
    assert state.public_active(thief) == (thief,)
    assert state.public_active(p) == (thief,)  # the victim was told (reveal=victim)
    bystander = (p + 3) % 5
    assert state.public_active(bystander) == ()
    assert state.public_active(None) == ()
    drawn = set()
    for i in range(30):
        twin = state.resample(bystander, random.Random(i))
        assert twin.view(bystander) == state.view(bystander)
        assert twin.public_active(bystander) == ()
        assert twin.aside[-1] & 7 == twin.thief == twin.active_players()[0]
        assert len(twin.incoming[twin.thief]) == 1  # the stolen bill
        drawn.add(twin.thief)
    assert len(drawn) > 1
    for i in range(10):  # the victim knows him
        assert state.resample(p, random.Random(i)).thief == thief


def test_a_blind_reveal_names_the_thief_to_nobody_but_himself() -> None:
    state, _, thief = thief_crediting("blind")
    assert state.public_active(thief) == (thief,)
    assert all(state.public_active(q) == () for q in (None, *range(5)) if q != thief)


def test_a_trip_never_shows_who_has_finished_dropping() -> None:
    """Issue 20: during a trip every seat but the traveller is named as acting, to every
    viewer, whether it said « J'ai fini » or dropped its last virus; each seat knows its
    own state. Live: the traveller too (the trip is his)."""
    for live in (True, False):
        state = fresh(5, seed=6, vigilance=0.0, trip_seconds=12 if live else 0)
        credit_setup(state)
        traveller = state.traveller
        a, b = ((traveller + i) % 5 for i in (1, 2))
        neutral = tuple(q for q in range(5) if live or q != traveller)
        before = {q: state.public_active(q) for q in (None, *range(5))}
        assert before[None] == neutral
        state.apply(a, Action.make("done"))
        while state.hand[b] > 0:  # b drops every virus it holds
            target = next(x for x in range(15) if state.table.owner[x] != b)
            state.apply(b, Action.make("drop", account=target))
        assert a not in state.active_players() and b not in state.active_players()
        for q in (None, *range(5)):
            if q in (a, b):
                assert q not in state.public_active(q)
            else:
                assert state.public_active(q) == before[q] == neutral


def test_a_turn_based_trip_hides_who_acts_from_the_table() -> None:
    """H2, H4: during a turn-based trip who still holds viruses, and who said « J'ai
    fini », is a secret though the table sees every seat but the traveller acting
    (``hidden_turns``): one number per trip begun, in order, the one that ended at once
    (nobody but the traveller had a virus left) included, each gone round from the seat
    after its traveller, kept through the protection phase; none in live play."""
    for seed in range(3):
        state = fresh(4, seed=seed, vigilance=0.0, trip_seconds=0)
        rng = random.Random(seed)
        trips: list[int] = []
        numbers: list[int] = []
        while not state.is_terminal():
            hidden = state.hidden_turns()
            if hidden is None:
                assert state.phase == SETUP
            else:
                assert hidden.now == (state.phase == TRIP)
                if hidden.now:
                    assert hidden.seats == state.public_active(None)
                    assert hidden.after == state.traveller
                if not numbers or numbers[-1] != hidden.number:
                    numbers.append(hidden.number)
            seat = rng.choice(state.active_players())
            events = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
            trips += [e.data["traveller"] for e in events if e.kind == "trip"]
            hidden = state.hidden_turns()
            if hidden is not None:
                assert hidden.after == trips[-1]
                assert hidden.seats == tuple(p for p in range(4) if p != trips[-1])
        assert state.hidden_turns() is None
        assert numbers == list(range(16)) and len(trips) == 16
    live = fresh(4, seed=1, trip_seconds=12)
    credit_setup(live)
    assert live.phase == TRIP and live.hidden_turns() is None


def test_turn_based_drops_of_the_others_are_not_in_a_determinisation() -> None:
    """Turn-based trips (``trip_seconds=0``): the others' drops wait face down until the
    trip ends and nobody sees how many there are (issue 20). A determinisation keeps the
    observer's own queued drops and has none of the others' (they still hold those
    viruses and may drop them: they are still dropping in the copy)."""
    state = fresh(6, seed=5, trip_seconds=0, vigilance=0.0)
    assert not state.live
    credit_setup(state)
    traveller = state.traveller
    observer = (traveller + 1) % 6
    for dropper in range(6):
        if dropper != traveller:
            target = own(state, (dropper + 2) % 6)[0]
            state.apply(dropper, Action.make("drop", account=target))
    assert len(state.pending) == 5
    mine = sorted(item for item in state.pending if item & 7 == observer)
    for i in range(10):
        twin = state.resample(observer, random.Random(i))
        assert twin.view(observer) == state.view(observer)
        assert sorted(twin.pending) == mine
        assert twin.public_active(observer) == state.public_active(observer)
        for q in range(6):
            if q not in (observer, traveller):
                assert twin.hand[q] == twin.viruses and q in twin.active_players()


def _secret_loot(reveal: str) -> tuple[HackerState, int, int, int]:
    """5 players, ``reveal`` as given: the first player missed the virus of ``thief`` on
    its account and ``thief`` credited the stolen bill, face down, to his second account
    ``dest``. Returns the state, the victim, the thief and ``dest``."""
    state, victim, thief = thief_crediting(reveal, bills=(3, 3))
    dest = own(state, thief)[1]
    events = state.apply(thief, Action.make("credit", account=dest))
    assert [e.to for e in events if e.kind == "credited"] == [(thief,)]
    assert len(state.bills[dest]) == 1
    return state, victim, thief, dest


def test_the_thief_is_told_his_secret_crediting_as_tu() -> None:
    """The stolen bill's crediting is told to the thief only (H5): his phone said « Léa
    crédite le compte 2. » under « Pour toi », as if of someone else; it says « Tu
    crédites le compte 2. ». A crediting the table sees keeps the player's name."""
    from ludinum.games.hacker.table import CREDITED
    from ludinum.games.hacker.text import HackerText
    from ludinum.games.hacker.words import name

    state, _victim, thief = thief_crediting("victim", bills=(3, 3))
    dest = own(state, thief)[1]
    events = state.apply(thief, Action.make("credit", account=dest))
    [told] = [e for e in events if e.kind == "credited"]
    text = HackerText()
    assert text.event(told, "fr") == f"Tu crédites le compte {dest + 1}."
    assert text.event(told, "en") == f"You credit account {dest + 1}."
    public = CREDITED[thief][dest]
    assert public.to is None
    assert text.event(public, "fr") == f"{name(thief, 'fr')} crédite le compte {dest + 1}."


@pytest.mark.parametrize("reveal", ["victim", "blind"])
def test_determinisations_do_not_follow_a_loot_credited_face_down(reveal: str) -> None:
    """Issue 17 (a) and (b): where a thief credits his loot is his secret. A bystander's
    determinisations (and, with ``reveal=blind``, the victim's, who saw that bill but not
    who took it) place it again among the accounts they cannot see, instead of keeping
    each account's real bill count; with ``reveal=victim`` the victim knows the thief and
    places it among the thief's accounts only."""
    state, victim, thief, dest = _secret_loot(reveal)
    bystander = (victim + 3) % 5
    observers = [bystander] + ([victim] if reveal == "blind" else [])
    for observer in observers:
        counts = set()
        for i in range(40):
            twin = state.resample(observer, random.Random(i))
            assert twin.view(observer) == state.view(observer)
            counts.add(len(twin.bills[dest]))
            places = {k for k, pile in enumerate(twin.bills) if pile and not state.bills[k]}
            assert all(state.table.owner[k] != observer for k in places)
        assert counts == {0, 1}, (observer, counts)
    if reveal == "victim":
        for i in range(40):
            twin = state.resample(victim, random.Random(i))
            placed = [k for k, pile in enumerate(twin.bills) if pile and not state.bills[k]]
            assert all(state.table.owner[k] == thief for k in placed)
    # The thief knows where it is.
    for i in range(10):
        twin = state.resample(thief, random.Random(i))
        assert [BILL_VALUE[b] for b in twin.bills[dest]] == [3]
