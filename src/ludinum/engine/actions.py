"""Actions: small immutable values that round-trip through text and JSON.

An action is a kind (``"roll"``, ``"answer"``…) and named parameters whose values are
ints, booleans, identifier-like strings, or tuples of those. Its text form is
``kind key=value …`` with tuples written ``[a,b]``::

    >>> a = Action.make("answer", choice=2)
    >>> a.to_text()
    'answer choice=2'
    >>> Action.from_text("answer choice=2") == a
    True
    >>> Action.make("give", cards=(3, 5)).to_text()
    'give cards=[3,5]'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Union

from ludinum.engine.errors import echoed, malformed_move

Scalar = Union[int, bool, str]
Value = Union[Scalar, tuple[Scalar, ...]]

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_\-.:]*\Z")
_INT = re.compile(r"-?[0-9]+\Z")


#: What a parameter of an action may hold, as a refusal says it.
_VALUES = ("un nombre entier, true, false, un mot sans espace (lettres, chiffres, _ - . :) "
           "ou une liste de ceux-ci",
           "an integer, true, false, a word without spaces (letters, digits, _ - . :) or a "
           "list of those")
#: What the name of an action or of a parameter is, as a refusal says it.
_NAME = ("un mot sans espace qui commence par une lettre",
         "a word without spaces that starts with a letter")


def _check_scalar(key: str, value: object) -> Scalar:
    if isinstance(value, bool) or isinstance(value, int):
        return value
    if isinstance(value, str) and _WORD.match(value) and value not in ("true", "false"):
        return value
    # The parameter by the name it was sent with; never the value as Python writes it.
    raise malformed_move(f"« {echoed(key)} » vaut {_VALUES[0]}.",
                         f"'{echoed(key)}' is {_VALUES[1]}.")


def _has_bool(value: Value) -> bool:
    if isinstance(value, tuple):
        return any(isinstance(v, bool) for v in value)
    return isinstance(value, bool)


def _typed(action: Action) -> tuple[tuple[str, object], ...]:
    """The parameters with each value's type beside it (``True`` is not ``1`` here)."""
    return tuple((k, tuple((type(x), x) for x in v) if isinstance(v, tuple) else (type(v), v))
                 for k, v in action.params)


def _check_value(key: str, value: object) -> Value:
    if isinstance(value, (tuple, list)):
        return tuple(_check_scalar(key, v) for v in value)
    return _check_scalar(key, value)


@dataclass(frozen=True, slots=True)
class Action:
    """One player's decision. Build with :meth:`make`; compare and hash by value."""

    kind: str
    params: tuple[tuple[str, Value], ...] = ()
    #: The hash of ``(kind, params)``, taken once: actions are looked up in dicts and
    #: compared with the legal ones on every checked move, and two actions with different
    #: hashes differ without comparing their parameters.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.kind, self.params)))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not Action:
            return NotImplemented
        return (self._hash == other._hash and self.kind == other.kind
                and self.params == other.params)

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from its fields: a string's hash differs from one process to another, so
        # the hash taken here must not travel with a pickled action.
        return (Action, (self.kind, self.params))

    @classmethod
    def make(cls, kind: str, **params: Any) -> Action:
        if not _WORD.match(kind):
            raise malformed_move(f"« kind » est {_NAME[0]}.", f"'kind' is {_NAME[1]}.")
        for key in params:
            if not _WORD.match(key):
                raise malformed_move(
                    f"dans « action », le nom de chaque paramètre est {_NAME[0]}.",
                    f"in 'action', each parameter's name is {_NAME[1]}.")
        items = tuple(sorted((k, _check_value(k, v)) for k, v in params.items()))
        return cls(kind, items)

    def strictly_in(self, actions: Sequence[Action]) -> bool:
        """``self in actions`` with strict types: Python takes ``True`` for ``1`` (and
        ``False`` for ``0``), so a client's ``true`` would pass for an expected integer and
        be stored as a boolean. Here a boolean only matches a boolean.

        An action taken from the legal list itself (bots, the games' shared action
        objects) is found by identity first, without a comparison per action."""
        for action in actions:
            if action is self:
                return True
        if not any(_has_bool(v) for _k, v in self.params):
            return self in actions
        mine = _typed(self)
        return any(a == self and _typed(a) == mine for a in actions)

    def get(self, key: str, default: Value | None = None) -> Value | None:
        for k, v in self.params:
            if k == key:
                return v
        return default

    def number(self, key: str) -> int:
        """The integer parameter ``key``; a malformed action if it is missing or not an int."""
        for name, found in self.params:  # the common case first: bots read it per action
            if name == key and type(found) is int:
                return found
        value = self.get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise malformed_move(f"« {key} » est un nombre entier.", f"'{key}' is an integer.")
        return value

    def word(self, key: str) -> str:
        value = self.get(key)
        if not isinstance(value, str):
            raise malformed_move(f"« {key} » est un mot sans espace.",
                                 f"'{key}' is a word without spaces.")
        return value

    def numbers(self, key: str) -> tuple[int, ...]:
        value = self.get(key)
        if not isinstance(value, tuple) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            raise malformed_move(f"« {key} » est une liste de nombres entiers.",
                                 f"'{key}' is a list of integers.")
        return tuple(int(v) for v in value)

    # -- text ---------------------------------------------------------------------------
    def to_text(self) -> str:
        parts = [self.kind]
        for key, value in self.params:
            parts.append(f"{key}={_value_text(value)}")
        return " ".join(parts)

    @classmethod
    def from_text(cls, text: str) -> Action:
        if not isinstance(text, str) or not text.strip():
            raise malformed_move("l'action est vide.", "the action is empty.")
        head, *rest = text.split()
        params: dict[str, Value] = {}
        for part in rest:
            key, sep, raw = part.partition("=")
            if not sep or not key:
                raise malformed_move(f"« {echoed(part)} » n'est pas de la forme nom=valeur.",
                                     f"'{echoed(part)}' is not of the form name=value.")
            if key in params:
                raise malformed_move(f"« {echoed(key)} » est donné deux fois.",
                                     f"'{echoed(key)}' is given twice.")
            params[key] = _parse_value(raw)
        return cls.make(head, **params)

    # -- JSON ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for key, value in self.params:
            out[key] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_json(cls, data: object) -> Action:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise malformed_move("« action » est un objet JSON avec un champ « kind » (un texte).",
                                 "'action' is a JSON object with a 'kind' field (a string).")
        params = {k: v for k, v in data.items() if k != "kind"}
        return cls.make(data["kind"], **params)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"Action.from_text({self.to_text()!r})"


def _scalar_text(value: Scalar) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _value_text(value: Value) -> str:
    if isinstance(value, tuple):
        return "[" + ",".join(_scalar_text(v) for v in value) + "]"
    return _scalar_text(value)


def _parse_scalar(raw: str) -> Scalar:
    if raw == "true":
        return True
    if raw == "false":
        return False
    if _INT.match(raw):
        return int(raw)
    return raw


def _parse_value(raw: str) -> Value:
    if raw.startswith("[") and raw.endswith("]"):
        inner = raw[1:-1]
        return tuple(_parse_scalar(p) for p in inner.split(",")) if inner else ()
    return _parse_scalar(raw)
