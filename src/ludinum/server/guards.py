"""Guards in front of every HTTP request: the body size, the ``Host`` header, PDF builds.

- **Body size**: a request whose ``Content-Length`` exceeds :data:`MAX_BODY` (a game log
  uploaded to the replay page: :data:`LOG_BODY`) is refused with
  413 before a byte of its body is read; a body sent without a length (chunked) is counted
  while it streams and refused the moment it passes the limit. No route ever holds more
  than that in memory for one request. A client gone before its body is all sent is let
  go without an answer or a logged traceback.
- **Host** (DNS rebinding): a page of another site whose name was made to point at this
  server would otherwise talk to it as if it were its own. The ``Host`` header must be an
  IP address (the QR code's: no name to rebind), a name without a dot (``localhost``, this
  machine's name on the LAN) or ending in ``.local``, the public URL's host, or a name
  listed in ``$LUDINUM_HOSTS`` (space-separated).
- **Origin**: a change (POST, PUT, PATCH, DELETE) sent by another site's page
  (``Sec-Fetch-Site: cross-site``, or an ``Origin`` of another server) is refused: a form
  posted to ``/new/…`` from elsewhere would create rooms on the school address's budget. A
  request without either (not a browser) passes.
- **PDFs** (debrief, cards to print, diploma) are built in a worker thread and limited per
  address (:data:`PDF_BURST`, then one per :data:`PDF_EVERY` seconds).
"""

from __future__ import annotations

import ipaddress
import json
import os
import socket
from collections.abc import Awaitable, Iterable, Mapping

from starlette.requests import ClientDisconnect, HTTPConnection, Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ludinum.content.typography import french_spacing
from ludinum.server import limits, makers, render
from ludinum.weblib import i18n
from ludinum.weblib.ratelimit import FairLimit, RateLimit, address_key

#: Largest request body accepted, in bytes (the API's bodies are at most 16 KiB; forms are
#: smaller still). ``$LUDINUM_MAX_BODY`` changes it.
MAX_BODY = 65_536
#: Largest game log uploaded to the replay page (``/replay/journal``): the longest games,
#: random bots up to a round limit the rules let a host raise, write logs of hundreds of
#: KB (60 KB at 200 rounds, 190 KB at 1,000, measured; docs/deploy.md). The uploads
#: themselves are counted per browser (``replay_logs.spend``).
LOG_BODY = 1_048_576
#: The paths allowed a larger body than :data:`MAX_BODY`, and theirs.
LARGER_BODIES = {"/replay/journal": LOG_BODY}


class BodyTooLarge(Exception):
    """The body being read went past the limit."""


def wants_page(scope: Scope) -> bool:
    """Whether a refused request is a browser's navigation (a link followed, a page's form
    sent): not the API, and HTML accepted. The API, the pages' own ``fetch()`` and scripts
    keep the JSON ``{"error": …}``."""
    if scope.get("type") != "http" or str(scope.get("path", "")).startswith("/api/"):
        return False
    return any(name == b"accept" and b"text/html" in value
               for name, value in scope.get("headers", ()))


