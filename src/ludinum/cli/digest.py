"""What the terminal prints of the moves made since a person last looked, summed up: the
events a game folds under one key (:meth:`GameText.gist`, a trip and its drops) said in one
line (:meth:`GameText.gist_line`) where the first of them was, every other line whole and in
its place. Between two turns of one person, the bots' moves of a 7-seat game scrolled the
board and the decision off an 80 × 24 screen."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from ludinum.engine import Event, GameText
from ludinum.engine.game import Whole


def folded(text: GameText, told: Sequence[tuple[Event, str]], seat: int | None,
           view: Mapping[str, Any] | None, lang: str) -> list[str]:
    """The lines of ``told`` (what ``seat`` is told: :meth:`GameText.told`) with the
    events of one key said in one line, at the place of the first of them; a ``Whole``
    one is in that line too and also said whole after it (a key with none folded has no
    line of its own); a key met once keeps its event's own line. The lines are the seat's
    own already: the game sums up only them."""
    events = [event for event, _ in told]
    keys = text.gist(events, seat, view)
    first: dict[Hashable, int] = {}  # where each key's line goes: at its first event
    members: dict[Hashable, list[int]] = {}  # the events of each key, folded or whole
    folded_in: dict[Hashable, int] = {}  # how many of them are folded
    for i, key in enumerate(keys):
        if key is not None:
            group = key.key if isinstance(key, Whole) else key
            first.setdefault(group, i)
            members.setdefault(group, []).append(i)
            folded_in[group] = folded_in.get(group, 0) + (not isinstance(key, Whole))
    out: list[str] = []
    for i, (_, line) in enumerate(told):
        key = keys[i]
        group = key.key if isinstance(key, Whole) else key
        if group is not None and first[group] == i and folded_in[group]:
            together = members[group]
            out.append(line if len(together) == 1 else
                       text.gist_line([events[j] for j in together], seat, view, lang))
        if key is None or isinstance(key, Whole):
            out.append(line)
    return out
