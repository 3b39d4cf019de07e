"""Limits on what one WebSocket may do: where it comes from and how fast it talks.

- **Origin**: a browser names the page that opened a WebSocket in its ``Origin`` header; an
  upgrade whose Origin is another site than this server (its ``Host``, or the public URL it
  announces) is refused, so that no other web page can play or watch in a child's name.
  A client that is not a browser sends no Origin; it still needs a seat token to play.
- **Messages**: at most ``burst`` messages at once per connection, refilled at
  ``per_second``; a connection that keeps flooding after being warned is closed. The count is
  kept with the connection, in memory only. One address also shares one budget over all
  its connections (:class:`AddressMessages`): many sockets each just under the limit do
  not add up to a flood. Past that budget a socket keeping to a person's pace is still
  answered (a school shares one address: one pupil's script does not silence the class).
- **Hellos** (:class:`AddressHellos`): each hello joins a room and has it drawn. A hello
  holding a key of its room (a seat's token, the host's) is counted against that key; one
  with no key (a spectator, a wrong token) against its address. A school shares one
  address: when one pupil's script has spent the address's budget, a key that has been
  quiet still comes in, while the keys and keyless hellos that hammered are refused.
- **Connections**: a WebSocket must say hello within :data:`HELLO_TIMEOUT` seconds, and one
  address holds at most :data:`MAX_CONNECTIONS` at once (a school behind one address has
  several classes; a script opening idle sockets does not exhaust the server's files); at
  that bound the biggest crowd of sockets makes room (:class:`Connections`).
  At start-up the open-file limit is raised to the most the system allows.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

from ludinum.weblib.ratelimit import FairLimit, RateLimit

#: Messages per second a connection may send on average, and at once (a person taps far
#: less; a script flooding the server is slowed down, then cut off).
MESSAGES_PER_SECOND = 50.0
MESSAGE_BURST = 100
#: Refused messages (fading at the refill rate) after which the connection is closed.
MAX_REFUSED = 100
#: A person's pace, per second and at once: a socket keeping to it is still answered when
#: its address's budget has run out (one pupil's script flooding from a school's address
#: must not silence the class, :class:`MessageLimit`).
PERSON_PER_SECOND = 5.0
PERSON_BURST = 20
#: Messages per second one address may send over all its connections (a school behind one
#: address: 200 phones tapping stay far below; 190 sockets each just under the
#: per-connection limit slowed every room, attack review), and at once
#: (``$LUDINUM_ADDRESS_MESSAGES``). This machine's own loopback is not counted (the teacher's
#: computer, benchmarks; behind a trusted proxy the address is the phone's).
ADDRESS_MESSAGES_PER_SECOND = 400.0
ADDRESS_MESSAGE_BURST = 2000
#: Hellos per second one address may send (each joins a room and has it drawn: a script
#: reconnecting in a loop re-rendered its room 150 times a second, attack review), and at
#: once: a school's phones reconnecting together after a restart (``$LUDINUM_ADDRESS_HELLOS``).
ADDRESS_HELLOS_PER_SECOND = 10.0
ADDRESS_HELLO_BURST = 300
#: Hellos one key (a seat's token, the host's) may send at once, then one per
#: ``1 / KEY_HELLOS_PER_SECOND`` seconds: a page reconnects at most every 8 s (app.js), a
#: script in a loop is held to this pace whatever the rest of its school does.
KEY_HELLO_BURST = 20
KEY_HELLOS_PER_SECOND = 0.5
#: Seconds a new WebSocket has to send its hello (``$LUDINUM_HELLO_TIMEOUT``).
HELLO_TIMEOUT = 10.0
#: WebSockets open at once from one address (``$LUDINUM_MAX_CONNECTIONS``).
MAX_CONNECTIONS = 200


def setting(name: str, default: float) -> float:
    """A number from the environment (``docs/deploy.md``), else ``default``."""
    try:
        return float(os.environ.get(name, ""))
    except ValueError:
        return default


class Place:
    """One WebSocket's place among its address's: who it proved to be once it said hello
    (``key``: None before, ``""`` for a hello holding no key of its room, else
    :meth:`Hub.hello_key`), and how to push it out when a crowd must make room."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.key: str | None = None
        self.evicted = False
        self.on_evict: Callable[[], None] | None = None

    def evict(self) -> None:
        self.evicted = True
        if self.on_evict is not None:
            self.on_evict()

    @property
    def crowd(self) -> tuple[int, str]:
        """The crowd it belongs to: the sockets yet to say hello, those with no key, or
        those of one key (the first two rank before a key's when as many)."""
        if self.key is None:
            return (2, "")
        return (1, "") if self.key == "" else (0, self.key)