async def _refuse(send: Send, status: int, code: str, fr: str, en: str,
                  scope: Scope | None = None) -> None:
    """Answer a request the guards refuse: the problem page, in the page's language, for
    a browser's navigation (:func:`wants_page`; a teacher saw the raw JSON of a refusal in
    both languages), else the API's JSON error."""
    headers = [(b"connection", b"close")]
    if scope is not None and wants_page(scope):
        lang = i18n.lang_of(HTTPConnection(scope))
        body = render.page(lang, "problem.html", path=str(scope.get("path", "/")),
                           message=fr if lang == "fr" else en).encode()
        headers += [(b"content-type", b"text/html; charset=utf-8"),
                    *((k.encode(), v.encode()) for k, v in i18n.headers(lang).items())]
    else:
        body = json.dumps({"error": {"code": code, "fr": french_spacing(fr), "en": en}},
                          ensure_ascii=False).encode()
        headers.append((b"content-type", b"application/json; charset=utf-8"))
    headers.append((b"content-length", str(len(body)).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _too_large(send: Send, scope: Scope, most: int) -> None:
    kib = max(1, most // 1024)
    await _refuse(send, 413, "too_large",
                  f"Ce que tu envoies est trop gros : {kib}\u00a0Ko au plus.",
                  f"What you are sending is too large: {kib}\u00a0KB at most.", scope)


class BodyLimit:
    """Refuse request bodies larger than ``max_body`` bytes (``larger``: the paths allowed
    more, and how much), from the headers or while streaming, before they are read into
    memory."""

    def __init__(self, app: ASGIApp, max_body: int | None = None,
                 larger: Mapping[str, int] = LARGER_BODIES) -> None:
        self.app = app
        self.max_body = max_body if max_body is not None else int(
            os.environ.get("LUDINUM_MAX_BODY", str(MAX_BODY)))
        self.larger = larger

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # Not a coroutine itself: a WebSocket passes straight on and keeps no frame of this
        # middleware for its whole life (an idle connection stays cheap).
        if scope["type"] != "http":
            return self.app(scope, receive, send)
        return self._http(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        most = max(self.max_body, self.larger.get(scope["path"], 0))
        declared = _content_length(scope)
        if declared is not None and declared > most:
            await _too_large(send, scope, most)
            return
        seen = 0
        started = False

        async def counted_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > most:
                    raise BodyTooLarge
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, watched_send)
        except BodyTooLarge:
            if started:
                raise
            await _too_large(send, scope, most)
        except ClientDisconnect:
            # Gone while sending its body (a phone off the Wi-Fi): nobody to answer, and
            # nothing done yet (a body is read before anything changes); not a server
            # error to log with its traceback.
            return


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


def _host_name(host: str) -> str:
    """The name of a ``Host`` header, without its port (and brackets of an IPv6 address)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        return host.split(":", 1)[0]
    return host


def host_allowed(host: str | None, public_urls: Iterable[str | None] = ()) -> bool:
    """True if a request naming this ``Host`` is meant for this server (see module doc)."""
    if not host:
        return True  # HTTP/1.0 clients and test tools send none; a browser always does
    name = _host_name(host)
    try:
        ipaddress.ip_address(name)
    except ValueError:
        pass
    else:
        return True  # an address typed or scanned as such: no name was rebound
    if "." not in name or name.endswith((".localhost", ".local")):
        return True  # "localhost", this machine's name on the LAN: not in public DNS
    allowed = {socket.gethostname().lower()}
    allowed.update(_host_name(limits.netloc(u)) for u in public_urls if u)
    allowed.update(_host_name(h) for h in os.environ.get("LUDINUM_HOSTS", "").split())
    return name in allowed


#: Methods that change something: another site's page may not send them here.
_UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def from_elsewhere(origin: str | None, site: str | None, host: str | None,
                   public_url: str | None) -> bool:
    """Whether a change was sent by another site's page: the browser says so
    (``Sec-Fetch-Site: cross-site``), or its ``Origin`` is another server. Our own forms
    arrive with ``Origin: null`` (the pages' ``Referrer-Policy: no-referrer``), which only
    the first test can judge."""
    if site == "cross-site":
        return True
    if origin is None or origin.strip().lower() == "null":
        return False
    return not limits.origin_allowed(origin, host, (public_url,))


class HostCheck:
    """Refuse (421) HTTP requests and WebSocket upgrades for a host this server does not
    serve, and (403) a change sent by another site's page (its ``Origin``: a form posted
    to ``/new/…`` would spend the school address's room budget in its name)."""

    def __init__(self, app: ASGIApp, public_url: str | None = None) -> None:
        self.app = app
        self.public_url = public_url

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        if scope["type"] in ("http", "websocket"):
            host = origin = site = None
            for name, value in scope.get("headers", ()):
                if name == b"host":
                    host = value.decode("latin-1")
                elif name == b"origin":
                    origin = value.decode("latin-1")
                elif name == b"sec-fetch-site":
                    site = value.decode("latin-1")
            if not host_allowed(host, (self.public_url,)):
                if scope["type"] == "websocket":
                    return send({"type": "websocket.close", "code": 1008})
                return _refuse(send, 421, "bad_host", "Adresse de serveur inconnue.",
                               "Unknown server address.", scope)
            if (scope["type"] == "http" and scope.get("method") in _UNSAFE
                    and from_elsewhere(origin, site, host, self.public_url)):
                return _refuse(send, 403, "cross_site", "Cette demande vient d'un autre "
                               "site : ouvre Ludinum directement.", "This request comes "
                               "from another site: open Ludinum directly.", scope)
        return self.app(scope, receive, send)  # no frame of this middleware is kept


#: PDF downloads per address: at once, and then one per this many seconds. A PDF takes a
#: worker thread for a while; a class downloading its debriefs stays well under this.
PDF_BURST = 10
PDF_EVERY = 6.0


def is_pdf(scope: Scope) -> bool:
    """A request that builds a PDF: a ``….pdf`` path read (GET, or HEAD, which runs the
    same handler), the class debrief's posted with its key (its GET only shows the key's
    form), and the diploma form. Another method builds nothing (405): it counted, and each
    class debrief cost two PDFs of the budget (attack review)."""
    path, method = str(scope.get("path", "")), scope.get("method")
    if path.endswith(".pdf"):
        if path.startswith("/classe/"):
            return method == "POST"
        return method in ("GET", "HEAD")
    return path == "/apprendre/diplome" and method == "POST"


class PdfLimit:
    """Refuse (429) PDF requests past the limit, before any is built: per browser that made
    a room (its cookie, :mod:`makers`), then per address (:class:`FairLimit`: one pupil's
    script asking for PDFs from a school's address does not keep its teacher from
    printing)."""

    def __init__(self, app: ASGIApp, limit: RateLimit | None = None) -> None:
        self.app = app
        self.limit = limit or RateLimit(burst=PDF_BURST, per_second=1 / PDF_EVERY)
        self.fair = FairLimit(self.limit, RateLimit(
            burst=self.limit.burst, per_second=self.limit.per_second, clock=self.limit.clock))

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        if scope["type"] == "http" and is_pdf(scope):
            client = scope.get("client")
            maker = makers.key_of(Request(scope)) if "app" in scope else None
            if not self.fair.allow(address_key(str(client[0]) if client else "?"), maker):
                return _refuse(send, 429, "rate_limited",
                               "Trop de PDF demandés : attends un peu.",
                               "Too many PDFs requested: wait a little.", scope)
        return self.app(scope, receive, send)  # no frame of this middleware is kept
