"""Gymnasium ids of every game: ``ludinum/{Name}-v{version}``, each game's ``Encoding``
naming and versioning its environment (the version changes with the action space or the
observation layout)."""

from __future__ import annotations

import gymnasium

from ludinum.engine import UnknownGameError

NAMESPACE = "ludinum"


def env_id(game: str) -> str:
    from ludinum.games import game_encoding

    encoding = game_encoding(game)
    return f"{NAMESPACE}/{encoding.env_name}-v{encoding.version}"


def register_all() -> list[str]:
    """Register every game that declares an encoding (again: no change); their ids."""
    from ludinum.games import registry

    ids = []
    for game in registry():
        try:
            name = env_id(game.name)
        except UnknownGameError:
            continue
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name,
                entry_point="ludinum.envs.gym_env:LudinumEnv",
                kwargs={"game": game.name},
            )
        ids.append(name)
    return ids
