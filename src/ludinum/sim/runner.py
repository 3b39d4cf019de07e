"""Play many seeded games of bots. The same seed gives the same results whatever the
number of worker processes: game ``i`` always gets the seeds derived from ``(seed, i)``
(random bots: and the games before it in its block of :data:`RANDOM_BLOCK`)."""

from __future__ import annotations

import multiprocessing
import os
import random
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from math import floor
from multiprocessing.context import BaseContext
from typing import TYPE_CHECKING, Any

from ludinum.engine import (
    Action,
    Game,
    OptionValue,
    State,
    new_rng,
    next_actor,
    reseed,
    visible,
)

if TYPE_CHECKING:
    from ludinum.bots.base import Bot
    from ludinum.engine.headline import Headline

MASK = (1 << 63) - 1
M64 = (1 << 64) - 1
#: splitmix64's constants (:func:`game_seed`).
GOLDEN, MIX1, MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
#: The seats' bots of a game share one generator, seeded with
#: ``game_seed(game's seed, BOTS_INDEX)`` (:func:`bots_generator`).
BOTS_INDEX = 1000
#: Random bots only: their generator is seeded for the first game of each block of this
#: many games and drawn from on through the block's next games (:func:`block_size`).
RANDOM_BLOCK = 16


def _finish(z: int) -> int:
    """splitmix64's finaliser, kept to 63 bits."""
    z = ((z ^ (z >> 30)) * MIX1) & M64
    z = ((z ^ (z >> 27)) * MIX2) & M64
    return (z ^ (z >> 31)) & MASK


def game_seed(seed: int, index: int) -> int:
    """A well-spread seed for game ``index`` of a run (splitmix64 finaliser)."""
    return _finish((seed * GOLDEN + index * MIX1 + MIX2) & M64)


def bots_generator(seed: int) -> random.Random:
    """The generator the seats' bots of the game of seed ``seed`` share: they draw from it
    in the order they play, so a game costs one seeding for its bots, not one per seat
    (seeding a Mersenne Twister costs ≈ 3.7 µs, a tenth of the shortest games)."""
    return new_rng(game_seed(seed, BOTS_INDEX))


def bots_generator_again(bots: Sequence[Bot], seed: int) -> random.Random:
    """:func:`bots_generator` for the game of seed ``seed``, made of the generator the
    seats' ``bots`` drew from in their last game (reseeded in place: the bots are about
    to be reset with it, nothing of that game draws from it again)."""
    return reseed(bots[0].rng, game_seed(seed, BOTS_INDEX))


@dataclass(frozen=True)
class SimSpec:
    game: str
    players: int
    bots: tuple[str, ...]
    seed: int = 0
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    quiz_accuracy: float | None = None


@dataclass(slots=True)
class GameRecord:
    """One game's result, never changed once made. Not a frozen dataclass: its
    ``__init__`` would cost 3 times as much (≈ 1.1 µs, a 30th of the shortest games)."""

    index: int
    seed: int
    winners: tuple[int, ...]
    rewards: tuple[float, ...]
    scores: tuple[float, ...]
    actions: int
    metrics: dict[str, float]
    #: The game's headline measures (``ludinum.engine.headline``) by key.
    values: dict[str, tuple[float, ...]] = field(default_factory=dict)


def seat_bots(spec: SimSpec, seed: int = 0) -> list[Bot]:
    """One bot per seat, of the spec's levels, ready for the game of seed ``seed``."""
    from ludinum.games import make_bot

    rng = bots_generator(seed)
    return [make_bot(spec.game, level, rng, spec.quiz_accuracy) for level in spec.bots]


def _only_random(spec: SimSpec) -> bool:
    """Whether every seat is a random bot that keeps no notes (:func:`_play_random`):
    the seats' bots of a spec are of the same kinds from game to game, so their types are
    looked at once per spec's levels, not once per game (≈ 0.7 µs a game)."""
    key = (spec.game, spec.bots)
    known = _RANDOM_LEVELS.get(key)
    if known is None:
        known = _RANDOM_LEVELS[key] = _RANDOM_BLIND and set(
            map(type, seat_bots(spec))) == _ONLY_RANDOM
    return known


def block_size(spec: SimSpec) -> int:
    """How many games in a row the seats' bots of ``spec`` draw from one seeding of their
    generator: :data:`RANDOM_BLOCK` when every seat is a random bot, 1 otherwise. Seeding
    a Mersenne Twister and its first draw cost ≈ 7 µs, a fifth of a game of random bots,
    nothing beside a game of thinking bots (which keep one seeding per game). Game ``i`` is
    still the same wherever it is played: the bots are seeded for the first game of its
    block (``i - i % block``) and play the block's games up to it (:func:`bots_for`)."""
    return RANDOM_BLOCK if _only_random(spec) else 1


