"""Checks every game's debrief lessons must pass (``GameText.lessons``): 4 to 6 cards in
French and English, sourced, the same for the same final state, and from public information
only (a determinisation, which redraws what a seat cannot see, gives the same cards)."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml

from ludinum.content import BUILTIN
from ludinum.content import pack as content_pack
from ludinum.engine import Game, Lesson, State
from ludinum.engine.lessons import LEAST, MOST


def finished(game: Game, players: int, seed: int, **options: object) -> State:
    """A game of ``players`` seats played to its end by random legal moves from ``seed``."""
    state = game.new_state(players, seed, options)
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.active_players()[0]
        state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    return state


def check_lessons(game: Game, state: State) -> list[Lesson]:
    """The French cards of a finished ``state``, after checking them; returns them."""
    fr = game.text.lessons(state, "fr")
    en = game.text.lessons(state, "en")
    assert LEAST <= len(fr) <= MOST and len(en) == len(fr)
    for card in (*fr, *en):
        assert card.title.strip() and card.text.strip() and card.source.strip()
    assert len({c.title for c in fr}) == len(fr), "a card shown twice"
    assert [c.text for c in en] != [c.text for c in fr], "no English given"
    # Deterministic: the same cards again, and for the state restored from its storage.
    assert game.text.lessons(state, "fr") == fr
    assert game.text.lessons(game.restore(state.to_json()), "fr") == fr
    # Public only: what any seat cannot see, redrawn, changes nothing.
    for seat in range(state.config.players):
        twin = state.resample(seat, random.Random(seat))
        assert game.text.lessons(twin, "fr") == fr
        assert game.text.lessons(twin, "en") == en
    return fr


@contextlib.contextmanager
def edited_pack(tmp: Path, file: str, edit: Callable[[Any], None]) -> Iterator[None]:
    """A teacher's pack (``--content DIR``) in use: the built-in ``file`` (e.g.
    ``gnou/themes.yaml``) changed by ``edit``, everything else built in."""
    data = yaml.safe_load((BUILTIN / file).read_text(encoding="utf-8"))
    edit(data)
    target = tmp / "pack" / file
    target.parent.mkdir(parents=True)
    target.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                      encoding="utf-8")
    content_pack.use(content_pack.overlay(tmp / "pack", tmp / "merged"))
    try:
        yield
    finally:
        content_pack.use(None)
