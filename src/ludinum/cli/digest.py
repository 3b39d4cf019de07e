"""What the terminal prints of the moves made since a person last looked, summed up: the
events a game folds under one key (:meth:`GameText.gist`, a trip and its drops) said in one
line (:meth:`GameText.gist_line`) where the first of them was, every other line whole and in
its place. Between two turns of one person, the bots' moves of a 7-seat game scrolled the
board and the decision off an 80 × 24 screen."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from ludinum.engine import Event, GameText


def folded(text: GameText, told: Sequence[tuple[Event, str]], seat: int | None,
           view: Mapping[str, Any] | None, lang: str) -> list[str]:
    """The lines of ``told`` (what ``seat`` is told: :meth:`GameText.told`) with the
    events of one key said once, at the place of the first; a key met once keeps its
    event's own line. The lines are the seat's own already: the game sums up only them."""
    events = [event for event, _ in told]
    keys = text.gist(events, seat, view)
    members: dict[Hashable, list[int]] = {}
    for i, key in enumerate(keys):
        if key is not None:
            members.setdefault(key, []).append(i)
    out: list[str] = []
    for i, (_, line) in enumerate(told):
        key = keys[i]
        if key is None:
            out.append(line)
        elif members[key][0] == i:
            group = members[key]
            out.append(line if len(group) == 1 else
                       text.gist_line([events[j] for j in group], seat, view, lang))
    return out
