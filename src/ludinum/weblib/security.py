"""Security headers on every HTTP response: only this server's own assets may load."""

from __future__ import annotations

import base64
import hashlib
import re

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
CSP_HEADER = b"content-security-policy"
HEADERS = [
    (CSP_HEADER, CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
]


_STYLE = re.compile(r"<style>(.*?)</style>", re.DOTALL)


def csp_for_page(html: str) -> str:
    """The policy for a page that carries its own styles in ``<style>`` (a debrief, which a
    teacher may also save and open without the server): :data:`CSP` with those very blocks
    allowed by their hashes, nothing else inline. Sent by the page's response, it stands
    instead of the default (:class:`SecurityHeaders`)."""
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(block.encode()).digest()).decode() + "'"
        for block in _STYLE.findall(html))
    return CSP.replace("style-src 'self'", f"style-src 'self' {hashes}") if hashes else CSP


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                own = any(name.lower() == CSP_HEADER for name, _ in headers)
                message["headers"] = headers + [
                    h for h in HEADERS if not (own and h[0] == CSP_HEADER)]
            await send(message)

        await self.app(scope, receive, send_with_headers)
