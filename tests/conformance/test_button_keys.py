"""A move's button text remembered under what it reads (``GameText.button_key``, issue 19)
is the text the game writes: along random playouts of every game, two moves with the same
key always have the same text, in both languages."""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest

from ludinum.engine import Game, GameText
from ludinum.games import registry
from ludinum.server.render import written_types

GAMES = list(registry())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_button_key_says_all_that_its_text_reads(game: Game) -> None:
    text = game.text
    keyed = 0
    for seed in range(4):
        players = game.player_counts()[seed % len(game.player_counts())]
        state = game.new_state(players, seed)
        rng = random.Random(seed)
        said: dict[Hashable, str] = {}
        for _step in range(250):
            if state.is_terminal():
                break
            for seat in state.active_players():
                view = state.view(seat)
                for action in state.legal_actions(seat):
                    key = text.button_key(action, view)
                    if key is None:
                        continue
                    keyed += 1
                    for lang in ("fr", "en"):
                        memo = (action, written_types(action), key, lang)
                        written = text.button(action, view, lang)
                        assert said.setdefault(memo, written) == written, (action, key)
            seat = rng.choice(state.active_players())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    if type(text).button_key is not GameText.button_key:
        assert keyed, f"{game.name} keys its buttons, but none came up"
