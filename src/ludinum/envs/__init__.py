"""Reinforcement-learning environments over the engine (optional extra ``envs``).

- :class:`ludinum.envs.gym_env.LudinumEnv`: Gymnasium, one seat learns, bots play the
  others;
- :func:`ludinum.envs.pz_env.aec_env`: PettingZoo AEC, every seat is an agent.

Both use the encodings of :mod:`ludinum.envs.encoding`: a fixed ``Discrete`` action space
over the padded list of legal actions with a mask, and an observation hashed from the
seat's view (see ``docs/lab.md``).
"""
