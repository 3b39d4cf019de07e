"""Browsers that made rooms: known by a cookie, so that their room budget is their own.

Rooms made are counted per address (storage), and a school shares one address: one
pupil's script making rooms spent the school's budget, and no teacher behind the same
address could open a room. A browser whose room (or class) was made gets the cookie
:data:`COOKIE`: a random name and its signature, nothing about anyone, in memory only on
the server. The signing key is drawn from the service's shared secret (the database's,
:class:`ludinum.server.ledger.StoredLedger`) once serving starts, so that every process of
the service knows the cookies of the others (:func:`signing_key`). A request holding a
valid one is counted against it first (:class:`ludinum.weblib.ratelimit.FairLimit`); one
holding none, or a forged one, against its address only. A cookie is minted only by a
room made, so a script throwing its cookies away mints no more than its address's budget
allows.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from starlette.requests import Request
from starlette.responses import Response

#: The cookie's name, and how long a browser keeps it (a school year).
COOKIE = "maker"
AGE = 365 * 24 * 3600
_NAME_BYTES = 16


def signing_key(shared: bytes) -> bytes:
    """The cookies' key drawn from the service's shared secret (never that secret itself:
    it also signs the site's diplomas)."""
    return hmac.new(shared, b"ludinum maker cookies", hashlib.sha256).digest()


class Makers:
    """Mints and checks the cookies (``secret``: :func:`signing_key`'s; a random one of
    this process until serving starts, as in tests that serve no database)."""

    def __init__(self, secret: bytes | None = None) -> None:
        self._secret = secret if secret is not None else secrets.token_bytes(32)

    def _sign(self, name: str) -> str:
        return hmac.new(self._secret, name.encode(), hashlib.sha256).hexdigest()[:32]

    def key_of(self, request: Request) -> str | None:
        """The maker a request's cookie names, when this process minted it."""
        value = request.cookies.get(COOKIE, "")
        name, _, signature = value.partition(".")
        if not name or len(value) > 100 or not hmac.compare_digest(
                signature, self._sign(name)):
            return None
        return name

    def remember(self, request: Request, response: Response) -> Response:
        """Give the browser that made a room its cookie, unless it has one."""
        if self.key_of(request) is None:
            name = secrets.token_urlsafe(_NAME_BYTES)
            response.set_cookie(COOKIE, f"{name}.{self._sign(name)}", max_age=AGE,
                                samesite="lax", httponly=True)
        return response


def remember(request: Request, response: Response) -> Response:
    """:meth:`Makers.remember` with the app's makers."""
    makers: Makers = request.app.state.makers
    return makers.remember(request, response)


def key_of(request: Request) -> str | None:
    makers: Makers = request.app.state.makers
    return makers.key_of(request)
