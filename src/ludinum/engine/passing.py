"""Where one device passed around the table goes next (pass-and-play: the terminal's
``ludinum play`` with several people, the browser's shared screen).

The device is handed over by name (« Passe l'appareil à Léa »), and everyone at the table
sees who takes it: it may go by name only to a seat the whole table may know is acting
(:meth:`State.public_active` of nobody). When a seat decides in secret (a thief taking
and crediting a bill after a wrong guess, ruling H5: nobody but the victim may learn whose
the attack was), naming it would tell everyone. The device then goes round every person
on it instead, in seat order from the one after the person holding it (who comes last):
whoever has the decision takes it when their turn comes, the others are told there is
nothing for them this time. Every secret that begins starts such a round, a bot's too:
were the device to stay put when a bot decides in secret, the table would know the secret
seat is a bot's. A round goes on to its end even when the secret ends sooner: it must not
end sooner for the secret seat than for any other.
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


class PassRound:
    """The way of a device passed around: the seat it goes to next (:meth:`next`), and the
    round it owes the table while a secret decision is under way (:attr:`owed`)."""

    __slots__ = ("holder", "owed", "secret")

    def __init__(self) -> None:
        #: The seat that took the device last (None: nobody yet).
        self.holder: int | None = None
        #: The seats a round still goes to, in order (empty: no round under way).
        self.owed: tuple[int, ...] = ()
        #: Whether a seat decided in secret when last watched.
        self.secret = False

    def watch(self, deciding: Collection[int], public: Collection[int],
              people: Sequence[int]) -> None:
        """Start a round over ``people`` when one of ``deciding`` (every seat with a
        decision now, bots too) begins to act in secret: it is not in ``public``, the
        seats the table may know are acting. A secret that begins while a round is under
        way (a thief's victim, visited, guessing wrong in turn) adds a whole round after
        it: the one under way may reach the secret seat by chance, and would end sooner
        for it than for any other."""
        secret = any(p not in public for p in deciding)
        if secret and not self.secret and people:
            last = self.owed[-1] if self.owed else self.holder
            self.owed += around(people, last)
        self.secret = secret

    def next(self, deciding: Collection[int], public: Collection[int],
             people: Sequence[int]) -> int | None:
        """The seat of ``people`` to hand the device to now, or None (no person on it has
        a decision, and no round is under way): the round's next seat, else the holder
        while it decides, else the first person deciding."""
        self.owed = tuple(p for p in self.owed if p in people)  # a seat given to a bot
        self.watch(deciding, public, people)
        if self.owed:
            return self.owed[0]
        mine = [p for p in people if p in deciding]
        if self.holder in mine:
            return self.holder
        return mine[0] if mine else None

    def idle(self, seat: int, deciding: Collection[int]) -> bool:
        """True when ``seat`` gets the device in a round with no decision to make: its
        screen tells it so, and it gives the device on (:meth:`visited`)."""
        return bool(self.owed) and self.owed[0] == seat and seat not in deciding

    def took(self, seat: int) -> None:
        """``seat`` has the device in hand."""
        self.holder = seat

    def visited(self, seat: int) -> None:
        """``seat`` is done with the device (it decided all it had, or had nothing): the
        round goes on to the next seat."""
        if self.owed and self.owed[0] == seat:
            self.owed = self.owed[1:]