def bots_for(spec: SimSpec, index: int) -> list[Bot]:
    """New seats' bots ready for game ``index`` of ``spec``: seeded for the first game of
    its block (:func:`block_size`), then through the block's games before it."""
    start = index - index % block_size(spec)
    bots = seat_bots(spec, game_seed(spec.seed, start))
    for earlier in range(start, index):
        play_one(spec, earlier, None, bots)
    return bots


def _play_random(state: State, draw: Callable[[], float]) -> int:
    """Play ``state`` to its end, every seat a random bot drawing from ``draw``: the
    seat that acts is :func:`next_actor`'s, its move the legal action at ``draw()``'s
    place (RandomBot.choose); no events built (``advance``). Returns the actions taken.
    A function of its own, called once per game: CPython specialises its loop."""
    actions = 0
    is_terminal, active_players, advance = state.is_terminal, state.active_players, state.advance
    legal_actions = state.legal_actions
    while not is_terminal():
        active = active_players()
        # The only active seat acts (next_actor's answer, without asking it again).
        player = active[0] if len(active) == 1 else next_actor(state, actions, active)
        legal = legal_actions(player)
        advance(player, legal[floor(draw() * len(legal))])
        actions += 1
    return actions


def _play_bots(state: State, bots: Sequence[Bot], rng: random.Random | None,
               log: list[tuple[int, Action]] | None) -> int:
    """Play ``state`` to its end with the seats' ``bots`` (reset with ``rng`` first when
    given: bots of an earlier game), the moves appended to ``log`` when given. Returns
    the actions taken."""
    # One pass over the seats: each bot reset (earlier bots), its choice, and the seats
    # whose bots keep notes. A random bot's choice is made here, as its ``choose`` makes it
    # (its generator's next number picks among the legal actions), without a call per move.
    choose: list[Callable[[State, int], Action] | None] = []
    draws: list[Callable[[], float] | None] = []
    observing: list[int] = []
    for seat, bot in enumerate(bots):
        if type(bot) is _RandomBot:
            if rng is not None:
                bot.rng = rng  # RandomBot.reset(rng): its generator is all it keeps
            choose.append(None)
            draws.append(bot.rng.random)
        else:
            if rng is not None:
                bot.reset(rng)
            choose.append(bot.choose)
            draws.append(None)
        if type(bot).observe is not _base_observe:
            observing.append(seat)
    actions = 0
    # Methods looked up once per game, not once per action (hundreds in a long game).
    is_terminal, active_players, advance = state.is_terminal, state.active_players, state.advance
    legal_actions = state.legal_actions
    while not is_terminal():
        active = active_players()
        # The only active seat acts (next_actor's answer, without asking it again).
        player = active[0] if len(active) == 1 else next_actor(state, actions, active)
        chooser = choose[player]
        if chooser is None:  # RandomBot.choose
            legal = legal_actions(player)
            action = legal[floor(draws[player]() * len(legal))]  # type: ignore[misc]
        else:
            action = chooser(state, player)
        if log is not None:
            log.append((player, action))
        actions += 1
        if not observing:
            advance(player, action)  # no bot keeps notes: no events to build
            continue
        events = state.apply_trusted(player, action)
        for seat in observing:
            bots[seat].observe(seat, visible(events, seat))
    return actions


def play_one(
    spec: SimSpec, index: int, keep: str | None = None, bots: Sequence[Bot] | None = None
) -> GameRecord:
    """Game ``index`` of ``spec``; with ``keep`` (a directory) its action log is stored
    there as JSON (:mod:`ludinum.sim.gamelog`). ``bots``: the seats' bots that played game
    ``index - 1`` of the same spec (:func:`seat_bots`; or any earlier game when ``index``
    starts a block, :func:`block_size`), reset for this one (``Bot.reset``): the same game
    as with :func:`bots_for`, without building them again."""
    game, measures = _game_of(spec.game)
    seed = game_seed(spec.seed, index)
    state = game.new_state(spec.players, seed, spec.options)
    config = state.config
    log: list[tuple[int, Action]] | None = [] if keep is not None else None
    only_random = _only_random(spec)
    rng: random.Random | None = None  # the bots' generator, when they start from it anew
    if bots is None:
        bots = bots_for(spec, index)
    elif index % block_size(spec) == 0:  # the first game of its block
        rng = bots_generator_again(bots, seed)
    if only_random and log is None:
        # Every seat a random bot, nothing to record: the bots' shared generator picks
        # each move as RandomBot.choose would (the same game, move for move).
        if rng is not None:
            for bot in bots:
                bot.rng = rng  # RandomBot.reset(rng): its generator is all it keeps
        actions = _play_random(state, bots[0].rng.random)
    else:
        actions = _play_bots(state, bots, rng, log)
    outcome = state.outcome()
    metrics = state.metrics()
    if keep is not None and log is not None:
        from ludinum.sim.gamelog import write_log

        write_log(keep, game, state, config, log, index,
                  (spec.seed, spec.bots, spec.quiz_accuracy))
    return GameRecord(
        index,
        seed,
        outcome.winners,
        outcome.rewards(),
        outcome.scores,
        actions,
        metrics,
        {h.key: h.values(state, metrics) for h in measures},
    )


