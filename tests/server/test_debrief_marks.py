"""The end screen's « Moments clés » (``framecache.debrief``) leaves out a mark
(``GameText.marks``: Hacker's « — Fin du tour 2 — ») that closes a part where nothing else
was told: a Hacker game without a guess listed « — Fin du tour 1 — » to « — Fin du tour
4 — » alone, which read as an empty list."""

from __future__ import annotations

from html import unescape

from ludinum.engine import Event
from ludinum.games import hacker
from ludinum.server.framecache import debrief, unmarked
from tests.server.test_debrief_score_column import _finished

MARKS = frozenset({"round_end"})


def _end(n: int) -> Event:
    return Event("round_end", {"round": n})


def test_a_mark_is_kept_only_after_something_told() -> None:
    guess = Event("guess", {"player": 0})
    told = [_end(1), guess, _end(2), _end(3), guess, guess, _end(4)]
    assert unmarked(told, MARKS) == [guess, _end(2), guess, guess, _end(4)]
    assert unmarked([_end(1), _end(2)], MARKS) == []
    assert unmarked(told, frozenset()) == told  # a game without marks: as it was


def test_a_hacker_game_without_a_guess_lists_no_moments() -> None:
    room = _finished(hacker.GAME, 4)
    room.story = [_end(n) for n in range(1, 5)]
    names = [f"Joueur {i + 1}" for i in range(4)]
    assert "Moments clés" not in unescape(debrief(room, "fr", names))
    room.story = [_end(1), Event("emptied", {"account": 3, "owner": 1}), _end(2)]
    shown = unescape(debrief(room, "fr", names))
    assert "Moments clés" in shown and "— Fin du tour 2 —" in shown, shown
    assert "— Fin du tour 1 —" not in shown
