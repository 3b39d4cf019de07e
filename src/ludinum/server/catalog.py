"""Which games and bots the server offers: the built-in registry, or any other set (tests)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ludinum.bots.base import Bot
from ludinum.engine import Game, Registry


def preferred_level(levels: Sequence[str]) -> str:
    """The bots' level when nobody chose one: « medium », a fair opponent for pupils
    (expert bots won every game of a review, and search long on a shared laptop)."""
    return "medium" if "medium" in levels else levels[-1]


class Catalog:
    """Games by name and their bot levels. The default wraps :mod:`ludinum.games`."""

    def __init__(
        self,
        games: Registry,
        levels: Callable[[str], list[str]],
        bot: Callable[[str, str, int], Bot],
    ) -> None:
        self._games = games
        self._levels = levels
        self._bot = bot

    @classmethod
    def default(cls) -> Catalog:
        from ludinum.games import bot_levels, make_bot, registry

        return cls(registry(), bot_levels, make_bot)

    @classmethod
    def of(cls, entries: list[tuple[Game, dict[str, type[Bot]]]]) -> Catalog:
        """A catalog of the given games and bot classes (``random`` first if present)."""
        registry = Registry()
        bots: dict[str, dict[str, type[Bot]]] = {}
        for game, classes in entries:
            registry.register(game)
            bots[game.name] = dict(classes)

        def levels(name: str) -> list[str]:
            registry.get(name)
            return list(bots[name])

        def bot(name: str, level: str, seed: int) -> Bot:
            registry.get(name)
            try:
                return bots[name][level](seed)
            except KeyError:
                from ludinum.engine import UnknownGameError

                raise UnknownGameError(
                    f"Niveau de bot inconnu : « {level} ».", f"Unknown bot level: '{level}'."
                ) from None

        return cls(registry, levels, bot)

    def games(self) -> list[Game]:
        return list(self._games)

    def game(self, name: str) -> Game:
        return self._games.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._games

    def bot_levels(self, name: str) -> list[str]:
        return self._levels(name)

    def default_level(self, name: str) -> str:
        return preferred_level(self._levels(name))

    def make_bot(self, name: str, level: str, seed: int) -> Bot:
        return self._bot(name, level, seed)
