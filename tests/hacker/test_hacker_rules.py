"""Hacker rule cases, one test per case, in the style of the DATC.

Each docstring quotes the seed text (``002``) and cites the rulings (RULINGS.md, H1–H9).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from ludinum.engine import Action, Event, OptionError, PlayerCountError
from ludinum.games.hacker import GAME
from ludinum.games.hacker.base import (
    BILL_VALUE,
    CHOOSE,
    COLOURS_FR,
    CREDIT,
    GUESS,
    LOOT,
    OVER,
    SETUP,
    STEAL,
    TRIP,
    viruses_for,
)
from ludinum.games.hacker.state import HackerState
from tests.hacker.helpers import (
    credit_setup,
    fresh,
    kinds,
    own,
    place_bills,
    play_to_round,
    put_viruses,
    start_protection,
)

GUESS_ = {q: Action.make("guess", player=q) for q in range(7)}


def credit(account: int) -> Action:
    return Action.make("credit", account=account)


def drop(account: int) -> Action:
    return Action.make("drop", account=account)


# -- setup -------------------------------------------------------------------------------


def test_bills_are_the_42_of_the_text() -> None:
    """« Il y a 42 billets dont : 10 de valeur « 1 », 20 de valeur « 2 », 12 de valeur
    « 3 ». » (H1)"""
    assert Counter(BILL_VALUE) == {1: 10, 2: 20, 3: 12}


@pytest.mark.parametrize(
    ("players", "viruses"), [(4, 3), (5, 4), (6, 4), (7, 3)], ids=lambda x: str(x)
)
def test_virus_count_by_player_count(players: int, viruses: int) -> None:
    """« Chaque joueur reçoit un set de 8 cartes d'une même couleur comprenant 4 virus (3 en
    cas de jeu à 7 ou à 4), 1 pirate, 3 comptes bancaires. » (H1)"""
    state = fresh(players)
    assert state.hand == [viruses] * players
    assert all(len(own(state, p)) == 3 for p in range(players))
    assert len(state.bills) == 3 * players


def test_three_players_is_a_variant_with_its_own_virus_count() -> None:
    """H1: 4–7 players, option 3 (English edition); the text gives no virus count for 3,
    so ``viruses_3p`` decides it (default 4)."""
    assert viruses_for(3, 4) == 4
    assert fresh(3).hand == [4, 4, 4]
    assert fresh(3, viruses_3p=3).hand == [3, 3, 3]
    with pytest.raises(OptionError):
        GAME.make_config(3, 0, {"viruses_3p": 5})


@pytest.mark.parametrize("players", range(3, 8))
def test_setup_deals_two_bills_each_credited_by_their_owner(players: int) -> None:
    """« Les billets sont mélangés, puis on en distribue 2 à chaque joueur qu'il doit alors
    tout de suite répartir dans ses comptes. » Crediting is a decision step for each player,
    all at once, onto their own accounts only (H1)."""
    state = fresh(players, seed=players)
    assert state.phase == SETUP
    assert state.active_players() == tuple(range(players))
    assert len(state.bank) == 42 - 2 * players
    for p in range(players):
        assert [a.number("account") for a in state.legal_actions(p)] == list(own(state, p))
        assert len(state.view(p)["incoming"]) == 2
    credit_setup(state)
    assert state.phase == TRIP
    assert sum(len(b) for b in state.bills) == 2 * players
    for p in range(players):
        assert sum(len(state.bills[k]) for k in own(state, p)) == 2


def test_the_first_player_is_random_then_rotates_clockwise() -> None:
    """« Lors du premier tour, le premier joueur est déterminé aléatoirement. À chaque
    nouveau tour, le premier joueur change dans le sens des aiguilles d'une montre. »"""
    firsts = {fresh(5, seed=s).first for s in range(40)}
    assert firsts == set(range(5))
    state = fresh(5, seed=3, trip_seconds=0)
    start = state.first
    for r in range(1, 4):
        play_to_round(state, r)
        assert state.first == (start + r) % 5


# -- hacking phase -----------------------------------------------------------------------


def test_trip_order_and_the_bill_brought_back() -> None:
    """« En partant du premier joueur, chacun son tour et dans le sens des aiguilles d'une
    montre, les joueurs quittent un par un la table pour aller pirater la banque. […] Le
    pirate une fois arrivé à la banque prend le premier billet de la pile » and credits it
    at once to one of his accounts (H3)."""
    state = fresh(4, seed=1, trip_seconds=0)
    credit_setup(state)
    first = state.first
    travellers = []
    for _ in range(4):
        assert state.phase == TRIP
        travellers.append(state.traveller)
        for p in state.active_players():
            state.apply(p, Action.make("done"))
        assert state.phase == CREDIT
        traveller = travellers[-1]
        assert state.active_players() == (traveller,)
        bill = state.incoming[traveller][0]
        assert state.view(traveller)["incoming"] == [BILL_VALUE[bill]]
        before = len(state.bank)
        state.apply(traveller, state.legal_actions(traveller)[-1])
        assert state.bills[own(state, traveller)[-1]][-1] == bill
        assert len(state.bank) == before
    assert travellers == [(first + i) % 4 for i in range(4)]


def test_turn_based_trip_is_one_secret_step_each() -> None:
    """H3: in turn-based play each trip is one simultaneous secret step: the traveller
    does not act, each other player drops one virus at a time then says done, and the
    drops only appear on the table when everyone is done."""
    state = fresh(5, seed=2, trip_seconds=0)
    credit_setup(state)
    traveller = state.traveller
    others = [p for p in range(5) if p != traveller]
    assert state.active_players() == tuple(others)
    assert state.legal_actions(traveller) == ()
    assert state.deadline() is None
    a, b = others[0], others[1]
    target = own(state, traveller)[0]
    state.apply(a, drop(target))
    assert state.view(b)["accounts"][target]["stack"] == []
    assert state.view(a)["pending"] == [target]
    assert state.view(a)["hand"] == state.viruses - 1
    for p in others:
        state.apply(p, Action.make("done")) if p in state.active_players() else None
    assert state.phase == CREDIT
    assert [e["trip"] for e in state.view(b)["accounts"][target]["stack"]] == [traveller]


