"""How the search levels play Web Runners (``hard``, ``expert``; docs/bots.md).

The paired root search, 100 / 200 rollouts of 15 / 30 actions valued by :func:`race_value`.
``expert``: four times the rollouts lost (−0.020 at ``z`` 1.5, −0.005 at 3, 200 games
each); twice the rollouts, twice as long (30 actions, the same number of simulated actions)
and ``z`` = 1.5·√2 (the same gain needed as ``hard``) beats it: +0.055 [−0.009, +0.119]
then +0.075 [+0.011, +0.139] (two runs of 200 games), +0.065 [+0.020, +0.110] over both.
"""

from __future__ import annotations

from ludinum.bots.evaluation import softmax
from ludinum.bots.levels import PAIRED, SearchSettings
from ludinum.engine import State
from ludinum.games.webrunners.base import StateData
from ludinum.games.webrunners.planning import bridge_count, distance, payable_bars


def race_value(state: State) -> tuple[float, ...]:
    """Each seat's chance grows as its estimated distance to the centre shrinks (a softmax
    over minus the distances). A seat's distance counts the bridges its hand can pay for,
    as the heuristic bot counts its own (1 to 3 bars); the hands are those of the
    (determinised) state, drawn from what the searching seat knows."""
    assert isinstance(state, StateData)
    return softmax(
        [
            -distance((state.circle[s], state.cell[s]), payable_bars(bridge_count(hand)))
            for s, hand in enumerate(state.hands)
        ],
        1 / 0.6,
    )


SEARCH = SearchSettings(
    iterations=(100, 200),
    tuning={**PAIRED, "default_depth": 15},
    expert={"z": 2.1, "default_depth": 30},
    evaluate=race_value,
)
