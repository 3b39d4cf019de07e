"""W15: the answers to Web Runners' first-player questions (how many social-network
accounts, the age of a first phone) are stored only while the game needs them: once the
first player is known, the stored log keeps neutral answers that replay to the same game."""

from __future__ import annotations

import contextlib
from typing import Any

from starlette.testclient import TestClient

from ludinum.engine import Action
from ludinum.server.catalog import Catalog
from tests.server.helpers import Conn, create_room, hello, join, make_app


def _asked(client: TestClient, stack: Any, names: tuple[str, ...]
           ) -> tuple[str, Conn, list[tuple[int, Conn]]]:
    """A Web Runners room whose first player the questions choose (W15), one phone per
    name joined, started by its host: the code, the host's connection and each seat's."""
    code, host_token = create_room(client, "webrunners", len(names), mode="turns",
                                   options={"first_player": "questions"})
    host = hello(client, code, stack, role="host", token=host_token)
    people = []
    for name in names:
        seat, token = join(client, code, name)
        people.append((seat, hello(client, code, stack, role="player", token=token)))
    host.send(type="start")
    host.sync()
    return code, host, people


def test_answers_leave_the_stored_log_once_the_first_player_is_known(
    db_url: str, catalog: Catalog
) -> None:
    app = make_app(db_url, catalog)
    answers = {0: ({"kind": "accounts", "n": 3}, {"kind": "phone", "age": 14}),
               1: ({"kind": "accounts", "n": 3}, {"kind": "phone", "age": 11})}
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        code, _host, people = _asked(client, stack, ("Léa", "Noé"))
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



def test_answers_leave_the_stored_log_when_the_game_stops_before_they_served(
    sqlite_url: str, catalog: Catalog
) -> None:
    """W15: the host ends the game (« Terminer », a class's « Tout terminer ») while the
    questions are still being answered: the first player will never be known, and the
    answers given are not kept for the room's retention either. The stored log keeps
    neutral answers and still replays (the replay of a stopped game opens)."""
    app = make_app(sqlite_url, catalog)
    given = [{"kind": "accounts", "n": 7}, {"kind": "accounts", "n": 4}]
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        code, host, people = _asked(client, stack, ("Léa", "Noé", "Zoé"))
        for (seat, conn), answer in zip(people, given, strict=False):
            conn.send(type="act", seat=seat, action=answer)
            conn.sync()
        hub = app.state.hub
        room = hub.rooms[code]
        assert [data for _s, _seat, data in hub.store.actions(room.id)] == given  # needed
        host.send(type="end")
        host.sync()
        assert room.status == "ended"
        stored = [data for _s, _seat, data in hub.store.actions(room.id)]
        assert all(data["kind"] == "accounts" for data in stored) and len(stored) == 2
        assert not any(data in given for data in stored), stored
        assert len({data["n"] for data in stored}) == 1  # the same neutral answer for all
        replay = client.get(f"/api/rooms/{code}/replay?step=2")
        assert replay.status_code == 200
        assert replay.json()["view"]["answered"] == [True, True, False]


def test_answers_leave_the_stored_log_when_the_session_ends_before_they_served(
    sqlite_url: str, catalog: Catalog
) -> None:
    """W15, W18: the session's clock ends the game while the questions are answered: the
    answers given are stored neutral in the same transaction as the end."""
    import asyncio

    from ludinum.engine import session_end
    from ludinum.server.hub import Hub
    from ludinum.server.storage import Storage

    async def body() -> list[dict[str, object]]:
        store = Storage(sqlite_url)
        store.migrate()
        hub = Hub(store, catalog, bot_delay=0.0)
        room, _ = await hub.create_room("webrunners", 3, {"first_player": "questions",
                                                          "session_minutes": "15"}, "turns")
        for name in ("Léa", "Noé", "Zoé"):
            await hub.join(room.code, name)
        await hub.command(room, "start", {})
        await hub.act(room, 0, Action.make("accounts", n=7), person=True)
        await hub.act(room, 1, Action.make("accounts", n=4), person=True)
        await hub.act(room, 2, session_end())  # the room's clock (never a person's move)
        assert room.status == "finished"
        await hub.writer.drain()
        stored = [data for _s, _seat, data in store.actions(room.id)]
        await hub.close()
        return stored

    stored = asyncio.run(body())
    assert stored[:2] == [{"kind": "accounts", "n": 1}] * 2, stored
