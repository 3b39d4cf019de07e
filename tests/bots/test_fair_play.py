"""Search bots never read the true hidden state.

The bot is handed a ``Blind`` state: the seat's own side of a real state (its view, its
legal actions, who is active) and nothing else; its determinisations come from one fixed
member of the information set. Scrambling the hidden parts of the real state consistently
with the seat's view (``state.resample(player, …)``) must leave every decision unchanged.
Any other read of the real state fails (the wrapper has no such attribute).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from ludinum.bots.ismcts import IsmctsBot
from ludinum.engine import Action, Event, Game, Outcome, State
from ludinum.games import make_bot, registry
from ludinum.sim.ismcts_bench import decision_points as bench_points


class Blind(State):
    """What a seat may know of ``real``; ``resample`` draws from ``representative``."""

    def __init__(self, real: State, representative: State, seat: int) -> None:
        self._real = real
        self._rep = representative
        self._seat = seat

    def active_players(self) -> tuple[int, ...]:
        return self._real.active_players()

    def legal_actions(self, player: int) -> Sequence[Action]:
        assert player == self._seat, "a bot asked for another seat's actions"
        return self._real.legal_actions(player)

    def view(self, player: int | None) -> dict[str, Any]:
        assert player == self._seat, "a bot asked for another seat's view"
        return self._real.view(player)

    def resample(self, observer: int, rng: random.Random) -> State:
        assert observer == self._seat
        return self._rep.resample(observer, rng)

    def redraw(self, twin: State, observer: int, rng: random.Random) -> None:
        raise AssertionError("a bot redrew on the real state")

    def is_terminal(self) -> bool:
        return self._real.is_terminal()

    def _apply(self, player: int, action: Action) -> list[Event]:
        raise AssertionError("a bot tried to play on the real state")

    def outcome(self) -> Outcome:
        raise AssertionError("a bot read the real outcome")

    def copy_with(self, rng: random.Random) -> State:
        raise AssertionError("a bot cloned the real state")

    def to_json(self) -> dict[str, Any]:
        raise AssertionError("a bot serialised the real state")

    def metrics(self) -> dict[str, float]:
        raise AssertionError("a bot read the real metrics")


def decision_points(game: Game, seed: int, count: int) -> list[tuple[State, int]]:
    """Positions of a random game where the acting seat has a real (searched) choice."""
    return bench_points(game, game.max_players, count, seed, share=0.5)


@pytest.mark.parametrize("game", list(registry()), ids=lambda g: g.name)
def test_ismcts_decisions_ignore_the_hidden_state(game: Game) -> None:
    points = decision_points(game, 11, 3)
    assert points, "no decision point found"
    for index, (state, player) in enumerate(points):
        scrambled = state.resample(player, random.Random(1000 + index))
        assert scrambled.view(player) == state.view(player)
        representative = state.resample(player, random.Random(2000 + index))
        decisions = []
        for real in (state, scrambled):
            bot = make_bot(game.name, "hard", seed=index)
            assert isinstance(bot, IsmctsBot)
            bot.iterations = 40
            decisions.append(bot.choose(Blind(real, representative, player), player))
        assert decisions[0] == decisions[1]
        assert decisions[0] in state.legal_actions(player)


@pytest.mark.parametrize("game", list(registry()), ids=lambda g: g.name)
@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard", "expert"])
def test_every_level_plays_from_the_seat_view_alone(game: Game, level: str) -> None:
    """Each level chooses a legal action through the Blind wrapper (no other read)."""
    for state, player in decision_points(game, 5, 2):
        bot = make_bot(game.name, level, seed=3)
        if isinstance(bot, IsmctsBot):
            bot.iterations = 20
            bot.quick_iterations = 20  # type: ignore[misc]
        blind = Blind(state, state.resample(player, random.Random(9)), player)
        assert bot.choose(blind, player) in state.legal_actions(player)


def test_hacker_expert_guesses_without_reading_the_owner() -> None:
    """Expert's guesses are quick decisions over determinisations: two tables that differ
    only in who really dropped the viruses give the same guess."""
    from ludinum.engine import Action
    from ludinum.games.hacker.base import OWNER_MASK, virus
    from tests.hacker.helpers import (
        credit_setup,
        fresh,
        own,
        place_bills,
        put_viruses,
        start_protection,
    )

    state = fresh(4, seed=8, vigilance=0.0)
    credit_setup(state)
    victim = state.first
    k = own(state, victim)[0]
    place_bills(state, {k: [2, 3]})
    a, b, c = ((victim + i) % 4 for i in (1, 2, 3))
    put_viruses(state, k, [(b, victim), (c, victim), (a, victim)])
    start_protection(state)
    state.apply(victim, Action.make("guess", player=a))  # right: found, two left
    swapped = state.clone()
    swapped.stacks[k] = [virus(c, victim, k), virus(b, victim, k)]
    assert [v & OWNER_MASK for v in state.stacks[k]] == [b, c]
    assert swapped.view(victim) == state.view(victim)
    representative = state.resample(victim, random.Random(5))
    decisions = []
    for real in (state, swapped):
        bot = make_bot("hacker", "expert", seed=2)
        assert isinstance(bot, IsmctsBot) and "guess" in bot.quick_kinds
        bot.quick_iterations = 60  # type: ignore[misc]
        decisions.append(bot.choose(Blind(real, representative, victim), victim))
    assert decisions[0] == decisions[1]
    assert decisions[0].kind == "guess"


@pytest.mark.parametrize("game", list(registry()), ids=lambda g: g.name)
def test_whole_games_play_from_the_seat_views_alone(game: Game) -> None:
    """A whole game (every phase: setup questions, trips, a thief crediting, a defence…)
    where each seat is a bot of every level in turn and each of its decisions goes through
    the Blind wrapper: no bot reads more than its seat's side of the state; the events it
    notes are those its seat was told."""
    from ludinum.engine import visible

    levels = ["random", "easy", "medium", "hard", "expert"]
    players = max(game.player_counts())
    state = game.new_state(players, 3, {})
    bots = []
    for seat in range(players):
        bot = make_bot(game.name, levels[seat % len(levels)], seed=seat)
        if isinstance(bot, IsmctsBot):
            bot.iterations = 4
            bot.quick_iterations = 4  # type: ignore[misc]
        bots.append(bot)
    rng = random.Random(3)
    moves = 0
    while not state.is_terminal() and moves < 2000:
        active = state.active_players()
        seat = active[rng.randrange(len(active))]
        blind = Blind(state, state.resample(seat, random.Random(moves)), seat)
        action = bots[seat].choose(blind, seat)
        assert action in state.legal_actions(seat)
        events = state.apply(seat, action)
        for other, bot in enumerate(bots):
            seen = visible(events, other)
            if seen:
                bot.observe(other, seen)
        moves += 1
    assert state.is_terminal(), f"{game.name}: not over after {moves} moves"
