"""Per-address limits, kept in memory only (addresses are never stored).

Room codes are guarded by counting *failures* (a wrong code, a wrong token): a class of 30
pupils behind one school address joins at once, while someone trying codes one after the
other is stopped after ``burst`` misses and then gets one try per ``1 / per_second``
seconds. Other limits (rooms created, PDFs) count every attempt with :meth:`allow`.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.requests import HTTPConnection


def address_of(connection: HTTPConnection) -> str:
    """The client address a per-address limit counts, for a request or a WebSocket (behind
    the proxy, the one uvicorn took from X-Forwarded-For), as :func:`address_key` says it."""
    return address_key(connection.client.host if connection.client else "?")


def address_key(host: str) -> str:
    """What one address is for the limits: an IPv4 address itself, an IPv6 address its
    /64 network. A device on IPv6 may use any address of its /64 (privacy addresses, a
    script binding each): counted apart, rotating them escaped every limit (attack
    review). A school's phones share their /64 as they share one IPv4 address behind its
    router, for which the limits are made. An IPv4 address written as IPv6
    (« ::ffff:10.0.0.7 ») is the IPv4 one; loopback and a name stay as they are."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        if not ip.is_loopback:
            return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class RateLimit:
    """At most ``burst`` attempts at once, refilled at ``per_second`` per address."""

    def __init__(
        self,
        burst: int = 20,
        per_second: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = 10_000,
    ) -> None:
        self.burst = burst
        self.per_second = per_second
        self.clock = clock
        self.max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}

    def _tokens(self, key: str, now: float) -> float:
        tokens, last = self._buckets.get(key, (float(self.burst), now))
        return min(float(self.burst), tokens + (now - last) * self.per_second)

    def allow(self, key: str, count: int = 1) -> bool:
        """Count ``count`` attempts at once (a class's tables opened together); False (and
        nothing counted) when the address has fewer left."""
        now = self.clock()
        tokens = self._tokens(key, now)
        if tokens < count:
            self._buckets[key] = (tokens, now)
            return False
        self._take(key, tokens, now, count)
        return True

    def refund(self, key: str, count: int = 1) -> None:
        """Give back ``count`` attempts :meth:`allow` counted (what they paid for was
        refused), up to the burst."""
        now = self.clock()
        self._buckets[key] = (min(float(self.burst), self._tokens(key, now) + count), now)

    def left(self, key: str) -> float:
        """The attempts ``key`` has left now (nothing is counted)."""
        return self._tokens(key, self.clock())

    def blocked(self, key: str) -> bool:
        """True when the address has used up its attempts (nothing is counted)."""
        return key in self._buckets and self._tokens(key, self.clock()) < 1.0

    def failed(self, key: str) -> None:
        """Count one failure (a wrong room code or token) against the address."""
        now = self.clock()
        self._take(key, self._tokens(key, now), now)

    def _take(self, key: str, tokens: float, now: float, count: int = 1) -> None:
        if len(self._buckets) >= self.max_keys and key not in self._buckets:
            self._forget_full(now)
        self._buckets[key] = (max(0.0, tokens - count), now)

    def _forget_full(self, now: float) -> None:
        """Drop the buckets that have refilled (they carry no information any more). When
        that frees nothing, a tenth are forgotten, those closest to refilled first: an
        address that used up its attempts stays blocked while fuller ones remain (forgetting
        them all let a guesser with many networks unblock itself)."""
        full = [
            k
            for k, (t, last) in self._buckets.items()
            if t + (now - last) * self.per_second >= self.burst
        ]
        for k in full:
            del self._buckets[k]
        if len(self._buckets) >= self.max_keys:
            fullest = sorted(self._buckets, key=lambda k: self._tokens(k, now), reverse=True)
            for k in fullest[: max(1, self.max_keys // 10)]:
                del self._buckets[k]


class KnownCodes:
    """Codes looked up by an address blocked for guessing (``api.guessing``), within a
    budget: ``burst`` codes at once, then one per ``1 / per_second`` seconds, live or
    not, each wrong one refused. A wrong code costs as much as a live one: a blocked
    address was refused every wrong code at no cost and answered every live one, so that
    it tried codes as fast as the server answered and learnt which were live. A code
    already looked up by the address, or made by it (:meth:`remember`: the teacher's
    room behind the school's address), tells it nothing new and costs nothing (for
    :data:`REMEMBERED` seconds): one pupil's script asking for the class's code again and
    again spent the budget, and the class behind the same school address could no longer
    join."""

    #: Seconds a code answered to an address is remembered.
    REMEMBERED = 3600.0

    def __init__(self, burst: int, per_second: float,
                 clock: Callable[[], float] = time.monotonic, max_keys: int = 10_000
                 ) -> None:
        self.limit = RateLimit(burst=burst, per_second=per_second, clock=clock,
                               max_keys=max_keys)
        self.clock = clock
        self.max_keys = max_keys
        self._told: dict[tuple[str, str], float] = {}

    def allow(self, address: str, code: str, live: bool = True) -> bool:
        """Whether ``address`` is answered about ``code`` (``live``: a room or class held
        now). A code it knows is; any other spends the budget, a wrong one too, and is
        answered only if it is live: with the budget spent, a live code is refused like
        a wrong one, and the refusals tell nothing."""
        now = self.clock()
        told = self._told.get((address, code))
        if told is not None and now - told < self.REMEMBERED:
            return True
        if not self.limit.allow(address):
            return False
        if live:
            self.remember(address, code)
        return live

    def remember(self, address: str, code: str) -> None:
        """``code`` is known to ``address`` (looked up, or made there): free from now on."""
        if len(self._told) >= self.max_keys:  # the oldest are forgotten (asked again: paid)
            for key in sorted(self._told, key=self._told.__getitem__)[: self.max_keys // 10]:
                del self._told[key]
        self._told[(address, code)] = self.clock()


class FairLimit:
    """Attempts counted per key first, then per address: a school shares one address.

    An attempt holding a key (who it proved to be: a seat's token, a browser that made
    rooms before) spends its key's budget, then its address's. One holding none spends its
    address's only. When the address has none left (one pupil's script spent it), a key
    that has used at most half its own still gets in: the class and its teacher do, the
    script's keys and keyless attempts do not. Addresses in ``exempt`` count nothing."""

    def __init__(self, address: RateLimit, keys: RateLimit,
                 exempt: frozenset[str] = frozenset()) -> None:
        self.address = address
        self.keys = keys
        self.exempt = exempt

    def allow(self, address: str, key: str | None, count: int = 1) -> bool:
        """Count ``count`` attempts from ``address`` holding ``key`` (None: no key)."""
        if address in self.exempt:
            return True
        if key is None:
            return self.address.allow(address, count)
        quiet = self.keys.left(key) > self.keys.burst / 2
        if not self.keys.allow(key, count):
            return False
        return self.address.allow(address, count) or quiet

    def refund(self, address: str, key: str | None, count: int = 1) -> None:
        """Give back what :meth:`allow` counted (what it paid for was refused)."""
        if address in self.exempt:
            return
        if key is not None:
            self.keys.refund(key, count)
        self.address.refund(address, count)
