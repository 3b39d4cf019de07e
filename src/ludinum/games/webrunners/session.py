"""W18: the end of the session (« durée de la séance », option ``session_minutes``).

When the lesson's time is up, the player closest to the centre wins, measured as a player
at the table would: first the circle (the inner circle beats circle 3, which beats circle
2, which beats circle 1); on the same outer circle, the pawn with fewer cells to walk,
clockwise, to the entry of one of that circle's bridges; on the inner circle, the pawn
that needs fewer bridge cards to reach the centre (« 10 »: 1, « 2 » and « 5 »: 2, « 1 »:
3). Still equal: they win together (a shared victory).
"""

from __future__ import annotations

from ludinum.games.webrunners.data import BOARD_DATA, INNER

#: Choices of the option (minutes; "off": no session length) and their words.
CHOICES = ("off", "15", "20", "30", "45")
LABELS_FR = ("Pas de limite", "15 minutes", "20 minutes", "30 minutes", "45 minutes")
LABELS_EN = ("No limit", "15 minutes", "20 minutes", "30 minutes", "45 minutes")


def seconds(choice: object) -> float:
    """Seconds of play of an option value (0 for ``off``)."""
    return 0.0 if choice == "off" or choice is None else float(int(str(choice)) * 60)


def _to_bridge(circle: int, cell: int) -> int:
    """Cells to walk clockwise from ``cell`` to the nearest bridge entry of ``circle``."""
    size = BOARD_DATA.sizes[circle]
    return min((b.entry - cell) % size for b in BOARD_DATA.bridges if b.circle == circle)


def closeness(circle: int, cell: int) -> tuple[int, int]:
    """How close a pawn is to the centre: the larger, the closer (W18)."""
    if circle >= INNER:
        return circle, -BOARD_DATA.centre_bars.get(cell, 4)
    return circle, -_to_bridge(circle, cell)


def closest(circles: list[int], cells: list[int]) -> tuple[int, ...]:
    """The seats closest to the centre (several: a shared victory), in seat order."""
    keys = [closeness(c, i) for c, i in zip(circles, cells, strict=True)]
    best = max(keys)
    return tuple(p for p, key in enumerate(keys) if key == best)
