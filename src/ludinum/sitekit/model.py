"""What the learning pages and the printed cards are made of: plain frozen data."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
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


def english(item: Mapping[str, Any], key: str, lang: str) -> Any:
    """``item[key + "_en"]`` in English when the content has it, else ``item[key]``."""
    if lang == "en" and item.get(f"{key}_en"):
        return item[f"{key}_en"]
    return item[key]


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
    #: mirrored for long-edge two-sided printing (a quiz card's answers, seed 001).
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


#: The learning pages' texts (``pages.yaml`` of the site's content) as plain data: a
#: game's part is under its name (:attr:`GameSite.texts`).
Texts = Mapping[str, Any]


@dataclass(frozen=True)
class SiteQuiz:
    """The site's quiz and its diploma, when a game's cards lead to it (ruling W16): its
    content kind (file ``<kind>.yaml`` of the site's content) and its themes, in order."""

    kind: str
    title: str  # the schema's title
    game_title: str  # the title of the game it belongs to (French), as the diploma says it
    diploma: str  # what the diploma makes of the pupil who passed (« diplôme de … »)
    motto: str  # the diploma's line of what such a pupil does (French)
    themes: tuple[str, ...]
    #: The page of each theme (its title names the theme on the quiz and the diploma).
    theme_path: Callable[[str], str]


def _no_cards(texts: Texts, characters: Mapping[str, Character], lang: str
              ) -> Sequence[CardPage]:
    return ()


@dataclass(frozen=True)
class GameSite:
    """A game's part of the companion site, declared by its ``site.py`` as ``SITE``: its
    theme pages, its card pages, its print-and-play deck, and its part of the pages'
    texts. The site lists the games by :attr:`rank` and names none of them."""

    #: Where the game stands on the site's index (smallest first).
    rank: int
    #: The theme pages, in order: (texts, language) → pages.
    themes: Callable[[Texts, str], Sequence[ThemePage]]
    #: The card pages: (texts, characters by id, language) → pages.
    cards: Callable[[Texts, Mapping[str, Character], str], Sequence[CardPage]] = _no_cards
    #: The game's page ``/apprendre/<game>`` is its one theme page (no overview).
    one_page: bool = False
    #: The print-and-play material (French): (texts, characters) → deck; None: no print.
    #: A deck with a board is drawn by the game's ``board.py`` (its ``draw(pdf)``).
    deck: Callable[[Texts, Mapping[str, Character]], Deck] | None = None
    #: The characters that speak its cards, which ``pages.yaml`` must name (by id).
    characters: tuple[str, ...] = ()
    #: The JSON Schema of its part of ``pages.yaml`` (under its name); None: no part.
    texts: Mapping[str, Any] | None = None
    #: The paths (inside its part) of the entries that may state a fact, with a source.
    fact_paths: tuple[tuple[str, ...], ...] = ()
    #: What ``ludinum content`` counts in its part (its name is put before each key).
    count: Callable[[Texts], Mapping[str, int]] | None = None
    #: The site's quiz, when the game's cards lead to it.
    quiz: SiteQuiz | None = None
