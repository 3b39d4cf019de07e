"""Seats: who sits where (an open chair, a person with a nickname, or a bot of a level).

A person's seat is bound to the digest of a secret token kept in their browser; the token
itself is never stored. Nothing else about a person is kept.

During a game, the host may *offer* a bot's seat to a pupil (a late one, or one removed
earlier): the bot keeps playing it until a pupil joins the room and takes it (issue 21).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

OPEN, HUMAN, BOT = "open", "human", "bot"


@dataclass(slots=True)
class Seat:
    index: int
    kind: str = OPEN
    nickname: str = ""
    token_digest: str | None = None
    bot_level: str = ""
    #: A bot's seat the host opened to a pupil during the game (stored with the seats).
    offered: bool = False
    #: Live connections holding this seat (memory only).
    connected: int = 0

    def label(self, lang: str = "fr") -> str:
        if self.kind == HUMAN:
            return self.nickname
        if self.kind == BOT:
            # The level is the facilitator's business (their seat list says it in words):
            # « Bot 3 », never « Bot 3 (medium) », an internal name nested everywhere.
            return f"Bot {self.index + 1}"
        return f"Seat {self.index + 1}" if lang == "en" else f"Place {self.index + 1}"

    def make_human(self, nickname: str, token_digest: str) -> None:
        self.kind, self.nickname, self.token_digest, self.bot_level = (
            HUMAN, nickname, token_digest, "")
        self.offered = False

    def make_bot(self, level: str) -> None:
        self.kind, self.token_digest, self.bot_level = BOT, None, level
        self.offered = False
        if not self.nickname:
            self.nickname = ""

    def make_open(self) -> None:
        self.kind, self.nickname, self.token_digest, self.bot_level = OPEN, "", None, ""
        self.offered = False

    def to_json(self) -> dict[str, Any]:
        """For storage: includes the token digest, never sent to a client."""
        return {
            "kind": self.kind,
            "nickname": self.nickname,
            "token": self.token_digest,
            "bot": self.bot_level,
            "offered": self.offered,
        }

    @classmethod
    def from_json(cls, index: int, data: dict[str, Any]) -> Seat:
        return cls(
            index,
            str(data.get("kind", OPEN)),
            str(data.get("nickname", "")),
            data.get("token"),
            str(data.get("bot", "")),
            data.get("offered") is True,
        )

    def public_json(self, lang: str = "fr") -> dict[str, Any]:
        """What every client may know about a seat."""
        return {
            "seat": self.index,
            "kind": self.kind,
            "name": self.label(lang),
            "bot": self.bot_level or None,
            "connected": self.connected > 0 or self.kind == BOT,
            "offered": self.offered,
        }
