"""Where one device passed around the table goes next (pass-and-play: the terminal's
``ludinum play`` with several people, the browser's shared screen).

The device is handed over by name (« Passe l'appareil à Léa »), and everyone at the table
sees who takes it: it may go by name only to a seat the whole table may know is acting
(:meth:`State.public_active` of nobody). When a seat decides in secret (a thief taking
and crediting a bill after a wrong guess, ruling H5: nobody but the victim may learn whose
the attack was), naming it would tell everyone. The device then goes round every person
on it instead, in seat order from the one after the person holding it: whoever has the
decision takes it when their turn comes, the others are told there is nothing for them
this time. A secret starts such a round even when a bot keeps it (were the device to stay
put, the table would know the secret seat is a bot's), and a round goes on to its end
even when the secret ends sooner (it must not end sooner for the secret seat than for any
other).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence


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
    round to go on, or it would come up during the thief's visit and nobody else's."""

    __slots__ = ("_round", "holder", "secret")

    def __init__(self) -> None:
        #: The seat that took the device last (None: nobody yet).
        self.holder: int | None = None
        #: The seats rounds still go to, in order, each with whether it may decide then and
        #: whether it decided in secret when its round began (its visit lasts as long).
        self._round: tuple[tuple[int, bool, bool], ...] = ()
        #: Whether a seat decided in secret when last watched.
        self.secret = False

    @property
    def owed(self) -> tuple[int, ...]:
        """The seats rounds still go to, in order (empty: no round under way)."""
        return tuple(seat for seat, _, _ in self._round)

    def watch(self, deciding: Collection[int], public: Collection[int],
              people: Sequence[int]) -> None:
        """Start a round over ``people`` when one of ``deciding`` (every seat with a
        decision now, bots too) begins to decide in secret: it is not in ``public``, the
        seats the table may know are acting. A secret that begins while a round is under
        way (a thief's victim, visited, guessing wrong in turn) adds a whole round after
        it: the one under way may reach the secret seat by chance, and would end sooner
        for it than for any other."""
        secret = kept(deciding, public)
        if secret and not self.secret and people:
            seats = around(people, self._round[-1][0] if self._round else self.holder)
            self._round += tuple((p, p in deciding or p == seats[-1], p in deciding)
                                 for p in seats)
        self.secret = secret

    def next(self, deciding: Collection[int], public: Collection[int],
             people: Sequence[int]) -> int | None:
        """The seat of ``people`` to hand the device to now, or None (no person on it has
        a decision, and no round is under way): the round's next seat, else the holder
        while it decides, else the first person deciding."""
        self._round = tuple(v for v in self._round if v[0] in people)  # a seat given a bot
        self.watch(deciding, public, people)
        if self._round:
            return self._round[0][0]
        mine = [p for p in people if p in deciding]
        if self.holder in mine:
            return self.holder
        return mine[0] if mine else None

    def idle(self, seat: int, deciding: Collection[int]) -> bool:
        """True when ``seat`` gets the device in a round with no decision to make then: its
        screen tells it so, and it gives the device on (:meth:`visited`)."""
        if not self._round or self._round[0][0] != seat:
            return False
        return seat not in deciding or not self._round[0][1]

    def over(self, seat: int, deciding: Collection[int], public: Collection[int]) -> bool:
        """Whether the visit of ``seat``, which had a decision, is over: it has none left,
        or it came in a round to decide in secret and the secret is no longer kept."""
        if seat not in deciding:
            return True
        return bool(self._round) and self._round[0][0] == seat and self._round[0][2] and (
            not kept(deciding, public))

    def took(self, seat: int) -> None:
        """``seat`` has the device in hand."""
        self.holder = seat

    def visited(self, seat: int) -> None:
        """``seat`` is done with the device (it decided all it had, or had nothing): the
        round goes on to the next seat."""
        if self._round and self._round[0][0] == seat:
            self._round = self._round[1:]
