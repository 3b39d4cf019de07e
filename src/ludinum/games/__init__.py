"""The built-in games. Adding a game means adding it to :data:`_ENTRIES` only."""

from __future__ import annotations

import importlib
import importlib.util
import os
from functools import lru_cache
from types import ModuleType
from typing import NamedTuple

from ludinum.bots.base import Bot, Seed
from ludinum.bots.levels import (
    DEFAULT_SEARCH,
    FRENCH_NAMES,
    SearchSettings,
    canonical_level,
    level_classes,
)
from ludinum.engine import Game, Registry, UnknownGameError
from ludinum.engine.encoding import Encoding
from ludinum.engine.headline import Headline

#: The built-in games, in the order menus list them. Each module exports ``GAME`` (a
#: :class:`Game`), ``BOTS`` (its bot classes by level, ``random`` being implicit) and
#: ``SEARCH`` (how its search levels play, :class:`SearchSettings`; default if absent) and
#: ``ENCODING`` (its action space and observations for learning environments, optional).
MODULES = ("gnou", "webrunners", "hacker", "voleur")


Entry = tuple[Game, dict[str, type[Bot]], SearchSettings, Encoding | None]


def _entries() -> list[Entry]:
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
        search = getattr(module, "SEARCH", DEFAULT_SEARCH)
        entries.append((module.GAME, dict(module.BOTS), search, getattr(module, "ENCODING", None)))
    return entries


class _Loaded(NamedTuple):
    registry: Registry
    bots: dict[str, dict[str, type[Bot]]]
    searches: dict[str, SearchSettings]
    encodings: dict[str, Encoding]


@lru_cache(maxsize=1)
def _loaded() -> _Loaded:
    loaded = _Loaded(Registry(), {}, {}, {})
    for game, game_bots, search, encoding in _entries():
        loaded.registry.register(game)
        loaded.bots[game.name] = level_classes(game.name, game_bots, search)
        loaded.searches[game.name] = search
        if encoding is not None:
            loaded.encodings[game.name] = encoding
    return loaded


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


def metric_labels(game: str) -> dict[str, tuple[str, str]]:
    """The words of ``game``'s ``metrics()`` keys, (French, English) by key (its
    ``METRIC_LABELS``, and ``content_metric_labels()`` for keys named after its content,
    such as a card): what a table shows instead of the key itself."""
    registry().get(game)
    module = importlib.import_module(f"ludinum.games.{game}")
    labels = dict(getattr(module, "METRIC_LABELS", {}))
    more = getattr(module, "content_metric_labels", None)
    if more is not None:
        labels.update(more())
    return labels


def checked_speed_target(game: str) -> float | None:
    """The actions/s that ``ludinum bench`` asks of ``game``'s checked random play (its
    ``CHECKED_ACTIONS_PER_S``), None when it asks none."""
    registry().get(game)
    module = importlib.import_module(f"ludinum.games.{game}")
    target = getattr(module, "CHECKED_ACTIONS_PER_S", None)
    return None if target is None else float(target)


def parts(module: str) -> dict[str, ModuleType]:
    """Each built-in game's module ``module`` (``site``, ``board``…) by game name, in the
    order of :data:`MODULES`, for the games that have one: how the layers above (the
    companion site) reach a game's part without naming the game. Every built-in game
    counts, whatever ``LUDINUM_GAMES`` restricts: the site's content names them all."""
    found = {}
    for name in MODULES:
        module_name = f"ludinum.games.{name}.{module}"
        if importlib.util.find_spec(f"ludinum.games.{name}") is None:
            continue
        if importlib.util.find_spec(module_name) is not None:
            found[name] = importlib.import_module(module_name)
    return found


def search_settings(game: str) -> SearchSettings:
    """How ``game``'s ``hard`` and ``expert`` levels search (declared by the game)."""
    registry().get(game)
    return _loaded().searches[game]


def game_encoding(game: str) -> Encoding:
    """``game``'s action space and observation encoding (learning environments)."""
    registry().get(game)
    try:
        return _loaded().encodings[game]
    except KeyError:
        raise UnknownGameError(
            f"Le jeu {game} ne déclare pas d'encodage pour l'apprentissage.",
            f"Game {game} declares no encoding for learning environments.",
        ) from None


def make_bot(game: str, level: str, seed: Seed = 0, quiz_accuracy: float | None = None) -> Bot:
    """A bot of ``level`` (``random``, ``easy``, ``medium``/``heuristic``, ``hard``,
    ``expert``) for ``game``."""
    levels = _loaded()[1].get(game)
    if levels is None:
        registry().get(game)
        raise AssertionError("unreachable")
    try:
        cls = levels[canonical_level(level)]
    except KeyError:
        # Each language names the levels as its help does (« hasard, facile… »), and the
        # game by its title, not its command-line name.
        title = registry().get(game)
        french = ", ".join(FRENCH_NAMES.get(name, name) for name in levels)
        raise UnknownGameError(
            f"Niveau de bot inconnu pour {title.title_fr} : « {level} » (niveaux : {french}).",
            f"Unknown bot level for {title.title_en}: '{level}' "
            f"(levels: {', '.join(levels)}).",
        ) from None
    return cls(seed, quiz_accuracy)
