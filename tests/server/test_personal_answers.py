"""W15: the answers to Web Runners' first-player questions (how many social-network
accounts, the age of a first phone) are stored only while the game needs them: once the
first player is known, the stored log keeps neutral answers that replay to the same game."""

from __future__ import annotations

import contextlib

from starlette.testclient import TestClient

from ludinum.engine import Action
from ludinum.server.catalog import Catalog
from tests.server.helpers import create_room, hello, join, make_app


def test_answers_leave_the_stored_log_once_the_first_player_is_known(
    db_url: str, catalog: Catalog
) -> None:
    app = make_app(db_url, catalog)
    answers = {0: ({"kind": "accounts", "n": 3}, {"kind": "phone", "age": 14}),
               1: ({"kind": "accounts", "n": 3}, {"kind": "phone", "age": 11})}
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        code, host_token = create_room(client, "webrunners", 2, mode="turns",
                                       options={"first_player": "questions"})
        host = hello(client, code, stack, role="host", token=host_token)
        people = []
        for name in ("Léa", "Noé"):
            seat, token = join(client, code, name)
            people.append((seat, hello(client, code, stack, role="player", token=token)))
        host.send(type="start")
        host.sync()
        hub = app.state.hub
        room = hub.rooms[code]
        for question in (0, 1):
            for seat, conn in people:
                conn.send(type="act", seat=seat, action=answers[seat][question])
                conn.sync()
                if (question, seat) == (0, 0):
                    # Still needed (a restart rebuilds the game from the log): kept as given.
                    assert hub.store.actions(room.id)[-1][2] == answers[0][0]
        assert room.state.first == 0  # a tie on accounts; Léa's first phone came later
        stored = hub.store.actions(room.id)
        assert [data for _seq, _seat, data in stored] == [
            {"kind": "accounts", "n": 0}, {"kind": "accounts", "n": 1},
            {"kind": "phone", "age": 0}, {"kind": "phone", "age": 0},
        ]
        replayed = room.game.replay(room.config,
                                    [(s, Action.from_json(a)) for _, s, a in stored])
        assert replayed.to_json() == room.state.to_json()

