"""A simulated game opens in the web app's replay page (issue 18: « ludinum replay FILE
steps through one in the terminal (and the web app's replay page opens it) »): the log
kept by ``simulate --keep-games`` is dropped on ``/replay/journal`` and stepped through,
public view only; a file that is not a log is refused with its reason."""

from __future__ import annotations

import asyncio
import re
import threading
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog
from ludinum.server.replay import Replay
from tests.server.helpers import make_app
from tests.sim.test_replay import keep


@pytest.mark.parametrize("name", ["gnou", "hacker"])
def test_a_kept_game_opens_in_the_replay_page(name: str, tmp_path: Path, sqlite_url: str,
                                              catalog: Catalog) -> None:
    log = sorted(keep(tmp_path, name, 1).iterdir())[0]
    with TestClient(make_app(sqlite_url, catalog)) as client:
        form = client.get("/replay/journal")
        assert form.status_code == 200 and 'type="file"' in form.text
        opened = client.post("/replay/journal", files={"journal": (log.name, log.read_bytes(),
                                                                     "application/json")},
                             follow_redirects=False)
        assert opened.status_code == 303
        page = opened.headers["location"]
        assert re.fullmatch(r"/replay/journal/[\w-]+", page)
        steps = int(re.search(r"Étape 0 sur (\d+)", client.get(page).text).group(1))  # type: ignore[union-attr]
        assert steps > 5
        last = client.get(page, params={"step": steps})
        assert last.status_code == 200 and f"Étape {steps} sur {steps}" in last.text
        middle = client.get(page, params={"step": 3}).text
        assert 'class="spotlight"' in middle or 'class="board"' in middle
        assert client.get("/replay/journal/nope").status_code == 404


def test_a_file_that_is_not_a_log_is_refused(sqlite_url: str, catalog: Catalog) -> None:
    with TestClient(make_app(sqlite_url, catalog)) as client:
        for body, words in ((b'{"x": 1}', "pas un journal de partie"),
                            (b"\xff\xfe", "UTF-8"), (b"", "Choisis un journal")):
            refused = client.post("/replay/journal", files={"journal": ("x.json", body,
                                                                          "application/json")})
            assert refused.status_code == 400 and words in refused.text


def test_one_address_cannot_push_out_everyone_elses_logs(sqlite_url: str, catalog: Catalog
                                                         ) -> None:
    """The server keeps the last 64 uploaded logs: one address uploads UPLOAD_BURST at
    once, then is told to wait (another address still may)."""
    from ludinum.server.app import UPLOAD_BURST

    with TestClient(make_app(sqlite_url, catalog)) as client:
        answers = [client.post("/replay/journal", files={"journal": (
            "x.json", b'{"x": 1}', "application/json")}).status_code
            for _ in range(UPLOAD_BURST + 2)]
        assert answers == [400] * UPLOAD_BURST + [429] * 2
        other = TestClient(client.app, client=("10.1.2.3", 5000))
        assert other.post("/replay/journal", files={"journal": (
            "x.json", b'{"x": 1}', "application/json")}).status_code == 400


def test_an_uploaded_log_is_read_and_prepared_off_the_event_loop(
        tmp_path: Path, sqlite_url: str, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading an uploaded log replays it (to check it) and preparing its steps replays it
    again: a Web Runners game is a tenth of a second of work, once done on the event loop
    that every room shares. Both now run in a worker thread, and its steps need no replay
    of the whole log afterwards."""
    log = sorted(keep(tmp_path, "hacker", 1).iterdir())[0]
    threads: list[str] = []
    prepare = Replay.prepare

    def watched(self: Replay) -> object:
        if self._prepared is None:
            try:
                asyncio.get_running_loop()
                threads.append("the event loop's")
            except RuntimeError:  # no loop runs in this thread
                threads.append(threading.current_thread().name)
        return prepare(self)

    monkeypatch.setattr(Replay, "prepare", watched)
    with TestClient(make_app(sqlite_url, catalog)) as client:
        opened = client.post("/replay/journal", files={"journal": (log.name, log.read_bytes(),
                                                                     "application/json")},
                             follow_redirects=False)
        assert opened.status_code == 303
        for step in (0, 5, 40):
            assert client.get(opened.headers["location"], params={"step": step}).status_code == 200
    assert len(threads) == 1 and threads[0] != "the event loop's", threads


def test_kept_logs_are_bounded_by_their_moves_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Up to MOST logs, and MOST_MOVES moves in all (a log of 1 MiB holds tens of thousands
    of moves, each weighing in its prepared replay): the oldest go first; a kept one stays
    while there is room."""
    from types import SimpleNamespace

    from ludinum.server import replay_logs

    monkeypatch.setattr(replay_logs, "_KEPT", type(replay_logs._KEPT)())
    monkeypatch.setattr(replay_logs, "MOST_MOVES", 1_000)

    def record(moves: int) -> Replay:
        return SimpleNamespace(log=[(0, None)] * moves)  # type: ignore[return-value]

    first = replay_logs.keep(record(400), now=0.0)
    second = replay_logs.keep(record(400), now=1.0)
    assert replay_logs.get(first, now=2.0) is not None
    third = replay_logs.keep(record(400), now=2.0)  # 1,200 moves: the oldest goes
    assert replay_logs.get(first, now=3.0) is None
    assert replay_logs.get(second, now=3.0) is not None
    assert replay_logs.get(third, now=3.0) is not None
    alone = replay_logs.keep(record(1_000), now=4.0)  # the largest allowed: alone kept
    assert [replay_logs.get(k, now=5.0) is not None for k in (second, third, alone)] == [
        False, False, True]