def test_live_trip_has_a_deadline_whose_action_is_the_travellers_return() -> None:
    """H3: in live play a trip lasts ``trip_seconds`` (default 12 s); the server then
    applies the traveller's ``return``, which ends the trip. Drops land at once."""
    state = fresh(5, seed=4)
    credit_setup(state)
    traveller = state.traveller
    deadline = state.deadline()
    assert deadline is not None
    assert (deadline.kind, deadline.seconds, deadline.player) == ("trip", 12.0, traveller)
    assert deadline.action == Action.make("return")
    assert state.legal_actions(traveller) == (Action.make("return"),)
    assert state.deadline() is deadline  # one frozen value per (seconds, traveller)
    assert deadline.waiting(state) == traveller  # its only move is the time's end
    dropper = (traveller + 1) % 5
    target = own(state, traveller)[1]
    state.apply(dropper, drop(target))
    assert len(state.view((traveller + 2) % 5)["accounts"][target]["stack"]) == 1
    state.apply(traveller, Action.make("return"))
    assert state.phase == CREDIT


def test_viruses_go_only_on_other_players_accounts() -> None:
    """« il suffit de placer son virus face caché sur le compte d'un adversaire » (H6:
    your own account only under brouillage)."""
    state = fresh(6, seed=5, trip_seconds=0)
    credit_setup(state)
    for p in state.active_players():
        targets = {a.number("account") for a in state.legal_actions(p) if a.kind == "drop"}
        assert targets == set(range(18)) - set(own(state, p))


def test_drops_one_at_a_time_until_the_hand_is_empty() -> None:
    """FAQ: « Puis-je placer deux virus en même temps sur le même compte adverse ? Non » —
    one action drops one virus; a player with no virus left is done for the trip."""
    state = fresh(4, seed=6, trip_seconds=12)
    credit_setup(state)
    traveller = state.traveller
    dropper = (traveller + 1) % 4
    target = own(state, traveller)[0]
    for left in (2, 1, 0):
        state.apply(dropper, drop(target))
        assert state.hand[dropper] == left
    assert dropper not in state.active_players()
    assert len(state.stacks[target]) == 3


def test_public_record_of_a_drop_says_during_whose_trip_not_who() -> None:
    """H2, H4: everyone sees how many viruses are stacked on each account and during whose
    trip each was dropped; nobody sees whose they are."""
    state = fresh(5, seed=7, vigilance=0.0)
    credit_setup(state)
    traveller = state.traveller
    dropper = (traveller + 1) % 5
    target = own(state, (traveller + 2) % 5)[0]
    events = state.apply(dropper, drop(target))
    assert [(e.kind, e.to) for e in events] == [("dropped", None)]
    assert "dropper" not in events[0].data
    for q in range(5):
        entry = state.view(q)["accounts"][target]["stack"][0]
        assert entry["trip"] == traveller
        assert entry["owner"] == (dropper if q == dropper else None)
    assert state.view(None)["accounts"][target]["stack"] == [{"trip": traveller, "owner": None}]


def test_vigilance_one_everyone_watching_notices() -> None:
    """H4: each drop is noticed by each other player who is not travelling with
    probability ``vigilance``; a noticed drop tells that player who dropped it on which
    account. With 1, every such player notices; the traveller never does."""
    state = fresh(5, seed=8, vigilance=1.0)
    credit_setup(state)
    traveller = state.traveller
    dropper = (traveller + 1) % 5
    target = own(state, (traveller + 3) % 5)[2]
    events = state.apply(dropper, drop(target))
    notices = [e for e in events if e.kind == "noticed"]
    watchers = {q for q in range(5) if q not in (traveller, dropper)}
    assert {e.to for e in notices} == {(q,) for q in watchers}
    for e in notices:
        assert e.data["dropper"] == dropper and e.data["account"] == target
    for q in watchers:
        assert state.view(q)["notices"] == [
            {"trip": traveller, "dropper": dropper, "account": target}
        ]
        assert state.view(q)["accounts"][target]["stack"][0]["owner"] == dropper
    assert state.view(traveller)["accounts"][target]["stack"][0]["owner"] is None


def test_a_drop_seen_by_several_counts_once_among_the_noticed() -> None:
    """The ``noticed`` total counts drops someone noticed, not notices: it counted three for
    one drop seen by three players, so a game's other drop that nobody saw left ``drops``
    (2) under it (3) and its debrief missed « Un virus ne se voit pas » (lessons.py)."""
    from ludinum.games.hacker.lessons import lessons_for

    state = fresh(5, seed=8, vigilance=1.0)
    credit_setup(state)
    traveller = state.traveller
    dropper = (traveller + 1) % 5
    events = state.apply(dropper, drop(own(state, (traveller + 3) % 5)[2]))
    assert len([e for e in events if e.kind == "noticed"]) == 3
    assert (state.metrics()["drops"], state.metrics()["noticed"]) == (1, 1)
    state.vigilance = 0.0  # the next drop nobody sees
    other = (traveller + 2) % 5
    events = state.apply(other, drop(own(state, (traveller + 4) % 5)[2]))
    assert not [e for e in events if e.kind == "noticed"]
    metrics = state.metrics()
    assert (metrics["drops"], metrics["noticed"]) == (2, 1)
    assert "virus-discret" in [card.id for card in lessons_for(metrics, state.config.options)]


def test_traveller_vigilance_option_lets_the_traveller_watch() -> None:
    """« Il a tout à fait le droit de faire le trajet en marche arrière s'il le souhaite,
    c'est même conseillé. » H4 says the traveller notices nothing (default 0); the option
    ``traveller_vigilance`` lets a table play the walk backwards."""
    state = fresh(5, seed=8, vigilance=0.0, traveller_vigilance=1.0)
    credit_setup(state)
    traveller = state.traveller
    dropper = (traveller + 1) % 5
    events = state.apply(dropper, drop(own(state, traveller)[0]))
    assert [e.to for e in events if e.kind == "noticed"] == [(traveller,)]


def test_vigilance_zero_nobody_notices_and_rate_follows_the_option() -> None:
    """H4: 0 gives pure deduction; the default 0.2 is a real chance per watcher and drop,
    drawn with the state's generator."""
    quiet = fresh(5, seed=9, vigilance=0.0)
    credit_setup(quiet)
    t = quiet.traveller
    events = quiet.apply((t + 1) % 5, drop(own(quiet, t)[0]))
    assert "noticed" not in kinds(events)
    seen = trials = 0
    for seed in range(150):
        state = fresh(5, seed=seed)
        credit_setup(state)
        t = state.traveller
        events = state.apply((t + 1) % 5, drop(own(state, t)[0]))
        seen += kinds(events).count("noticed")
        trials += 3
    assert 0.12 < seen / trials < 0.28


# -- protection phase --------------------------------------------------------------------