class Connections:
    """WebSockets open per address, in memory only.

    At an address's bound a newcomer takes the place of a socket of the biggest crowd
    (:attr:`Place.crowd`) when it holds two or more: the oldest of those still to say
    hello (a page says it at once, a script's idle socket never), else the newest (the
    last to join the crowd it makes). A school shares one address: one pupil's script
    holding every socket crowds only itself out. When every socket is alone on its key
    (a school's phones, each on its seat), the newcomer is refused."""

    def __init__(self, per_address: int | None = None) -> None:
        self.per_address = per_address if per_address is not None else int(
            setting("LUDINUM_MAX_CONNECTIONS", MAX_CONNECTIONS))
        self._open: dict[str, list[Place]] = {}

    def open(self, address: str) -> Place | None:
        """Count a new connection; None (nothing counted) when the address has its fill
        and no crowd to make room."""
        places = self._open.setdefault(address, [])
        if len(places) >= self.per_address:
            crowded = self._crowded(places)
            if crowded is None:
                if not places:
                    del self._open[address]
                return None
            places.remove(crowded)
            crowded.evict()
        place = Place(address)
        places.append(place)
        return place

    def close(self, place: Place) -> None:
        places = self._open.get(place.address)
        if places is not None and place in places:
            places.remove(place)
            if not places:
                del self._open[place.address]

    @staticmethod
    def _crowded(places: list[Place]) -> Place | None:
        crowds: dict[tuple[int, str], list[Place]] = {}
        for place in places:  # in order of arrival
            crowds.setdefault(place.crowd, []).append(place)
        kind, biggest = max(crowds.items(), key=lambda c: (len(c[1]), c[0][0]))
        if len(biggest) < 2:
            return None
        return biggest[0] if kind[0] == 2 else biggest[-1]


def raise_open_files() -> tuple[int, int]:
    """Raise the soft limit on open files to the hard one (each phone holds one); returns
    the (soft, hard) limits in force. Does nothing where the platform has no such limit."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on POSIX
        return (-1, -1)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):
            return (soft, hard)
        soft = hard
    return (soft, hard)


def netloc(url: str) -> str:
    try:
        parts = urlsplit(url)
    except ValueError:
        return ""
    return (parts.netloc or "").lower()


def origin_allowed(origin: str | None, host: str | None, public_urls: Iterable[str | None] = ()
                   ) -> bool:
    """True if a WebSocket upgrade with this ``Origin`` may proceed.

    No Origin (not a browser): allowed. Otherwise the Origin's host and port must be this
    server's ``Host`` header, a public URL of the service, or one listed in
    ``$LUDINUM_ORIGINS`` (space-separated URLs).
    """
    if origin is None:
        return True
    seen = netloc(origin)
    if not seen or origin.strip().lower() == "null":
        return False
    allowed = {(host or "").lower()}
    allowed.update(netloc(u) for u in public_urls if u)
    allowed.update(netloc(u) for u in os.environ.get("LUDINUM_ORIGINS", "").split())
    allowed.discard("")
    return seen in allowed


#: Addresses of this machine: never counted by :class:`AddressMessages` nor
#: :class:`AddressHellos`.
LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})


class AddressMessages:
    """Messages per address over all its connections (token buckets in memory only)."""

    def __init__(self, per_second: float | None = None, burst: int = ADDRESS_MESSAGE_BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        rate = per_second if per_second is not None else setting(
            "LUDINUM_ADDRESS_MESSAGES", ADDRESS_MESSAGES_PER_SECOND)
        self.buckets = RateLimit(burst=max(burst, int(rate)), per_second=rate, clock=clock)

    def allow(self, address: str) -> bool:
        if address in LOOPBACK:
            return True
        return self.buckets.allow(address)


class AddressHellos(FairLimit):
    """Hellos, per key of a room and per address (:class:`FairLimit`: when one pupil's
    script has spent its school address's budget, the class's phones still get in). A
    hello's key is who it proves to be, never the key itself (``Hub.hello_key``)."""

    def __init__(self, per_second: float | None = None, burst: int = ADDRESS_HELLO_BURST,
                 clock: Callable[[], float] = time.monotonic,
                 key_burst: int = KEY_HELLO_BURST,
                 key_per_second: float | None = None) -> None:
        rate = per_second if per_second is not None else setting(
            "LUDINUM_ADDRESS_HELLOS", ADDRESS_HELLOS_PER_SECOND)
        key_rate = key_per_second if key_per_second is not None else KEY_HELLOS_PER_SECOND
        super().__init__(
            RateLimit(burst=max(burst, int(rate)), per_second=rate, clock=clock),
            RateLimit(burst=max(key_burst, int(key_rate)), per_second=key_rate, clock=clock),
            LOOPBACK)


class MessageLimit:
    """A token bucket of one connection, and a second at a person's pace (:attr:`gentle`:
    whether the last message kept to it, which lets it past its address's spent budget)."""

    def __init__(
        self,
        per_second: float = MESSAGES_PER_SECOND,
        burst: int = MESSAGE_BURST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_second = per_second
        self.burst = float(burst)
        self.clock = clock
        self.tokens = float(burst)
        self.last = clock()
        self.refused = 0.0
        self.person = float(PERSON_BURST)
        self.gentle = True

    def allow(self) -> bool:
        now = self.clock()
        elapsed = max(0.0, now - self.last)
        self.tokens = min(self.burst, self.tokens + elapsed * self.per_second)
        self.person = min(float(PERSON_BURST), self.person + elapsed * PERSON_PER_SECOND)
        self.gentle = self.person >= 1.0
        self.person = max(0.0, self.person - 1.0)
        # Refusals fade at the same pace: only a connection that keeps sending faster than
        # the limit piles them up (one allowed message now and then does not wipe them).
        self.refused = max(0.0, self.refused - elapsed * self.per_second)
        self.last = now
        if self.tokens < 1.0:
            self.refused += 1.0
            return False
        self.tokens -= 1.0
        return True

    def refuse(self) -> None:
        """A message refused for another reason than this connection's pace (its address's
        budget): counted toward closing it all the same."""
        self.refused += 1.0

    @property
    def exhausted(self) -> bool:
        """The connection kept flooding after being told: close it."""
        return self.refused >= MAX_REFUSED
