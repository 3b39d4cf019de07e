"""A registry of games, looked up by name. The engine keeps no game of its own."""

from __future__ import annotations

from collections.abc import Iterator

from ludinum.engine.errors import UnknownGameError, echoed
from ludinum.engine.game import Game


class Registry:
    def __init__(self) -> None:
        self._games: dict[str, Game] = {}

    def register(self, game: Game) -> Game:
        if game.name in self._games:
            raise ValueError(f"game {game.name!r} is already registered")
        self._games[game.name] = game
        game.options.titles = (game.title_fr, game.title_en)  # its messages name it so
        return game

    def get(self, name: str) -> Game:
        try:
            return self._games[name]
        except KeyError:
            known = ", ".join(sorted(self._games))
            raise UnknownGameError(
                f"Jeu inconnu : « {echoed(name)} » (jeux : {known}).",
                f"Unknown game: '{echoed(name)}' (games: {known}).",
            ) from None

    def names(self) -> list[str]:
        return list(self._games)

    def __iter__(self) -> Iterator[Game]:
        return iter(self._games.values())

    def __contains__(self, name: object) -> bool:
        return name in self._games