def test_protection_in_turn_order_from_the_first_player() -> None:
    """« La phase de protection se joue dans le sens des aiguilles d'une montre toujours en
    partant du premier joueur. Si aucun des comptes du joueur n'a été attaqué, […] l'on
    passe au joueur suivant. » (H5)"""
    state = fresh(5, seed=10, trip_seconds=0)
    credit_setup(state)
    first = state.first
    victims = [(first + 3) % 5, (first + 1) % 5]
    place_bills(state, {k: [2] for p in range(5) for k in own(state, p)})
    for v in victims:
        put_viruses(state, own(state, v)[0], [((v + 1) % 5, v)])
    start_protection(state)
    order = []
    while state.phase == GUESS:
        p = state.active_players()[0]
        order.append(p)
        top = state.stacks[state.current][-1] & 7
        state.apply(p, GUESS_[top])
    assert order == [(first + 1) % 5, (first + 3) % 5]


def test_the_seat_drawn_to_start_is_known_all_game_long() -> None:
    """« Le premier joueur » passes one seat clockwise after each round (H5); ``starter``
    is still the seat drawn at setup, at every step of a game and once it is over (the
    balance lab's first-player share reads it)."""
    import random

    for players, seed in ((4, 3), (5, 8), (7, 21)):
        state = fresh(players, seed=seed, trip_seconds=0)
        drawn = state.first
        rng = random.Random(seed)
        firsts = {drawn}
        while not state.is_terminal():
            assert state.starter == drawn
            p = state.active_players()[0]
            state.apply(p, rng.choice(state.legal_actions(p)))
            firsts.add(state.first)
        assert state.phase == OVER and state.starter == drawn
        assert len(firsts) == 4  # it did move: one first player per round


def test_the_attacked_player_chooses_the_order_of_his_accounts() -> None:
    """« Sinon, il choisit dans quel ordre il résout la protection de ses différents comptes
    attaqués. » (H5) With one attacked account there is nothing to choose."""
    state = fresh(4, seed=11, trip_seconds=0)
    credit_setup(state)
    p = state.first
    a, b, c = own(state, p)
    place_bills(state, {a: [2], b: [2], c: [2]})
    put_viruses(state, a, [((p + 1) % 4, p)])
    put_viruses(state, c, [((p + 2) % 4, p)])
    start_protection(state)
    assert state.phase == CHOOSE
    assert set(state.legal_actions(p)) == {
        Action.make("protect", account=a),
        Action.make("protect", account=c),
    }
    state.apply(p, Action.make("protect", account=c))
    assert state.phase == GUESS and state.current == c
    state.apply(p, GUESS_[(p + 2) % 4])
    assert state.phase == GUESS and state.current == a  # the last one follows by itself


def test_stack_is_resolved_from_the_top() -> None:
    """« Pour chaque virus attaquant en partant du haut de la pile vous devez désigner une
    des personnes autour de la table. »"""
    state = fresh(5, seed=12, trip_seconds=0)
    credit_setup(state)
    p = state.first
    k = own(state, p)[0]
    place_bills(state, {k: [2, 2, 2]})
    bottom, top = (p + 1) % 5, (p + 2) % 5
    put_viruses(state, k, [(bottom, p), (top, p)])
    start_protection(state)
    events = state.apply(p, GUESS_[top])
    assert events[0].data["right"] is True
    events = state.apply(p, GUESS_[bottom])
    assert events[0].data["right"] is True


def test_right_guess_returns_the_virus_and_nothing_is_stolen() -> None:
    """« Si le virus appartient bien à la personne désignée : vous avez paré l'attaque et
    le virus retourne à son propriétaire. »"""
    state = fresh(5, seed=13, trip_seconds=0)
    credit_setup(state)
    p = state.first
    k = own(state, p)[0]
    place_bills(state, {k: [3, 1]})
    owner = (p + 2) % 5
    put_viruses(state, k, [(owner, p)])
    start_protection(state)
    hand = state.hand[owner]
    state.apply(p, GUESS_[owner])
    assert state.hand[owner] == hand + 1
    assert [BILL_VALUE[b] for b in state.bills[k]] == [3, 1]


def test_wrong_guess_the_owner_steals_a_bill_and_credits_it_at_once() -> None:
    """« si vous vous êtes trompé: le possesseur du virus peut vous voler un des billets de
    votre compte […] Les joueurs qui ont réussi à piller le compte doivent alors créditer
    immédiatement leur compte avant de passer à la suite. » (H5)"""
    state = fresh(5, seed=14, trip_seconds=0)
    credit_setup(state)
    p = state.first
    k = own(state, p)[0]
    place_bills(state, {k: [3, 3]})
    owner = (p + 2) % 5
    wrong = (p + 3) % 5
    put_viruses(state, k, [(owner, p), (owner, p)])
    start_protection(state)
    state.apply(p, GUESS_[wrong])
    assert state.phase == STEAL and state.active_players() == (owner,)
    state.apply(owner, Action.make("steal", slot=1))
    assert state.phase == LOOT
    assert state.active_players() == (owner,)
    assert [a.number("account") for a in state.legal_actions(owner)] == list(own(state, owner))
    assert state.view(owner)["incoming"] == [3]
    assert len(state.bills[k]) == 1
    state.apply(owner, credit(own(state, owner)[1]))
    assert state.score(owner) == 3
    assert state.phase == GUESS and state.active_players() == (p,)  # then the next virus


def test_the_thief_chooses_the_bill_by_default() -> None:
    """« le possesseur du virus peut vous voler un des billets de votre compte qu'il
    choisit » (H5, RULINGS principle 1): by default the thief picks which bill; he picks it
    by its place, since « les billets peuvent être regardés […] uniquement par le
    possesseur du compte » — he never sees the values while choosing."""
    assert GAME.options.defaults()["theft"] == "chosen"
    state = fresh(4, seed=15, trip_seconds=0)
    credit_setup(state)
    p = state.first
    k = own(state, p)[0]
    place_bills(state, {k: [1, 2, 3]})
    owner = (p + 1) % 4
    put_viruses(state, k, [(owner, p)])
    start_protection(state)
    events = state.apply(p, GUESS_[(p + 2) % 4])
    assert state.phase == STEAL and state.active_players() == (owner,)
    mine = next(e for e in events if e.kind == "your_virus")
    assert mine.to == (owner,) and mine.data["value"] is None  # nothing taken yet
    assert state.legal_actions(owner) == tuple(Action.make("steal", slot=i) for i in range(3))
    assert state.view(owner)["accounts"][k]["bills"] is None
    assert state.view(owner)["thief"] == owner and state.view(p)["thief"] == owner
    assert state.view((p + 3) % 4)["thief"] is None  # the rest of the table is not told
    screen = GAME.text.view(state.view(owner), "fr")
    assert (f"Choisis le billet à voler sur le compte {k + 1} : tu ne vois pas la valeur "
            "des billets.") in screen
    assert "Choisis le billet" not in GAME.text.view(state.view(p), "fr")
    events = state.apply(owner, Action.make("steal", slot=2))
    assert state.view(owner)["incoming"] == [3]
    assert [BILL_VALUE[b] for b in state.bills[k]] == [1, 2]
    loot = next(e for e in events if e.kind == "loot")
    assert loot.to == (owner,) and loot.data["value"] == 3


