"""Web Runners in the browser, one phone against bots in a live room: the person is offered
every response window the rules give them (W7: the target answers an attack; W9: any other
player may cancel a Surveillance), never closed by a bot before it reached the phone."""

from __future__ import annotations

import time
from typing import Any

import pytest

from ludinum.engine import Action
from tests.browser.helpers import TIMEOUT, create_room, join
from tests.browser.test_live_trips import BUTTONS, labels, page_seq, start_with_bots

pytestmark = pytest.mark.slow

RESPONSES = ("Laisser faire", "Subir l'attaque")


def windows_of(room: Any, store: Any, seat: int) -> list[list[int]]:
    """The versions at which ``seat`` could answer, grouped into windows, from the stored
    log replayed from the start."""
    state = room.game.setup(room.config)
    spans: list[list[int]] = []
    previous = False
    version = 0
    for seq, who, data in store.actions(room.id):
        open_now = any(a.kind in ("pass", "accept") for a in state.legal_actions(seat))
        if open_now:
            if not previous:
                spans.append([])
            spans[-1].append(version)
        previous = open_now
        state.apply(who, Action.from_json(data))
        version = seq
    return spans


def test_a_phone_is_offered_every_response_window(live: Any, browser: Any) -> None:
    contexts = [browser.new_context() for _ in range(2)]
    try:
        host, phone = (c.new_page() for c in contexts)
        code = create_room(host, live.url, "webrunners", 4, "live")
        join(phone, live.url, code, "Léa")
        host.wait_for_function(
            "() => document.querySelectorAll('.seat-human').length === 1", timeout=TIMEOUT)
        start_with_bots(host)
        room = live.hub.rooms[code]
        offered: set[int] = set()
        end = time.monotonic() + 240
        while room.status != "finished" and time.monotonic() < end:
            try:
                phone.wait_for_selector(BUTTONS, timeout=2000)
            except Exception:
                continue
            seq = room.seq
            shown = labels(phone)
            if not shown or page_seq(phone) != seq:
                continue
            choice = 0
            for word in RESPONSES:
                if word in shown:
                    offered.add(seq)
                    choice = shown.index(word)
                    break
            try:
                phone.query_selector_all(BUTTONS)[choice].click(timeout=2000)
                phone.wait_for_function(f"() => document.body.dataset.seq !== '{seq}'",
                                        timeout=5000)
            except Exception:
                continue
        assert room.status == "finished"
        windows = windows_of(room, live.hub.store, 0)
        assert windows, "no response window in this game"
        missed = [w for w in windows if not offered & set(w)]
        assert not missed, (missed, sorted(offered))
    finally:
        for c in contexts:
            c.close()
