"""The length of a lesson (« durée de la séance », issue 21): a game that may stop when the
time set for it is up, with a winner by the game's own measure.

Time is not the state's business: the state only says how many seconds of play the
session lasts (:meth:`State.session_seconds`, 0 without a session) and how the game ends
when they are over (:meth:`State._end_session`). The server keeps the clock (paused with
the room) and, when it runs out, applies :func:`session_end` for the first active seat, an
ordinary action of the log: a replay of the log ends the same way. No legal action list
ever contains it, and the server never takes it from a person (only its clock sends it);
the terminal and simulations have no clock and play the game to its own end.
"""

from __future__ import annotations

from ludinum.engine.actions import Action

#: The kind of the action that ends a game when its session's time is up.
SESSION_END = "session_end"


def session_end() -> Action:
    """The action the session clock applies when the time is up."""
    return Action.make(SESSION_END)


def is_session_end(action: Action) -> bool:
    return action.kind == SESSION_END