@cache
def _game_of(name: str) -> tuple[Game, tuple[Headline, ...]]:
    """A game and its headlines, looked up once per process (not once per game)."""
    from ludinum.games import get_game, headlines

    return get_game(name), headlines(name)


def _base_refs() -> tuple[Any, Any]:
    from ludinum.bots.base import Bot, RandomBot

    return Bot.observe, RandomBot


_base_observe, _RandomBot = _base_refs()
#: A random bot keeps no notes (it has no ``observe`` of its own).
_RANDOM_BLIND = _RandomBot.observe is _base_observe
_ONLY_RANDOM = {_RandomBot}
#: :func:`_only_random`'s answers, by game and seats' levels.
_RANDOM_LEVELS: dict[tuple[str, tuple[str, ...]], bool] = {}


Chunk = tuple[SimSpec, int, int, str | None]


def play_chunk(args: Chunk) -> list[GameRecord]:
    """Games ``start`` to ``stop`` (excluded) of a spec: one task of a pool or a cluster."""
    spec, start, stop, keep = args
    bots = bots_for(spec, start)  # built once, reset for each game (or block)
    return [play_one(spec, i, keep, bots) for i in range(start, stop)]


def _chunks(n: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, n, size):
        yield start, min(n, start + size)


def _jobs(spec: SimSpec, games: int, workers: int, keep: str | None) -> list[Chunk]:
    """The run in chunks of games: about 8 per worker (to balance the load), at most 500
    games each (progress, memory), whole blocks (:func:`block_size`: no chunk replays the
    start of its first block)."""
    size = max(1, min(500, games // (workers * 8) or 1))
    block = block_size(spec)
    size += -size % block
    return [(spec, start, stop, keep) for start, stop in _chunks(games, size)]


def _pool_context() -> BaseContext | None:
    """The local pool's way to start its workers: the default fork, unless Ray's client
    runs in this process (its threads hold locks a forked worker would find held: a test
    run that forked after ``ray.init`` hung in its workers for good), then a fork server,
    started before those threads were copied."""
    ray = sys.modules.get("ray")
    if ray is not None and ray.is_initialized():
        return multiprocessing.get_context("forkserver")
    return None


def run(
    spec: SimSpec,
    games: int,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    keep: str | None = None,
    cluster: str | None = None,
) -> list[GameRecord]:
    """Play ``games`` games; ``progress(k)`` is called as ``k`` more games finish.
    ``keep``: a directory where each game's action log is stored. ``cluster``: a Ray
    address (``ray://host:port``, ``auto``, or ``local`` with ``workers`` CPUs) instead of
    the local process pool; same seeds, same records (:mod:`ludinum.sim.cluster`)."""
    workers = workers or os.cpu_count() or 1
    records: list[GameRecord] = []
    if cluster is not None:
        from ludinum.sim.cluster import cluster_cpus, ray_map

        # Chunks for the cluster's cores, not this machine's; the chunking never changes
        # the records (each game's seeds depend on its index only).
        jobs = _jobs(spec, games, cluster_cpus(cluster, workers), keep)
        for chunk in ray_map(cluster, play_chunk, jobs, workers):
            records.extend(chunk)
            if progress:
                progress(len(chunk))
        records.sort(key=lambda r: r.index)
        return records
    jobs = _jobs(spec, games, workers, keep)
    if workers <= 1 or len(jobs) < 2:
        for job in jobs:
            records.extend(play_chunk(job))
            if progress:
                progress(job[2] - job[1])
        return records
    with ProcessPoolExecutor(max_workers=workers, mp_context=_pool_context()) as pool:
        for chunk in pool.map(play_chunk, jobs):
            records.extend(chunk)
            if progress:
                progress(len(chunk))
    records.sort(key=lambda r: r.index)
    return records
