"""The game-agnostic core: actions, events, options, states, games and their registry.

It never imports the CLI, the server, the bots or any game.
"""

from ludinum.engine.actions import Action
from ludinum.engine.cards import TONES, CardFace
from ludinum.engine.config import GameConfig
from ludinum.engine.errors import (
    ContentError,
    GameOverError,
    IllegalActionError,
    LudinumError,
    MalformedActionError,
    NotYourTurnError,
    OptionError,
    PlayerCountError,
    StateFormatError,
    UnknownGameError,
    echoed,
    log_does_not_replay,
    malformed_move,
    move_not_allowed,
)
from ludinum.engine.events import Event, private, public, visible
from ludinum.engine.game import DebriefItems, Game, GameText, Lesson, counted
from ludinum.engine.options import Option, OptionSet, OptionValue
from ludinum.engine.outcome import Outcome
from ludinum.engine.registry import Registry
from ludinum.engine.session import SESSION_END, is_session_end, session_end
from ludinum.engine.state import (
    Deadline,
    HiddenTurns,
    KeptLegal,
    State,
    clone_rng,
    new_rng,
    reseed,
    rng_from_json,
    rng_to_json,
    shuffle,
)
from ludinum.engine.turns import (
    deciders,
    must_wait,
    next_actor,
    one_of,
    people_first,
    waiting_seat,
)

__all__ = [
    "SESSION_END",
    "TONES",
    "Action",
    "CardFace",
    "ContentError",
    "Deadline",
    "DebriefItems",
    "Event",
    "Game",
    "GameConfig",
    "GameOverError",
    "GameText",
    "HiddenTurns",
    "IllegalActionError",
    "KeptLegal",
    "Lesson",
    "LudinumError",
    "MalformedActionError",
    "NotYourTurnError",
    "Option",
    "OptionError",
    "OptionSet",
    "OptionValue",
    "Outcome",
    "PlayerCountError",
    "Registry",
    "State",
    "StateFormatError",
    "UnknownGameError",
    "clone_rng",
    "counted",
    "deciders",
    "echoed",
    "is_session_end",
    "log_does_not_replay",
    "malformed_move",
    "move_not_allowed",
    "must_wait",
    "new_rng",
    "next_actor",
    "one_of",
    "people_first",
    "private",
    "public",
    "reseed",
    "rng_from_json",
    "rng_to_json",
    "session_end",
    "shuffle",
    "visible",
    "waiting_seat",
]
