"""Every Web Runners action, built once: the hot path only picks from these tables.

``DECODE`` maps an action (compared by value, so parsed text works too) to an opcode and
its argument (a card index, a seat, a number).
"""

from __future__ import annotations

from ludinum.engine import Action
from ludinum.games.webrunners.content import SPEAKERS
from ludinum.games.webrunners.data import DECK_DATA

(MOVE, STAY, CROSS, PAY, ATTACK, TARGET, RETRO, CYBERACT, ACCEPT, COUNTER, PASS, DIST, TAKE,
 GIVE, DONE, TIMEOUT, KEEP, DISCARD, WHITEHAT, CONVERT, CANCEL, INFLUENCE, GEEKCOLO, PICK,
 ACCOUNTS, PHONE, CHARACTER) = range(1, 28)

CHARACTERS = SPEAKERS  # white_hat, influenceuse, cyber_activiste, geekcolo
WHITE_HAT, INFLUENCEUSE, CYBER_ACTIVISTE, GEEKCOLO_CHAR = range(4)
MAX_SEATS = 4
#: Answers of the first-player questions (W15): accounts 0..10 (10 = 10 or more);
#: age of the first phone 6..18, 0 = no phone yet (the latest of all).
ACCOUNT_VALUES = tuple(range(11))
PHONE_VALUES = (0, *range(6, 19))
#: White Hat conversions (W13): a movement value, or 0 for a bridge card.
CONVERT_NAMES = {1: "m1", 2: "m2", 5: "m5", 10: "m10", 0: "bridge"}

DECODE: dict[Action, tuple[int, int]] = {}


def _card_table(kind: str, op: int) -> tuple[Action, ...]:
    out = []
    for card in DECK_DATA.cards:
        action = Action.make(kind, card=card.id)
        DECODE[action] = (op, card.index)
        out.append(action)
    return tuple(out)


def _single(kind: str, op: int, **params: object) -> Action:
    action = Action.make(kind, **params)
    DECODE[action] = (op, -1)
    return action


def _numbered(kind: str, key: str, op: int, values: tuple[int, ...]) -> dict[int, Action]:
    out = {}
    for value in values:
        action = Action.make(kind, **{key: value})
        DECODE[action] = (op, value)
        out[value] = action
    return out


MOVE_A = _card_table("move", MOVE)
STAY_A = _card_table("stay", STAY)
PAY_A = _card_table("pay", PAY)
ATTACK_A = _card_table("attack", ATTACK)
RETRO_A = _card_table("retro", RETRO)
COUNTER_A = _card_table("counter", COUNTER)
TAKE_A = _card_table("take", TAKE)
GIVE_A = _card_table("give", GIVE)
KEEP_A = _card_table("keep", KEEP)
DISCARD_A = _card_table("discard", DISCARD)
WHITEHAT_A = _card_table("whitehat", WHITEHAT)
PICK_A = _card_table("pick", PICK)
STAY_EMPTY = _single("stay", STAY)
CROSS_A = _single("cross", CROSS)
CYBERACT_A = _single("cyberactivist", CYBERACT)
ACCEPT_A = _single("accept", ACCEPT)
PASS_A = _single("pass", PASS)
DONE_A = _single("done", DONE)
TIMEOUT_A = _single("timeout", TIMEOUT)
CANCEL_A = _single("cancel", CANCEL)
GEEKCOLO_A = _single("geekcolo", GEEKCOLO)
TARGET_A = _numbered("target", "seat", TARGET, tuple(range(MAX_SEATS)))
INFLUENCE_A = _numbered("influence", "seat", INFLUENCE, tuple(range(MAX_SEATS)))
DIST_A = _numbered("distance", "cells", DIST, tuple(range(1, 9)))
ACCOUNTS_A = _numbered("accounts", "n", ACCOUNTS, ACCOUNT_VALUES)
PHONE_A = _numbered("phone", "age", PHONE, PHONE_VALUES)
CONVERT_A: dict[int, Action] = {}
for _value, _name in CONVERT_NAMES.items():
    CONVERT_A[_value] = Action.make("convert", to=_name)
    DECODE[CONVERT_A[_value]] = (CONVERT, _value)
CHARACTER_A: dict[int, Action] = {}
for _i, _name in enumerate(CHARACTERS):
    CHARACTER_A[_i] = Action.make("character", name=_name)
    DECODE[CHARACTER_A[_i]] = (CHARACTER, _i)