def test_a_single_bill_leaves_nothing_to_choose() -> None:
    """Same sentence: with one bill left under the account, it is the one stolen."""
    state = fresh(4, seed=15, trip_seconds=0)
    credit_setup(state)
    p = state.first
    k = own(state, p)[0]
    place_bills(state, {k: [2]})
    owner = (p + 1) % 4
    put_viruses(state, k, [(owner, p)])
    start_protection(state)
    state.apply(p, GUESS_[(p + 2) % 4])
    assert state.phase == LOOT and state.view(owner)["incoming"] == [2]


def test_theft_random_option_draws_the_bill_blind() -> None:
    """H5 option ``theft=random``: the stolen bill is drawn at random, the thief only
    credits it; every bill of the account can come out."""
    drawn = set()
    for seed in range(30):
        state = fresh(4, seed=seed, trip_seconds=0, theft="random")
        credit_setup(state)
        p = state.first
        k = own(state, p)[0]
        place_bills(state, {k: [1, 2, 3]})
        owner = (p + 1) % 4
        put_viruses(state, k, [(owner, p)])
        start_protection(state)
        state.apply(p, GUESS_[(p + 2) % 4])
        assert state.phase == LOOT and state.active_players() == (owner,)
        drawn.add(state.view(owner)["incoming"][0])
        assert len(state.bills[k]) == 2
    assert drawn == {1, 2, 3}


def test_empty_account_sets_the_remaining_viruses_aside() -> None:
    """« S'il n'y a plus de billets disponibles, les virus restants sont mis à part face
    cachée, ils ne seront rendus à leurs propriétaires qu'à la fin du tour. » (H5)"""
    state = fresh(5, seed=16, trip_seconds=0)
    credit_setup(state)
    p = state.first
    k = own(state, p)[0]
    later = own(state, (p + 1) % 5)[0]  # someone protects after p: the round goes on
    place_bills(state, {k: [2], later: [2]})
    a, b, c = (p + 1) % 5, (p + 2) % 5, (p + 3) % 5
    put_viruses(state, k, [(a, p), (b, p), (c, p)])
    put_viruses(state, later, [(b, p)])
    start_protection(state)
    events = state.apply(p, GUESS_[a])  # wrong: c steals the only bill
    assert state.phase == LOOT
    events = state.apply(c, credit(own(state, c)[0]))
    emptied = [e for e in events if e.kind == "emptied"]
    assert emptied and emptied[0].data == {"account": k, "count": 2} and emptied[0].to is None
    assert state.stacks[k] == []
    assert len(state.aside) == 3
    assert state.view(a)["accounts"][k]["stack"] == []


def test_an_empty_account_needs_no_guess_at_all() -> None:
    """Same sentence: an attacked account with no bill has nothing to protect."""
    state = fresh(5, seed=17, trip_seconds=0)
    credit_setup(state)
    p = state.first
    k = own(state, p)[0]
    place_bills(state, {})
    put_viruses(state, k, [((p + 1) % 5, p)])
    events = start_protection(state)
    assert "emptied" in kinds(events)
    assert state.phase != GUESS or state.protecting() != p


def test_every_virus_returns_to_its_owner_at_the_end_of_the_round() -> None:
    """« Tous les virus qui avaient été mis à part sont repris en main et un nouveau tour
    peut commencer. » (H5)"""
    state = fresh(5, seed=18, trip_seconds=0)
    credit_setup(state)
    p = state.first
    k = own(state, p)[0]
    place_bills(state, {})
    put_viruses(state, k, [((p + 1) % 5, p), ((p + 2) % 5, p)])
    events = start_protection(state)
    assert "round_end" in kinds(events)
    assert state.hand == [state.viruses] * 5
    assert state.aside == []
    assert state.round == 1 and state.first == (p + 1) % 5


# -- who learns what ---------------------------------------------------------------------


def _wrong_guess_events(reveal: str) -> tuple[int, int, int, int, list]:  # type: ignore[type-arg]
    state = fresh(5, seed=19, trip_seconds=0, reveal=reveal)
    credit_setup(state)
    p = state.first
    k = own(state, p)[0]
    place_bills(state, {k: [2, 2]})
    owner, named = (p + 1) % 5, (p + 2) % 5
    put_viruses(state, k, [(owner, p)])
    start_protection(state)
    events = state.apply(p, GUESS_[named])
    assert state.phase == STEAL  # the thief chooses the bill (default ``theft=chosen``)
    return p, owner, named, k, events + state.apply(owner, Action.make("steal", slot=0))


def test_reveal_victim_default() -> None:
    """H5 and the brief: the table sees a bill leave the account; the guesser learns who
    the thief is (he takes the bill), the owner learns he was missed; nobody else learns
    whose virus it was (option ``reveal``, default ``victim``)."""
    p, owner, named, k, events = _wrong_guess_events("victim")
    public = [e for e in events if e.to is None]
    assert [e.kind for e in public] == ["guess"]
    assert public[0].data == {"player": p, "account": k, "right": False}
    detail = next(e for e in events if e.kind == "guess_detail")
    assert detail.to == (p,) and detail.data["owner"] == owner
    mine = next(e for e in events if e.kind == "your_virus")
    assert mine.to == (owner,) and mine.data["right"] is False
    lost = next(e for e in events if e.kind == "lost")
    assert lost.to == (p,) and lost.data == {"value": 2, "account": k, "thief": owner}
    for e in events:
        if e.to is None or named not in e.to:
            continue
        raise AssertionError(f"the wrongly named player was told something: {e}")


def test_reveal_blind_keeps_the_thief_unknown() -> None:
    """Option ``reveal=blind``: the victim loses a bill but does not learn who took it."""
    p, _owner, _named, _k, events = _wrong_guess_events("blind")
    detail = next(e for e in events if e.kind == "guess_detail")
    assert detail.data["owner"] is None
    lost = next(e for e in events if e.kind == "lost")
    assert lost.to == (p,) and lost.data["thief"] is None
    assert all("owner" not in e.data or e.to != (p,) or e.data["owner"] is None for e in events)


