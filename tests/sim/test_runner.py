"""The simulator: same seed, same results whatever the number of worker processes."""

from __future__ import annotations

import pytest

from ludinum.bots.base import Bot
from ludinum.sim.runner import SimSpec, game_seed, run


def test_same_seed_same_records_for_any_worker_count() -> None:
    spec = SimSpec("gnou", 4, ("medium",) * 4, seed=42)
    one = run(spec, 40, workers=1)
    two = run(spec, 40, workers=2)
    assert [r.index for r in two] == list(range(40))
    assert one == two


def test_other_seed_other_games() -> None:
    a = run(SimSpec("gnou", 4, ("random",) * 4, seed=1), 20, workers=1)
    b = run(SimSpec("gnou", 4, ("random",) * 4, seed=2), 20, workers=1)
    assert [r.seed for r in a] != [r.seed for r in b]
    assert game_seed(1, 0) != game_seed(2, 0) and game_seed(1, 0) != game_seed(1, 1)


def test_the_seats_bots_share_one_generator_per_game() -> None:
    """The bots of a game draw from one generator seeded with the game's own seed for
    bots (one seeding per game, not one per seat), whatever their levels; an easy bot's
    inner bot draws from it too."""
    import random

    from ludinum.bots.levels import NoisyBot
    from ludinum.sim.runner import BOTS_INDEX, bots_generator, bots_generator_again, seat_bots

    spec = SimSpec("hacker", 4, ("random", "easy", "medium", "random"))
    for seed in (0, 42, game_seed(3, 9)):
        bots = seat_bots(spec, seed)
        shared = bots[0].rng
        assert all(bot.rng is shared for bot in bots)
        easy = bots[1]
        assert isinstance(easy, NoisyBot) and easy.inner.rng is shared
        assert shared.random() == random.Random(game_seed(seed, BOTS_INDEX)).random()
        assert bots_generator(seed).getstate() == random.Random(
            game_seed(seed, BOTS_INDEX)).getstate()
        # The next game's generator is this one reseeded in place: the same state.
        again = bots_generator_again(bots, seed + 1)
        assert again is shared
        assert again.getstate() == random.Random(game_seed(seed + 1, BOTS_INDEX)).getstate()


def test_progress_counts_every_game() -> None:
    seen: list[int] = []
    run(SimSpec("gnou", 3, ("random",) * 3, seed=0), 30, workers=2, progress=seen.append)
    assert sum(seen) == 30


