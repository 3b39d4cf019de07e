"""The legal actions a Web Runners state keeps between two changes (engine ``KeptLegal``,
issue 19): listed once, used by the checked ``apply``, never outliving a change nor
passing to a copy."""

from __future__ import annotations

import copy
import random

import pytest

from ludinum.engine import Action, IllegalActionError, move_not_allowed
from ludinum.games.webrunners import GAME
from ludinum.games.webrunners import actions as A
from ludinum.games.webrunners.state import WebRunnersState
from tests.webrunners.helpers import arrange, card, new


def played(seed: int, moves: int) -> WebRunnersState:
    """A 4-seat game after ``moves`` random checked moves."""
    state = GAME.new_state(4, seed)
    assert isinstance(state, WebRunnersState)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        p = rng.choice(state.active_players())
        state.apply(p, rng.choice(state.legal_actions(p)))
    return state


def test_listed_once_per_change() -> None:
    """The same tuple until the state changes, then a fresh one that is listed anew."""
    s = arrange(new(2), hands={0: ["plain_1", "plain_2"]})
    first = s.legal_actions(0)
    assert s.legal_actions(0) is first
    assert first == s._list_legal(0)
    s.apply(0, A.STAY_A[card("plain_1")])
    assert s.legal_actions(1) == s._list_legal(1)
    assert s.legal_actions(0) == ()  # seat 0 no longer acts


def test_offered_before_a_move_refused_after() -> None:
    """W13: once White Hat has chosen its card, the move that was offered a moment ago (the
    very same action object) is refused as not allowed now, and nothing changes."""
    s = arrange(new(2), hands={0: ["plain_1", "plain_2"]}, chars={0: "white_hat"})
    offered = s.legal_actions(0)
    move = A.MOVE_A[card("plain_2")]
    assert move in offered
    s.apply(0, A.WHITEHAT_A[card("plain_1")])
    before = s.to_json()
    with pytest.raises(IllegalActionError) as refused:
        s.apply(0, move)
    assert refused.value.en == move_not_allowed().en
    assert s.to_json() == before
    assert move not in s.legal_actions(0)


@pytest.mark.parametrize("path", ["apply_trusted", "advance"])
def test_every_path_of_change_forgets(path: str) -> None:
    """Moves applied for simulations and search forget the list as the checked path does."""
    s = arrange(new(2), hands={0: ["plain_1", "plain_2"]}, chars={0: "white_hat"})
    move = A.MOVE_A[card("plain_2")]
    assert move in s.legal_actions(0)
    getattr(s, path)(0, A.WHITEHAT_A[card("plain_1")])
    with pytest.raises(IllegalActionError):
        s.apply(0, move)


def test_a_parsed_action_is_checked_by_value() -> None:
    """An action read from text (a client's) is not one of the listed objects: it is found
    by value, a boolean still never passing for an integer."""
    s = arrange(new(2), hands={0: ["plain_1"]})
    s.legal_actions(0)
    with pytest.raises(IllegalActionError):
        s.apply(0, Action.make("move", card=True))
    s.apply(0, Action.from_text("stay card=plain_1"))
    assert s.cur == 1


def test_edited_by_hand_then_forgotten() -> None:
    """A position set up by hand after a listing says so with ``forget_legal``."""
    s = arrange(new(2), hands={0: ["plain_1"]})
    assert A.STAY_A[card("plain_2")] not in s.legal_actions(0)
    s.hands[0] = [card("plain_2")]
    s.forget_legal()
    assert A.STAY_A[card("plain_2")] in s.legal_actions(0)


def test_a_copy_lists_its_own() -> None:
    """A copy of the fields (even one that carries the kept list along) lists its own
    actions: editing the copy's hand changes what the copy may do, not the original."""
    s = arrange(new(2), hands={0: ["plain_1"]})
    kept = s.legal_actions(0)
    twin = copy.copy(s)  # the instance dict, kept list included
    twin.hands = [[card("plain_2")], list(s.hands[1])]
    assert A.STAY_A[card("plain_2")] in twin.legal_actions(0)
    with pytest.raises(IllegalActionError):
        twin.apply(0, A.STAY_A[card("plain_1")])
    assert s.legal_actions(0) is kept
    clone = s.clone()
    assert clone.legal_actions(0) == kept and clone.legal_actions(0) is not kept


@pytest.mark.parametrize("seed", range(6))
def test_a_determinisation_lists_its_own(seed: int) -> None:
    """After the real state listed the actions of the seat to act, a determinisation for
    another seat (that seat's hand redrawn) offers what its own hands allow."""
    state = played(seed, 40 + 7 * seed)
    if state.is_terminal():
        pytest.skip("game over early")
    actor = state.active_players()[0]
    state.legal_actions(actor)
    observer = (actor + 1) % state.n
    for i in range(5):
        twin = state.resample(observer, random.Random(i))
        assert twin.legal_actions(actor) == twin._list_legal(actor)
