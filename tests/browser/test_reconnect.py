"""When a page says its hello again (docs/protocol.md): after a refusal trying again can
mend (1013) it reconnects with a growing delay; after one it cannot (1008: a hello of the
wrong shape, a code that cannot be one) it stops."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.browser.helpers import TIMEOUT, create_room

pytestmark = pytest.mark.slow


def _hellos(live: Any, browser: Any, contexts: list[Any], close: int, reason: str) -> int:
    """A spectator's page whose socket the server refuses with ``close``: the hellos it
    said in the 3 s its delays (0.5, 1, 2 s) would have reconnected twice."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    contexts.append(context)
    host = context.new_page()
    code = create_room(host, live.url, "gnou", 2)
    page = context.new_page()
    said: list[str] = []

    def refuse(ws: Any) -> None:
        def on_message(message: str | bytes) -> None:
            said.append(str(message))
            ws.send(json.dumps({"type": "error", "code": reason, "message": "Refusé.",
                                "fr": "Refusé.", "en": "Refused."}))
            ws.close(code=close, reason=reason)
        ws.on_message(on_message)

    page.route_web_socket(re.compile(r"/ws/"), refuse)
    page.goto(f"{live.url}/watch/{code}")
    page.wait_for_function("() => document.body.dataset.page", timeout=TIMEOUT)
    page.wait_for_timeout(3000)
    return len(said)


def test_a_hello_refused_for_good_is_not_said_again(live: Any, browser: Any,
                                                    contexts: list[Any]) -> None:
    """A hello closed with 1008 and the reason ``bad_message`` was said again every 0.5,
    1, 2… s: only ``bad_token``, ``unknown_room`` and ``bad_code`` stopped the page."""
    assert _hellos(live, browser, contexts, 1008, "bad_message") == 1


def test_a_hello_refused_for_now_is_said_again(live: Any, browser: Any,
                                               contexts: list[Any]) -> None:
    """Too many tries from the address (1013, ``rate_limited``): the page tries again."""
    assert _hellos(live, browser, contexts, 1013, "rate_limited") >= 2
