"""What the learning pages and the printed cards are made of: plain frozen data."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ludinum.content.facts import checked_date

MONTHS_FR = (
    "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
    "octobre", "novembre", "décembre",
)
MONTHS_EN = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)


def say(lang: str, fr: str, en: str) -> str:
    """``fr`` or ``en`` as the page's language asks (French unless ``"en"``)."""
    return en if lang == "en" else fr


@dataclass(frozen=True)
class Source:
    """Where a text's facts come from and when they were checked (« Source : …, vérifié le … »)."""

    refs: tuple[str, ...]
    checked: dt.date

    @property
    def checked_fr(self) -> str:
        day = "1er" if self.checked.day == 1 else str(self.checked.day)
        return f"{day} {MONTHS_FR[self.checked.month - 1]} {self.checked.year}"

    def checked_in(self, lang: str) -> str:
        """The day of the check in words: « 24 novembre 2026 », "24 November 2026"."""
        if lang != "en":
            return self.checked_fr
        return f"{self.checked.day} {MONTHS_EN[self.checked.month - 1]} {self.checked.year}"


def source_of(item: Mapping[str, Any]) -> Source | None:
    """The source of a content item (its ``source`` and ``checked``), None if it has none."""
    raw, checked = item.get("source"), checked_date(item.get("checked"))
    if not raw or checked is None:
        return None
    refs = (raw,) if isinstance(raw, str) else tuple(str(r) for r in raw)
    return Source(refs, checked)


@dataclass(frozen=True)
class Resource:
    name: str
    what: str
    contact: str
    source: Source | None = None


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    role: str


@dataclass(frozen=True)
class ThemePage:
    """A theme's page: information, resources and a separate section for parents."""

    game: str
    id: str
    title: str
    intro: str
    path: str
    parents: str
    resources: tuple[Resource, ...]
    sections: tuple[tuple[str, str], ...] = ()
    colour: str = ""  # the theme symbol's colour id ("rouge"…; "" when none), a CSS class
    colour_fr: str = ""  # the colour said in words (page's language), never colour alone
    cards: tuple[str, ...] = ()  # paths of the card pages of this theme
    source: Source | None = None  # of the intro and the parents' text
    section_sources: tuple[Source | None, ...] = ()  # one per section, when known


@dataclass(frozen=True)
class CardPage:
    """One card's page: its message, who speaks it, its theme and the theme's resources."""

    game: str
    id: str
    path: str
    title: str
    kind: str  # "Carte Déplacement 5", "Danger card"… (in the page's language)
    speaker: Character
    message: str
    theme: ThemePage
    sections: tuple[tuple[str, str], ...] = ()  # more (heading, text) blocks
    links: tuple[tuple[str, str], ...] = ()  # more (label, path) links
    source: Source | None = None  # of the message and the sections


@dataclass(frozen=True)
class PrintCard:
    """One card face to print. ``path`` is its page (for the QR code), ``None`` if none."""

    title: str
    corner: str  # what the paper card shows in its top-left corner ("5", "P", "D"…)
    text: str
    path: str | None
    colour: tuple[int, int, int] = (90, 90, 90)
    band: str = ""  # the line under the title (theme, type…)
    footer: str = ""
    copies: int = 1
    #: What the back of the card says ("" for a plain back): printed on a second sheet,
    #: mirrored for long-edge two-sided printing (the Gnou's quiz answers, seed 001).
    back: str = ""


@dataclass(frozen=True)
class Deck:
    """A game's print-and-play material: cards (in sections) and whether it has a board."""

    game: str
    title: str
    sections: tuple[tuple[str, tuple[PrintCard, ...]], ...]
    board: bool = False
    notes: tuple[str, ...] = field(default_factory=tuple)

    def cards(self) -> list[PrintCard]:
        return [c for _, cards in self.sections for c in cards for _ in range(c.copies)]
