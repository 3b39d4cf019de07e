"""Set up Gnou situations precisely: fixed dice, chosen position and protections."""

from __future__ import annotations

import random
from html import unescape
from typing import Any

from ludinum.engine import Action, Event
from ludinum.games.gnou import GAME, GnouState
from ludinum.games.gnou.content import PROTECTIONS, answer_key
from ludinum.server.rooms import PLAYING, Room
from ludinum.server.seats import Seat


class Dice(random.Random):
    """A generator whose dice give the listed values, in order."""

    def __init__(self, *rolls: int) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def getrandbits(self, k: int) -> int:
        # Defined so that shuffles keep drawing bits, not planned dice (see random.Random).
        return super().getrandbits(k)

    def random(self) -> float:
        """A die is ``1 + int(random() * 6)``: give back the planned value."""
        assert self.rolls, "the test rolled more dice than it planned"
        return (self.rolls.pop(0) - 0.5) / 6


def game(
    players: int = 4,
    pos: int = 0,
    dice: tuple[int, ...] = (),
    protections: dict[int, list[str]] | None = None,
    removed: tuple[int, ...] = (),
    **options: Any,
) -> GnouState:
    options.setdefault("variant", "trottant")  # one die: each planned roll is one value
    state = GAME.new_state(players, 7, options)
    assert isinstance(state, GnouState)
    state.pos = pos
    for player, names in (protections or {}).items():
        for name in names:
            state.prot[player] |= 1 << PROTECTIONS.index(name)
    for cell in removed:
        state.removed |= 1 << cell
    state.rng = Dice(*dice)
    return state


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def roll(state: GnouState) -> list[Event]:
    return state.apply(state.current, Action.make("roll"))


def answer(state: GnouState, right: bool) -> list[Event]:
    """The answerer answers the pending quiz, rightly or not."""
    assert state.quiz is not None
    answerer = state.quiz[2]
    quiz = state.view(answerer)["quiz"]
    key = answer_key(quiz["id"])
    choice = key if right else (key + 1) % len(quiz["choices"])
    return state.apply(answerer, Action.make("answer", choice=choice))


def has(state: GnouState, player: int, protection: str) -> bool:
    return bool(state.prot[player] >> PROTECTIONS.index(protection) & 1)


def playing_room(state: GnouState) -> Room:
    """A room of four seats playing ``state``, as the server's screens draw it."""
    return Room(1, "ABCD", GAME, state.config, "live", [Seat(i) for i in range(4)], "", state,
                status=PLAYING)


def said(html: str) -> str:
    """Text or HTML with its entities read and every space an ordinary one."""
    return " ".join(unescape(html).split())
