"""Signed tokens for the site's forms: a small JSON payload and its HMAC-SHA256, both in
URL-safe base64. A token proves the server wrote it; it hides nothing (never put a secret
in one) and the caller decides whether it is still valid or already used."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import Any

#: Bytes of MAC kept in a token (128 bits).
MAC_BYTES = 16


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def mac(secret: bytes, message: bytes, size: int = MAC_BYTES) -> bytes:
    return hmac.new(secret, message, hashlib.sha256).digest()[:size]


def sign(secret: bytes, kind: str, payload: dict[str, Any]) -> str:
    """``payload`` (JSON data) signed for ``kind`` (a token of one kind is refused as
    another)."""
    body = json.dumps(payload, separators=(",", ":"), sort_keys=True).encode()
    return f"{_b64(body)}.{_b64(mac(secret, kind.encode() + b'|' + body))}"


def unsign(secret: bytes, kind: str, token: str) -> dict[str, Any] | None:
    """The payload of a token of ``kind`` signed with ``secret``, else None."""
    if len(token) > 4096 or token.count(".") != 1:
        return None
    body_part, mac_part = token.split(".")
    try:
        body = _unb64(body_part)
        given = _unb64(mac_part)
    except ValueError:
        return None
    if not hmac.compare_digest(given, mac(secret, kind.encode() + b"|" + body)):
        return None
    try:
        payload = json.loads(body)
    except ValueError:
        return None
    return payload if isinstance(payload, dict) else None
