"""Action logs of simulated games (``ludinum simulate --keep-games DIR``).

One JSON file per game, ``game-000042.json``: the configuration (game, players, seed,
resolved options), the bots, and every ``(seat, action)`` in order: enough to replay the
game to the same state (``ludinum replay``). Personal answers (``Game.personal``, W15) are
stored in their neutral form (``Game.redact``), as the server stores them.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludinum import __version__
from ludinum.engine import Action, Game, GameConfig, State, StateFormatError

FORMAT = "ludinum-game-log/1"


def log_name(index: int) -> str:
    return f"game-{index:06d}.json"


def write_log(
    directory: str,
    game: Game,
    final: State,
    config: GameConfig,
    log: Sequence[tuple[int, Action]],
    index: int,
    run: tuple[int, Sequence[str], float | None],
) -> Path:
    """Store one finished game's log in ``directory`` (written whole, then renamed);
    ``run``: the run's seed, its seats' bots and its quiz accuracy."""
    run_seed, bots, quiz_accuracy = run
    actions = []
    for player, action in log:
        stored = action
        if action.kind in game.personal:
            stored = game.redact(final, player, action) or action
        actions.append([player, stored.to_json()])
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": __version__,
        "config": config.to_json(),
        "index": index,
        "run_seed": run_seed,
        "bots": list(bots),
        "quiz_accuracy": quiz_accuracy,
        "outcome": final.outcome().to_json(),
        "actions": actions,
    }
    path = Path(directory) / log_name(index)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    tmp.replace(path)
    return path


@dataclass(frozen=True)
class GameLog:
    config: GameConfig
    bots: tuple[str, ...]
    actions: tuple[tuple[int, Action], ...]
    data: dict[str, Any]


def read_log(game_of: Any, text: str) -> GameLog:
    """Parse a stored log; ``game_of(name)`` gives the game. Anything unreadable raises
    :class:`StateFormatError` (French and English)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested deeper than any log
        data = None  # not JSON at all: not a log either
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StateFormatError(
            "Ce fichier n'est pas un journal de partie Ludinum (ceux qu'écrit « ludinum "
            "simulate --keep-games »).",
            "This file is not a Ludinum game log (the kind 'ludinum simulate --keep-games' "
            "writes).",
        )
    config_data = data.get("config")
    name = config_data.get("game") if isinstance(config_data, dict) else None
    game: Game = game_of(str(name))
    config = game.config_from_json(config_data)
    try:
        actions = tuple((int(p), Action.from_json(a)) for p, a in data["actions"])
        bots = tuple(str(b) for b in data.get("bots", ()))
    except (KeyError, TypeError, ValueError, OverflowError):  # OverflowError: int(1e400)
        raise StateFormatError("Journal de partie abîmé : sa liste d'actions est illisible.",
                               "Damaged game log: its list of actions cannot be read."
                               ) from None
    return GameLog(config, bots, actions, data)
