"""Errors raised by the engine and the games.

Every error is a :class:`ValueError` carrying a stable ``code`` and a French and an
English message, so that the CLI and the server can show it without knowing the rules.
``str(error)`` is the French message (French first).
"""

from __future__ import annotations

import json
import unicodedata


class LudinumError(ValueError):
    """Base class: a refused input, with a code and a bilingual message."""

    code = "error"

    def __init__(self, fr: str, en: str | None = None) -> None:
        super().__init__(fr)
        self.fr = fr
        self.en = en if en is not None else fr

    def message(self, lang: str = "fr") -> str:
        return self.en if lang == "en" else self.fr

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "fr": self.fr, "en": self.en}


class UnknownGameError(LudinumError):
    code = "unknown_game"


class OptionError(LudinumError):
    """An unknown option, or a value outside the allowed ones."""

    code = "bad_option"


class PlayerCountError(LudinumError):
    code = "bad_player_count"


class MalformedActionError(LudinumError):
    """The action cannot be read at all (bad text, bad JSON shape, bad value type)."""

    code = "malformed_action"


class IllegalActionError(LudinumError):
    """The action is well formed but not allowed now for this player."""

    code = "illegal_action"


class NotYourTurnError(IllegalActionError):
    code = "not_your_turn"


class GameOverError(IllegalActionError):
    code = "game_over"


def move_not_allowed() -> IllegalActionError:
    """The refusal of a well-formed move the rules do not allow now, when the game gives no
    more precise reason (``State.explain_illegal``). In a player's words: never the
    action's encoding (its kind, its parameters written ``key=value``) nor the kinds
    possible, which are the program's words (a script finds the moves it may send in its
    update's ``actions``)."""
    return IllegalActionError(
        "Ce coup n'est pas permis maintenant : choisis l'un des coups proposés.",
        "This move is not allowed now: choose one of the moves offered.",
    )


def malformed_move(fr: str, en: str) -> MalformedActionError:
    """The refusal of an action that cannot be read: ``fr`` and ``en`` name what is
    wrong in the protocol's words (docs/protocol.md: the message's ``action``, its
    ``kind``, a parameter by the name it was sent with), never in Python's (« dict »,
    « 'a b' ») nor the action's text form."""
    return MalformedActionError(f"Coup illisible : {fr}", f"Unreadable move: {en}")


class StateFormatError(LudinumError):
    """A serialised state or log that cannot be restored."""

    code = "bad_state"


def log_does_not_replay(move: int) -> StateFormatError:
    """A game log (stored, or uploaded to the replay page) the rules refuse at its move
    number ``move`` (from 1): says where, never the refusal said to the player who moves
    (« Tu n'as pas cette carte en main ») nor the move's encoding."""
    return StateFormatError(
        f"Cette partie ne se rejoue pas à partir de son coup n° {move} (pas permis à ce "
        "moment de la partie).",
        f"This game does not replay from its move no. {move} on (not allowed at that point "
        "of the game).",
    )


class ContentError(LudinumError):
    """A content file (quiz bank, deck, board) that breaks its schema."""

    code = "bad_content"


def echoed(value: object, limit: int = 40) -> str:
    """A value someone sent, as an error message quotes it: short (a 16 KB string is not
    sent back), in JSON's words for what is not text (true, not Python's True)."""
    text = value if isinstance(value, str) else json.dumps(value, default=str,
                                                           ensure_ascii=False)
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    # A character that shows as nothing or turns the rest backwards (a right-to-left
    # override, a zero-width space, NUL) is quoted as its code: « tour\u200bs ».
    return "".join(_shown(ch) for ch in text)


def _shown(ch: str) -> str:
    """``ch`` as an error quotes it: itself, or ``\\uXXXX`` when it is invisible."""
    if unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp", "Co", "Cn"):
        return ch
    return f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}"
