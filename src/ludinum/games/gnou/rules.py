"""The rules of Le jeu du Gnou (seed 001, rulings G1–G9): who acts, what is legal, and
what each action does.

One team pawn on a 43-position track. Each player in turn performs the action of the cell
the pawn is on ("chaque joueur n'effectue qu'une action"); the counter moves each time the
next player takes over (G2). Quizzes are actions of the answering player.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import product
from math import floor
from operator import itemgetter
from typing import Any, NamedTuple

from ludinum.engine import (
    Action,
    Event,
    GameConfig,
    Outcome,
    State,
    shuffle,
)
from ludinum.games.gnou.content import (
    CULTURE,
    DANGER_TYPES,
    LEVELS,
    PROTECTION_FOR,
    PROTECTIONS,
    SERIES,
    Bank,
    Cell,
    load_bank,
    load_board,
    load_dangers,
)
from ludinum.games.gnou.options import DICE, TURN_LIMITS

END = 42
ALL_PROTECTIONS = (1 << len(PROTECTIONS)) - 1
SERIES_INDEX = {s: i for i, s in enumerate(SERIES)}
CULTURE_SERIES = SERIES_INDEX[CULTURE]
#: Protection index (bit) that removes each danger type.
SHIELD = {t: PROTECTIONS.index(PROTECTION_FOR[t]) for t in DANGER_TYPES}

#: Where events go: a list, or None when nobody reads them (``advance``).
Events = list[Event] | None

#: ``(seat,)`` for each seat: who acts, without a new tuple per question.
SEATS = tuple((seat,) for seat in range(16))
ROLL = Action.make("roll")
ROLLS = (ROLL,)
HINT = Action.make("hint")
TRANSMIT = Action.make("transmit")
DECLINE = Action.make("decline")
ANSWERS = tuple(Action.make("answer", choice=i) for i in range(4))
#: The choice of each shared answer action, by identity (the fast path of ``number``).
CHOICE_OF = {id(a): i for i, a in enumerate(ANSWERS)}
SEEK = tuple(Action.make("seek", protection=p) for p in PROTECTIONS)
#: The protection of each shared seek action, by identity (the fast path of ``word``).
PROTECTION_OF = {id(a): i for i, a in enumerate(SEEK)}
#: The seek actions left to a player, by the bits of the protections already held.
SEEKS_LEFT = tuple(
    tuple(SEEK[i] for i in range(len(PROTECTIONS)) if not have >> i & 1)
    for have in range(ALL_PROTECTIONS + 1)
)
OFFER_ACTIONS = (TRANSMIT, DECLINE)
#: The team's two possible outcomes (lost, won) per player count: a frozen value, made
#: once rather than at the end of every simulated game and every search rollout.
OUTCOMES = tuple(
    (Outcome((0.0,) * n, (), True), Outcome((1.0,) * n, tuple(range(n)), True))
    for n in range(17)
)

# Quiz purposes.
SEEK_Q = "seek"  # awareness cell: win a protection
LIBERTY_Q = "liberty"  # liberty cell: advance to the next awareness cell
CULTURE_Q = "culture"  # community / GULL: advance
LEARN_Q = "learn"  # transmission: the learner answers alone (G5)
USE_Q = "use"  # hard mode: use one's own protection (G7)
GIVE_Q = "give"  # hard mode: the giver must answer before passing it on (G7)
SOLO = frozenset({LEARN_Q, USE_Q, GIVE_Q})  # answered alone (G4)
#: The moves after which the quiz just answered is still told on a screen with no seat
#: (views.py: ``answered``): a hint asked aside, and a protection sought on the awareness
#: cell that answer brought the pawn to, whose quiz takes its place (the narration then
#: says it whole, text.py: ``GnouText.headline``).
KEEP_ANSWERED = frozenset({"hint", "seek"})

STATS = (
    "quizzes",
    "quizzes_right",
    "protections_gained",
    "dangers_removed",
    "transmissions",
    "pushbacks",
    "rerolls",
)
STAT_COUNT = len(STATS)
#: One pile of questions per (series, level), by ``series * 3 + level - 1``.
PILES = len(SERIES) * len(LEVELS)


def parse_levels(config: GameConfig) -> tuple[int, ...]:
    text = str(config.options["handicap"]).strip()
    if not text:
        return (int(config.options["quiz_level"]),) * config.players
    return tuple(int(part) for part in text.split(","))


def turn_limit(config: GameConfig) -> int:
    override = int(config.options["turn_limit"])
    if override:
        return override
    return TURN_LIMITS[str(config.options["variant"])][str(config.options["difficulty"])]


class Fixed(NamedTuple):
    """What a configuration and the content fix for a whole game, as the rules read it;
    worked out once per configuration (a simulation starts thousands of games of one)."""

    bank: Bank
    cells: tuple[Cell, ...]
    #: The legal answers of each question and its right one, by question index.
    answers: tuple[tuple[Action, ...], ...]
    keys: tuple[int, ...]
    #: The unshuffled pile of each (series, level), by ``series * 3 + level - 1``.
    decks: tuple[tuple[int, ...], ...]
    #: For each pile of five cards (the game's), what it becomes at its first draw for
    #: each result of the draws (:data:`DEAL_FIVE`'s orders, applied once); None for
    #: other sizes (:func:`deal`).
    dealt: tuple[tuple[tuple[int, ...], ...] | None, ...]
    #: Each cell's kind; the protection that removes its danger (-1: none); the series a
    #: liberty cell asks (-1: none).
    kinds: tuple[str, ...]
    shields: tuple[int, ...]
    liberties: tuple[int, ...]
    #: From each cell, the first awareness cell at or after it (-1: none), where a right
    #: answer on a liberty or community cell moves the pawn.
    ahead: tuple[int, ...]
    #: From each cell, where a push back ends when no danger behind it was removed (the
    #: nearest cell below that is no danger, or 0), and the danger cells passed on the way,
    #: as bits: a removed one among them stops the pawn (:meth:`Rules._push_back`).
    back: tuple[int, ...]
    passed: tuple[int, ...]
    dice: int
    limit: int
    levels: tuple[int, ...]
    hard: bool
    gm: bool


#: The last few configurations' :class:`Fixed` parts, the latest first: (players,
#: options, bank, board, fixed). The bank and board are compared by identity (the content
#: in use), the options by value.
_FIXED: list[tuple[int, dict[str, Any], Bank, tuple[Cell, ...], Fixed]] = []


def fixed(config: GameConfig) -> Fixed:
    """The :class:`Fixed` part of a game of ``config`` with the content in use."""
    bank, cells = load_bank(), load_board()
    players, options = config.players, config.options
    for entry in _FIXED:
        if entry[2] is bank and entry[3] is cells and entry[0] == players and (
            entry[1] == options
        ):
            return entry[4]
    done = _fix(config, bank, cells)
    _FIXED.insert(0, (players, dict(options), bank, cells, done))
    del _FIXED[8:]  # a server's tables, a sweep's settings: a few at a time
    return done


def _fix(config: GameConfig, bank: Bank, cells: tuple[Cell, ...]) -> Fixed:
    decks = tuple(bank.piles[(series, level)] for series in SERIES for level in LEVELS)
    return Fixed(
        bank,
        cells,
        tuple(ANSWERS[: len(q.choices)] for q in bank.questions),
        tuple(q.answer for q in bank.questions),
        decks,
        tuple(tuple(order(deck) for order in DEAL_FIVE) if len(deck) == 5 else None
              for deck in decks),
        tuple(c.kind for c in cells),
        tuple(SHIELD[c.detail] if c.kind == "danger" else -1 for c in cells),
        tuple(SERIES_INDEX[c.detail] if c.kind == "liberty" else -1 for c in cells),
        tuple(next((c.index for c in cells[pos:] if c.kind == "awareness"), -1)
              for pos in range(len(cells))),
        tuple(_back(cells, pos) for pos in range(len(cells))),
        tuple(sum(1 << c for c in range(_back(cells, pos) + 1, pos)) for pos in range(len(cells))),
        DICE[str(config.options["variant"])],
        turn_limit(config),
        parse_levels(config),
        bool(config.options["hard_mode"]),
        bool(config.options["game_master"]),
    )


def _back(cells: tuple[Cell, ...], start: int) -> int:
    """Where the pawn pushed back from ``start`` stops when no danger was removed."""
    target = start - 1
    while target > 0 and cells[target].kind == "danger":
        target -= 1
    return target


#: Piles of up to this many cards are dealt from tables at their first draw (:func:`deal`).
DEALT = 6
#: Per pile size, the tables of :func:`deal`: Fisher–Yates' draws from the top of the pile,
#: as (bound, bits of the bound), and for each combination of their results (read as one
#: number, the first draw weighing most) the order of the pile once shuffled and its top
#: card put under, as a function of the unshuffled pile.
_DEALS: dict[int, tuple[tuple[tuple[int, int], ...], tuple[Callable[[Any], Any], ...]]] = {}


def _deals(size: int) -> tuple[tuple[tuple[int, int], ...], tuple[Callable[[Any], Any], ...]]:
    steps = tuple((i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    orders = []
    for draws in product(*(range(bound) for bound, _bits in steps)):
        order = list(range(size))
        for (bound, _bits), j in zip(steps, draws, strict=True):
            order[bound - 1], order[j] = order[j], order[bound - 1]
        orders.append(itemgetter(*order[1:], order[0]))
    _DEALS[size] = steps, tuple(orders)
    return _DEALS[size]


def deal(rng: random.Random, deck: tuple[int, ...]) -> tuple[int, ...]:
    """The pile ``deck`` becomes at its first draw (G3): shuffled as :func:`shuffle` (and
    ``random.shuffle``) shuffles it, from the same draws of ``rng``, then its top card, the
    one drawn, put under. A pile of 2 to :data:`DEALT` cards is dealt from tables: the
    draws only, not a swap per card (a game of Gnou deals about five piles of five)."""
    size = len(deck)
    if not 1 < size <= DEALT:
        cards = list(deck)
        shuffle(rng, cards)
        cards.append(cards.pop(0))
        return tuple(cards)
    steps, orders = _DEALS.get(size) or _deals(size)
    getrandbits = rng.getrandbits
    index = 0
    for bound, bits in steps:
        j = getrandbits(bits)
        while j >= bound:  # the rejections of ``shuffle``: one more draw each
            j = getrandbits(bits)
        index = index * bound + j
    pile: tuple[int, ...] = orders[index](deck)
    return pile


#: The orders of a pile of five (the game's piles) by :func:`deal`'s draws, which
#: ``Rules._draw`` makes inline.
DEAL_FIVE = _deals(5)[1]


def _danger_data(player: int, pos: int, kind: str) -> dict[str, Any]:
    """G5: « détache la carte danger et en lit à haute voix la description, au recto puis au
    verso »: every time a danger is met, whatever follows (removed, transmitted or pushed
    back), the event carries the card's title, its description (recto) and how to protect
    oneself (verso), in French; the text layer gives the English."""
    data: dict[str, Any] = {"player": player, "cell": pos, "type": kind}
    card = load_dangers().get(pos)
    if card is not None:
        data.update(title=card.title, text=card.text, protect=card.alternative)
    return data


class Rules(State):
    """A Gnou game's fields and its rules (the state as a whole: :class:`.state.GnouState`)."""

    __slots__ = (
        "ahead",
        "answered",
        "answers",
        "back",
        "bank",
        "cells",
        "config",
        "current",
        "danger",
        "dealt",
        "decks",
        "dice",
        "giver",
        "gm",
        "hard",
        "keys",
        "kinds",
        "last_push",
        "levels",
        "liberties",
        "limit",
        "n",
        "offer",
        "passed",
        "piles",
        "pos",
        "prot",
        "quiz",
        "removed",
        "result",
        "rng",
        "shields",
        "stats",
        "step",
        "turn",
    )

    bank: Bank
    cells: tuple[Cell, ...]
    #: Pending quiz: [question index, purpose, answerer, protection index, hint shown].
    quiz: list[Any] | None
    #: The quiz answered by the last move: (question index, answerer, choice), for the
    #: screens with no seat (views.py). Kept by a game whose events are read (a room), until
    #: its next move (a hint asked for the quiz that follows at once aside); not by
    #: rollouts, nor stored (a restored room shows none).
    answered: tuple[int, int, int] | None

    def __init__(
        self, config: GameConfig, rng: random.Random, parts: Fixed | None = None
    ) -> None:
        """A new game of ``config``; ``parts``: ``fixed(config)``, when the caller has it."""
        self.config = config
        self.rng = rng
        # The parts a configuration fixes (``Fixed``), as attributes: read on every action.
        (
            self.bank, self.cells, self.answers, self.keys, self.decks, self.dealt, self.kinds,
            self.shields, self.liberties, self.ahead, self.back, self.passed, self.dice,
            self.limit, self.levels, self.hard, self.gm,
        ) = fixed(config) if parts is None else parts
        self.n = config.players
        self.pos = 0
        self.turn = 1
        self.current = 0
        self.step = "roll"
        self.removed = 0  # bit per danger cell whose danger was removed
        self.prot = [0] * self.n  # bit per protection, per player
        # One pile per (series, level); None until its first draw shuffles it (G3).
        self.piles: list[tuple[int, ...] | None] = [None] * PILES
        self.quiz = None
        self.answered = None
        self.offer: list[int] = []
        self.danger = -1  # danger cell being resolved
        self.giver = -1
        self.last_push = -1  # the danger that just pushed the pawn back (G6)
        self.result = ""
        self.stats = [0] * STAT_COUNT

    # -- who acts ------------------------------------------------------------------------
    def active_players(self) -> tuple[int, ...]:
        step = self.step
        if step == "roll" or step == "choose":
            return SEATS[self.current]
        if step == "answer":
            quiz = self.quiz
            return () if quiz is None else SEATS[quiz[2]]
        if step == "offer":
            return tuple(self.offer)
        return ()

    def legal_actions(self, player: int) -> Sequence[Action]:
        step = self.step
        if step == "roll":
            return ROLLS if player == self.current else ()
        if step == "answer":
            quiz = self.quiz
            if quiz is None or player != quiz[2]:
                return ()
            answers = self.answers[quiz[0]]
            if self.gm and not quiz[4]:
                return (*answers, HINT)
            return answers
        if step == "choose":
            if player != self.current:
                return ()
            return SEEKS_LEFT[self.prot[player]]
        if step == "offer":
            return OFFER_ACTIONS if player in self.offer else ()
        return ()

    def is_terminal(self) -> bool:
        return self.step == "over"

    # -- applying ------------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> list[Event]:
        events: list[Event] = []
        self._play(player, action, events)
        return events

    def advance(self, player: int, action: Action, events: Events = None) -> None:
        """Apply ``action``; ``events`` receives what happened (None, as callers of
        ``State.advance`` leave it: none are built, nobody reads them).

        Without events, the frequent moves (a roll, an answer to a quiz that moves or
        protects, a protection sought) take a flat path: the same changes as :meth:`_play`
        in the same order, with the same draws, in fewer calls (random play and search
        rollouts make millions). Anything else goes through :meth:`_play`."""
        if events is not None:
            self._play(player, action, events)
            return
        kind = action.kind
        if kind == "roll":
            pos = self._throw(None)[0]
            self.last_push = -1
            self.pos = pos
            if pos >= END:
                self._finish("win", None)
                return
            if self.kinds[pos] != "danger":
                self._arrive()
                return
            if self.removed >> pos & 1:
                self.step = "roll"
                return
            self.danger = pos
            shield = self.shields[pos]
            prot = self.prot
            current = self.current
            if prot[current] >> shield & 1:
                if self.hard:
                    self._draw(shield, USE_Q, current, shield)
                else:
                    self._remove_danger(current, shield, None)
                return
            bit = 1 << shield
            for have in prot:  # most often nobody holds it: pushed back at once
                if have & bit:
                    self._offer_or_push(shield, None)
                    return
            # Pushed back (``_push_back``), then the next player on the cell reached.
            passed = self.removed & self.passed[pos]
            target = passed.bit_length() - 1 if passed else self.back[pos]
            self.pos = target
            self.last_push = pos
            self.danger = -1
            self.stats[5] += 1
            self._on_cell()
        elif kind == "answer":
            choice = CHOICE_OF.get(id(action))
            if choice is None:
                choice = action.number("choice")
            quiz = self.quiz
            assert quiz is not None
            purpose = quiz[1]
            if purpose == SEEK_Q:
                self.quiz = None
                stats = self.stats
                if choice == self.keys[quiz[0]]:
                    stats[1] += 1
                    answerer, protection = quiz[2], quiz[3]
                    held = self.prot[answerer]
                    if not held >> protection & 1:
                        self.prot[answerer] = held | 1 << protection
                        stats[2] += 1
                self._next(False)
            elif purpose in (LIBERTY_Q, CULTURE_Q):
                self.quiz = None
                if choice != self.keys[quiz[0]]:
                    self._next(False)
                    return
                self.stats[1] += 1
                pos = self.pos
                if self.kinds[pos] == "gull":
                    self.pos = END
                    self._finish("win", None)
                    return
                target = self.ahead[pos]
                if target < 0:  # a board without an awareness cell ahead: as next() fails
                    raise StopIteration
                self.pos = target
                self._on_cell()
            else:
                self._answer(choice, None)
        elif kind == "seek":
            protection = PROTECTION_OF.get(id(action))
            if protection is None:
                protection = PROTECTIONS.index(action.word("protection"))
            self._draw(protection, SEEK_Q, player, protection)
        else:
            self._play(player, action, None)

    def _next(self, on_cell: bool) -> None:
        """:meth:`_end_turn` without events."""
        if self.turn >= self.limit:
            self._finish("lose", None)
            return
        self.turn += 1
        self.current = (self.current + 1) % self.n
        if on_cell:
            self._arrive()
        else:
            self.step = "roll"

    def _on_cell(self) -> None:
        """``_end_turn(True)`` without events: the next player performs the action of the
        cell reached."""
        if self.turn >= self.limit:
            self._finish("lose", None)
            return
        self.turn += 1
        current = self.current = (self.current + 1) % self.n
        # :meth:`_arrive`, inline (a push back, a move on a right answer: most turns).
        pos = self.pos
        kind = self.kinds[pos]
        if kind == "awareness":
            self.step = "roll" if self.prot[current] == ALL_PROTECTIONS else "choose"
        elif kind == "liberty":
            self._draw(self.liberties[pos], LIBERTY_Q, current, -1)
        elif kind == "community" or kind == "gull":
            self._draw(CULTURE_SERIES, CULTURE_Q, current, -1)
        else:
            self.step = "roll"

    def _arrive(self) -> None:
        """:meth:`_cell_action` without events."""
        pos = self.pos
        kind = self.kinds[pos]
        if kind == "awareness":
            self.step = "roll" if self.prot[self.current] == ALL_PROTECTIONS else "choose"
        elif kind == "liberty":
            self._draw(self.liberties[pos], LIBERTY_Q, self.current, -1)
        elif kind == "community" or kind == "gull":
            self._draw(CULTURE_SERIES, CULTURE_Q, self.current, -1)
        else:
            self.step = "roll"

    def _play(self, player: int, action: Action, events: Events) -> None:
        """Apply ``action``, its events (if ``events`` is a list) appended there."""
        kind = action.kind
        if events is not None and kind not in KEEP_ANSWERED:
            self.answered = None  # kept until the next move (views.py)
        if kind == "roll":
            self._roll(events)
        elif kind == "answer":
            choice = CHOICE_OF.get(id(action))
            self._answer(action.number("choice") if choice is None else choice, events)
        elif kind == "seek":
            protection = PROTECTION_OF.get(id(action))
            if protection is None:
                protection = PROTECTIONS.index(action.word("protection"))
            self._ask(protection, SEEK_Q, player, protection, events)
        elif kind == "transmit":
            self._transmit(player, events)
        elif kind == "decline":
            self.offer.remove(player)
            if events is not None:
                events.append(Event("declined", {"player": player}))
            if not self.offer:
                self._push_back(events)
        elif kind == "hint":
            assert self.quiz is not None
            self.quiz[4] = True
            if events is not None:
                data = {"player": player, "question": self.bank.questions[self.quiz[0]].id}
                # G4: a solo question stays the answerer's alone until answered, and so does
                # its hint: not the teammates, not their bots, not the projector (a
                # spectator).
                solo = self.quiz[1] in SOLO
                events.append(Event("hint", data, (self.quiz[2],) if solo else None))

    def _throw(self, events: Events) -> tuple[int, list[int] | None]:
        """The cell the dice send the pawn to, and the dice (only when ``events`` are
        told): thrown again while they land on the danger that just pushed it back (G6)."""
        random = self.rng.random
        count = self.dice
        while True:
            # One draw per die, in order; the dice kept as a list only for the events.
            # ``floor(x * 6.0)`` is ``int(x * 6)`` for these non-negative floats, at half
            # the cost (a float times a float is the interpreter's specialised product).
            dice: list[int] | None = None
            if events is not None:
                dice = []
                for _ in range(count):
                    dice.append(1 + floor(random() * 6.0))
                total = sum(dice)
            elif count == 2:  # galopant (two dice, left to right as in the list)
                total = 2 + floor(random() * 6.0) + floor(random() * 6.0)
            else:
                total = count
                for _ in range(count):
                    total += floor(random() * 6.0)
            pos = self.pos + total
            if pos > END:
                pos = END
            if pos != self.last_push or self.removed >> pos & 1:
                return pos, dice
            # G6: landing a second time on the danger that just pushed back: roll again.
            if events is not None:
                events.append(Event("reroll", {"player": self.current, "dice": dice,
                                               "cell": pos}))
            self.stats[6] += 1

    def _roll(self, events: Events) -> None:
        """Roll, move, then the action of the cell reached, by the same player."""
        current = self.current
        pos, dice = self._throw(events)
        if events is not None:
            events.append(
                Event("roll", {"player": current, "dice": dice, "start": self.pos, "to": pos})
            )
        self.last_push = -1
        self.pos = pos
        if pos >= END:
            self._finish("win", events)
        elif self.kinds[pos] != "danger":
            self._cell_action(events)
        elif self.removed >> pos & 1:
            # "Le joueur qui avance sur cette case ré-effectue l'action de jeter le(s) dé(s)."
            if events is not None:
                events.append(Event("free_cell", {"player": current, "cell": pos}))
            self.step = "roll"
        else:
            self.danger = pos
            if events is not None:
                data = _danger_data(current, pos, self.cells[pos].detail)
                events.append(Event("danger", data))
            shield = self.shields[pos]
            if not self.prot[current] >> shield & 1:
                self._offer_or_push(shield, events)
            elif self.hard:
                self._ask(shield, USE_Q, current, shield, events)
            else:
                self._remove_danger(current, shield, events)

    def _cell_action(self, events: Events) -> None:
        """The action of the pawn's cell (not an active danger) by the current player: win a
        protection (awareness), a quiz to move on (liberty, community, GULL), else roll."""
        if events is None:
            self._arrive()
            return
        pos = self.pos
        kind = self.kinds[pos]
        if kind == "awareness":
            if self.prot[self.current] == ALL_PROTECTIONS:
                if events is not None:
                    events.append(Event("all_protections", {"player": self.current}))
                self.step = "roll"
            else:
                self.step = "choose"
            return
        if kind == "liberty":
            self._ask(self.liberties[pos], LIBERTY_Q, self.current, -1, events)
        elif kind == "community" or kind == "gull":
            self._ask(CULTURE_SERIES, CULTURE_Q, self.current, -1, events)
        else:
            self.step = "roll"

    def _offer_or_push(self, shield: int, events: Events) -> None:
        bit = 1 << shield
        prot = self.prot
        for have in prot:  # most often nobody holds it: no list then
            if have & bit:
                current = self.current
                holders = [p for p, held in enumerate(prot) if held & bit and p != current]
                break
        else:
            holders = []
        if holders:
            self.offer = holders
            self.step = "offer"
            if events is not None:
                events.append(
                    Event(
                        "offer",
                        {
                            "learner": self.current,
                            "cell": self.danger,
                            "protection": PROTECTIONS[shield],
                            "holders": list(holders),  # a value: ``offer`` shrinks
                        },
                    )
                )
        else:
            self._push_back(events)

    def _transmit(self, giver: int, events: Events) -> None:
        shield = self.shields[self.danger]
        self.offer = []
        self.giver = giver
        if events is not None:
            events.append(
                Event(
                    "transmission",
                    {
                        "giver": giver,
                        "learner": self.current,
                        "cell": self.danger,
                        "protection": PROTECTIONS[shield],
                    },
                )
            )
        if self.hard:
            self._ask(shield, GIVE_Q, giver, shield, events)
        else:
            self._ask(shield, LEARN_Q, self.current, shield, events)

    def _remove_danger(self, by: int, shield: int, events: Events) -> None:
        self.removed |= 1 << self.danger
        self.stats[3] += 1
        if events is not None:
            events.append(
                Event(
                    "danger_removed",
                    {"player": by, "cell": self.danger, "protection": PROTECTIONS[shield]},
                )
            )
        self.danger = -1
        self._end_turn(False, events)

    def _push_back(self, events: Events) -> None:
        """Back to the nearest cell that is not an active danger; the next player performs
        that cell's action."""
        start = self.pos
        passed = self.removed & self.passed[start]  # removed dangers on the way back
        target = passed.bit_length() - 1 if passed else self.back[start]
        self.pos = target
        self.last_push = start
        self.danger = -1
        self.stats[5] += 1
        if events is not None:
            events.append(Event("pushback", {"player": self.current, "cell": start, "to": target}))
        self._end_turn(True, events)

    def _ask(
        self, series: int, purpose: str, answerer: int, protection: int, events: Events
    ) -> None:
        """:meth:`_draw`, then its event."""
        self._draw(series, purpose, answerer, protection)
        if events is None:
            return
        quiz = self.quiz
        assert quiz is not None
        solo = purpose in SOLO
        data: dict[str, Any] = {
            "answerer": answerer,
            "series": SERIES[series],
            "level": self.levels[answerer],
            "purpose": purpose,
            "solo": solo,
        }
        if not solo:
            data["question"] = self.bank.questions[quiz[0]].id
        events.append(Event("quiz", data))

    def _draw(self, series: int, purpose: str, answerer: int, protection: int) -> None:
        """Draw the top card of the series at the answerer's level; it goes under (G3)."""
        key = series * 3 + self.levels[answerer] - 1
        piles = self.piles
        pile = piles[key]
        if pile is not None:
            question = pile[0]
            piles[key] = (*pile[1:], question)
        else:  # first card of this pile: the pile is shuffled now (``deal``)
            dealt = self.dealt[key]
            if dealt is not None:  # five cards: ``deal``'s draws, unrolled, inline
                getrandbits = self.rng.getrandbits
                a = getrandbits(3)
                while a >= 5:
                    a = getrandbits(3)
                b = getrandbits(3)
                while b >= 4:
                    b = getrandbits(3)
                c = getrandbits(2)
                while c >= 3:
                    c = getrandbits(2)
                d = getrandbits(2)
                while d >= 2:
                    d = getrandbits(2)
                pile = dealt[((a * 4 + b) * 3 + c) * 2 + d]
            else:
                pile = deal(self.rng, self.decks[key])
            question = pile[-1]
            piles[key] = pile
        self.quiz = [question, purpose, answerer, protection, False]
        self.step = "answer"
        self.stats[0] += 1

    def _answer(self, choice: int, events: Events) -> None:
        quiz = self.quiz
        assert quiz is not None
        purpose: str
        answerer: int
        protection: int
        index, purpose, answerer, protection, _hint = quiz
        right = choice == self.keys[index]
        self.quiz = None
        if right:
            self.stats[1] += 1
        if events is not None:
            self.answered = (index, answerer, choice)
            question = self.bank.questions[index]
            events.append(
                Event(
                    "answer",
                    {
                        "player": answerer,
                        "question": question.id,
                        "choice": choice,
                        "right": right,
                        "answer": question.answer,
                        # G4: a solo question was hidden until now; its answer's line
                        # says it (the table read « Bonne réponse : A. VLC. » alone).
                        "solo": purpose in SOLO,
                    },
                )
            )
        if purpose == SEEK_Q:
            if right:
                self._grant(answerer, protection, "quiz", events)
            self._end_turn(False, events)
        elif purpose in (LIBERTY_Q, CULTURE_Q):
            if not right:
                self._end_turn(False, events)
            elif self.kinds[self.pos] == "gull":
                # "La case GULL fait avancer sur la case finale 42."
                if events is not None:
                    events.append(Event("move", {"to": END, "start": self.pos}))
                self.pos = END
                self._finish("win", events)
            else:
                target = self.ahead[self.pos]
                if target < 0:  # a board without an awareness cell ahead: as next() fails
                    raise StopIteration
                if events is not None:
                    events.append(Event("move", {"to": target, "start": self.pos}))
                self.pos = target
                self._end_turn(True, events)
        elif purpose == LEARN_Q:
            self.stats[4] += 1
            if right:
                self._grant(answerer, protection, "transmission", events)
                self._remove_danger(self.giver, protection, events)
            else:
                self._push_back(events)
            self.giver = -1
        elif purpose == USE_Q:
            if right:
                self._remove_danger(answerer, protection, events)
            else:
                self._lose(answerer, protection, events)
                self._offer_or_push(protection, events)
        else:  # GIVE_Q
            if right:
                self._ask(protection, LEARN_Q, self.current, protection, events)
            else:
                self._lose(answerer, protection, events)
                self.giver = -1
                self._push_back(events)

    def _grant(self, player: int, protection: int, via: str, events: Events) -> None:
        if not self.prot[player] >> protection & 1:
            self.prot[player] |= 1 << protection
            self.stats[2] += 1
        if events is not None:
            events.append(Event(
                "protection", {"player": player, "protection": PROTECTIONS[protection], "via": via}
            ))

    def _lose(self, player: int, protection: int, events: Events) -> None:
        self.prot[player] &= ~(1 << protection)
        if events is not None:
            events.append(
                Event("protection_lost", {"player": player, "protection": PROTECTIONS[protection]})
            )

    def _end_turn(self, on_cell: bool, events: Events) -> None:
        """Hand over to the next player, who performs the action of the cell reached
        (``on_cell``) or rolls. The counter moves; after the last turn the team has lost."""
        if self.turn >= self.limit:
            self._finish("lose", events)
            return
        self.turn += 1
        self.current = (self.current + 1) % self.n
        if events is not None:
            events.append(Event("turn", {"turn": self.turn, "player": self.current}))
        if on_cell:
            self._cell_action(events)
        else:
            self.step = "roll"

    def _finish(self, result: str, events: Events) -> None:
        self.result = result
        self.step = "over"
        self.quiz = None
        self.offer = []
        if events is not None:
            events.append(Event(result, {"turn": self.turn, "cell": self.pos}))
