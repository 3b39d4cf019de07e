"""Play whole games between bots, each seeing only its seat's events (for tests and the
figures of docs/rules/hacker.md)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ludinum.bots.base import Bot
from ludinum.engine import OptionValue, next_actor
from ludinum.games.hacker.game import GAME
from ludinum.games.hacker.state import HackerState


def play(
    bots: Sequence[Bot],
    seed: int,
    options: Mapping[str, OptionValue] | None = None,
    guesses: list[list[int]] | None = None,
) -> HackerState:
    """One game; when several seats may act, one of them is drawn at random each step.
    ``guesses``, if given, receives per seat ``[guesses made, guesses right]``."""
    state = GAME.new_state(len(bots), seed, options)
    assert isinstance(state, HackerState)
    order = random.Random(seed ^ 0x5EED)
    while not state.is_terminal():
        active = state.active_players()
        player = next_actor(state, order.randrange(len(active))) if len(active) > 1 else active[0]
        action = bots[player].choose(state, player)
        events = state.apply(player, action)
        if guesses is not None and action.kind == "guess":
            guesses[player][0] += 1
            guesses[player][1] += bool(events[0].data["right"])
        for seat, bot in enumerate(bots):
            seen = [e for e in events if e.to is None or seat in e.to]
            if seen:
                bot.observe(seat, seen)
    return state
