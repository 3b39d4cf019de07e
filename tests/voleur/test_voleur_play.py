"""Whole games: the conformance checks on this game, privacy, bots, text and metrics."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Collection
from contextlib import redirect_stdout
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludinum.engine import Action, Option, OptionError
from ludinum.games.voleur import BOTS, GAME
from ludinum.games.voleur.state import VoleurState
from ludinum.games.voleur.tuning import main as tuning_main
from ludinum.games.voleur.tuning import simulate
from tests.conformance.playout import random_playout


def option_strategy(option: Option) -> st.SearchStrategy[Any]:
    """Values of one option (as the shared suite draws them, without its game registry)."""
    if option.kind == "bool":
        return st.booleans()
    if option.kind == "choice":
        return st.sampled_from(option.choices)
    lo = int(option.minimum if option.minimum is not None else 0)
    hi = int(option.maximum if option.maximum is not None else lo + 10)
    return st.integers(lo, min(hi, lo + 40))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_conformance_default_options(players: int) -> None:
    for seed in range(2):
        state, log = random_playout(GAME, players, seed)
        assert GAME.replay(state.config, log).to_json() == state.to_json()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_conformance_sampled_options(data: st.DataObject) -> None:
    players = data.draw(st.sampled_from([3, 4, 5, 6]), label="players")
    options = {o.name: data.draw(option_strategy(o), label=o.name) for o in GAME.options}
    seed = data.draw(st.integers(0, 2**31), label="seed")
    try:
        GAME.make_config(players, seed, options)
    except OptionError:
        return
    random_playout(GAME, players, seed, options, deep_every=5)


def _midgame(players: int, seed: int, steps: int = 40) -> VoleurState:
    state = GAME.new_state(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        p = state.active_players()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.randrange(len(legal))])
    return state


def _other_measure(state: VoleurState, card: int) -> int:
    return next(c.index for c in state.deck.cards if c.kind == 2 and c.index != card)


@pytest.mark.parametrize("seed", range(6))
def test_hidden_measures_never_in_another_view(seed: int) -> None:
    """Changing a manager's face-down measure changes no other seat's view."""
    state = _midgame(5, seed, 60)
    slots = [i for i, h in enumerate(state.hidden) if h]
    assert slots, "the game should have face-down measures by now"
    for i in slots:
        owner = i // 2
        twin = state.clone()
        twin.hidden[i][0] = _other_measure(state, twin.hidden[i][0])
        for p in [None, *range(state.n)]:
            if p != owner:
                assert twin.view(p) == state.view(p)
        assert twin.view(owner) != state.view(owner)


@pytest.mark.parametrize("seed", range(6))
def test_hands_are_private(seed: int) -> None:
    state = _midgame(4, seed)
    for seat in range(state.n):
        if not state.hands[seat]:
            continue
        twin = state.clone()
        pool = state.deck.thief if seat == state.thief else state.deck.common
        twin.hands[seat][0] = next(c for c in pool if c != twin.hands[seat][0])
        for p in [None, *range(state.n)]:
            if p != seat:
                assert twin.view(p) == state.view(p)


@pytest.mark.parametrize("seed", range(4))
def test_pile_orders_are_hidden(seed: int) -> None:
    """Nobody, the thief included, sees the order of his pile or of the common pile."""
    state = _midgame(6, seed)
    twin = state.clone()
    twin.tpile.reverse()
    twin.pile.reverse()
    for p in [None, *range(state.n)]:
        assert twin.view(p) == state.view(p)


def test_private_events_reach_only_their_seat() -> None:
    state = GAME.new_state(4, 3)
    rng = random.Random(3)
    kinds = set()
    while not state.is_terminal():
        p = state.active_players()[0]
        legal = state.legal_actions(p)
        for event in state.apply(p, legal[rng.randrange(len(legal))]):
            kinds.add(event.kind)
            if event.kind in ("draw", "hidden_card", "hand"):
                assert event.to is not None and len(event.to) == 1
            elif event.kind == "lay_hidden":
                assert event.to is None and "card" not in event.data
            else:
                assert event.to is None, event.kind
    assert {"draw", "hidden_card", "attack", "lay_data"} <= kinds


class _ViewOnly:
    """What a bot may touch: the view of a seat and its legal actions, nothing else."""

    def __init__(self, state: VoleurState) -> None:
        self._state = state

    def view(self, player: int) -> dict[str, Any]:
        return self._state.view(player)

    def observation(self, player: int, parts: Collection[str]) -> dict[str, Any]:
        """Those entries of the view (``State.observation``), cut from the view here."""
        view = self._state.view(player)
        return {key: view[key] for key in parts if key in view}

    def legal_actions(self, player: int) -> Any:
        return self._state.legal_actions(player)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_heuristic_bots_play_whole_games_from_views_only(players: int) -> None:
    bots = [BOTS["heuristic"](seed=p) for p in range(players)]
    for seed in range(3):
        state = GAME.new_state(players, seed, {"expert": seed == 2})
        while not state.is_terminal():
            p = state.active_players()[0]
            action = bots[p].choose(_ViewOnly(state), p)  # type: ignore[arg-type]
            assert action in state.legal_actions(p)
            state.apply(p, action)
        assert state.metrics()["attacks"] > 0


def test_heuristic_bot_counters_and_steals_the_best_card() -> None:
    state = GAME.new_state(3, 0, {"thief_seat": 2})
    i = GAME.deck.index
    state.data[0] = [i["annuaire_interne"], i["dossier_medical"]]
    state.opened[0] = True
    state.hands[2] = [i["armoire_ouverte"]]
    state.hands[0] = [i["armoire_a_cle"]]
    state.pos, state.round = 2, 3
    state.forget_legal()
    bot = BOTS["heuristic"](seed=1)
    state.apply(2, bot.choose(state, 2))
    assert bot.choose(state, 0) == Action.from_text("counter from=hand")
    state.apply(0, Action.from_text("let_through"))
    assert bot.choose(state, 2) == Action.from_text("steal card=dossier_medical")


def test_text_renders_every_event_action_and_view() -> None:
    text = GAME.text
    for players, options in ((3, {}), (6, {"expert": True})):
        state = GAME.new_state(players, 5, options)
        rng = random.Random(5)
        while not state.is_terminal():
            p = state.active_players()[0]
            view = state.view(p)
            for lang in ("fr", "en"):
                assert text.view(view, lang)
                for action in state.legal_actions(p):
                    line = text.action(action, view, lang)
                    assert line and "=" not in line
            legal = state.legal_actions(p)
            for event in state.apply(p, legal[rng.randrange(len(legal))]):
                for lang in ("fr", "en"):
                    line = text.event(event, lang)
                    assert line != event.kind and "{" not in line, (event.kind, line)
        final = text.view(state.view(None), "fr")
        assert "Gagnant" in final and "Tour 15/15" in final


def test_view_shows_boards_hand_loot_and_round() -> None:
    state = _midgame(4, 2, 50)
    me = state.managers[0]
    shown = GAME.text.view(state.view(me), "fr")
    # each board by its nature under its seat (the terminal's 24 rows)
    assert "Ta main" in shown and "[bold]Papier[/bold]" in shown
    assert "[bold]Numérique[/bold]" in shown
    assert "butin" in shown and f"Tour {state.round}/15" in shown
    english = GAME.text.view(state.view(me), "en")
    assert "Your hand" in english and "[bold]Paper[/bold]" in english


def test_metrics_have_thief_win_and_attack_counts() -> None:
    state, _ = random_playout(GAME, 4, 9, deep_every=50)
    metrics = state.metrics()
    assert metrics["thief_win"] in (0.0, 1.0) and metrics["turns"] == 15.0
    played = sum(v for k, v in metrics.items() if k.startswith("played_"))
    foiled = sum(v for k, v in metrics.items() if k.startswith("foiled_"))
    assert played == metrics["attacks"] and foiled == metrics["foiled"] <= played
    assert "played_rancongiciel" in metrics and "foiled_hameconnage" in metrics


def test_tuning_main_reports_json() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert tuning_main(["-n", "2", "--players", "3", "--json"]) == 0
    (result,) = json.loads(out.getvalue())
    assert result["players"] == 3 and 0.0 <= result["thief_win"] <= 1.0
    assert set(result["played"]) == {c.id for c in GAME.deck.cards if c.kind == 1}


def test_simulate_with_a_random_thief_against_heuristic_managers() -> None:
    result = simulate(4, 2, seed=3, level="heuristic", thief_level="random")
    assert (result["thief_level"], result["level"]) == ("random", "heuristic")
    assert result["attacks"] > 0


def test_manager_scores_remembered_are_those_computed() -> None:
    """A manager's lays are scored once per distinct set of the parts they depend on
    (``_SCORES``): along whole games, the remembered scores are the computed ones, and the
    bot's pick draws as ``randrange`` does."""
    from ludinum.games.voleur import bot as voleur_bot
    from ludinum.games.voleur.bot import MANAGER_PARTS, VoleurBot

    checked = 0
    for seed in range(4):
        state = GAME.new_state(4 + seed % 3, seed, {"expert": seed % 2 == 1})
        bots = [VoleurBot(seed * 10 + p) for p in range(state.config.players)]
        while not state.is_terminal():
            p = state.active_players()[0]
            legal = state.legal_actions(p)
            if len(legal) > 1 and legal[0].kind == "lay":
                view = state.observation(p, MANAGER_PARTS)
                probe = VoleurBot(0)
                for _ in range(2):  # computed, then remembered
                    probe._cache = {}
                    remembered = probe._manager_scores(view, p, legal)
                    probe._cache = {}
                    assert remembered == probe._scores(view, p, legal, view["hand"])
                checked += 1
            state.apply(p, bots[p].choose(state, p))
    assert checked > 50
    for n in range(1, 40):
        a, b = random.Random(n), random.Random(n)
        assert [voleur_bot._below(a, n) for _ in range(50)] == [b.randrange(n) for _ in range(50)]