def test_reveal_table_everything_said_aloud() -> None:
    """Option ``reveal=table``: the name and the owner are said aloud, as at a table."""
    _p, owner, named, _k, events = _wrong_guess_events("table")
    public = [e for e in events if e.to is None]
    assert public[0].data["named"] == named and public[0].data["owner"] == owner


# -- advanced rules ----------------------------------------------------------------------


def test_cryptage_points_set_top_viruses_aside() -> None:
    """« Valeur 1 : chaque carte de ce type dans le compte fournit un point de cryptage.
    […] Valeur 3 : chaque carte de ce type annule un point de cryptage. […] il écarte face
    cachée un virus qui l'attaque sur son compte sans avoir à se protéger. Il écarte les
    virus en partant du haut de la pile. » (H8)"""
    state = fresh(5, seed=20, trip_seconds=0, cryptage=True)
    credit_setup(state)
    p = state.first
    k = own(state, p)[0]
    place_bills(state, {k: [1, 1, 1, 3, 2]})  # 3 points - 1 = 2
    bottom, mid, top = (p + 1) % 5, (p + 2) % 5, (p + 3) % 5
    put_viruses(state, k, [(bottom, p), (mid, p), (top, p)])
    events = start_protection(state)
    crypt = [e for e in events if e.kind == "encrypted"]
    assert crypt[0].data == {"account": k, "count": 2}
    assert [v & 7 for v in state.stacks[k]] == [bottom]
    assert state.phase == GUESS


def test_cryptage_off_by_default_and_never_negative() -> None:
    """H8 is an option; more bills of 3 than of 1 give no point (never a penalty)."""
    for options, bills in (({}, [1, 1]), ({"cryptage": True}, [3, 3, 1])):
        state = fresh(5, seed=21, trip_seconds=0, **options)
        credit_setup(state)
        p = state.first
        k = own(state, p)[0]
        place_bills(state, {k: bills})
        put_viruses(state, k, [((p + 1) % 5, p)])
        events = start_protection(state)
        assert "encrypted" not in kinds(events)
        assert len(state.stacks[k]) == 1


def test_brouillage_last_round_accounts_show_no_colour() -> None:
    """« Pour le dernier tour de jeu, retournez tous les comptes face cachée en les laissant
    à leur place. » (H7) Only the last round's hacking phase; the places do not move."""
    state = fresh(5, seed=22, trip_seconds=0, brouillage=True)
    play_to_round(state, 2)
    assert all(a["owner"] is not None for a in state.view(0)["accounts"])
    play_to_round(state, 3)
    assert state.blurred()
    for q in (None, 0, 1):
        view = state.view(q)
        assert all(a["owner"] is None and a["bills"] is None for a in view["accounts"])
        assert [a["id"] for a in view["accounts"]] == list(range(15))
    traveller = state.traveller
    other = (traveller + 1) % 5
    assert len(state.legal_actions(other)) == 1 + 15  # done + every account, even his own


def test_brouillage_crediting_a_wrong_account_credits_its_owner() -> None:
    """« si vous placez un billet sous un compte adverse, tant pis pour vous ! » (H7)"""
    state = fresh(5, seed=23, trip_seconds=0, brouillage=True)
    play_to_round(state, 3)
    traveller = state.traveller
    for p in state.active_players():
        state.apply(p, Action.make("done"))
    assert state.phase == CREDIT
    victim_of_luck = (traveller + 1) % 5
    k = own(state, victim_of_luck)[0]
    assert credit(k) in state.legal_actions(traveller)
    before = state.score(victim_of_luck), state.score(traveller)
    value = BILL_VALUE[state.incoming[traveller][0]]
    state.apply(traveller, credit(k))
    assert state.score(victim_of_luck) == before[0] + value
    assert state.score(traveller) == before[1]
    assert state.metrics()["misdirected_credits"] == 1.0


def test_the_brouillage_option_says_where_a_misdirected_bill_goes() -> None:
    """The set-up form said « un billet mis sous un compte adverse est perdu » (« a bill
    put under another's account is lost »): it is not lost, it is the account's owner's
    (H7, the test above). The option's description says so in both languages."""
    (option,) = [o for o in GAME.options if o.name == "brouillage"]
    assert "perdu" not in option.help_fr and "est à lui" in option.help_fr
    assert "lost" not in option.help_en and "is theirs" in option.help_en


def test_brouillage_own_account_virus_has_no_effect() -> None:
    """FAQ: « J'ai attaqué mon propre compte, que dois-je faire ? Ce n'est pas grave, ça
    n'a aucun effet » (H6)."""
    state = fresh(5, seed=24, brouillage=True)  # live play: the drop lands at once
    play_to_round(state, 3)
    traveller = state.traveller
    dropper = (traveller + 1) % 5
    k = own(state, dropper)[0]
    state.apply(dropper, drop(k))
    assert state.metrics()["self_drops"] == 1.0
    place_bills(state, {k: [2]})
    state.stacks = [s if i == k else [] for i, s in enumerate(state.stacks)]
    events = start_protection(state)
    assert "own_virus" in kinds(events)
    assert [BILL_VALUE[b] for b in state.bills[k]] == [2]


def _blurred_theft(seed: int, **options: Any) -> tuple[HackerState, int, int, int]:
    """The last round under brouillage, protection phase: the first player's account
    ``k`` holds a virus of the next player, whom he fails to name. Returns the state at
    the theft, the victim, the thief and ``k``."""
    state = fresh(5, seed=seed, trip_seconds=0, brouillage=True, **options)
    play_to_round(state, 3)
    p = state.first
    thief = (p + 1) % 5
    k = own(state, p)[0]
    place_bills(state, {k: [3, 3]} | {j: [1] for q in range(5) for j in own(state, q)[1:]})
    state.stacks = [[] for _ in state.stacks]
    put_viruses(state, k, [(thief, p)])
    start_protection(state)
    state.apply(p, GUESS_[(p + 2) % 5])
    return state, p, thief, k


def _assert_no_colour(state: HackerState) -> None:
    """No view, screen or action text tells whose an account is (H7)."""
    for q in (None, *range(state.n)):
        view = state.view(q)
        assert view["blurred"] is True
        assert all(a["owner"] is None and a["bills"] is None for a in view["accounts"])
        assert "score" not in view
        screen = GAME.text.view(view, "fr")
        assert "Brouillage magnétique" in screen
        assert "[tes billets]" in screen and "Ton argent" not in screen
        if q is None:
            continue
        for action in state.legal_actions(q):
            for lang in ("fr", "en"):
                text = GAME.text.action(action, view, lang)
                assert " de " not in text and " of " not in text, text
                assert "ton compte" not in text and "your account" not in text, text


