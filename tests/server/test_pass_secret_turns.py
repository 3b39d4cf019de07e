"""A device passed around the table (the shared screen, ``/pass/<code>``) tells the table
nothing a seat keeps secret, neither on its privacy screen (« Passe l'appareil à … ») nor
by where it goes. A review found that in Hacker the device was handed by name to the
thief after a wrong guess: with ``reveal=victim`` (H5) only the victim may learn whose
virus it was, and the whole table read it. Now, while a seat decides in secret, the device
goes round every person on it from the one after its holder (``engine.passing``), each
shown their own game, whoever the secret seat is, a bot's secret too."""

from __future__ import annotations

import contextlib
import random
import re
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludinum.engine import deciders
from ludinum.server.catalog import Catalog
from tests.server.helpers import Conn, create_room, hello, join, leaves, make_app

NAMES = ("Léa", "Noé", "Tom", "Inès", "Jade", "Sami")
REVEAL = re.compile(r'data-reveal="(\d+)"')



def round_from(people: list[int], holder: int | None) -> list[int]:
    """A round of the device: ``people`` in seat order from the one after ``holder``, round
    to ``holder``."""
    after = [p for p in people if holder is None or p > holder]
    return after + [p for p in people if p not in after]

def secret_now(state: Any) -> bool:
    public = state.public_active(None)
    return any(p not in public for p in deciders(state))


def strings(value: Any) -> set[str]:
    """The strings of a view, its keys too (Le Voleur's deck composition, public, names
    every card by its key)."""
    if isinstance(value, dict):
        return set(value) | strings(list(value.values()))
    return leaves(value) if not isinstance(value, list) else set().union(
        *(strings(v) for v in value))


def hidden_from_table(state: Any) -> set[str]:
    """What some seat knows that the table does not (its view's own strings)."""
    shown = strings(state.view(None)) | set(NAMES)
    out: set[str] = set()
    for seat in range(state.config.players):
        out |= leaves(state.view(seat)) - shown
    return out


def shared_text(conn: Conn, message: dict[str, Any]) -> str:
    """Everything the shared screen holds after ``message``: its slots, the log lines and
    drawing data it was sent."""
    return " ".join([*conn.page.values(), *(line["text"] for line in message["log"]),
                     str(message.get("draw", ""))])


def play_shared(client: TestClient, stack: Any, game: str, players: int, people: int,
                seed: int, steps: int = 4000) -> tuple[list[tuple[int, bool, bool, int | None]],
                                                       list[str]]:
    """A room of ``game`` with ``people`` of its seats on one shared device (the others
    bots), played at random to its end: every handover (the seat named, whether a seat
    decides in secret now, whether one did since the last handover, the seat that held
    the device) and every leak found on the hidden screen."""
    code, host_token = create_room(client, game, players, mode="turns", seed=seed)
    tokens = [join(client, code, name)[1] for name in NAMES[:people]]
    host = hello(client, code, stack, role="host", token=host_token)
    host.send(type="start", level="random", shared=True)
    host.sync()
    device = hello(client, code, stack, role="pass", tokens=tokens)
    room = client.app.state.hub.rooms[code]  # type: ignore[attr-defined]
    rng = random.Random(seed)
    handed: list[tuple[int, bool, bool, int | None]] = []
    leaks: list[str] = []
    secret = shown = False
    for _ in range(steps):
        privacy = device.page.get("privacy", "")
        named = REVEAL.search(privacy)
        if named:
            seat = int(named.group(1))
            hidden = hidden_from_table(room.state)
            text = shared_text(device, device.last)
            leaks += [s for s in hidden
                      if re.search(r"(?<![\w-])" + re.escape(s) + r"(?![\w-])", text)]
            # The privacy screen names its person and nobody else.
            others = [n for i, n in enumerate(NAMES[:players]) if i != seat and n in privacy]
            leaks += others
            if shown or not handed:  # not the same handover seen again (a stale page)
                handed.append((seat, secret_now(room.state), secret,
                               handed[-1][0] if handed else None))
                secret = shown = False
            device.send(type="reveal", seat=seat)
        elif 'data-cmd="hand_on"' in privacy:
            device.send(type="hand_on")
        elif device.actions:
            secret = secret or secret_now(room.state)
            chosen = rng.choice(device.actions)
            device.send(type="act", seat=chosen["seat"], action=chosen["action"],
                        seq=device.last["seq"])
        elif room.status == "finished":
            break
        seq = device.last.get("seq")
        for _ in range(50):  # until the screen changes (a frame may follow a write)
            for message in device.sync():
                if message["type"] == "update":
                    shown = shown or message["revealed"] is not None
                    if room.bot_turns():
                        secret = secret or secret_now(room.state)
            if device.last.get("seq") != seq or room.status == "finished":
                break
        if device.errors() and room.status == "finished":
            break  # the game ended under the tap
        assert not device.errors(), (device.errors()[-1], privacy, handed[-3:],
                                     room.state.phase, deciders(room.state))
    assert room.status == "finished"
    return handed, leaks


@pytest.mark.parametrize(("game", "players", "people", "seed"), [
    ("hacker", 4, 4, 3), ("hacker", 4, 4, 8), ("hacker", 5, 3, 5),
    ("voleur", 4, 4, 2), ("webrunners", 4, 4, 4), ("gnou", 4, 4, 6),
])
def test_the_shared_screen_hands_the_device_only_as_the_table_may_know(
    sqlite_url: str, catalog: Catalog, game: str, players: int, people: int, seed: int
) -> None:
    """Every handover names a seat the whole table may know is acting, except during a
    secret decision: then the device goes round every person on it, in seat order from
    the one after its holder. And the privacy screen holds nothing of any seat's secrets."""
    app = make_app(sqlite_url, catalog)
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        handed, leaks = play_shared(client, stack, game, players, people, seed)
    assert not leaks, leaks[:5]
    seats = [seat for seat, *_ in handed]
    everyone = list(range(people))

    def in_a_round(i: int) -> bool:
        return any(seats[j:j + people] == round_from(everyone, handed[j][3])
                   for j in range(max(0, i - people + 1), i + 1))

    secret = [i for i, (_, now, since, _) in enumerate(handed) if now or since]
    for i in secret:
        assert in_a_round(i), (i, handed[max(0, i - people):i + people])
    if game == "hacker":
        assert secret  # the game did have thefts to hide
    else:
        assert not secret  # nobody acts in secret: each handover names who acts
