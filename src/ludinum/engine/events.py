"""Events: what happened, for logs and screens, each addressed to who may know it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
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
