"""Rooms and clients without sockets, for tests and benchmarks of what the server sends
(frames built, shared and queued: ``tests/server/test_render_once.py``,
``bench/frames_cost.py``)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence

from ludinum.games import registry
from ludinum.server.clients import Client
from ludinum.server.rooms import PLAYING, Room
from ludinum.server.seats import Seat
from tests.reading import unescaped


async def _nowhere(_text: str) -> None:  # pragma: no cover - the queues are read directly
    return None


def client(role: str, seat: int | None = None) -> Client:
    """A French client of ``role`` (playing ``seat``) whose frames stay in its queue."""
    made = Client(_nowhere, "fr")
    made.role = role
    made.seats = () if seat is None else (seat,)
    return made


def sent(client: Client) -> list[str]:
    """The texts queued for ``client`` since last asked, in order."""
    out: list[str] = []
    while not client.queue.empty():
        item = client.queue.get_nowait()
        assert item is not None
        out.append(item[1])
    return out


def playing_room(name: str, players: int, seed: int, code: str = "SOCKET") -> Room:
    """A room of game ``name`` under way, every seat a person (« Joueur1 »…)."""
    game = registry().get(name)
    state = game.new_state(players, seed=seed)
    seats = [Seat(i) for i in range(players)]
    for seat in seats:
        seat.make_human(f"Joueur{seat.index + 1}", "x")
    return Room(1, code, game, state.config, "turns", seats, "", state, status=PLAYING)


def random_moves(room: Room, rng: random.Random, steps: int) -> None:
    """Up to ``steps`` random legal actions in ``room`` (fewer if the game ends), each by
    one of the seats acting now: the room's clock reads the step number."""
    for step in range(steps):
        if room.state.is_terminal():
            return
        actor = rng.choice(room.active())
        room.apply(actor, rng.choice(list(room.state.legal_actions(actor))), float(step))


def decisions_shown(room: Room, rng: random.Random, kinds: tuple[str, ...],
                    steps: int = 3000) -> dict[str, str]:
    """Plays ``room`` at random until a seat has each of ``kinds`` to decide (or the game
    ends), and returns, for each kind met, the first such decision as that seat's phone
    shows it in French (its text, no-break spaces read as spaces)."""
    from tests.drawing import slot

    said: dict[str, str] = {}
    for _ in range(steps):
        for seat in room.deciding():
            offered = {a.kind for a in room.state.legal_actions(seat)}
            for kind in kinds:
                if kind in offered and kind not in said:
                    shown = slot(room, seat, "actions")
                    said[kind] = unescaped(shown)
        if len(said) == len(kinds) or room.state.is_terminal():
            break
        random_moves(room, rng, 1)
    return said


def named_room(name: str, nicknames: Sequence[str], seed: int) -> Room:
    """A game of ``name`` under way, one seat per nickname, each held by a pupil."""
    room = playing_room(name, len(nicknames), seed)
    for seat, nickname in zip(room.seats, nicknames, strict=True):
        seat.make_human(nickname, "x")
    return room


def cut_nicknames(html: str, nicknames: Iterable[str]) -> list[str]:
    """The hyphenated ``nicknames`` that ``html`` shows outside a ``.nick`` span (which
    keeps one on a line: « Anne- / Sophie » otherwise)."""
    bare = re.sub(r'<span class="nick">[^<]*</span>', "", html)
    return [n for n in nicknames if "-" in n and n in bare]

