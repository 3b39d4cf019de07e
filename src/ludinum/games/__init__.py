"""The built-in games. Adding a game means adding it to :data:`_ENTRIES` only."""

from __future__ import annotations

import importlib
import importlib.util
import os
from functools import lru_cache

from ludinum.bots.base import Bot
from ludinum.bots.levels import canonical_level, level_classes
from ludinum.engine import Game, Registry, UnknownGameError
from ludinum.engine.headline import Headline

#: The built-in games, in the order menus list them. Each module exports ``GAME`` (a
#: :class:`Game`) and ``BOTS`` (its bot classes by level, ``random`` being implicit).
MODULES = ("gnou", "webrunners", "hacker", "voleur")


def _entries() -> list[tuple[Game, dict[str, type[Bot]]]]:
    # LUDINUM_GAMES=gnou,hacker restricts the games loaded (development, test sharding).
    wanted = [g.strip() for g in os.environ.get("LUDINUM_GAMES", "").split(",") if g.strip()]
    entries = []
    for name in MODULES:
        if wanted and name not in wanted:
            continue
        module_name = f"ludinum.games.{name}"
        if importlib.util.find_spec(module_name) is None:
            continue  # a game not written yet; import errors of existing ones propagate
        module = importlib.import_module(module_name)
        entries.append((module.GAME, dict(module.BOTS)))
    return entries


@lru_cache(maxsize=1)
def _loaded() -> tuple[Registry, dict[str, dict[str, type[Bot]]]]:
    registry = Registry()
    bots: dict[str, dict[str, type[Bot]]] = {}
    for game, game_bots in _entries():
        registry.register(game)
        bots[game.name] = level_classes(game.name, game_bots)
    return registry, bots


def registry() -> Registry:
    """Every built-in game."""
    return _loaded()[0]


def get_game(name: str) -> Game:
    return registry().get(name)


def bot_levels(game: str) -> list[str]:
    """The levels, weakest first: random, easy, medium, hard, expert (``heuristic`` is
    accepted by :func:`make_bot` as an alias of ``medium``)."""
    registry().get(game)
    return list(_loaded()[1][game])


def headlines(game: str) -> tuple[Headline, ...]:
    """The outcomes the balance lab reports first for ``game`` (its ``HEADLINES``)."""
    registry().get(game)
    module = importlib.import_module(f"ludinum.games.{game}")
    return tuple(getattr(module, "HEADLINES", ()))


def make_bot(game: str, level: str, seed: int = 0, quiz_accuracy: float | None = None) -> Bot:
    """A bot of ``level`` (``random``, ``easy``, ``medium``/``heuristic``, ``hard``,
    ``expert``) for ``game``."""
    levels = _loaded()[1].get(game)
    if levels is None:
        registry().get(game)
        raise AssertionError("unreachable")
    try:
        cls = levels[canonical_level(level)]
    except KeyError:
        raise UnknownGameError(
            f"Niveau de bot inconnu pour {game} : « {level} » (niveaux : {', '.join(levels)}).",
            f"Unknown bot level for {game}: '{level}' (levels: {', '.join(levels)}).",
        ) from None
    return cls(seed, quiz_accuracy)