def test_brouillage_the_whole_last_round_is_face_down() -> None:
    """« Pour le dernier tour de jeu, retournez tous les comptes face cachée en les laissant
    à leur place. » (H7) The accounts stay face down for the whole last round, protection
    and theft included, until the game is over; then everything is turned over."""
    state, _victim, thief, _k = _blurred_theft(40)
    assert state.phase == STEAL and state.active_players() == (thief,)
    _assert_no_colour(state)
    state.apply(thief, Action.make("steal", slot=0))
    assert state.phase == LOOT
    _assert_no_colour(state)
    while not state.is_terminal():
        p = state.active_players()[0]
        state.apply(p, state.legal_actions(p)[0])
        if not state.is_terminal():
            _assert_no_colour(state)
    view = state.view(None)
    assert view["blurred"] is False
    assert [a["owner"] for a in view["accounts"]] == list(state.table.owner)


def test_brouillage_the_thief_credits_his_loot_blind() -> None:
    """« Ne perdez pas de vue vos compte : si vous placez un billet sous un compte adverse,
    tant pis pour vous ! » (H7) In the last round the thief is offered every place for his
    loot, without knowing whose it is; a bill put under another player's account is
    theirs."""
    state, victim, thief, _k = _blurred_theft(41)
    state.apply(thief, Action.make("steal", slot=1))
    assert state.phase == LOOT and state.view(thief)["incoming"] == [3]
    legal = state.legal_actions(thief)
    assert [a.number("account") for a in legal] == list(range(15))
    lucky = (thief + 2) % 5
    target = own(state, lucky)[1]
    before = [state.score(q) for q in range(5)]
    state.apply(thief, credit(target))
    after = [state.score(q) for q in range(5)]
    assert after[lucky] == before[lucky] + 3
    assert after[thief] == before[thief] and after[victim] == before[victim]
    assert state.metrics()["misdirected_credits"] == 1.0


def test_brouillage_loot_may_even_go_back_under_the_robbed_account() -> None:
    """Same sentence, random theft: the place robbed is one of the places on offer; the
    bill goes back to its owner and the protection goes on."""
    state, victim, thief, k = _blurred_theft(42, theft="random")
    assert state.phase == LOOT
    before = state.score(victim)
    state.apply(thief, credit(k))
    assert state.score(victim) == before + 3
    assert len(state.bills[k]) == 2


# -- end of the game ---------------------------------------------------------------------


def test_score_is_the_sum_of_the_bills_and_ties_share_the_win() -> None:
    """« Le score d'un joueur est la somme des valeurs de ses billets. Le joueur le plus
    riche a gagné la partie. » H9: a tie is a shared win."""
    state = fresh(4, seed=25, trip_seconds=0)
    play_to_round(state, 3)
    a0, a1, a2, a3 = (own(state, p)[0] for p in range(4))
    place_bills(state, {a0: [3, 3, 1], a1: [2, 2, 3], a2: [1], a3: [3, 3]})
    state.stacks = [[] for _ in state.stacks]
    start_protection(state)
    assert state.phase == OVER and state.is_terminal()
    outcome = state.outcome()
    assert outcome.scores == (7.0, 7.0, 1.0, 6.0)
    assert outcome.winners == (0, 1)
    assert state.metrics()["shared_win"] == 1.0


def test_four_rounds_then_the_end() -> None:
    """« Le jeu se termine à la fin du quatrième tour » — every bill used at 7 players."""
    state = fresh(7, seed=26, trip_seconds=0)
    play_to_round(state, 4)
    assert state.is_terminal()
    assert state.metrics()["turns"] == 4.0
    assert state.bank == []
    assert sum(len(b) for b in state.bills) == 42


def test_leader_change_after_the_last_protection_is_measured() -> None:
    """Metric ``leader_changed_last_protection``: did the richest player(s) change during
    the last protection phase?"""
    state = fresh(4, seed=27, trip_seconds=0)
    play_to_round(state, 3)
    a0, a1 = own(state, 0)[0], own(state, 1)[0]
    place_bills(state, {a0: [3], a1: [2]})
    state.stacks = [[] for _ in state.stacks]
    put_viruses(state, a0, [(1, 2)])
    state.first = 0
    start_protection(state)
    state.apply(0, GUESS_[2])  # wrong: player 1 steals the 3
    state.apply(1, credit(a1))
    assert state.is_terminal()
    assert state.metrics()["leader_changed_last_protection"] == 1.0


# -- the rest of the text, sentence by sentence ------------------------------------------


def test_four_to_seven_players_three_as_the_variant() -> None:
    """« Nombre de joueurs : 4 à 7 » (H1: 3 is the English edition's variant); no other
    count can be set up."""
    for players in range(3, 8):
        assert fresh(players).n == players
    for players in (2, 8):
        with pytest.raises(PlayerCountError):
            GAME.make_config(players, 0, {})


def test_the_98_cards_and_the_seven_colours() -> None:
    """« Ce jeu est composé uniquement de 98 cartes. » « Chacun possède à sa couleur
    (parmi rouge, bleu, vert, jaune, violet, noir, orange) : 3 virus, 1 pirate, 3 comptes
    bancaires, 1 quatrième virus, pour 5 et 6 joueurs » — 42 bills and seven sets of 8."""
    assert COLOURS_FR == ("rouge", "bleu", "vert", "jaune", "violet", "noir", "orange")
    per_colour = 3 + 1 + 3 + 1  # viruses, pirate, accounts, the fourth virus
    assert len(BILL_VALUE) + len(COLOURS_FR) * per_colour == 98
    assert max(viruses_for(n, 4) for n in range(4, 8)) == 4
    state = fresh(7)
    assert len(state.bills) == 7 * 3


def test_each_player_is_their_colour_and_unused_sets_stay_in_the_box() -> None:
    """« Chaque joueur place devant lui la carte « pirate » à sa couleur. » « Les sets de
    cartes non utilisés sont replacés dans la boîte. » Each seat is named by its colour;
    only the players' colours have accounts on the table."""
    assert GAME.text.event(Event("trip", {"traveller": 0}), "fr") == (
        "Rouge (J1) part pirater la banque."
    )
    assert GAME.text.event(Event("trip", {"traveller": 6}), "en") == (
        "Orange (P7) goes to hack the bank."
    )
    state = fresh(4, seed=2)
    assert sorted(state.table.owner) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]


def test_viruses_are_taken_in_hand_and_kept_private() -> None:
    """« Les 4 (ou 3) cartes virus sont prises en main. » (H2: a hand is private)"""
    state = fresh(5, seed=3)
    for p in range(5):
        assert state.view(p)["hand"] == 4
    assert "hand" not in state.view(None)


