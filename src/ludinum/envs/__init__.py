"""Reinforcement-learning environments over the engine (optional extra ``envs``).

- :class:`ludinum.envs.gym_env.LudinumEnv`: Gymnasium, one seat learns, bots play the
  others; every game is registered on import: ``gymnasium.make("ludinum/<Name>-v0",
  players=4)`` (ids from :func:`ludinum.envs.registration.env_id`);
- :mod:`ludinum.envs.pz_env`: PettingZoo, every seat is an agent: ``env()``, ``raw_env()``
  (AEC) and ``parallel_env()``.

Both use the game's own encoding (``ludinum.engine.encoding``, declared by each game): a
fixed action space with ``action_to_string`` / ``string_to_action`` and a mask of the legal
actions, and an observation of bounded slots built from the seat's view (docs/lab.md).
"""

from ludinum.envs.registration import env_id, register_all

IDS = register_all()

__all__ = ["IDS", "env_id", "register_all"]
