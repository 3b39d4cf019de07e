"""Checks every registered game must pass, step by step along random playouts."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from ludinum.engine import (
    Action,
    Game,
    IllegalActionError,
    LudinumError,
    NotYourTurnError,
    State,
)


def as_json(value: Any) -> Any:
    """``value`` through a JSON text round trip (tuples become lists)."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def check_observation(
    state: State, player: int, view: dict[str, Any], rng: random.Random
) -> None:
    """What a bot reads with ``observation`` is exactly those entries of its view: the whole
    view, a random part of it, and a part the view does not have (left out)."""
    keys = list(view)
    some = rng.sample(keys, rng.randint(1, len(keys)))
    for parts in (keys, some, [*some, "no_such_part"]):
        assert state.observation(player, parts) == {k: view[k] for k in parts if k in view}


def check_own_view(state: State, player: int, view: dict[str, Any]) -> None:
    """A seat's own part of its view (``State.own_view``), where the game tells it, is
    what the public view lacks or shows otherwise: the two together are its view."""
    own = state.own_view(player)
    if own is None:
        return
    public = state.view(None)
    assert {**public, **own} == view, f"own view of seat {player} and the public view"


def check_step(game: Game, state: State, rng: random.Random, deep: bool) -> None:
    """Invariants of one non-terminal state."""
    before = state.to_json()
    active = state.active_players()
    assert active, "a live game must have an active player"
    for p in active:
        assert state.legal_actions(p), f"active player {p} has no legal action"
    for p in range(state.config.players):
        if p not in active:
            assert not state.legal_actions(p), f"inactive player {p} has legal actions"
    deadline = state.deadline()
    if deadline is not None:
        assert deadline.action in state.legal_actions(deadline.player)

    # Refused actions raise a ValueError subclass and change nothing.
    with pytest.raises(IllegalActionError):
        state.apply(active[0], Action.make("no_such_action_xyz"))
    idle = [p for p in range(state.config.players) if p not in active]
    if idle:
        with pytest.raises(NotYourTurnError):
            state.apply(idle[0], state.legal_actions(active[0])[0])
    with pytest.raises(LudinumError):
        state.apply(state.config.players + 3, state.legal_actions(active[0])[0])
    assert state.to_json() == before, "a refused action changed the state"

    if deep:
        # Serialisation round trip, through JSON text.
        restored = game.restore(as_json(before))
        assert restored.to_json() == before
        # Views are JSON data and never depend on what the viewer cannot know.
        for p in [None, *range(state.config.players)]:
            view = state.view(p)
            assert as_json(view) == as_json(view)
            if p is not None:
                check_observation(state, p, view, rng)
                check_own_view(state, p, view)
        for p in range(state.config.players):
            twin = state.resample(p, random.Random(rng.random()))
            assert as_json(twin.view(p)) == as_json(state.view(p)), (
                f"view of seat {p} changed when its hidden information was redrawn"
            )
            assert twin.public_active(p) == state.public_active(p), (
                f"seat {p} was told a different acting list in its determinisation"
            )
            assert state.to_json() == before, "resample changed the real state"
        # A clone is independent of its original.
        twin = state.clone()
        assert twin.to_json() == before
        # A seeded clone is a clone whose generator was then seeded (searches use it).
        twin.rng.seed(20261124)
        assert state.clone_seeded(20261124).to_json() == twin.to_json()
        assert state.to_json() == before
        p = active[0]
        twin.apply(p, state.legal_actions(p)[0])
        assert state.to_json() == before, "playing on a clone changed the original"


def random_playout(
    game: Game,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    deep_every: int = 1,
) -> tuple[State, list[tuple[int, Action]]]:
    """Play a whole game at random with every check; return the end state and its log."""
    state = game.new_state(players, seed, options)
    rng = random.Random(seed * 7919 + 1)
    log: list[tuple[int, Action]] = []
    steps = 0
    while not state.is_terminal():
        check_step(game, state, rng, deep=steps % deep_every == 0)
        active = state.active_players()
        player = active[rng.randrange(len(active))]
        legal = state.legal_actions(player)
        action = legal[rng.randrange(len(legal))]
        # Actions survive text and JSON.
        assert Action.from_text(action.to_text()) == action
        assert Action.from_json(as_json(action.to_json())) == action
        events = state.apply(player, action)
        for event in events:
            as_json(event.to_json())
            if event.to is not None:
                assert all(0 <= q < players for q in event.to)
        log.append((player, action))
        steps += 1
        assert steps <= game.max_actions, f"no end after {steps} actions"
    assert not state.active_players()
    outcome = state.outcome()
    assert len(outcome.scores) == players
    assert all(0 <= w < players for w in outcome.winners)
    if game.cooperative:
        assert outcome.team
    assert "turns" in state.metrics()
    return state, log


def phone_decisions(
    game: Game, players: int, seeds: range, steps: int
) -> Iterator[tuple[int, dict[str, Any], list[Action]]]:
    """Along random playouts: each active seat, its view, and its legal actions, as a
    phone draws its decision from them (``tests.drawing.decision``)."""
    for seed in seeds:
        state = game.new_state(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if state.is_terminal():
                break
            for seat in state.active_players():
                yield seat, state.view(seat), list(state.legal_actions(seat))
            actor = rng.choice(state.active_players())
            state.apply(actor, rng.choice(list(state.legal_actions(actor))))
