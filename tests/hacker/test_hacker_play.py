"""Hacker end to end: the conformance playout on every player count and sampled options,
serialisation, text in both languages, and the heuristic bot against random bots."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ludinum.bots.base import RandomBot
from ludinum.engine import Action, StateFormatError
from ludinum.games.hacker import BOTS, GAME, HackerBot
from ludinum.games.hacker.sim import play
from ludinum.games.hacker.state import HackerState, setup_events
from tests.conformance.playout import random_playout
from tests.hacker.helpers import fresh


@pytest.mark.parametrize("players", range(3, 8))
def test_conformance_playout_every_player_count(players: int) -> None:
    state, log = random_playout(GAME, players, seed=players, deep_every=4)
    assert GAME.replay(state.config, log).to_json() == state.to_json()


def test_conformance_playout_sampled_options() -> None:
    rng = random.Random(11)
    for i in range(8):
        options: dict[str, Any] = {
            "trip_seconds": rng.choice([0, 3, 12]),
            "vigilance": rng.choice([0.0, 0.2, 1.0, rng.random()]),
            "reveal": rng.choice(["victim", "table", "blind"]),
            "theft": rng.choice(["random", "chosen"]),
            "brouillage": rng.random() < 0.5,
            "cryptage": rng.random() < 0.5,
            "viruses_3p": rng.choice([3, 4]),
        }
        random_playout(GAME, rng.randint(3, 7), 100 + i, options, deep_every=9)


def test_restore_refuses_garbage() -> None:
    data = json.loads(json.dumps(fresh(4).to_json()))
    data["layout"] = [0] * 12
    with pytest.raises(StateFormatError):
        GAME.restore(data)
    with pytest.raises(StateFormatError):
        GAME.restore({"config": {"game": "hacker"}})


def test_every_event_and_action_speaks_french_and_english() -> None:
    kinds: set[str] = set()
    for options in (
        {},
        {"reveal": "table", "theft": "chosen", "cryptage": True},
        {"reveal": "blind", "brouillage": True, "trip_seconds": 0},
    ):
        state = fresh(5, seed=1, **options)
        rng = random.Random(2)
        while not state.is_terminal():
            active = state.active_players()
            p = active[rng.randrange(len(active))]
            legal = state.legal_actions(p)
            view = state.view(p)
            for action in legal:
                for lang in ("fr", "en"):
                    text = GAME.text.action(action, view, lang)
                    assert text and text != action.to_text()
            for event in state.apply(p, legal[rng.randrange(len(legal))]):
                kinds.add(event.kind)
                fr = GAME.text.event(event, "fr")
                en = GAME.text.event(event, "en")
                assert fr != event.kind and en != event.kind and fr != en
                assert "{" not in fr and "{" not in en
        for lang in ("fr", "en"):
            assert GAME.text.score_column(lang) in GAME.text.view(state.view(0), lang)
    assert {"dropped", "noticed", "guess", "guess_detail", "your_virus", "credited"} <= kinds


def test_view_text_shows_accounts_bills_viruses_and_trips() -> None:
    state = fresh(4, seed=5)
    while state.phase == 0:
        p = state.active_players()[0]
        state.apply(p, state.legal_actions(p)[0])
    t = state.traveller
    dropper = (t + 1) % 4
    k = state.table.own[t][0]
    state.apply(dropper, Action.make("drop", account=k))
    text = GAME.text.view(state.view(dropper), "fr")
    assert "Compte" in text and "Tes virus en main : 2/3." in text
    assert "Banque : il reste 34 billets." in text
    # The account in its owner's row (« │ 4 : ▮J3 »), the terminal's 24 rows.
    assert f"│ {k + 1} : [bold]▮J{t + 1}*[/bold]" in text
    assert "Virus posés pendant chaque trajet" in text
    # The count before the name: « Bot 4 7 » read as one number; in the terminal the
    # colour alone (its row in the table gives its seat).
    assert "trajet : 1 pour [green]Vert[/green]." in text, text
    english = GAME.text.view(state.view(dropper), "en")
    assert "Your viruses in hand: 2/3." in english


def test_bots_registry() -> None:
    assert {"heuristic": HackerBot} == BOTS


def test_heuristic_bot_beats_random_bots() -> None:
    """Seeded: one heuristic bot among four random bots wins far more than its 1/5 share
    and guesses better than chance (turn-based trips, H3)."""
    games = 150
    wins = 0.0
    tally_h = [0, 0]
    for seed in range(games):
        seat = seed % 5
        bots = [HackerBot(seed) if i == seat else RandomBot(seed * 7 + i) for i in range(5)]
        tally = [[0, 0] for _ in range(5)]
        state = play(bots, seed, {"trip_seconds": 0}, tally)
        winners = state.outcome().winners
        if seat in winners:
            wins += 1 / len(winners)
        tally_h[0] += tally[seat][0]
        tally_h[1] += tally[seat][1]
    assert wins / games > 0.4
    assert tally_h[1] / tally_h[0] > 0.36


def test_setup_events_tell_each_seat_only_its_own_bills() -> None:
    state = fresh(4, seed=9)
    events = setup_events(state)
    assert events[0].to is None and events[0].data["first"] == state.first
    for p, event in enumerate(events[1:]):
        assert event.to == (p,)
        assert event.data["values"] == state.view(p)["incoming"]
        assert "Tu reçois deux billets" in GAME.text.event(event, "fr")


def test_heuristic_bot_may_forget_its_accounts_under_brouillage() -> None:
    """H7: players may misidentify their accounts; the bot remembers each place with
    chance ``recall`` (perfect memory at 1, every account mistaken at 0)."""
    from tests.hacker.helpers import play_to_round

    for recall, expected_right in ((1.0, 3), (0.0, 0)):
        state = fresh(5, seed=31, trip_seconds=0, brouillage=True)
        bot = HackerBot(1)
        bot.recall = recall
        player = (state.first + 1) % 5
        play_to_round(state, 3)
        # What it saw in the first three rounds:
        bot.memory(player).mine = set(state.table.own[player])
        bot.memory(player).layout = list(state.table.owner)
        assert state.blurred()
        while player not in state.active_players():
            p = state.active_players()[0]
            state.apply(p, state.legal_actions(p)[0])
        bot.choose(state, player)
        believed = bot.memory(player).mine
        assert len(believed) == 3
        assert len(believed & set(state.table.own[player])) == expected_right


def test_heuristic_bot_chooses_the_bill_to_steal() -> None:
    """``theft=chosen`` (the default, « qu'il choisit »): the heuristic bot, as thief,
    picks one of the offered places; the values are not its to see."""
    from tests.hacker.helpers import credit_setup, own, place_bills, put_viruses, start_protection

    state = fresh(4, seed=3, trip_seconds=0)
    credit_setup(state)
    p = state.first
    thief = (p + 1) % 4
    k = own(state, p)[0]
    place_bills(state, {k: [1, 2, 3]})
    put_viruses(state, k, [(thief, p)])
    start_protection(state)
    state.apply(p, Action.make("guess", player=(p + 2) % 4))
    legal = state.legal_actions(thief)
    assert {a.kind for a in legal} == {"steal"} and len(legal) == 3
    assert HackerBot(5).choose(state, thief) in legal


def test_heuristic_bot_learns_its_places_back_when_it_protects() -> None:
    """H7: under brouillage the protection phase stays face down; when the bot resolves its
    own attacked accounts, or sees another player resolve one, it knows those places."""
    from tests.hacker.helpers import place_bills, play_to_round, put_viruses, start_protection

    state = fresh(5, seed=31, trip_seconds=0, brouillage=True)
    play_to_round(state, 3)
    bot = HackerBot(1)
    bot.recall = 0.0
    me = state.first
    mine = state.table.own[me]
    m = bot.memory(me)
    m.mine = set(mine)
    m.layout = list(state.table.owner)
    while me not in state.active_players():
        p = state.active_players()[0]
        state.apply(p, state.legal_actions(p)[0])
    bot.choose(state, me)  # the colours are gone: it forgets every place
    assert not bot.memory(me).mine & set(mine)
    place_bills(state, {k: [2] for k in range(15)})
    state.stacks = [[] for _ in state.stacks]
    other = (me + 1) % 5
    put_viruses(state, mine[0], [(other, me)])
    put_viruses(state, mine[1], [(other, me)])
    events = start_protection(state)
    assert state.phase == 3 and state.blurred()  # choose: two attacked accounts
    bot.observe(me, events)
    action = bot.choose(state, me)
    assert action.kind == "protect"
    assert {mine[0], mine[1]} <= bot.memory(me).mine


def test_the_accounts_observations_share_are_never_changed() -> None:
    """A seat's observation shares the table's entries for the accounts it sees bare
    (``Table.bare``, for search speed): the bots and searches that read observations along
    whole games, heuristic and hard, leave every shared entry as it was made."""
    from ludinum.games import make_bot

    for seed, (players, level, options) in enumerate([
        (4, "medium", None), (5, "hard", {"brouillage": True}), (6, "medium", None),
    ]):
        state = GAME.new_state(players, seed, options)
        bots = [make_bot("hacker", level if seat == 0 else "medium", seed * 10 + seat)
                for seat in range(players)]
        order = random.Random(seed)
        while not state.is_terminal():
            player = order.choice(state.active_players())
            state.apply(player, bots[player].choose(state, player))
        assert isinstance(state, HackerState)
        for blurred, entries in enumerate(state.table.bare):
            for k, entry in enumerate(entries):
                owner = None if blurred else state.table.owner[k]
                assert entry == {"id": k, "owner": owner, "stack": [], "bills": None}


def test_the_final_scores_put_the_amount_before_the_name() -> None:
    """« Scores : Rouge (J1) 4, Bleu (J2) 14 » ran a seat into its amount (a nickname
    « Bot 4 » read « Bot 4 4 »): the amount first, as on the trips line."""
    state = fresh(4, seed=5)
    rng = random.Random(1)
    while not state.is_terminal():
        p = state.active_players()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    view = state.view(None)
    line = next(t for t in GAME.text.view(view, "fr").splitlines() if t.startswith("Argent"))
    scores = view["scores"]
    assert line.startswith(f"Argent : {scores[0]} pour "), line
    assert " ; " in line and line.endswith(".")
    english = GAME.text.view(view, "en")
    assert f"Money: {scores[0]} for " in english
