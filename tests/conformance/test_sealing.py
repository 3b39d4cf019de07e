"""Hidden information sealed by construction (issue 17 « cure 1 », issue 20), every game.

Hypothesis samples a state ``s`` (a random playout from a random seed, options sampled
from the game's OptionSet), an observer ``o`` and a determinisation ``t = s.resample(o)``:
a state that ``o`` cannot tell from ``s``. Then for every seat ``p`` that cannot tell
``s`` and ``t`` apart either (same view; ``o`` itself always), everything ``p`` is told
or derives must be the same in both: ``resample(p)`` with the same RNG seed, ``view(p)``,
``legal_actions(p)``, ``public_active(p)``, the private events ``p`` is told after the
same action (unless the action reveals, by rule, what ``p`` could not know: then its views
differ; public events may reveal to the whole table), and every frame (slots: status
line, seat list…; what the page draws from: its view, the board's keys, the game's text
lines, its moves; acting list, timer) the server would send to ``p``, built with the
server's own frame code. The host's and spectators' frames are checked
the same way when the public view is the same, and a pass-and-play device's (hidden, and
revealed for each of its seats) when neither of two of its seats can tell them apart.

A difference means that ``p`` is told something ``p`` cannot know: a leak.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludinum.engine import Game, OptionError, State
from ludinum.games import registry
from ludinum.server import framecache, frames
from ludinum.server.clients import Client
from ludinum.server.rooms import LIVE, PLAYING, TURNS, Room
from ludinum.server.seats import Seat
from tests.conformance.playout import as_json
from tests.conformance.test_conformance import option_strategy

GAMES = list(registry())
#: Random steps before the sampled state, at most (a few rounds of every game).
MAX_STEPS = 300


def _room(game: Game, state: State, mode: str) -> Room:
    seats = [Seat(i) for i in range(state.config.players)]
    for seat in seats:
        seat.make_bot("random")
    room = Room(1, "SEALED", game, state.config, mode, seats, "x", state, status=PLAYING)
    room.refresh_deadline(0.0, actor=None)
    return room


def _frame(game: Game, state: State, mode: str, viewer: int | None,
           role: str | None = None) -> dict[str, Any]:
    """The full frame the server would send to ``viewer`` (None: the host, or a
    spectator when ``role`` says so)."""
    room = _room(game, state, mode)
    client = Client(_no_send)
    if viewer is None:
        client.role = role or "host"
    else:
        client.role, client.seats = "player", (viewer,)
    frame = frames.build(client, framecache.FrameCache(room, 0.0, ["random"]), full=True)
    assert frame is not None
    return frame


def _device(game: Game, state: State, mode: str, seats: tuple[int, ...]
            ) -> list[dict[str, Any] | None]:
    """The frames a pass-and-play device holding ``seats`` would be sent: hidden (its
    privacy screen), then revealed for each of its seats (None: that seat may not be
    revealed now, it has no decision to make)."""
    out: list[dict[str, Any] | None] = []
    for revealed in (None, *seats):
        room = _room(game, state, mode)
        for seat in room.seats:  # people, handed the device when their turn comes
            seat.make_human(f"Joueur{seat.index + 1}", "x")
        if revealed is not None and revealed not in room.deciding():
            out.append(None)
            continue
        client = Client(_no_send)
        client.role, client.seats, client.revealed = "pass", seats, revealed
        out.append(frames.build(client, framecache.FrameCache(room, 0.0, ["random"]), full=True))
    return out


async def _no_send(_text: str) -> None:  # pragma: no cover - frames are only built here
    return None


def _visible(events: list[Any], p: int) -> list[Any]:
    return [as_json(e.to_json()) for e in events if e.visible_to(p)]


def _private(events: list[Any]) -> list[Any]:
    return [e for e in events if e.to is not None]


def _play(state: State, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        active = state.active_players()
        player = active[rng.randrange(len(active))]
        legal = state.legal_actions(player)
        state.apply(player, legal[rng.randrange(len(legal))])


def check_sealed(game: Game, s: State, o: int, seed: int, mode: str) -> None:
    """Every check of the module doc on one state ``s`` and observer ``o``."""
    players = s.config.players
    t = s.resample(o, random.Random(seed))
    assert as_json(t.view(o)) == as_json(s.view(o)), "a determinisation changed the view"
    same_public = as_json(s.view(None)) == as_json(t.view(None))
    if same_public:
        assert s.public_active(None) == t.public_active(None), "public acting list"
        assert _frame(game, s, mode, None) == _frame(game, t, mode, None), "host frame"
        assert _frame(game, s, mode, None, "spectator") == _frame(
            game, t, mode, None, "spectator"), "spectator frame"
    blind = tuple(p for p in range(players) if as_json(s.view(p)) == as_json(t.view(p)))
    if len(blind) >= 2 and not s.is_terminal():
        # A device passed between two seats that both cannot tell s from t: its privacy
        # screen (whom to hand it to) and each seat's revealed screen tell them nothing.
        assert _device(game, s, mode, blind[:2]) == _device(game, t, mode, blind[:2]), (
            f"pass-and-play device of seats {blind[:2]} (observer {o})")
    for p in range(players):
        if as_json(s.view(p)) != as_json(t.view(p)):
            continue  # p can tell them apart
        where = f"seat {p} (observer {o})"
        assert s.public_active(p) == t.public_active(p), f"acting list told to {where}"
        assert list(s.legal_actions(p)) == list(t.legal_actions(p)), f"legal actions, {where}"
        a = s.resample(p, random.Random(seed + 1))
        b = t.resample(p, random.Random(seed + 1))
        assert as_json(a.to_json()) == as_json(b.to_json()), f"resample of {where}"
        if s.is_terminal():
            continue
        assert _frame(game, s, mode, p) == _frame(game, t, mode, p), f"frame sent to {where}"
        # The same action, by p or by someone p sees acting, tells p the same things.
        actors = [q for q in s.public_active(p) if q in s.active_players()]
        for q in actors[:2]:
            legal = s.legal_actions(q)
            action = legal[seed % len(legal)]
            if action not in t.legal_actions(q):
                continue
            x, y = s.clone(), t.clone()
            x.rng.seed(seed)
            y.rng.seed(seed)
            events_x, events_y = x.apply(q, action), y.apply(q, action)
            if as_json(x.view(p)) != as_json(y.view(p)):
                continue  # the action revealed, by rule, what p could not know before
            # What p alone is told must be the same. A public event may differ: the rules
            # reveal something to the whole table (an account's cryptage count…).
            assert _visible(_private(events_x), p) == _visible(_private(events_y), p), (
                f"events told to {where} after {q} plays {action}")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_hidden_information_is_sealed(game: Game, data: st.DataObject) -> None:
    players = data.draw(st.sampled_from(list(game.player_counts())), label="players")
    options = {o.name: data.draw(option_strategy(o), label=o.name) for o in game.options}
    seed = data.draw(st.integers(0, 2**31), label="seed")
    try:
        state = game.new_state(players, seed, options)
    except OptionError:
        return  # a combination the game refuses, with a clear error
    steps = data.draw(st.integers(0, MAX_STEPS), label="steps")
    _play(state, random.Random(seed), steps)
    observer = data.draw(st.integers(0, players - 1), label="observer")
    mode = data.draw(st.sampled_from([LIVE, TURNS]), label="mode")
    check_sealed(game, state, observer, data.draw(st.integers(0, 2**20), label="rng"), mode)
