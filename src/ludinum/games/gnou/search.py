"""How the search levels play Le jeu du Gnou (``hard``, ``expert``; docs/bots.md).

The games are short: tree search with full rollouts by the heuristic bot, which keeps its
notes from one iteration to the next (``fresh_policy`` off); 200 / 800 iterations.
"""

from __future__ import annotations

from ludinum.bots.levels import SearchSettings

SEARCH = SearchSettings(
    iterations=(200, 800),
    tuning={"default_rollout": "policy", "default_depth": 400, "fresh_policy": False},
)
