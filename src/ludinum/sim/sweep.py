"""Parameter sweeps: every combination of a grid of rule options and bot parameters.

A grid maps a key to the values to try. A key is a rule option of the game
(``turn_limit``, ``variant``…) or one of the bot parameters :data:`BOT_KEYS`:
``quiz_accuracy`` (the bots' quiz accuracy), ``bots`` (one level for every seat) and
``players``. Each combination is simulated with the same seed, so cells differ only by
what was swept.
"""

from __future__ import annotations

import itertools
import platform
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludinum import __version__
from ludinum.bots.levels import canonical_level
from ludinum.engine import Game, OptionError, OptionValue
from ludinum.games import headlines
from ludinum.sim.runner import SimSpec, run
from ludinum.sim.summary import summarise

BOT_KEYS = ("quiz_accuracy", "bots", "players")


@dataclass(frozen=True)
class SweepSpec:
    game: str
    grid: tuple[tuple[str, tuple[OptionValue, ...]], ...]
    games: int
    players: int
    bots: str = "medium"
    seed: int = 0
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    quiz_accuracy: float | None = None

    def cells(self) -> list[dict[str, OptionValue]]:
        keys = [k for k, _ in self.grid]
        return [dict(zip(keys, combo, strict=True))
                for combo in itertools.product(*(values for _, values in self.grid))]


def parse_grid(game: Game, entries: Iterable[str], levels: Sequence[str]) -> tuple[
    tuple[str, tuple[OptionValue, ...]], ...
]:
    """``key=v1,v2`` entries, each value checked (rule options by the game's own rules)."""
    out: list[tuple[str, tuple[OptionValue, ...]]] = []
    for entry in entries:
        key, sep, raw = entry.partition("=")
        key = key.strip()
        values = [v.strip() for v in raw.split(",") if v.strip()]
        if not sep or not key or not values:
            raise OptionError(
                f"Grille mal écrite : « {entry} » (clé=v1,v2 attendu).",
                f"Malformed grid entry: '{entry}' (key=v1,v2 expected).",
            )
        if any(k == key for k, _ in out):
            raise OptionError(f"Clé répétée dans la grille : « {key} ».",
                              f"Repeated grid key: '{key}'.")
        out.append((key, tuple(_parse_value(game, key, v, levels) for v in values)))
    return tuple(out)


def _parse_value(game: Game, key: str, text: str, levels: Sequence[str]) -> OptionValue:
    if key == "quiz_accuracy":
        try:
            value = float(text)
        except ValueError:
            value = -1.0
        if not 0.0 <= value <= 1.0:
            raise OptionError(
                f"quiz_accuracy : un nombre entre 0 et 1 est attendu (reçu « {text} »).",
                f"quiz_accuracy: a number between 0 and 1 is expected (got '{text}').",
            )
        return value
    if key == "players":
        if not text.isdigit() or int(text) not in game.player_counts():
            raise OptionError(
                f"players : de {game.min_players} à {game.max_players} (reçu « {text} »).",
                f"players: {game.min_players} to {game.max_players} (got '{text}').",
            )
        return int(text)
    if key == "bots":
        level = canonical_level(text)
        if level not in levels:
            raise OptionError(
                f"bots : niveau inconnu « {text} » (niveaux : {', '.join(levels)}).",
                f"bots: unknown level '{text}' (levels: {', '.join(levels)}).",
            )
        return level
    return game.options[key].read(text)  # as typed with -o (a seat from 1)


def cell_spec(spec: SweepSpec, cell: Mapping[str, OptionValue]) -> SimSpec:
    options = dict(spec.options)
    players = spec.players
    bots = spec.bots
    quiz = spec.quiz_accuracy
    for key, value in cell.items():
        if key == "quiz_accuracy":
            quiz = float(value)
        elif key == "players":
            players = int(value)
        elif key == "bots":
            bots = str(value)
        else:
            options[key] = value
    return SimSpec(spec.game, players, (bots,) * players, spec.seed, options, quiz)


def check(game: Game, spec: SweepSpec) -> None:
    """Every cell is a valid configuration (raises the game's own error otherwise)."""
    for cell in spec.cells():
        sim = cell_spec(spec, cell)
        game.make_config(sim.players, sim.seed, sim.options)


def sweep(
    game: Game,
    spec: SweepSpec,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    clock: Callable[[], float] | None = None,
    fair_margin: float = 0.05,
    cluster: str | None = None,
) -> dict[str, Any]:
    """Simulate every cell; the result records everything needed to reproduce it.
    ``fair_margin``: how far from its fair value a headline outcome may be in a setting
    called fair (the report's verdicts)."""
    import time

    now = clock or time.perf_counter
    rows = []
    heads = headlines(spec.game)
    for cell in spec.cells():
        sim = cell_spec(spec, cell)
        started = now()
        records = run(sim, spec.games, workers, progress, cluster=cluster)
        summary = summarise(sim, records, now() - started, game.cooperative, heads)
        rows.append({"cell": dict(cell), "summary": summary})
    return {
        "kind": "sweep",
        "game": spec.game,
        "title": game.title_fr,
        "cooperative": game.cooperative,
        "version": __version__,
        "python": f"{platform.python_implementation()} {sys.version.split()[0]}",
        "seed": spec.seed,
        "games_per_cell": spec.games,
        "players": spec.players,
        "bots": spec.bots,
        "quiz_accuracy": spec.quiz_accuracy,
        "fixed_options": dict(spec.options),
        "resolved_defaults": game.options.defaults(),
        "grid": {k: list(v) for k, v in spec.grid},
        "headlines": [h.describe() for h in heads],
        "fair_margin": fair_margin,
        "seeds": "game i of every cell uses game_seed(seed, i); the game's bots share one "
        "generator seeded with game_seed(game seed, 1000) (ludinum.sim.runner)",
        "rows": rows,
    }

