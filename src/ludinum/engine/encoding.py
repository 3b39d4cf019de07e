"""What a learning environment needs from a game: a fixed action space and an observation
encoding, declared by the game (``ENCODING`` in its package, next to ``BOTS``).

Actions are numbered as in OpenSpiel: a game has one fixed, ordered catalogue of every
action it can ever take (:class:`ActionSpace`), the same for every player count, and a
number always means the same action; a mask marks which are legal now.

Observations: :meth:`Encoding.observe` writes a seat's view into :class:`Features`, one
named slot per fact, each a number in [0, 1]. It reads the view only (what the seat may
know), never the state, and writes the same slots in the same order for every view of the
game (seats beyond the player count stay at 0), so the vector has a fixed size.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from ludinum.engine.actions import Action
from ludinum.engine.errors import MalformedActionError, malformed_move


class ActionSpace:
    """Every action of a game, in a fixed order: ``index`` ↔ action."""

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions: tuple[Action, ...] = tuple(dict.fromkeys(actions))
        self._index = {a: i for i, a in enumerate(self.actions)}

    def __len__(self) -> int:
        return len(self.actions)

    def __contains__(self, action: object) -> bool:
        return action in self._index

    def index(self, action: Action) -> int:
        try:
            return self._index[action]
        except KeyError:
            # Never the action's text form: the error may reach a person (a move's
            # encoding is the program's word, errors.malformed_move).
            raise malformed_move("ce coup n'existe pas dans ce jeu.",
                                 "this move does not exist in this game.") from None

    def action(self, index: int) -> Action:
        if isinstance(index, bool) or not 0 <= int(index) < len(self.actions):
            raise MalformedActionError(
                f"Numéro d'action hors limites : {index!r} (0 à {len(self.actions) - 1}).",
                f"Action number out of range: {index!r} (0 to {len(self.actions) - 1}).",
            )
        return self.actions[int(index)]

    def action_to_string(self, index: int) -> str:
        """The text form of action number ``index`` (``Action.to_text``)."""
        return self.action(index).to_text()

    def string_to_action(self, text: str) -> int:
        """The number of the action written ``text``."""
        return self.index(Action.from_text(text))

    def mask(self, legal: Iterable[Action]) -> list[bool]:
        """One flag per action number: legal now."""
        out = [False] * len(self.actions)
        for action in legal:
            out[self.index(action)] = True
        return out


class Features:
    """An observation under construction: named slots, each a number in [0, 1]."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.values: list[float] = []

    def _add(self, name: str, value: float) -> None:
        self.names.append(name)
        self.values.append(min(1.0, max(0.0, float(value))))

    def flag(self, name: str, value: object) -> None:
        """1 if ``value`` is true."""
        self._add(name, 1.0 if value else 0.0)

    def scale(self, name: str, value: float | None, high: float) -> None:
        """``value / high``, clipped to [0, 1] (``None``: 0)."""
        self._add(name, 0.0 if value is None else float(value) / high)

    def one_hot(self, name: str, value: object, choices: Sequence[object]) -> None:
        """One slot per choice, 1 for ``value`` (none if it is not a choice)."""
        for choice in choices:
            self._add(f"{name}={choice}", 1.0 if value == choice else 0.0)

    def counts(
        self, name: str, items: Iterable[object], choices: Sequence[object], high: float
    ) -> None:
        """One slot per choice: how many of ``items`` are that choice, over ``high``."""
        tally: dict[object, int] = {}
        for item in items:
            tally[item] = tally.get(item, 0) + 1
        for choice in choices:
            self._add(f"{name}.{choice}", tally.get(choice, 0) / high)


class Encoding(ABC):
    """A game's action space and observation encoding (see the module's docstring)."""

    #: The environments' id: ``ludinum/{env_name}-v{version}``.
    env_name: ClassVar[str]
    version: ClassVar[int] = 0
    #: Several seats may have a decision at the same time (PettingZoo ``parallel_env``).
    simultaneous: ClassVar[bool] = False

    @abstractmethod
    def action_space(self) -> ActionSpace:
        """The fixed catalogue of every action the game can take."""

    @abstractmethod
    def observe(self, view: Mapping[str, Any], out: Features) -> None:
        """Write ``view`` (one seat's) into ``out``: the same slots for every view."""

    def features(self, view: Mapping[str, Any]) -> Features:
        out = Features()
        self.observe(view, out)
        return out
