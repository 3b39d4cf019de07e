"""In a browser: after a restart, a phone comes back by itself, even while its school
address is blocked for too many failed guesses (someone else behind the same address tried
codes): its seat's key lets it in. Chromium drives the real page against two servers started
one after the other on one port and one database."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from ludinum.weblib.ratelimit import RateLimit
from tests.browser.conftest import ensure_chromium, launch
from tests.live import LiveServer
from tests.scale.services import free_port

pytestmark = pytest.mark.slow


def call(url: str, data: dict[str, Any] | None = None) -> tuple[int, Any]:
    request = urllib.request.Request(
        url, data=json.dumps(data).encode() if data is not None else None,
        headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def wait_for(condition: Any, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return False


def test_a_phone_comes_back_after_a_restart_though_its_address_is_blocked(
        tmp_path: Path) -> None:
    ensure_chromium()
    from playwright.sync_api import sync_playwright

    db = f"sqlite:///{tmp_path}/ludinum.sqlite3"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page()
        with LiveServer(db, port) as first:
            status, room = call(f"{base}/api/rooms", {"game": "gnou", "players": 2})
            assert status == 201
            code = room["code"]
            status, seat = call(f"{base}/api/rooms/{code}/join", {"nickname": "Léa"})
            assert status == 201
            page.goto(f"{base}/")
            page.evaluate(f"localStorage.setItem('ludinum.seat.{code}', "
                          f"JSON.stringify('{seat['token']}'))")
            page.goto(f"{base}/play/{code}")
            assert wait_for(lambda: first.players(code) == 1, 15)
        # The server restarts; before the phone is back, its address has failed a guess
        # too many (one is allowed, refilled after 100 s). The phone stays offline until
        # then, so that its reconnection comes while the address is blocked.
        page.context.set_offline(True)
        with LiveServer(db, port, rate_limit=RateLimit(burst=1, per_second=0.01)) as second:
            assert call(f"{base}/api/rooms/ZZZZZZ")[0] == 404
            assert call(f"{base}/api/rooms/ZZZZZZ")[0] == 429
            assert second.app.state.limit.blocked("127.0.0.1")
            page.context.set_offline(False)
            assert wait_for(lambda: second.players(code) == 1, 25)
            assert second.app.state.limit.blocked("127.0.0.1")  # let in, though blocked
        browser.close()
