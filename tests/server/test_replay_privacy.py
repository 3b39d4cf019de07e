"""A replay shows what the table saw: the public view and public events of each step, never
the stored action (a secret move, or a private answer of W15)."""

from __future__ import annotations

import json

from ludinum.engine import Action, Game, GameConfig, visible
from ludinum.games import get_game, make_bot
from ludinum.server.replay import Replay
from ludinum.server.seats import Seat


def _played_by_bots(game: Game, config: GameConfig, level: str) -> list[tuple[int, Action]]:
    """The action log of a game of ``config`` played to its end by bots of ``level``, each
    told only its seat's events; several active seats act in turn."""
    state = game.setup(config)
    bots = [make_bot(game.name, level, seat) for seat in range(config.players)]
    log: list[tuple[int, Action]] = []
    while not state.is_terminal():
        active = state.active_players()
        player = active[len(log) % len(active)]
        action = bots[player].choose(state, player)
        events = state.apply(player, action)
        for seat, bot in enumerate(bots):
            bot.observe(seat, visible(events, seat))
        log.append((player, action))
    return log


def test_a_replay_s_turns_are_read_from_the_public_views_it_shows() -> None:
    """The turn a step is in, and where the turns before and after it start (« Tour
    précédent », « Tour suivant »), come from the public views the steps show (« Tour 2 /
    4 »), nothing else: the jumps land where the public board's count changes."""
    game = get_game("hacker")
    config = game.make_config(4, 5)
    log = _played_by_bots(game, config, "random")
    replay = Replay(game, config, [Seat(i) for i in range(4)], log)
    shown = [game.text.turn(replay.step_json(step, "fr")["view"])
             for step in range(len(log) + 1)]
    for step in range(len(log) + 1):
        data = replay.step_json(step, "fr")
        assert data["turn"] == shown[step]
        after = data["next_turn"]
        if after is not None:
            assert shown[after] != shown[after - 1] and shown[after - 1] == shown[step]
        before = data["previous_turn"]
        if before is not None:
            assert before == 0 or shown[before - 1] != shown[before]
            assert shown[before] != shown[step]


def test_a_hacker_replay_never_shows_who_dropped_a_virus_where() -> None:
    game = get_game("hacker")
    config = game.make_config(4, 3)
    log = _played_by_bots(game, config, "medium")
    drops = [k for k, (_seat, action) in enumerate(log, 1) if action.kind == "drop"]
    assert drops
    replay = Replay(game, config, [Seat(i) for i in range(4)], log)
    for step in drops[:10]:
        data = replay.step_json(step, "fr")
        assert "action" not in data
        assert "hand" not in data["view"] and "notices" not in data["view"]
        # The step's public events only: a virus appears on an account during a trip; the
        # seat that dropped it is not named.
        state = game.replay(config, log[: step - 1])
        seat, action = log[step - 1]
        public = [game.text.event(e, "fr") for e in state.apply(seat, action) if e.to is None]
        assert data["events"] == public
        assert json.dumps(action.to_json()) not in json.dumps(data)
    assert replay.step_json(len(log), "fr")["over"]


def test_no_replay_nor_debrief_of_a_game_under_way(tmp_path: object) -> None:
    """The replay (API and page) and the debrief (HTML, PDF) open once the game is over:
    asked before, they are refused and hold no view, no step, no event."""
    import contextlib

    from starlette.testclient import TestClient

    from tests.server.conftest import catalog_with_toy
    from tests.server.helpers import create_room, hello, join, make_app

    app = make_app(f"sqlite:///{tmp_path}/replay.sqlite3", catalog_with_toy())
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, "webrunners", 3, mode="turns")
        join(client, code, "Léa")
        host = hello(client, code, stack, role="host", token=host_token)
        host.send(type="start", level="random")
        host.sync()
        assert host.last["status"] == "playing"
        for path in (f"/api/rooms/{code}/replay?step=1", f"/replay/{code}?step=1",
                     f"/debrief/{code}.html", f"/debrief/{code}.pdf"):
            answer = client.get(path)
            assert answer.status_code == 400, path
            assert "fin de la partie" in answer.text, path
            assert '"view"' not in answer.text and "answered" not in answer.text, path