def test_a_chunk_builds_its_bots_once_and_plays_the_same_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The simulate path keeps each seat's bot from game to game (``Bot.reset``): the bots
    are built once per chunk, and every game is the one new bots would have played."""
    import ludinum.games
    from ludinum.sim.runner import play_chunk, play_one

    built: list[str] = []
    make_bot = ludinum.games.make_bot

    def counting(game: str, level: str, seed: int = 0, accuracy: float | None = None) -> Bot:
        built.append(level)
        return make_bot(game, level, seed, accuracy)

    for spec in (
        SimSpec("hacker", 4, ("medium", "easy", "random", "medium"), seed=3),
        SimSpec("webrunners", 3, ("medium", "easy", "random"), seed=5),
        SimSpec("gnou", 3, ("random", "medium", "easy"), seed=7),
    ):
        fresh = [play_one(spec, i) for i in range(6)]
        built.clear()
        monkeypatch.setattr(ludinum.games, "make_bot", counting)
        reused = play_chunk((spec, 0, 6, None))
        monkeypatch.setattr(ludinum.games, "make_bot", make_bot)
        assert len(built) == spec.players  # one bot per seat for the six games
        assert reused == fresh


@pytest.mark.parametrize("game", ["gnou", "webrunners", "hacker", "voleur"])
def test_random_bots_play_the_same_games_on_the_lean_path(game: str) -> None:
    """A chunk of random bots only (``ludinum simulate``'s default, the bench's simulate
    path) plays each game without a call per seat per move: the same games, move for move,
    as the general path (new bots for each game) and as a run that keeps its logs."""
    import tempfile
    from pathlib import Path

    from ludinum.games import get_game
    from ludinum.sim.gamelog import read_log
    from ludinum.sim.runner import play_chunk, play_one

    players = {"gnou": 5, "webrunners": 4, "hacker": 5, "voleur": 4}[game]
    spec = SimSpec(game, players, ("random",) * players, seed=11)
    lean = play_chunk((spec, 0, 5, None))
    assert lean == [play_one(spec, i) for i in range(5)]
    with tempfile.TemporaryDirectory() as keep:
        kept = play_chunk((spec, 0, 5, keep))
        assert kept == lean
        logs = sorted(Path(keep).iterdir())
        assert len(logs) == 5
        assert [len(read_log(get_game, path.read_text()).actions) for path in logs] == [
            r.actions for r in lean]


def test_a_reset_search_bot_keeps_its_budget() -> None:
    from ludinum.bots.ismcts import IsmctsBot
    from ludinum.games import make_bot

    bot = make_bot("gnou", "hard", 1)
    assert isinstance(bot, IsmctsBot)
    bot.iterations, bot.depth = 7, 3
    bot.reset(2)
    fresh = make_bot("gnou", "hard", 2)
    assert (bot.iterations, bot.depth) == (7, 3)
    assert bot.rng.random() == fresh.rng.random()


def _plain_record(spec: SimSpec, index: int) -> tuple[object, ...]:
    """Game ``index`` of ``spec`` played the plain way: new bots seeded for the first game
    of its block (``block_size``), that game and the next ones up to ``index`` played with
    them, ``next_actor`` asked for every action, events built for every action and shown to
    every bot."""
    from ludinum.engine import next_actor, visible
    from ludinum.games import get_game
    from ludinum.sim.runner import block_size, seat_bots

    game = get_game(spec.game)
    start = index - index % block_size(spec)
    bots = seat_bots(spec, game_seed(spec.seed, start))
    for played in range(start, index + 1):
        seed = game_seed(spec.seed, played)
        state = game.new_state(spec.players, seed, spec.options)
        actions = 0
        while not state.is_terminal():
            player = next_actor(state, actions)
            action = bots[player].choose(state, player)
            actions += 1
            events = state.apply_trusted(player, action)
            for seat, bot in enumerate(bots):
                bot.observe(seat, visible(events, seat))
    outcome = state.outcome()
    return seed, outcome.winners, outcome.scores, actions, state.metrics()


@pytest.mark.parametrize("game", ["gnou", "hacker", "voleur", "webrunners"])
def test_the_simulate_path_plays_the_plain_games(game: str) -> None:
    """``play_one``'s shortcuts (the only active seat acts without asking ``next_actor``,
    methods looked up once per game, no events when no bot reads them, bots reset rather
    than built) leave each game's record as the plain way plays it."""
    from ludinum.games import get_game
    from ludinum.sim.runner import play_chunk

    players = get_game(game).max_players
    for bots in (("random",) * players, ("medium", "random") * (players // 2) + ("easy",) * (
            players % 2)):
        spec = SimSpec(game, players, bots, seed=11)
        for record in play_chunk((spec, 0, 3, None)) + play_chunk((spec, 15, 18, None)):
            plain = _plain_record(spec, record.index)
            assert (record.seed, record.winners, record.scores, record.actions,
                    record.metrics) == plain


def test_random_bots_draw_on_through_a_block_and_a_game_is_the_same_anywhere() -> None:
    """Random bots only: their generator is seeded for the first game of each block of
    ``RANDOM_BLOCK`` games and drawn on through the block; the first game of a block is the
    one new bots play, and any game is the same alone, in a chunk that starts in the middle
    of its block, or in a whole run."""
    from ludinum.sim.runner import RANDOM_BLOCK, block_size, play_chunk, play_one, seat_bots

    spec = SimSpec("gnou", 6, ("random",) * 6, seed=5)
    assert block_size(spec) == RANDOM_BLOCK > 1
    assert block_size(SimSpec("gnou", 3, ("random", "medium", "random"))) == 1
    whole = run(spec, 2 * RANDOM_BLOCK + 3, workers=1)
    assert [r.index for r in whole] == list(range(2 * RANDOM_BLOCK + 3))
    for start in (0, RANDOM_BLOCK, 2 * RANDOM_BLOCK):
        bots = seat_bots(spec, game_seed(spec.seed, start))
        assert play_one(spec, start, None, bots) == whole[start]
    assert play_chunk((spec, 13, 19, None)) == whole[13:19]
    for index in (1, RANDOM_BLOCK - 1, RANDOM_BLOCK + 2):
        assert play_one(spec, index) == whole[index]
    # A game further in a block is another game than new bots would play (they drew on).
    fresh = play_one(spec, 3, None, seat_bots(spec, game_seed(spec.seed, 3)))
    assert fresh.seed == whole[3].seed and fresh != whole[3]


def test_a_run_of_random_bots_is_cut_into_whole_blocks() -> None:
    from ludinum.sim.runner import RANDOM_BLOCK, _jobs

    random_bots = SimSpec("hacker", 4, ("random",) * 4)
    for games, workers in ((40, 2), (1000, 3), (5, 8), (100_000, 2)):
        jobs = _jobs(random_bots, games, workers, None)
        starts, stops = [job[1] for job in jobs], [job[2] for job in jobs]
        assert starts == [0, *stops[:-1]] and stops[-1] == games
        assert all(job[1] % RANDOM_BLOCK == 0 for job in jobs)
    thinking = SimSpec("hacker", 4, ("medium",) * 4)
    assert [job[2] - job[1] for job in _jobs(thinking, 40, 2, None)] == [2] * 20
