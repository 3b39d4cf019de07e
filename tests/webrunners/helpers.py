"""Building precise Web Runners positions for rule-case tests."""

from __future__ import annotations

from typing import Any

from ludinum.engine import Action, Event
from ludinum.games.webrunners import GAME
from ludinum.games.webrunners.actions import CHARACTERS
from ludinum.games.webrunners.base import MAIN
from ludinum.games.webrunners.data import DECK_DATA
from ludinum.games.webrunners.state import WebRunnersState

FILLER = "plain_1"


def card(card_id: str) -> int:
    return DECK_DATA.by_id[card_id]


def new(players: int = 4, **options: Any) -> WebRunnersState:
    """A game after setup: seat 0 starts (host's choice) unless options say otherwise."""
    options.setdefault("first_player", "host")
    state = GAME.new_state(players, 7, options)
    assert isinstance(state, WebRunnersState)
    return state


def arrange(
    state: WebRunnersState,
    hands: dict[int, list[str]] | None = None,
    pawns: dict[int, tuple[int, int]] | None = None,
    chars: dict[int, str] | None = None,
    draw: list[str] | None = None,
    discard: list[str] | None = None,
) -> WebRunnersState:
    """Set hands, pawns (circle 1-4, cell), characters, draw pile (last = top), discard.

    Seats not given keep six filler cards; characters not given are none (-1 = no power).
    """
    for p in range(state.n):
        state.hands[p] = [card(c) for c in (hands or {}).get(p, [FILLER] * 6)]
    for p, (circle, cell) in (pawns or {}).items():
        state.circle[p] = circle - 1
        state.cell[p] = cell
    state.chars = [-1] * state.n
    for p, name in (chars or {}).items():
        state.chars[p] = CHARACTERS.index(name)
    state.used = [False] * state.n
    state.draw = [card(c) for c in (draw if draw is not None else [FILLER] * 20)]
    state.disc = [card(c) for c in (discard or [])]
    state.dseen = [0xF] * len(state.disc)
    state.phase = MAIN
    state.cur = 0
    state.forget_legal()  # fields edited by hand: the kept legal list is out of date
    return state


def act(state: WebRunnersState, player: int, text: str) -> list[Event]:
    """Apply an action written as text, through the checked path."""
    return state.apply(player, Action.from_text(text))


def legal(state: WebRunnersState, player: int) -> set[str]:
    return {a.to_text() for a in state.legal_actions(player)}


def hand(state: WebRunnersState, player: int) -> list[str]:
    return sorted(DECK_DATA.cards[c].id for c in state.hands[player])


def pawn(state: WebRunnersState, player: int) -> tuple[int, int]:
    return state.circle[player] + 1, state.cell[player]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