def test_accounts_are_shuffled_and_laid_face_up() -> None:
    """« Toutes les cartes « compte » sont mélangées puis placées face visible au centre de
    la table au hasard. » The layout differs from game to game, and every seat (and the
    projector) sees whose each account is."""
    layouts = {fresh(5, seed=s).table.owner for s in range(10)}
    assert len(layouts) == 10
    state = fresh(5, seed=4)
    for q in (None, *range(5)):
        assert [a["owner"] for a in state.view(q)["accounts"]] == list(state.table.owner)


def test_the_bank_is_a_pile_everyone_can_see() -> None:
    """« Le reste des billets est placé sur la banque » « La banque doit être visible par
    tous les joueurs du réseau, c'est sur celle-ci qu'est posée la pile de billets. » Its
    size is public, its values are not."""
    state = fresh(6, seed=5)
    for q in (None, *range(6)):
        view = state.view(q)
        assert view["bank"] == 42 - 12
        assert all(v not in view for v in ("bank_bills", "pile"))


def test_a_bill_received_is_credited_at_once() -> None:
    """« Au moment où un joueur reçoit un ou plusieurs billets, il ne peut pas les garder à
    côté de lui, il doit créditer immédiatement ses comptes. » Back from the bank, the
    traveller is the only one to act and crediting is all he can do; nothing else happens
    until the bill is under an account."""
    state = fresh(5, seed=6, trip_seconds=0)
    credit_setup(state)
    traveller = state.traveller
    for p in state.active_players():
        state.apply(p, Action.make("done"))
    assert state.phase == CREDIT and state.active_players() == (traveller,)
    assert {a.kind for a in state.legal_actions(traveller)} == {"credit"}
    assert all(state.legal_actions(q) == () for q in range(5) if q != traveller)


def test_bills_go_under_one_or_several_accounts_attacked_or_not() -> None:
    """« Les billets sont placés sous une ou plusieurs de ses cartes comptes (qu'il soit
    attaqué par un virus adverse ou non). » The two setup bills may share an account or
    not, and an account carrying viruses may be credited."""
    state = fresh(4, seed=7)
    p = 0
    a, b, _c = own(state, p)
    state.apply(p, credit(a))
    assert credit(a) in state.legal_actions(p) and credit(b) in state.legal_actions(p)
    state.apply(p, credit(a))
    assert len(state.bills[a]) == 2
    credit_setup(state)
    traveller = state.traveller
    dropper = (traveller + 1) % 4
    target = own(state, traveller)[2]
    state.apply(dropper, drop(target))
    state.apply(traveller, Action.make("return"))
    assert state.stacks[target] and credit(target) in state.legal_actions(traveller)
    state.apply(traveller, credit(target))
    assert len(state.bills[target]) == 1


def test_only_the_owner_may_look_at_the_bills() -> None:
    """« Une fois placés sous les comptes, les billets peuvent être regardés à tout moment
    mais uniquement par le possesseur du compte. » (H2)"""
    state = fresh(5, seed=8, trip_seconds=0)
    credit_setup(state)
    for q in (None, *range(5)):
        for acc in state.view(q)["accounts"]:
            k = acc["id"]
            if q is not None and state.table.owner[k] == q:
                assert acc["bills"] == [BILL_VALUE[b] for b in state.bills[k]]
            else:
                assert acc["bills"] is None


def test_a_round_is_hacking_then_protection() -> None:
    """« Un tour de jeu est décomposé en deux phases : Le Piratage et l'infection ; La
    Protection » — « Tant qu'un joueur n'est pas revenu de son piratage, les autres joueurs
    doivent rester autour de la table. […] Une fois revenu, le prochain joueur peut partir
    en piratage. Le tour s'arrête lorsque tous les joueurs ont piraté une fois la banque. »
    One traveller at a time, each once, then the protection phase."""
    state = fresh(5, seed=9, trip_seconds=0)
    events = credit_setup(state)
    while state.round == 0:
        p = state.active_players()[0]
        if state.phase == TRIP:  # the traveller is away, the others stay at the table
            assert state.traveller not in state.active_players()
        elif state.phase == CREDIT:  # the next one leaves only once he is back
            assert state.active_players() == (state.traveller,)
        events += state.apply(p, state.legal_actions(p)[0])
    seen = [e.kind for e in events if e.kind in ("round", "trip", "protection", "round_end")]
    assert seen[:9] == ["round", *["trip"] * 5, "protection", "round_end", "round"]
    trips = [e.data["traveller"] for e in events if e.kind == "trip"][:5]
    assert len(set(trips)) == 5


def test_the_traveller_sees_the_table_during_his_trip() -> None:
    """« Pendant son déplacement, les autres joueurs n'ont pas le droit de lui cacher la
    table. » In live play a virus lands at once, for the traveller's eyes too (H3): he
    sees the stack grow and during whose trip, not whose it is (H4)."""
    state = fresh(5, seed=10, vigilance=0.0)
    credit_setup(state)
    traveller = state.traveller
    target = own(state, (traveller + 2) % 5)[0]
    state.apply((traveller + 1) % 5, drop(target))
    stack = state.view(traveller)["accounts"][target]["stack"]
    assert stack == [{"trip": traveller, "owner": None}]


def test_no_limit_to_the_viruses_on_one_account() -> None:
    """« Il n'y a pas de limites au nombre de virus infectant un même compte (ils peuvent
    avoir été posés par plusieurs joueurs différents). »"""
    state = fresh(5, seed=11)
    credit_setup(state)
    traveller = state.traveller
    target = own(state, traveller)[0]
    for p in range(5):
        if p != traveller:
            for _ in range(4):
                assert drop(target) in state.legal_actions(p)
                state.apply(p, drop(target))
    assert len(state.stacks[target]) == 16
    assert {v & 7 for v in state.stacks[target]} == set(range(5)) - {traveller}


def test_a_virus_placed_is_never_moved_nor_taken_back() -> None:
    """« Une fois qu'un virus a été placé, il est interdit de le déplacer ou bien de le
    reprendre en main. » No action undoes a drop, even one still face down in a turn-based
    trip; it lands where it was put."""
    state = fresh(5, seed=12, trip_seconds=0)
    credit_setup(state)
    traveller = state.traveller
    dropper = (traveller + 1) % 5
    target = own(state, traveller)[1]
    state.apply(dropper, drop(target))
    assert {a.kind for a in state.legal_actions(dropper)} == {"drop", "done"}
    assert state.hand[dropper] == 3
    for p in state.active_players():
        state.apply(p, Action.make("done"))
    assert [v & 7 for v in state.stacks[target]] == [dropper]
    assert state.hand[dropper] == 3


