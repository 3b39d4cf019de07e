"""Room codes and seat tokens.

A room code is 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L): 31⁶ ≈ 887
million codes, guessed only by brute force, which :mod:`ratelimit` slows down. A token is
24 random bytes (192 bits) from :mod:`secrets`; the server stores only its SHA-256 digest,
so a database dump does not let anyone take a seat.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(text: str) -> str:
    """What a person typed, upper-cased and without spaces or dashes."""
    return "".join(ch for ch in text.upper() if ch not in " -\t")


def looks_like_code(text: str) -> bool:
    return len(text) == CODE_LENGTH and all(ch in ALPHABET for ch in text)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def matches(token: object, stored_digest: str | None) -> bool:
    if not isinstance(token, str) or not stored_digest or len(token) > 200:
        return False
    return hmac.compare_digest(digest(token), stored_digest)
