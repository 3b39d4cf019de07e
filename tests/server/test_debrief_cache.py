"""A finished game's debrief is built once per language and format, then served from a
bounded memory (issue 20); its key holds what it is drawn from."""

from __future__ import annotations

import contextlib
import threading
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludinum import site
from ludinum.server import debriefs
from ludinum.server import replay as replay_module
from ludinum.server.catalog import Catalog
from ludinum.server.replay import log_digest
from tests.server.helpers import create_room, finished_by_bots, make_app


def test_a_second_debrief_is_not_built_again(
    sqlite_url: str, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[tuple[str, str]] = []
    original = site.debrief_response

    async def counting(config: object, log: Any, names: Any, lang: str = "fr",
                       fmt: str = "pdf") -> Any:
        built.append((lang, fmt))
        return await original(config, log, names, lang, fmt)

    monkeypatch.setattr(site, "debrief_response", counting)
    debriefs.clear()
    with TestClient(make_app(sqlite_url, catalog)) as client, contextlib.ExitStack() as stack:
        code, _ = finished_by_bots(client, stack, "gnou", 2, seed=4)
        first = client.get(f"/debrief/{code}.pdf")
        second = client.get(f"/debrief/{code}.pdf")
        assert first.status_code == second.status_code == 200
        assert second.content == first.content and second.content.startswith(b"%PDF")
        assert second.headers["content-type"] == "application/pdf"
        assert second.headers["content-disposition"] == first.headers["content-disposition"]
        assert built == [("fr", "pdf")] and (debriefs.hits, debriefs.misses) == (1, 1)
        html = client.get(f"/debrief/{code}.html")
        assert client.get(f"/debrief/{code}.html").text == html.text
        client.cookies.set("lang", "en")
        client.get(f"/debrief/{code}.html")
        assert built == [("fr", "pdf"), ("fr", "html"), ("en", "html")]
        assert debriefs.size()[0] == 3
        # A room that is not over is refused before the memory is asked.
        early, _ = create_room(client, "gnou", 2, mode="turns", seed=5)
        assert client.get(f"/debrief/{early}.pdf").status_code == 400
        assert len(built) == 3


def test_a_debrief_s_key_is_made_off_the_event_loop(
    sqlite_url: str, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key of a kept debrief holds its whole log: made on the event loop, it cost a Web
    Runners game of 1,152 moves 24 ms of every room's time at each download, kept or not.
    It is now made in the reader thread that reads the log, from the log as stored."""
    threads: list[str] = []
    original = replay_module.log_digest

    def watched(*args: Any) -> bytes:
        threads.append(threading.current_thread().name)
        return original(*args)

    monkeypatch.setattr(replay_module, "log_digest", watched)
    debriefs.clear()
    with TestClient(make_app(sqlite_url, catalog)) as client, contextlib.ExitStack() as stack:
        code, _ = finished_by_bots(client, stack, "hacker", 4)
        threads.clear()
        first = client.get(f"/debrief/{code}.html")
        second = client.get(f"/debrief/{code}.html")
        assert first.status_code == 200 and second.text == first.text
        assert debriefs.hits == 1
    assert len(threads) == 2 and all(t.startswith("ludinum-read") for t in threads), threads
    debriefs.clear()


def test_the_kept_debriefs_are_bounded_in_count_and_bytes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import asyncio

    from starlette.responses import Response

    monkeypatch.setattr(debriefs, "MOST", 3)
    monkeypatch.setattr(debriefs, "MOST_BYTES", 2500)
    debriefs.clear()

    def build(size: int) -> Any:
        async def make() -> Response:
            return Response(b"x" * size, media_type="application/pdf")
        return make

    async def run() -> None:
        for i in range(5):
            key = debriefs.key(f"ROOM{i}", "fr", "pdf", b"", [])
            await debriefs.response(key, build(500))
        assert debriefs.size() == (3, 1500)  # the two oldest went first
        await debriefs.response(debriefs.key("BIG", "fr", "pdf", b"", []), build(2000))
        assert debriefs.size() == (2, 2500)  # the newest 500 bytes and the 2,000
        await debriefs.response(debriefs.key("HUGE", "fr", "pdf", b"", []), build(9000))
        assert debriefs.size() == (2, 2500)  # larger than the whole memory: not kept

    asyncio.run(run())
    debriefs.clear()


def test_the_key_holds_what_the_debrief_is_drawn_from() -> None:
    log: list[tuple[int, object]] = [(0, {"kind": "roll"}), (1, {"kind": "answer", "choice": 2})]
    seed1 = log_digest("gnou", {"seed": 1}, log)
    base = debriefs.key("ROOM", "fr", "pdf", seed1, ["Léa", "Tom"])
    assert base == debriefs.key("ROOM", "fr", "pdf", log_digest("gnou", {"seed": 1}, list(log)),
                                ["Léa", "Tom"])
    for other in (debriefs.key("ROOM", "fr", "pdf", seed1, ["Zoé", "Tom"]),
                  debriefs.key("ROOM", "fr", "pdf", log_digest("gnou", {"seed": 2}, log),
                               ["Léa", "Tom"]),
                  debriefs.key("ROOM", "fr", "pdf", log_digest("gnou", {"seed": 1}, log[:1]),
                               ["Léa", "Tom"]),
                  debriefs.key("ROOM", "fr", "pdf", log_digest("hacker", {"seed": 1}, log),
                               ["Léa", "Tom"]),
                  debriefs.key("ROOM", "en", "pdf", seed1, ["Léa", "Tom"]),
                  debriefs.key("ROOM", "fr", "html", seed1, ["Léa", "Tom"])):
        assert other != base
