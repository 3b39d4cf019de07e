"""The diploma's verification code: what the diploma certifies, packed in six bytes, and a
MAC over those bytes and the nickname printed on it, in twenty characters a person can
type (``7KQ2-M9XD-…``).

Nothing is stored: the site checks a code by recomputing its MAC from the nickname typed
beside it. A changed letter of the code, of the nickname, or of anything the code carries
(date, themes, questions, pass mark, score) gives a code the site refuses.
"""

from __future__ import annotations

import hmac
import unicodedata
from dataclasses import dataclass
from datetime import date, timedelta

from ludinum.site import signing
from ludinum.site.content import THEMES

#: Crockford's base 32: no I, L, O or U, so nothing reads as another character.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ = {c: i for i, c in enumerate(ALPHABET)} | {"O": 0, "I": 1, "L": 1}
EPOCH = date(2024, 1, 1)
MAC_BYTES = 6
KIND = b"diploma-code|"


@dataclass(frozen=True)
class Certified:
    """What a diploma says: the quiz's themes, the themes passed, its number of questions,
    its pass mark, the score and the day."""

    themes: tuple[str, ...]
    passed: tuple[str, ...]
    questions: int
    threshold: int
    percent: int
    day: date

    def pack(self) -> bytes:
        days = (self.day - EPOCH).days
        mask = sum(1 << (4 + i) for i, t in enumerate(THEMES) if t in self.themes)
        mask |= sum(1 << i for i, t in enumerate(THEMES) if t in self.passed)
        return bytes([days >> 8 & 0xFF, days & 0xFF, mask, self.questions, self.threshold,
                      self.percent])

    @classmethod
    def unpack(cls, data: bytes) -> Certified | None:
        if len(data) != 6:
            return None
        days = data[0] << 8 | data[1]
        themes = tuple(t for i, t in enumerate(THEMES) if data[2] >> (4 + i) & 1)
        passed = tuple(t for i, t in enumerate(THEMES) if data[2] >> i & 1)
        if not themes or not passed or not set(passed) <= set(themes) or data[5] > 100:
            return None
        return cls(themes, passed, data[3], data[4], data[5], EPOCH + timedelta(days=days))


def same_nickname(nickname: str) -> bytes:
    """The nickname as the MAC reads it: case, accents' encoding and spaces do not count."""
    text = " ".join(unicodedata.normalize("NFC", nickname).split())
    return text.casefold().encode()


def _encode(data: bytes) -> str:
    number = int.from_bytes(data, "big")
    bits = len(data) * 8
    chars = -(-bits // 5)
    number <<= chars * 5 - bits
    out = "".join(ALPHABET[number >> (5 * i) & 31] for i in reversed(range(chars)))
    return "-".join(out[i:i + 4] for i in range(0, len(out), 4))


def _decode(code: str, size: int) -> bytes | None:
    text = "".join(code.upper().split()).replace("-", "")
    chars = -(-size * 8 // 5)
    if len(text) != chars or any(c not in _READ for c in text):
        return None
    number = 0
    for c in text:
        number = number << 5 | _READ[c]
    extra = chars * 5 - size * 8
    if number & ((1 << extra) - 1):
        return None
    return (number >> extra).to_bytes(size, "big")


def make(secret: bytes, certified: Certified, nickname: str) -> str:
    """The code printed on the diploma of ``nickname``."""
    body = certified.pack()
    return _encode(body + signing.mac(secret, KIND + body + same_nickname(nickname),
                                      MAC_BYTES))


def check(secret: bytes, code: str, nickname: str) -> Certified | None:
    """What the diploma of ``nickname`` with ``code`` certifies, or None when the site
    did not issue that code for that nickname."""
    data = _decode(code, 6 + MAC_BYTES)
    if data is None:
        return None
    body, given = data[:6], data[6:]
    expected = signing.mac(secret, KIND + body + same_nickname(nickname), MAC_BYTES)
    if not hmac.compare_digest(given, expected):
        return None
    return Certified.unpack(body)
