"""Small builders for rule-case tests: a game, then cards put exactly where a case needs."""

from __future__ import annotations

from typing import Any

from ludinum.engine import Action, Event
from ludinum.games.voleur import GAME
from ludinum.games.voleur.rules import PLAY
from ludinum.games.voleur.state import VoleurState

PAPER, DIGITAL = 0, 1


def idx(ident: str) -> int:
    return GAME.deck.index[ident]


def fresh(players: int = 3, thief: int = 2, seed: int = 0, **options: Any) -> VoleurState:
    """A new game with the thief at ``thief``; hands emptied so each case sets its own."""
    state = GAME.new_state(players, seed, {"thief_seat": thief, **options})
    return state


def give(state: VoleurState, seat: int, *cards: str) -> None:
    state.hands[seat] = [idx(c) for c in cards]
    state.forget_legal()


def board(
    state: VoleurState,
    seat: int,
    b: int,
    data: tuple[str, ...] = (),
    hidden: tuple[str, ...] = (),
    shown: tuple[str, ...] = (),
) -> None:
    i = 2 * seat + b
    state.data[i] = [idx(c) for c in data]
    state.hidden[i] = [idx(c) for c in hidden]
    state.shown[i] = [idx(c) for c in shown]
    state.opened[i] = bool(data or hidden or shown)
    state.forget_legal()


def turn(state: VoleurState, seat: int, round_: int = 3) -> None:
    """Make it ``seat``'s turn (after his draw) in ``round_``."""
    state.pos = state.order.index(seat)
    state.round = round_
    state.phase = PLAY
    state.p_attack = state.p_target = state.p_board = -1
    state.forget_legal()


def act(state: VoleurState, seat: int, text: str) -> list[Event]:
    return state.apply(seat, Action.from_text(text))


def legal(state: VoleurState, seat: int) -> set[str]:
    return {a.to_text() for a in state.legal_actions(seat)}


def names(state: VoleurState, cards: list[int]) -> list[str]:
    return [state.deck.cards[c].id for c in cards]
