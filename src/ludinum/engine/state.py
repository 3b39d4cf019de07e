"""The protocol every game state follows.

A state is created from a :class:`GameConfig` and owns its random generator. It says who
may act now (possibly several players at once), lists each one's legal actions, applies an
action and returns the events it caused. Time is not its business: a deadline only says how
long the server should wait and which action it applies when the wait is over.
"""

from __future__ import annotations

import _random
import random
from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from ludinum.engine.actions import Action
from ludinum.engine.config import GameConfig
from ludinum.engine.errors import (
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    StateFormatError,
    malformed_move,
    move_not_allowed,
)
from ludinum.engine.events import Event
from ludinum.engine.outcome import Outcome
from ludinum.engine.session import is_session_end


@dataclass(frozen=True)
class Deadline:
    """A decision with a time limit: after ``seconds`` the server applies ``action`` for
    ``player`` (a legal action of that player). ``kind`` names the rule (``response``,
    ``one_minute``, ``trip``…). ``seconds`` of 0 means no limit in this configuration."""

    kind: str
    seconds: float
    player: int
    action: Action
    #: True when the time itself is the rule (a timed trip lasts its seconds, H3): a bot
    #: whose only move is ``action`` leaves it to the timer. False for a decision window (a
    #: response): a bot decides at once, as a quick player would.
    duration: bool = False

    def waiting(self, state: State) -> int | None:
        """The seat that leaves this deadline to the timer: its player, when the time itself
        is the rule (``duration``) and ``action`` is the player's only move; else None."""
        if not self.duration:
            return None
        legal = state.legal_actions(self.player)
        if len(legal) != 1:
            return None
        only = legal[0]  # a game's shared action object, usually: identity first
        return self.player if only is self.action or only == self.action else None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "seconds": self.seconds,
            "player": self.player,
            "action": self.action.to_json(),
        }


@dataclass(frozen=True)
class HiddenTurns:
    """A phase in which who acts now is hidden from the table, though the seats it sees
    acting are public (:meth:`State.hidden_turns`): each of them may still have something
    to do, or nothing, and that is a secret. Every field is a function of what the whole
    table knows."""

    #: How many such phases have begun since the game began: a new one has begun when it
    #: changes (even one that ended at once, nobody having anything to do in it).
    number: int
    #: The seat after which a device passed around goes round the table for it (a seat
    #: the table knows, not one of :attr:`seats`).
    after: int
    #: The seats the table sees acting in it (``public_active(None)`` while it lasts).
    seats: tuple[int, ...]
    #: Whether it is under way.
    now: bool


def rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: object) -> random.Random:
    try:
        if not isinstance(data, (list, tuple)) or len(data) != 3:
            raise ValueError("three fields expected")
        version, internal, gauss = data[0], data[1], data[2]
        rng = _blank_rng(random.Random)  # its state is set at once
        rng.setstate((int(version), tuple(int(x) for x in internal), gauss))
    except (TypeError, ValueError) as exc:
        raise StateFormatError(
            f"État du générateur aléatoire illisible : {exc}.", f"Unreadable RNG state: {exc}."
        ) from None
    return rng


