"""Where one device passed around the table goes next (pass-and-play: the terminal's
``ludinum play`` with several people, the browser's shared screen).

The device is handed over by name (« Passe l'appareil à Léa »), and everyone at the table
sees who takes it: the order of the handovers must be a function of what the whole table
knows, never of a seat's secrets. It may go by name only to a seat the whole table may
know is acting (:meth:`State.public_active` of nobody). Two cases call for more:

* A seat decides in secret (a thief taking and crediting a bill after a wrong guess,
  ruling H5: nobody but the victim may learn whose the attack was): naming it would tell
  everyone. The device goes round every person on it instead, in seat order from the one
  after the person holding it: whoever has the decision takes it when their turn comes,
  the others are told there is nothing for them this time. A secret starts such a round
  even when a bot keeps it (were the device to stay put, the table would know the secret
  seat is a bot's).
* Who acts is hidden although the seats acting are public (:meth:`State.hidden_turns`: a
  turn-based trip, where every player but the traveller may drop viruses and how many
  each still holds, and who said « J'ai fini », are secrets, rulings H2 and H4): handed
  only to the seats with something left to do, the device would show the table who has
  no virus left. When such a phase begins, the device goes round every person on it that
  the table sees acting, in seat order from the one after the seat the game names (the
  traveller), whoever has something to do: each does all of it when visited, the others
  are told there is nothing for them this time. A phase that ended at once (nobody had a
  virus left) has its round all the same.

A round goes on to its end even when the secret or the phase ends sooner (it must not end
sooner for the secret seat than for any other), and a round begun while one is under way
comes after it. A decision that comes up in the open during a round waits for it to end.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ludinum.engine.state import HiddenTurns

#: A seat a round goes to: the seat, whether it may decide when visited (it had a
#: decision when the round began), whether its visit lasts as long as the secret or the
#: phase (it decided in secret then), and the number of the hidden phase the round is for
#: (:attr:`HiddenTurns.number`; None: a round for a seat deciding in secret).
Visit = tuple[int, bool, bool, int | None]


def around(people: Sequence[int], holder: int | None) -> tuple[int, ...]:
    """``people`` in seat order, from the first one after ``holder`` round to ``holder``."""
    seats = sorted(people)
    if holder is None:
        return tuple(seats)
    after = [p for p in seats if p > holder]
    return tuple(after + [p for p in seats if p <= holder])


def kept(deciding: Collection[int], public: Collection[int]) -> bool:
    """Whether a seat decides now that the table may not know acts (not in ``public``)."""
    return any(p not in public for p in deciding)


class PassRound:
    """The way of a device passed around: the seat it goes to next (:meth:`next`), and the
    rounds it owes the table (:attr:`owed`).

    A seat beginning to decide in secret (not in ``public``) starts a round of every person
    on the device. In it a seat decides when its turn comes only if it had a decision when
    the round began (the last seat, the holder, decides then in any case: every other
    person has had the device), and only while the secret lasts: a decision that comes up
    in the open during the round (the thief protecting his own accounts next) waits for the
    round to go on, or it would come up during the thief's visit and nobody else's.

    A phase beginning in which who acts is hidden (``hidden``, :meth:`State.hidden_turns`)
    starts a round of every person on the device the table sees acting in it, from the
    one after the seat it names. In it a seat decides when its turn comes only if it had
    something to do when the phase began, all of it, and only while that phase lasts: a
    decision of a later phase, or one in the open, waits for its own round or turn."""

    __slots__ = ("_round", "holder", "looked", "secret", "seen")

    def __init__(self) -> None:
        #: The seat that took the device last (None: nobody yet).
        self.holder: int | None = None
        #: The seats rounds still go to, in order (:data:`Visit`).
        self._round: tuple[Visit, ...] = ()
        #: Whether a seat decided in secret when last watched.
        self.secret = False
        #: The number of the last hidden phase seen begun (None: none yet).
        self.seen: int | None = None
        #: Whether the device has watched the game before.
        self.looked = False

    @property
    def owed(self) -> tuple[int, ...]:
        """The seats rounds still go to, in order (empty: no round under way)."""
        return tuple(visit[0] for visit in self._round)

    def watch(self, deciding: Collection[int], public: Collection[int],
              people: Sequence[int], hidden: HiddenTurns | None = None) -> None:
        """Start a round over ``people`` when one of ``deciding`` (every seat with a
        decision now, bots too) begins to decide in secret: it is not in ``public``, the
        seats the table may know are acting. A secret that begins while a round is under
        way (a thief's victim, visited, guessing wrong in turn) adds a whole round after
        it: the one under way may reach the secret seat by chance, and would end sooner
        for it than for any other.

        Start a round over those of ``people`` the table sees acting in ``hidden`` when it
        is a phase begun since the last look (H2, H4: who still has viruses to drop, or
        said « J'ai fini », is a secret), from the one after its seat, after any round under
        way: the way goes by what the table knows only. A device that first looks during
        such a phase when it is already over owes it nothing (a screen joining late)."""
        secret = kept(deciding, public)
        if secret and not self.secret and people:
            seats = around(people, self._round[-1][0] if self._round else self.holder)
            self._round += tuple((p, p in deciding or p == seats[-1], p in deciding, None)
                                 for p in seats)
        self.secret = secret
        looked, self.looked = self.looked, True
        if hidden is not None and hidden.number != self.seen:
            self.seen = hidden.number
            if hidden.now or looked:
                seats = around([p for p in people if p in hidden.seats], hidden.after)
                now = hidden.now
                self._round += tuple((p, now and p in deciding, True, hidden.number)
                                     for p in seats)

    def next(self, deciding: Collection[int], public: Collection[int],
             people: Sequence[int], hidden: HiddenTurns | None = None) -> int | None:
        """The seat of ``people`` to hand the device to now, or None (no person on it has
        a decision, and no round is under way): the round's next seat, else the holder
        while it decides, else the first person deciding."""
        self._round = tuple(v for v in self._round if v[0] in people)  # a seat given a bot
        self.watch(deciding, public, people, hidden)
        if self._round:
            return self._round[0][0]
        mine = [p for p in people if p in deciding]
        if self.holder in mine:
            return self.holder
        return mine[0] if mine else None

    def idle(self, seat: int, deciding: Collection[int],
             hidden: HiddenTurns | None = None) -> bool:
        """True when ``seat`` gets the device in a round with no decision to make then: its
        screen tells it so, and it gives the device on (:meth:`visited`). A seat visited
        for a hidden phase decides only during that phase; one visited for a secret, not
        during a hidden phase (its decisions there wait for that phase's round)."""
        if not self._round or self._round[0][0] != seat:
            return False
        _, may, _, number = self._round[0]
        if seat not in deciding or not may:
            return True
        return number != (hidden.number if hidden is not None and hidden.now else None)

    def over(self, seat: int, deciding: Collection[int], public: Collection[int],
             hidden: HiddenTurns | None = None) -> bool:
        """Whether the visit of ``seat``, which had a decision, is over: it has none left,
        or it came in a round to decide in secret and the secret is no longer kept, or in
        a round for a hidden phase and that phase is over."""
        if seat not in deciding:
            return True
        if not self._round or self._round[0][0] != seat:
            return False
        _, _, secret, number = self._round[0]
        if number is not None:
            return hidden is None or not hidden.now or hidden.number != number
        return secret and not kept(deciding, public)

    def took(self, seat: int) -> None:
        """``seat`` has the device in hand."""
        self.holder = seat

    def visited(self, seat: int) -> None:
        """``seat`` is done with the device (it decided all it had, or had nothing): the
        round goes on to the next seat."""
        if self._round and self._round[0][0] == seat:
            self._round = self._round[1:]

    def cut(self) -> None:
        """The rounds under way end now (a game over whose end the host shows at once)."""
        self._round = ()
