"""How the search levels play Le Voleur de Données (``hard``, ``expert``; docs/bots.md).

The paired root search, 100 / 400 rollouts of 10 actions valued by the running scores.
``expert`` plays longer rollouts (15 actions, about one round at 4 players): with ``hard``'s
10, four times the rollouts gained +0.025 [−0.028, +0.078] over ``hard`` (300 games), not a
level apart.
"""

from __future__ import annotations

from ludinum.bots.evaluation import score_value
from ludinum.bots.levels import PAIRED, SearchSettings
from ludinum.engine import State


def voleur_value(state: State) -> tuple[float, ...]:
    """A softmax over the running scores (temperature 7 points)."""
    return score_value(state, 7.0)


SEARCH = SearchSettings(
    iterations=(100, 400),
    tuning={**PAIRED, "default_depth": 10},
    expert={"default_depth": 15},
    evaluate=voleur_value,
)