#: Per pile size, Fisher–Yates' steps from the top: (position, bound, bits of the bound).
_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    steps = _SHUFFLE_STEPS.get(size)
    if steps is None:
        steps = tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
        if len(_SHUFFLE_STEPS) < 1024:
            _SHUFFLE_STEPS[size] = steps
    return steps


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``: the same permutation from the same draws (the Fisher–Yates
    of CPython's ``random``, ``getrandbits`` rejection sampling), without a method call
    per element and with each size's steps worked out once: short piles are shuffled on
    every new game."""
    getrandbits = rng.getrandbits
    for i, n, k in _SHUFFLE_STEPS.get(len(items)) or _shuffle_steps(len(items)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


#: A ``random.Random`` made without running its ``__init__``: ``random.Random()`` seeds
#: itself from the system (≈ 10 µs) before it is given a state or a seed.
_blank_rng = random.Random.__new__
#: The C seeding itself, without ``random.Random.seed``'s checks of the seed's type
#: (≈ 0.5 µs of 4): for an int seed both run the same ``init_by_array``.
_c_seed = _random.Random.seed


def new_rng(seed: int) -> random.Random:
    """``random.Random(seed)``, the same generator in the same state, made for less: a
    simulation makes one per game and a bot one per game and seat."""
    if type(seed) is not int:  # a string's seeding is random.Random's own (SHA-512)
        return random.Random(seed)
    return reseed(_blank_rng(random.Random), seed)


def reseed(rng: random.Random, seed: int) -> random.Random:
    """``rng`` put in the state of ``random.Random(seed)`` (an int seed), in place: what
    :func:`new_rng` gives, without making a new generator (≈ 0.5 µs of 4.7 saved where a
    simulation's bots take up their generator again for each game). Returns ``rng``."""
    _c_seed(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]  # as random.Random.seed leaves it
    return rng


def clone_rng(rng: random.Random) -> random.Random:
    copy = _blank_rng(random.Random)  # no system seeding: its state is set at once
    copy.setstate(rng.getstate())
    return copy


class State(ABC):
    """Base class of every game state. Subclasses keep plain data (ints, tuples, lists)."""

    config: GameConfig
    rng: random.Random
    #: The legal actions listed last, kept until the state changes (:class:`KeptLegal`):
    #: the id of the state that listed them, the seat, the actions. None for a game that
    #: keeps none, and after every change made through :meth:`apply`, :meth:`apply_trusted`,
    #: :meth:`advance` and :meth:`end_session`. The id makes a copy of a state's fields (a
    #: clone, a determinisation) list its own actions rather than use the original's.
    _legal_memo: tuple[int, int, tuple[Action, ...]] | None = None

    # -- who acts, what they may do ------------------------------------------------------
    @abstractmethod
    def active_players(self) -> tuple[int, ...]:
        """Seats that may act now; empty once the game is over."""

    def public_active(self, viewer: int | None) -> tuple[int, ...]:
        """What ``viewer`` (a seat, or None for the host and spectators) may know of who is
        acting now: the seats to name in its frames, status line, seat list and timer, and
        in a bot's observations. It must be a function of what ``viewer`` knows (its view
        and the events it saw), never of the hidden state: while who acts is a secret (a
        thief crediting his loot, who is still dropping viruses), it leaves those seats out
        or names them all. Always includes ``viewer`` when ``viewer`` may act (it knows
        that). Default: every active seat (who acts is public)."""
        return self.active_players()

    def hidden_turns(self) -> HiddenTurns | None:
        """The last phase begun in which who acts is hidden from the table although the
        seats it sees acting are public (:class:`HiddenTurns`), kept once it is over; None
        while there has been none. A device passed around goes round every person on it
        once for each (``engine.passing``): handed only to those with something to do, it
        would tell the table who has. Default: None (who acts is public, or hidden only
        by :meth:`public_active` leaving the seat out)."""
        return None

    @abstractmethod
    def legal_actions(self, player: int) -> Sequence[Action]:
        """Every action ``player`` may take now (empty if not active)."""

    def forget_legal(self) -> None:
        """Say that the state changed other than through :meth:`apply` and its kin (a test
        setting up a position, a tool editing fields): legal actions are listed anew."""
        self._legal_memo = None

    @abstractmethod
    def _apply(self, player: int, action: Action) -> list[Event]:
        """Apply an action already known to be legal."""

    def apply(self, player: int, action: Action) -> list[Event]:
        """Check then apply ``action`` for ``player``; on refusal raise and change nothing."""
        memo = self._legal_memo
        legal: Sequence[Action] | None = None
        if memo is not None and memo[1] is player and memo[0] == id(self):
            legal = memo[2]  # listed since the last change (KeptLegal)
        elif type(player) is int and 0 <= player < self.config.players:
            legal = self.legal_actions(player)
        if legal is not None:
            # An action taken from the seat's legal list itself (bots, random play, the
            # games' shared action objects) is legal as it is: the list is empty when the
            # game is over or the seat does not act, and never holds ``session_end``. Any
            # other action goes through every check, in their order.
            for offered in legal:
                if offered is action:
                    try:
                        return self._apply(player, action)
                    finally:
                        self._legal_memo = None
        if not isinstance(action, Action):
            raise malformed_move("« action » n'est pas un coup.", "'action' is not a move.")
        if self.is_terminal():
            raise GameOverError("La partie est terminée.", "The game is over.")
        if isinstance(player, bool) or not isinstance(player, int) \
                or not 0 <= player < self.config.players:  # ``True`` is no seat
            raise NotYourTurnError(
                f"Siège inconnu : {player!r}.", f"Unknown seat: {player!r}."
            )
        if player not in self.active_players():
            raise NotYourTurnError("Ce n'est pas ton tour.", "It is not your turn.")
        if is_session_end(action):  # the session clock, not a player's choice
            return self.end_session()
        if legal is None:
            legal = self.legal_actions(player)
        if not action.strictly_in(legal):  # a boolean is no integer
            raise self.explain_illegal(player, action, legal)
        try:
            return self._apply(player, action)
        finally:
            self._legal_memo = None

    # -- the length of a session (engine/session.py) --------------------------------------
    def session_seconds(self) -> float:
        """Seconds of play after which the session's clock ends the game (0: no session,
        the default). Read from the configuration: the same for the whole game."""
        return 0.0

    def end_session(self) -> list[Event]:
        """End the game now that the session's time is up (the action
        :func:`~ludinum.engine.session.session_end`, applied by the server's clock): the
        game's :meth:`_end_session` decides the winners. Refused without a session."""
        if self.session_seconds() <= 0:
            raise IllegalActionError(
                "Cette partie n'a pas de durée de séance.", "This game has no session length."
            )
        try:
            return self._end_session()
        finally:
            self._legal_memo = None

    def _end_session(self) -> list[Event]:
        """The game's end when the time is up: a terminal state and its events."""
        raise IllegalActionError(
            "Ce jeu ne s'arrête pas à la fin de la séance.",
            "This game does not stop at the end of the session.",
        )

    def apply_trusted(self, player: int, action: Action) -> list[Event]:
        """Apply an action taken from :meth:`legal_actions` (simulations, search)."""
        try:
            return self._apply(player, action)
        finally:
            self._legal_memo = None

    def advance(self, player: int, action: Action) -> None:
        """:meth:`apply_trusted` for a caller that reads no events (random play, search
        rollouts, a simulation whose bots keep no notes): a game may skip building them.
        A game overriding it forgets its kept legal list too (:class:`KeptLegal`)."""
        try:
            self._apply(player, action)
        finally:
            self._legal_memo = None

    def explain_illegal(
        self, player: int, action: Action, legal: Sequence[Action]
    ) -> IllegalActionError:
        """The error for a refused action; games may give a more precise reason, in a
        player's words. This one never quotes the action (its kind and parameters are the
        program's words, :func:`~ludinum.engine.errors.move_not_allowed`)."""
        return move_not_allowed()

    def deadline(self) -> Deadline | None:
        """The pending timed decision, if any."""
        return None

    def waiting_seat(self) -> int | None:
        """The seat that leaves the pending deadline to the timer (:meth:`Deadline.waiting`),
        or None. ``engine.turns`` asks it before every action of a phase where several
        seats act (:func:`~ludinum.engine.turns.next_actor`): a game that knows the answer
        without building the deadline and listing the seat's moves may give it directly,
        always the same as this one."""
        deadline = self.deadline()
        return None if deadline is None else deadline.waiting(self)

    # -- end ------------------------------------------------------------------------------
    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def outcome(self) -> Outcome:
        """Scores and winners; only meaningful once :meth:`is_terminal`."""

    # -- what each player may see -----------------------------------------------------
    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """Everything ``player`` may see and nothing more (``None``: a spectator)."""

    def observation(self, player: int, parts: Collection[str]) -> dict[str, Any]:
        """The entries ``parts`` of ``view(player)`` (those it has), equal to them: what a
        bot reads of its view when it needs a few of them per decision (search rollouts
        make thousands). Games whose views are costly build only the parts asked for;
        by default they are cut from the whole view."""
        view = self.view(player)
        return {key: view[key] for key in parts if key in view}

    def own_view(self, player: int) -> dict[str, Any] | None:
        """The entries of ``view(player)`` that the public view lacks or shows otherwise,
        such that ``{**view(None), **own_view(player)} == view(player)``: a server drawing
        every seat's screen after each move builds the public view once, then each seat's
        own part only (a hand, the seat itself). A game whose seats' views cost much more
        than that part tells it; None (the default): not told, the whole view is built."""
        return None

    def resample(self, observer: int, rng: random.Random) -> State:
        """A copy whose hidden parts (for ``observer``) are redrawn consistently with what
        ``observer`` knows: a determinisation, for search bots and for leak tests. It must
        not change ``view(observer)``. The copy draws from a generator seeded by ``rng``'s
        next 64 bits (its own future, unknown to ``observer``); :meth:`redraw` then deals
        again what ``observer`` cannot see, drawing from ``rng``."""
        twin = self.copy_with(new_rng(rng.getrandbits(64)))
        self.redraw(twin, observer, rng)
        return twin

    @abstractmethod
    def redraw(self, twin: State, observer: int, rng: random.Random) -> None:
        """Deal again in ``twin`` (a copy of this state) what ``observer`` cannot see, so
        that it is one of the states ``observer``'s knowledge allows, drawn from ``rng``;
        ``twin.view(observer)`` stays ``self.view(observer)``."""

    # -- copies and storage --------------------------------------------------------------
    @abstractmethod
    def copy_with(self, rng: random.Random) -> State:
        """A copy of this state's data that draws from ``rng``: each game's one copying
        method, under :meth:`clone`, :meth:`clone_seeded` and :meth:`resample`."""

    def clone(self) -> State:
        """An exact copy, its generator in the same state."""
        return self.copy_with(clone_rng(self.rng))

    def clone_seeded(self, seed: int) -> State:
        """A copy whose generator is ``random.Random(seed)``: what a search makes before
        each simulated game, without paying for a copy of the generator's state."""
        return self.copy_with(new_rng(seed))

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (lists, dicts, numbers, strings) that restores this exact state."""

    @abstractmethod
    def metrics(self) -> dict[str, float]:
        """Indicators for simulations; always has ``turns``."""


class KeptLegal(State):
    """A state that lists a seat's legal actions once per change of the state (issue 19).

    :meth:`legal_actions` returns the same tuple until the state changes, and
    :meth:`State.apply` accepts an action taken from it without listing again or comparing
    actions by value. The game lists them in :meth:`_list_legal`. A game overriding
    :meth:`advance` or :meth:`apply_trusted` calls :meth:`forget_legal` after its change,
    and so does code that edits a state's fields directly."""

    def legal_actions(self, player: int) -> tuple[Action, ...]:
        memo = self._legal_memo
        # ``is``: seats are small ints, one object each (``True`` is not seat 1 here); a
        # miss only lists again.
        if memo is not None and memo[1] is player and memo[0] == id(self):
            return memo[2]
        legal = self._list_legal(player)
        self._legal_memo = (id(self), player, legal)
        return legal

    @abstractmethod
    def _list_legal(self, player: int) -> tuple[Action, ...]:
        """Every action ``player`` may take now (empty if not active), listed afresh."""
