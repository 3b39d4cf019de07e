"""Hacker's vocabulary: bills, virus counts, phases, and the encoding of a virus card.

Seats are numbered clockwise. Accounts are identified by their place on the table
(0 .. 3n-1), shuffled at setup like the face-up account cards of the text.
"""

from __future__ import annotations

ROUNDS = 4
ACCOUNTS_PER_PLAYER = 3
BILLS_PER_PLAYER_AT_SETUP = 2

#: The 42 bills (seed text, H1): 10 of value 1, 20 of value 2, 12 of value 3. A bill is
#: an id 0..41 whose value is ``BILL_VALUE[id]``.
BILL_VALUE: tuple[int, ...] = (1,) * 10 + (2,) * 20 + (3,) * 12
BILL_COUNT = len(BILL_VALUE)

COLOURS_FR = ("rouge", "bleu", "vert", "jaune", "violet", "noir", "orange")
COLOURS_EN = ("red", "blue", "green", "yellow", "purple", "black", "orange")
#: rich markup colour per seat (terminal).
COLOURS_RICH = ("red", "blue", "green", "yellow", "magenta", "bright_black", "dark_orange")

# Phases.
SETUP = 0  # everyone credits the two bills dealt at setup (simultaneous decisions)
TRIP = 1  # one player's trip to the bank; the others may drop viruses (simultaneous)
CREDIT = 2  # the traveller credits the bill brought back
CHOOSE = 3  # the protecting player picks the next attacked account to resolve
GUESS = 4  # the protecting player names the owner of the top virus
STEAL = 5  # the virus owner picks a bill position (option theft=chosen)
LOOT = 6  # the thief credits the stolen bill at once
OVER = 7

PHASE_NAMES = ("setup", "trip", "credit", "choose", "guess", "steal", "loot", "over")


def warded(bills: list[int]) -> int:
    """H8 cryptage: the viruses an account sets aside before guessing, its bills of 1 minus
    its bills of 3 (none when that is not positive)."""
    points = 0
    for bill in bills:
        value = BILL_VALUE[bill]
        points += 1 if value == 1 else -1 if value == 3 else 0
    return max(0, points)


def viruses_for(players: int, three_player_viruses: int) -> int:
    """Viruses per colour (H1): 4 with 5–6 players, 3 with 4 or 7, an option with 3."""
    if players == 3:
        return three_player_viruses
    return 4 if players in (5, 6) else 3


# A virus card is one int: owner (3 bits) | trip (3 bits, the traveller's seat when it was
# dropped) | known-by mask (7 bits, seats that know its owner) | account (5 bits) | set
# aside face down (1 bit: H8 cryptage or no bill left, without a guess; absent from
# states saved before it, read as a guessed virus).
OWNER_MASK = 0b111
TRIP_SHIFT = 3
KNOWN_SHIFT = 6
KNOWN_MASK = 0x7F << KNOWN_SHIFT
POS_SHIFT = 13
POS_MASK = 31
FACE_DOWN = 1 << 18


def virus(owner: int, trip: int, pos: int) -> int:
    return owner | (trip << TRIP_SHIFT) | (1 << (owner + KNOWN_SHIFT)) | (pos << POS_SHIFT)


def queued(pos: int, dropper: int) -> int:
    """A face-down drop of a turn-based trip, waiting for the trip's end: account and
    dropper in one int (``dropper`` below 8)."""
    return pos * 8 + dropper


def queued_dropper(item: int) -> int:
    return item & 7


def queued_account(item: int) -> int:
    return item >> 3


def v_owner(code: int) -> int:
    return code & OWNER_MASK


def v_trip(code: int) -> int:
    return (code >> TRIP_SHIFT) & 0b111


def v_pos(code: int) -> int:
    return (code >> POS_SHIFT) & POS_MASK


def v_face_down(code: int) -> bool:
    """Whether the virus was set aside face down, without a guess: nobody learnt its
    owner then (H8 cryptage, or no bill left on the account)."""
    return bool(code & FACE_DOWN)


def v_knows(code: int, player: int) -> bool:
    return bool(code >> (KNOWN_SHIFT + player) & 1)


def v_reveal(code: int, players: int) -> int:
    """The same virus, now known to the seats in the bit mask ``players``."""
    return code | ((players & 0x7F) << KNOWN_SHIFT)


def loot_record(pos: int, thief: int, knowers: int, anywhere: bool) -> int:
    """A stolen bill credited face down: the account it went to, the thief, the seats that
    know the thief (bit mask) and whether any account was allowed (brouillage)."""
    return pos | (thief << 5) | (int(anywhere) << 8) | ((knowers & 0x7F) << 9)


def loot_account(record: int) -> int:
    return record & 31


def loot_thief(record: int) -> int:
    return (record >> 5) & 7


def loot_anywhere(record: int) -> bool:
    return bool(record >> 8 & 1)


def loot_knows(record: int, player: int) -> bool:
    return bool(record >> (9 + player) & 1)


#: Counters kept for ``metrics()``, by index.
STAT_NAMES = (
    "drops",
    "noticed",
    "guesses",
    "guesses_right",
    "thefts",
    "set_aside_empty",
    "set_aside_cryptage",
    "own_virus",
    "misdirected_credits",
    "self_drops",
)
S_DROPS, S_NOTICED, S_GUESSES, S_RIGHT, S_THEFTS = 0, 1, 2, 3, 4
S_EMPTY, S_CRYPT, S_OWN, S_MISCREDIT, S_SELF = 5, 6, 7, 8, 9
