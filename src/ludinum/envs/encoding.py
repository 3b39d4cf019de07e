"""Fixed-size encodings of views and legal actions, for every game.

Actions: a padded list. Index ``i`` means the ``i``-th action of ``legal_actions(seat)``
(the game's own stable order); indices past the end are masked out. The size of the space
is a per-game bound found by exploring seeded random games (:func:`action_bound`), with a
margin; the engine keeps legal lists short by design.

Observations: feature hashing of the seat's JSON view. The view is flattened into
``path=value`` features (list positions are kept in the path); a number adds its value to
the slot of its path, a string or a boolean adds 1 to the slot of ``path=value``; slots
are chosen by CRC-32, so the encoding is stable across runs and processes. Only the
seat's view is read, so the observation never carries hidden information.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ludinum.engine import Action, Game, next_actor

OBS_SIZE = 512
MIN_ACTIONS = 16


def _features(value: Any, path: str, out: list[tuple[str, float]]) -> None:
    if isinstance(value, dict):
        for key in sorted(value):
            _features(value[key], f"{path}.{key}", out)
    elif isinstance(value, (list, tuple)):
        out.append((f"{path}#len", float(len(value))))
        for i, item in enumerate(value):
            _features(item, f"{path}[{i}]", out)
    elif isinstance(value, bool):
        out.append((f"{path}={value}", 1.0))
    elif isinstance(value, (int, float)):
        out.append((path, float(value)))
    elif value is None:
        out.append((f"{path}=null", 1.0))
    else:
        out.append((f"{path}={value}", 1.0))


def encode_view(view: Any, size: int = OBS_SIZE) -> npt.NDArray[np.float32]:
    """The hashed feature vector of a view (float32, ``size`` slots)."""
    vec = np.zeros(size, dtype=np.float32)
    feats: list[tuple[str, float]] = []
    _features(view, "", feats)
    for name, value in feats:
        vec[zlib.crc32(name.encode("utf-8")) % size] += value
    return vec


def action_mask(legal: Sequence[Action], size: int) -> npt.NDArray[np.int8]:
    mask = np.zeros(size, dtype=np.int8)
    mask[: min(len(legal), size)] = 1
    return mask


@cache
def action_bound(game: Game, players: int, games: int = 30) -> int:
    """The size of the action space: twice the longest legal list seen in ``games``
    seeded random games (at least :data:`MIN_ACTIONS`)."""
    longest = 1
    rng = random.Random(0)
    for seed in range(games):
        state = game.new_state(players, seed)
        steps = 0
        while not state.is_terminal() and steps < game.max_actions:
            for p in state.active_players():
                longest = max(longest, len(state.legal_actions(p)))
            player = next_actor(state, steps)
            legal = state.legal_actions(player)
            state.apply_trusted(player, legal[rng.randrange(len(legal))])
            steps += 1
    return max(MIN_ACTIONS, 2 * longest)
