"""W18: « durée de la séance ». When the session's time is up (option ``session_minutes``),
the player closest to the centre wins: the inner circle first; on one outer circle, fewer
cells to a bridge's entry; on the inner circle, fewer bridge cards to the centre; still
equal, a shared victory. The end is an action of the log, so a replay ends the same way.

Board (board.yaml): circle 1 has bridge entries at cells 5, 12 and 20; circle 2 at 4, 9
and 15; circle 3 at 3, 6 and 9; on the inner circle « 10 » needs 1 bridge card, « 2 » and
« 5 » need 2, « 1 » needs 3.
"""

from __future__ import annotations

import random

import pytest

from ludinum.engine import (
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    OptionError,
    session_end,
)
from ludinum.games.webrunners import GAME
from ludinum.games.webrunners.state import WebRunnersState
from tests.webrunners.helpers import arrange, new

END = session_end()


def ended(pawns: dict[int, tuple[int, int]], players: int = 4) -> WebRunnersState:
    state = arrange(new(players, session_minutes="30"), pawns=pawns)
    events = state.apply(0, END)
    assert state.is_terminal() and state.active_players() == ()
    assert [e.kind for e in events] == ["session_over"] and events[0].to is None
    assert events[0].data["winners"] == list(state.outcome().winners)
    return state


def test_the_option_is_off_by_default_and_named_in_minutes() -> None:
    option = GAME.options["session_minutes"]
    assert option.default == "off" and option.choices == ("off", "15", "20", "30", "45")
    assert option.label("off") == "Pas de limite" and option.label("30") == "30 minutes"
    assert option.label("off", "en") == "No limit" and option.ruling == "W18"
    assert new(2).session_seconds() == 0
    assert new(2, session_minutes="15").session_seconds() == 15 * 60
    assert new(2, session_minutes="45").session_seconds() == 45 * 60


@pytest.mark.parametrize("bad", ["10", "60", 30, "", True, None])
def test_a_bad_session_length_is_refused_with_a_clear_error(bad: object) -> None:
    with pytest.raises(OptionError) as caught:
        GAME.make_config(3, 1, {"session_minutes": bad})
    assert "« session_minutes »" in caught.value.fr and "off, 15, 20, 30, 45" in caught.value.fr
    assert "'session_minutes'" in caught.value.en
    assert GAME.options["session_minutes"].parse("20") == "20"
    with pytest.raises(OptionError):
        GAME.options["session_minutes"].parse("vingt")


def test_the_inner_circle_beats_every_outer_circle() -> None:
    state = ended({0: (3, 2), 1: (4, 1), 2: (1, 20), 3: (2, 15)})
    assert state.outcome().winners == (1,)  # « 1 » of the inner circle, 3 cards away
    assert state.outcome().scores == (0.0, 1.0, 0.0, 0.0)


def test_on_the_same_circle_fewer_cells_to_a_bridge_wins() -> None:
    # Circle 2: cell 8 is 1 cell from the entry at 9; cell 10 is 5 cells from 15.
    state = ended({0: (2, 10), 1: (2, 8), 2: (1, 19), 3: (1, 0)})
    assert state.outcome().winners == (1,)
    # Standing on a bridge's entry is as close as one gets on that circle.
    assert ended({0: (1, 12), 1: (1, 11), 2: (1, 4), 3: (1, 0)}).outcome().winners == (0,)


def test_on_the_inner_circle_fewer_bridge_cards_win() -> None:
    state = ended({0: (4, 5), 1: (4, 10), 2: (4, 1), 3: (3, 9)})
    assert state.outcome().winners == (1,)  # « 10 »: one bridge card


def test_still_equal_is_a_shared_victory() -> None:
    # Two pawns 2 cells from a bridge of circle 3 (cells 1 and 4), a third further.
    state = ended({0: (3, 1), 1: (3, 4), 2: (3, 10), 3: (2, 0)})
    assert state.outcome().winners == (0, 1)
    assert state.outcome().scores == (1.0, 1.0, 0.0, 0.0)
    assert ended({0: (4, 2), 1: (4, 5)}, players=2).outcome().winners == (0, 1)
    # Before anyone moved, everybody is on START: all win together.
    start = new(3, session_minutes="15")
    start.apply(start.active_players()[0], END)
    assert start.outcome().winners == (0, 1, 2)


def test_the_table_is_told_who_wins() -> None:
    state = arrange(new(3, session_minutes="20"), pawns={0: (1, 3), 1: (2, 2), 2: (1, 0)})
    events = state.apply(0, END)
    assert GAME.text.event(events[0]) == (
        "Fin de la séance : Joueur 2 est le plus proche du centre et gagne !")
    assert GAME.text.with_names(GAME.text.event(events[0]), ["Léa", "Sami", "Tom"]) == (
        "Fin de la séance : Sami est le plus proche du centre et gagne !")
    assert state.view(None)["session_winners"] == [1]
    assert "Sami est le plus proche" in GAME.text.with_names(
        GAME.text.view(state.view(2)), ["Léa", "Sami", "Tom"])
    tied = arrange(new(3, session_minutes="20"), pawns={0: (3, 1), 1: (3, 4), 2: (1, 0)})
    text = GAME.text.event(tied.apply(0, END)[0], "en")
    assert text == ("The session is over: Player 1 and Player 2, tied closest to the centre, "
                    "win together!")
    assert GAME.text.session_rule() == "À la fin de la séance, le plus proche du centre gagne."


def test_only_a_game_with_a_session_ends_by_the_clock() -> None:
    state = arrange(new(3), pawns={0: (2, 2)})
    with pytest.raises(IllegalActionError):
        state.apply(0, END)
    assert not state.is_terminal()
    timed = arrange(new(3, session_minutes="15"), pawns={0: (2, 2)})
    with pytest.raises(NotYourTurnError):  # a seat that is not acting
        timed.apply(1, END)
    timed.apply(0, END)
    with pytest.raises(GameOverError):
        timed.apply(0, END)


def test_no_player_is_ever_offered_the_end_of_the_session() -> None:
    state = new(3, session_minutes="15")
    rng = random.Random(5)
    for _ in range(400):
        if state.is_terminal():
            break
        player = state.active_players()[0]
        legal = state.legal_actions(player)
        assert all(a.kind != "session_end" for a in legal)
        state.apply(player, legal[rng.randrange(len(legal))])


def test_a_replay_of_the_log_ends_the_same_way() -> None:
    config = GAME.make_config(3, 21, {"session_minutes": "30", "first_player": "random"})
    state = GAME.setup(config)
    rng = random.Random(2)
    log = []
    for _ in range(120):
        player = state.active_players()[0]
        legal = state.legal_actions(player)
        action = legal[rng.randrange(len(legal))]
        state.apply(player, action)
        log.append((player, action))
        if state.is_terminal():
            break
    assert not state.is_terminal()
    clock = (state.active_players()[0], END)
    state.apply(*clock)
    log.append(clock)
    again = GAME.replay(config, log)
    assert again.is_terminal() and again.outcome() == state.outcome()
    assert again.view(None) == state.view(None)
    restored = GAME.restore(state.to_json())
    assert restored.outcome() == state.outcome() and restored.is_terminal()
    older = state.to_json()  # a state written before W18 had no such field
    del older["timed_out"]
    assert GAME.restore(older).outcome().winners == ()
