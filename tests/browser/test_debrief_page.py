"""A finished game's debrief page (``/debrief/CODE.html``, opened in the browser) carries its
own styles in a ``<style>`` block, so that a teacher may also save it and open it without
the server. The server's default policy forbids inline styles: the page showed in the
browser's default serif type with bare tables. Its response now allows that very block by
its hash, and nothing else inline. Checked in Chromium, on the server's real response."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.conftest import catalog_with_toy
from tests.server.helpers import finished_by_bots, make_app

pytestmark = pytest.mark.slow


def test_a_debrief_page_shows_with_its_own_styles(browser: Any, tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path}/ludinum.sqlite3", catalog_with_toy())
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, _host = finished_by_bots(client, stack, "gnou", 2)
        response = client.get(f"/debrief/{code}.html")
    assert response.status_code == 200
    policies = response.headers.get_list("content-security-policy")
    assert len(policies) == 1 and "'sha256-" in policies[0], policies
    assert "unsafe-inline" not in policies[0] and ' style="' not in response.text
    context = browser.new_context()
    try:
        page = context.new_page()
        refused: list[str] = []
        page.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text
                else None)
        page.route("http://ludinum.test/**", lambda route: route.fulfill(
            status=200, headers=dict(response.headers), body=response.content))
        page.goto("http://ludinum.test/debrief/bilan.html")
        assert "DejaVu Sans" in page.evaluate("getComputedStyle(document.body).fontFamily")
        assert page.evaluate("getComputedStyle(document.querySelector('h1')).color") == (
            "rgb(24, 44, 90)")  # the page's own colour, not the browser's black
        assert refused == []
    finally:
        context.close()
