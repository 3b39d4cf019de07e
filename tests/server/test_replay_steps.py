"""A replay's step is its nearest kept copy of the state plus fewer than ``EVERY`` moves,
prepared once per finished game in a reader thread (server/replay.py): the same steps as
replaying the whole log each time, for a fraction of its cost, and never on the event loop
that every room of the server shares."""

from __future__ import annotations

import contextlib
import random
import threading
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from ludinum.engine import Action, Game, GameConfig, LudinumError, State, log_does_not_replay
from ludinum.games import get_game
from ludinum.server import replay as replay_module
from ludinum.server.catalog import Catalog
from ludinum.server.replay import EVERY, Replay
from ludinum.server.seats import Seat
from tests.server.helpers import finished_by_bots, make_app


def _random_log(game: Game, config: GameConfig, seed: int) -> list[tuple[int, Action]]:
    state = game.setup(config)
    rng = random.Random(seed)
    log: list[tuple[int, Action]] = []
    while not state.is_terminal():
        player = rng.choice(state.active_players())
        action = rng.choice(list(state.legal_actions(player)))
        state.apply(player, action)
        log.append((player, action))
    return log


def _whole(game: Game, config: GameConfig, log: list[tuple[int, Action]], step: int
           ) -> tuple[State, list[object]]:
    """Step ``step`` the way replays were made before: the whole log from the start."""
    state = game.setup(config)
    events: list[object] = []
    for seat, action in log[:step]:
        events = [e for e in state.apply(seat, action) if e.to is None]
    return state, events


@pytest.mark.parametrize("name", ["webrunners", "hacker", "voleur", "gnou"])
def test_every_step_is_the_state_the_whole_log_gives(name: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Every step of a whole game, each seat's view and the public one, its public events,
    its outcome and its stored form: a kept copy cloned and moved on gives exactly what the
    whole log replayed from the start gives. A copy every 5 moves: a Gnou game has a few
    dozen moves, and every kind of move lands right after a copy somewhere."""
    monkeypatch.setattr(replay_module, "EVERY", 5)
    game = get_game(name)
    players = game.max_players
    config = game.make_config(players, 11)
    log = _random_log(game, config, 11)
    assert len(log) > 3 * 5  # the copies are used, not only the start
    replay = Replay(game, config, [Seat(i) for i in range(players)], log)
    for step in range(len(log) + 1):
        state, events = replay.at(step)
        whole, whole_events = _whole(game, config, log, step)
        assert state.to_json() == whole.to_json(), step
        assert events == whole_events, step
        for seat in [None, *range(players)]:
            assert state.view(seat) == whole.view(seat), (step, seat)
        assert state.is_terminal() == whole.is_terminal()
    assert state.outcome().to_json() == whole.outcome().to_json()


def test_a_step_costs_fewer_than_every_moves_and_keeps_its_copy_intact(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The last step of a long Web Runners game replayed its 1,000-odd moves on each
    request; it now plays at most EVERY of them, on a clone (the kept copy stays as it
    was: asking twice gives the same step)."""
    game = get_game("webrunners")
    config = game.make_config(4, 3)
    log = _random_log(game, config, 3)
    replay = Replay(game, config, [Seat(i) for i in range(4)], log)
    replay.prepare()
    kind = type(game.setup(config))
    moves = 0
    original = kind.apply

    def counted(self: State, player: int, action: Action) -> list[object]:
        nonlocal moves
        moves += 1
        return original(self, player, action)  # type: ignore[no-any-return]

    monkeypatch.setattr(kind, "apply", counted)
    first, _ = replay.at(len(log))
    assert 0 < moves <= EVERY, moves
    again, _ = replay.at(len(log))
    assert again.to_json() == first.to_json() == _whole(game, config, log, len(log))[0].to_json()


def test_a_log_that_stops_replaying_is_refused_past_that_move_only() -> None:
    game = get_game("hacker")
    config = game.make_config(4, 5)
    log = _random_log(game, config, 5)
    broken = 2 * EVERY + 5
    seat, _ = log[broken]
    log[broken] = (seat, Action.make("credit", account=99))  # no such account
    replay = Replay(game, config, [Seat(i) for i in range(4)], log)
    assert replay.turns()[broken] is not None and replay.turns()[broken + 1] is None
    state, _ = replay.at(broken)
    assert state.to_json() == _whole(game, config, log, broken)[0].to_json()
    for step in (broken + 1, len(log)):
        with pytest.raises(LudinumError) as refused:
            replay.at(step)
        # Where it stops (move numbers from 1), never the refusal said to a player.
        assert refused.value.fr == log_does_not_replay(broken + 1).fr


@pytest.fixture
def client(sqlite_url: str, catalog: Catalog) -> Iterator[TestClient]:
    with TestClient(make_app(sqlite_url, catalog)) as c:
        yield c


def test_a_finished_game_is_prepared_once_off_the_event_loop(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page and the API of a replay, stepped through by a class: the log is replayed
    once for the whole game, in a reader thread, whatever the number of requests."""
    with contextlib.ExitStack() as stack:
        code, _ = finished_by_bots(client, stack, "hacker", 4)
    replay_module._PREPARED.clear()
    passes: list[str] = []  # the threads that replayed the whole log
    made = replay_module.Prepared

    def counted(*args: object) -> object:
        passes.append(threading.current_thread().name)
        return made(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(replay_module, "Prepared", counted)
    steps = client.get(f"/api/rooms/{code}/replay?step=0").json()["steps"]
    for step in range(0, steps + 1, 7):
        assert client.get(f"/api/rooms/{code}/replay?step={step}").status_code == 200
        assert client.get(f"/replay/{code}?step={step}").status_code == 200
    assert len(passes) == 1 and passes[0].startswith("ludinum-read"), passes
