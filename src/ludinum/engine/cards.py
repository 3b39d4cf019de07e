"""CardFace: how a card looks on a screen, in words (one drawing for every game's cards)."""

from __future__ import annotations

from dataclasses import dataclass

#: The card colours the screens know; a colour always comes with the card's symbol and
#: family in words, never alone (issue 21).
TONES = ("grey", "orange", "red", "blue", "green", "yellow", "purple")


@dataclass(frozen=True)
class CardFace:
    """A card as a pupil sees it in hand: ``title`` (its name), ``value`` (points or cost
    in words, « 5 pts »; empty when it has none), ``symbol`` (one glyph for its family),
    ``family`` (the family in words, « Donnée sensible »), ``text`` (its short effect),
    ``tone`` (one of :data:`TONES`) and ``portrait`` (the name of a character's
    illustration on the learning site, ``persos/<portrait>.svg``, or empty)."""

    title: str
    family: str
    symbol: str
    tone: str = "grey"
    value: str = ""
    text: str = ""
    portrait: str = ""

    def __post_init__(self) -> None:
        if self.tone not in TONES:
            raise ValueError(f"unknown card tone {self.tone!r} (known: {', '.join(TONES)})")
