"""Events: what happened, for logs and screens, each addressed to who may know it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

_NO_DATA: Mapping[str, Any] = MappingProxyType({})


class Event(NamedTuple):
    """``to`` is ``None`` for a public event, else the seats allowed to see it.

    A named tuple: events are made on every action, and a tuple is the cheapest immutable
    value Python builds."""

    kind: str
    data: Mapping[str, Any] = _NO_DATA
    to: tuple[int, ...] | None = None

    def visible_to(self, player: int | None) -> bool:
        """``player`` ``None`` is a spectator: public events only."""
        return self.to is None or (player is not None and player in self.to)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "data": dict(self.data)}
        if self.to is not None:
            out["to"] = list(self.to)
        return out


def public(kind: str, **data: Any) -> Event:
    return Event(kind, data)


def private(players: Iterable[int], kind: str, **data: Any) -> Event:
    return Event(kind, data, tuple(players))


def visible(events: Iterable[Event], player: int | None) -> list[Event]:
    """The events ``player`` may see (``None``: a spectator)."""
    return [e for e in events if e.visible_to(player)]


def told_once(events: Sequence[Event], player: int | None,
              said_privately: Mapping[str, frozenset[str]]) -> list[Event]:
    """The events ``player`` may see, each thing told once: a public event is left out
    when an event of one of its private kinds (``said_privately[kind]``) told to
    ``player`` follows it directly, as the same thing said to that seat in the « tu »
    form (« Raté : tu avais désigné… » after « Raté pour Rouge (J1)… »)."""
    return [events[i] for i in told_at(events, player, said_privately)]


def told_at(events: Sequence[Event], player: int | None,
            said_privately: Mapping[str, frozenset[str]]) -> list[int]:
    """The positions in ``events`` of those :func:`told_once` keeps (an event may be in
    a history more than once: the same value, made once)."""
    out: list[int] = []
    for i, event in enumerate(events):
        if not event.visible_to(player):
            continue
        forms = said_privately.get(event.kind) if event.to is None else None
        if forms and player is not None and _told_after(events, i, forms, player):
            continue
        out.append(i)
    return out


def _told_after(events: Sequence[Event], i: int, forms: frozenset[str], player: int) -> bool:
    """Whether the events right after ``events[i]`` of a kind in ``forms`` (its private
    forms, told together with it) tell one to ``player``."""
    for event in events[i + 1:]:
        if event.kind not in forms:
            return False
        if event.to is not None and player in event.to:
            return True
    return False
