"""What a game of Hacker teaches (issue 16 §6): after a game, 4 to 6 cards link what
happened at the table (unnoticed viruses, thefts, guesses, cryptage, brouillage, viruses on
empty accounts) to real-life advice, each with its source and the date it was checked.

The cards are YAML (``content/hacker/lessons.yaml``, read by :mod:`.content`), checked like
every content file. The cards shown are chosen from the finished game's totals and options
only (nothing a seat kept secret): every ``always`` card, then those whose ``when``
happened, in the file's order, 4 to 6 (``ludinum.engine.lessons``, shared by the four
games).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludinum.engine.lessons import LEAST as LEAST
from ludinum.engine.lessons import MOST as MOST  # the bound the docs and tests cite
from ludinum.engine.lessons import pick
from ludinum.games.hacker.content import Lesson, load_lessons


def happened(metrics: Mapping[str, float], options: Mapping[str, Any]) -> set[str]:
    """What of :data:`.content.WHEN` a finished game met, from its totals and its options."""
    out = {"always"}
    if metrics.get("thefts", 0) > 0:
        out.add("stolen")
    if metrics.get("drops", 0) > metrics.get("noticed", 0):
        out.add("unnoticed")
    if options.get("cryptage"):
        out.add("cryptage")
    if options.get("brouillage"):
        out.add("brouillage")
    if metrics.get("set_aside_empty", 0) > 0:
        out.add("empty")
    return out


def lessons_for(metrics: Mapping[str, float], options: Mapping[str, Any],
                lessons: Sequence[Lesson] | None = None) -> list[Lesson]:
    """The cards of a finished game: what happened, in the file's order, :data:`MOST` at
    most; when fewer than :data:`LEAST` apply, the first other cards complete them."""
    cards = list(load_lessons() if lessons is None else lessons)
    met = happened(metrics, options)
    return pick((c for c in cards if c.when in met), cards)
