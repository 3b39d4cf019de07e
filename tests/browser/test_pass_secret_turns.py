"""The shared screen (one device passed around) in a real browser: in Hacker, after a
wrong guess the thief takes a bill in secret (H5, ``reveal=victim``). The privacy screen
named him (« Passe l'appareil à Tom ») for the whole table to read; now the device goes
round every player from the one after the victim, and those with nothing to decide see
« Rien à faire pour toi cette fois » and hide their game again."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludinum.engine import deciders
from tests.browser.helpers import (
    TAPPABLE,
    TIMEOUT,
    add_on_this_device,
    click_some_action,
    create_room,
)

pytestmark = pytest.mark.slow

NAMES = ("Léa", "Noé", "Tom", "Inès")


def round_from(holder: int | None) -> list[int]:
    """The four seats in order from the one after ``holder``, round to ``holder``."""
    after = [p for p in range(4) if holder is None or p > holder]
    return after + [p for p in range(4) if p not in after]


def test_the_thief_is_reached_in_a_round_of_every_player(live: Any, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        code = create_room(page, live.url, "hacker", 4)
        add_on_this_device(page, NAMES)
        page.locator("[data-pass-link]").click()
        page.wait_for_url(f"{live.url}/pass/{code}", timeout=TIMEOUT)
        room = live.hub.rooms[code]
        rng = random.Random(5)
        handed: list[tuple[int, bool, int | None]] = []
        idle = done = 0
        for _ in range(900):
            secrets = [i for i, (_, secret, _) in enumerate(handed) if secret]
            if room.status == "finished" or (len(secrets) >= 2 and idle and
                                             len(handed) >= secrets[1] + 4):
                break
            try:
                page.wait_for_selector(f'[data-reveal], [data-cmd="hand_on"], {TAPPABLE}',
                                       timeout=5000)
            except Exception:
                continue
            reveal = page.query_selector("[data-reveal]")
            hand_on = page.query_selector('[data-cmd="hand_on"]')
            if reveal is not None:
                seat = int(reveal.get_attribute("data-reveal") or "")
                said = " ".join(page.inner_text('[data-slot="privacy"]').split())
                # The privacy screen names the person it waits for, nobody else.
                assert said.startswith(f"Passe l'appareil à {NAMES[seat]} "), said
                assert not [n for n in NAMES if n != NAMES[seat] and n in said], said
                public = room.state.public_active(None)
                secret = any(p not in public for p in deciders(room.state))
                if not handed or handed[-1][0] != seat:
                    handed.append((seat, secret, handed[-1][0] if handed else None))
                try:
                    reveal.click(timeout=2000)
                    page.wait_for_selector(f'{TAPPABLE}, [data-cmd="hand_on"]', timeout=TIMEOUT)
                except Exception:
                    continue
            elif hand_on is not None:
                said = " ".join(page.inner_text('[data-slot="privacy"]').split())
                assert said.startswith(("Rien à faire pour toi cette fois",
                                        "Ton tour est fini")), said
                assert not page.query_selector_all('[data-slot="actions"] button.act')
                if said.startswith("Ton tour est fini"):  # the result of the seat's move
                    done += 1
                else:
                    idle += 1
                try:
                    hand_on.click(timeout=2000)
                    page.wait_for_selector("[data-reveal]", timeout=TIMEOUT)
                except Exception:
                    continue
            else:
                click_some_action(page, rng)
        secrets = [i for i, (_, secret, _) in enumerate(handed) if secret]
        assert secrets and idle and done, handed
        seats = [seat for seat, *_ in handed]
        for i in secrets:  # each secret handover is one of a whole round, in seat order
            assert any(seats[j:j + 4] == round_from(handed[j][2])
                       for j in range(max(0, i - 3), i + 1)), (i, handed)
    finally:
        context.close()
