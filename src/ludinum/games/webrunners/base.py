"""The plain data of a Web Runners state: fields, copying and JSON (no rules here)."""

from __future__ import annotations

import random
from typing import Any

from ludinum.engine import (
    GameConfig,
    KeptLegal,
    rng_from_json,
)
from ludinum.engine import rng_to_json as _rng_to_json
from ludinum.games.webrunners.session import seconds as session_seconds

# Phases.
(SETUP_ACCOUNTS, SETUP_PHONE, SETUP_CHARACTER, MAIN, PAY, CONVERT, TARGET, RESPOND, WINDOW,
 DISTANCE, HACK, SURVEIL, GREEN_PHASE, GEEK, OVER) = range(15)
PHASE_NAMES = (
    "setup_accounts", "setup_phone", "setup_character", "main", "pay", "convert", "target",
    "respond", "window", "distance", "hack", "surveil", "green", "geek", "over",
)

#: Every field of the state, in JSON order. Lists of ints are copied element-wise.
SCALARS = (
    "phase", "cur", "first", "round", "winner", "capped", "extra", "a_card", "a_by", "a_tgt",
    "a_retro", "inf", "vic", "s_by", "pay_left", "wh_card", "green_n", "m_turns",
    "m_attacks", "m_retros", "m_blocked", "m_cancelled", "m_powers", "timed_out",
)
#: Scalars added after states were first written, and their value in older JSON.
LATER_SCALARS = {"timed_out": False}
LISTS = (
    "circle", "cell", "draw", "disc", "dseen", "chars", "used", "answers", "phone",
    "pick_order", "waiting", "x_takes", "x_gives", "s_cards", "m_bridges",
)


class StateData(KeptLegal):
    """Fields only. ``hands`` is a list of lists of card indices (see ``data.DECK_DATA``)."""

    config: GameConfig
    rng: random.Random
    # options, copied out of the config for speed
    n: int
    theme: str
    power_ends_turn: bool
    response_seconds: int
    one_minute_seconds: int
    max_rounds: int
    forced_colours: bool
    session_seconds_: float
    # game
    phase: int
    cur: int
    first: int
    round: int
    winner: int
    capped: bool
    #: W18: the session's time ran out (the closest to the centre win).
    timed_out: bool
    extra: bool
    circle: list[int]
    cell: list[int]
    hands: list[list[int]]
    draw: list[int]
    disc: list[int]
    dseen: list[int]  # per discard entry: bit mask of the seats that know that card
    chars: list[int]
    used: list[bool]
    answers: list[int]
    phone: list[int]
    pick_order: list[int]
    waiting: list[int]
    # pending attack
    a_card: int
    a_by: int
    a_tgt: int
    a_retro: int
    inf: int
    vic: int
    # pending exchange (Hacking, Surveillance): tentative until "done" (W8, W9, W12)
    x_takes: list[int]
    x_gives: list[int]
    s_cards: list[int]
    s_by: int
    pay_left: int
    wh_card: int
    green_n: int
    # indicators
    m_turns: int
    m_attacks: int
    m_retros: int
    m_blocked: int
    m_cancelled: int
    m_powers: int
    m_bridges: list[int]

    def _set_options(self, config: GameConfig) -> None:
        self.config = config
        self.n = config.players
        self.theme = str(config.options["theme"])
        self.power_ends_turn = bool(config.options["power_ends_turn"])
        self.response_seconds = int(config.options["response_seconds"])
        self.one_minute_seconds = int(config.options["one_minute_seconds"])
        self.max_rounds = int(config.options["max_rounds"])
        self.forced_colours = bool(config.options["forced_move_colours"])
        self.session_seconds_ = session_seconds(config.options.get("session_minutes"))

    def _copy_into(self, other: StateData) -> None:
        d = self.__dict__
        o = other.__dict__
        for name in SCALARS:
            o[name] = d[name]
        for name in LISTS:
            o[name] = d[name][:]
        other.hands = [h[:] for h in self.hands]

    def copy_with(self, rng: random.Random) -> StateData:
        """A copy that draws from ``rng`` (a search's simulated games and determinisations
        get a fresh generator: they do not pay for copying this one's state)."""
        twin = self.__class__.__new__(self.__class__)
        twin._set_options(self.config)
        self._copy_into(twin)
        twin.rng = rng
        return twin

    def to_json(self) -> dict[str, Any]:
        d = self.__dict__
        out: dict[str, Any] = {"config": self.config.to_json()}
        for name in SCALARS:
            out[name] = d[name]
        for name in LISTS:
            out[name] = list(d[name])
        out["hands"] = [list(h) for h in self.hands]
        out["rng"] = _rng_to_json(self.rng)
        return out

    @classmethod
    def from_json(cls, config: GameConfig, data: dict[str, Any]) -> StateData:
        state = cls.__new__(cls)
        state._set_options(config)
        d = state.__dict__
        for name in SCALARS:
            value = data.get(name, LATER_SCALARS[name]) if name in LATER_SCALARS \
                else data[name]
            if not isinstance(value, (int, bool)):
                raise TypeError(name)
            d[name] = value
        for name in LISTS:
            d[name] = [v if isinstance(v, bool) else int(v) for v in data[name]]
        state.hands = [[int(c) for c in h] for h in data["hands"]]
        state.rng = rng_from_json(data["rng"])
        return state