def test_two_viruses_on_two_accounts_at_the_same_time() -> None:
    """FAQ: « Poser deux virus sur deux comptes différents en même temps (avec les deux
    mains). » Two drops, one action each, during the same trip."""
    state = fresh(5, seed=13, trip_seconds=0)
    credit_setup(state)
    traveller = state.traveller
    dropper = (traveller + 1) % 5
    a, b = own(state, traveller)[0], own(state, (traveller + 2) % 5)[0]
    state.apply(dropper, drop(a))
    state.apply(dropper, drop(b))
    for p in state.active_players():
        state.apply(p, Action.make("done"))
    for k in (a, b):
        assert [(v & 7, (v >> 3) & 7) for v in state.stacks[k]] == [(dropper, traveller)]


def test_no_more_infection_once_the_last_player_is_back() -> None:
    """« A partir du moment où le dernier joueur est revenu à sa place, il est interdit de
    continuer à infecter. Les virus restants ne pourront plus être posés. »"""
    state = fresh(4, seed=14, trip_seconds=0)
    credit_setup(state)
    traveller = state.traveller
    dropper = (traveller + 1) % 4
    target = own(state, traveller)[0]
    place_bills(state, {target: [2]})
    state.apply(dropper, drop(target))
    while state.phase in (TRIP, CREDIT):
        p = state.active_players()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[0] if state.phase == TRIP else legal[-1])
    assert state.round == 0 and state.phase == GUESS
    for q in range(4):
        assert state.hand[q] == (2 if q == dropper else 3)  # the rest stay in hand
        assert all(a.kind != "drop" for a in state.legal_actions(q))


def test_name_any_other_player_around_the_table() -> None:
    """« Pour chaque virus attaquant en partant du haut de la pile vous devez désigner une
    des personnes autour de la table. » Every other player may be named, even that trip's
    traveller and a player with no virus left (reading: not yourself, whose own viruses
    have no effect, H6)."""
    state = fresh(5, seed=15, trip_seconds=0)
    credit_setup(state)
    p = state.first
    k = own(state, p)[0]
    place_bills(state, {k: [2]})
    put_viruses(state, k, [((p + 1) % 5, (p + 2) % 5)])
    state.hand[(p + 3) % 5] = 0
    start_protection(state)
    assert state.phase == GUESS
    assert [a.number("player") for a in state.legal_actions(p)] == [
        q for q in range(5) if q != p
    ]


def test_each_attacking_virus_gets_its_own_chance() -> None:
    """« Votre ordinateur est équipé d'un antivirus permettant d'avoir une chance de se
    débarrasser de chaque virus attaquant. » One guess per virus: right for one, wrong for
    the next."""
    state = fresh(5, seed=16, trip_seconds=0, theft="random")
    credit_setup(state)
    p = state.first
    k = own(state, p)[0]
    place_bills(state, {k: [2, 2]})
    a, b = (p + 1) % 5, (p + 2) % 5
    put_viruses(state, k, [(a, p), (b, p)])
    start_protection(state)
    assert state.apply(p, GUESS_[b])[0].data["right"] is True
    assert state.apply(p, GUESS_[b])[0].data["right"] is False
    assert state.metrics()["guesses"] == 2.0 and state.metrics()["thefts"] == 1.0


def test_set_aside_viruses_stay_face_down_until_the_round_ends() -> None:
    """« les virus restants sont mis à part face cachée, ils ne seront rendus à leurs
    propriétaires qu'à la fin du tour. » Their owners are told to nobody, and they are
    not back in hand before the round ends."""
    state = fresh(5, seed=17, trip_seconds=0)
    credit_setup(state)
    p = state.first
    k = own(state, p)[0]
    later = own(state, (p + 1) % 5)[0]
    place_bills(state, {later: [2]})
    owner = (p + 2) % 5
    put_viruses(state, k, [(owner, p)])
    put_viruses(state, later, [((p + 3) % 5, p)])
    events = start_protection(state)
    emptied = next(e for e in events if e.kind == "emptied")
    assert emptied.to is None and "owner" not in emptied.data
    assert state.round == 0 and state.hand[owner] == 3


def test_the_hidden_revealed_viruses_faq() -> None:
    """FAQ: « Est-ce possible de ne pas montrer aux autres joueurs le nombre de mes virus
    révélés lors de la protection ? Bien sûr » (H5): with the default ``reveal=victim`` a
    right guess tells the table that it was right, not whose virus it was, and nobody but
    its owner sees his hand."""
    state = fresh(5, seed=18, trip_seconds=0)
    credit_setup(state)
    p = state.first
    k = own(state, p)[0]
    place_bills(state, {k: [2]})
    owner = (p + 1) % 5
    put_viruses(state, k, [(owner, p)])
    start_protection(state)
    events = state.apply(p, GUESS_[owner])
    for e in events:
        if e.to is None:
            assert "owner" not in e.data and "named" not in e.data
    watcher = (p + 2) % 5
    assert "hand" not in state.view(None)
    assert state.view(watcher)["hand"] == state.hand[watcher]


def test_at_the_end_every_account_is_turned_over() -> None:
    """« Le jeu se termine à la fin du quatrième tour : chaque joueur récupère tous les
    billets qu'il a accumulés dans ses trois comptes. » At the end every seat and the
    projector see every account's bills and every score."""
    state = fresh(4, seed=19, trip_seconds=0, brouillage=True)
    play_to_round(state, 4)
    assert state.is_terminal()
    for q in (None, *range(4)):
        view = state.view(q)
        assert all(a["bills"] is not None for a in view["accounts"])
        assert all(a["owner"] is not None for a in view["accounts"])
        assert view["scores"] == state.scores()


def test_cryptage_protects_the_account_its_bills_are_in() -> None:
    """« Certains billets permettent de protéger le compte dans lequel ils sont placés en
    fonction de leur valeur » « Valeur 2 : aucun modificateur. » Bills of 1 in another
    account of the same player ward nothing here; bills of 2 count for nothing."""
    state = fresh(5, seed=20, trip_seconds=0, cryptage=True)
    credit_setup(state)
    p = state.first
    k, other, _ = own(state, p)
    place_bills(state, {k: [2, 2, 2], other: [1, 1, 1]})
    put_viruses(state, k, [((p + 1) % 5, p)])
    events = start_protection(state)
    assert "encrypted" not in kinds(events)
    assert state.phase == GUESS and state.current == k
