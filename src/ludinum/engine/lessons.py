"""What every game's debrief lessons share: the cards' shape in two languages, and how the
cards of a finished game are picked (what the game met first, then its key messages, 4 to 6).

Each game says what it met from what every player may know at the end (its public view, its
totals, its options) and which of its own content makes a card; this module only orders,
bounds and translates, so that the four games' end screens read alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from ludinum.engine.game import Lesson

#: Fewer cards say too little to discuss; more do not fit the projector's end screen.
LEAST = 4
MOST = 6

T = TypeVar("T")


class Advice(Protocol):
    """A lesson card as a content pack holds it: French, English where given, a source."""

    @property
    def source(self) -> str: ...

    def title_in(self, lang: str) -> str: ...

    def text_in(self, lang: str) -> str: ...


@dataclass(frozen=True)
class Card:
    """A lesson card made from a game's content (a danger, a message, a measure…)."""

    title: str
    text: str
    title_en: str = ""
    text_en: str = ""
    source: str = ""

    def title_in(self, lang: str) -> str:
        return self.title_en if lang == "en" and self.title_en else self.title

    def text_in(self, lang: str) -> str:
        return self.text_en if lang == "en" and self.text_en else self.text


def pick(met: Iterable[T], key: Iterable[T]) -> list[T]:
    """The cards to show: those ``met`` in their order (each once), :data:`MOST` at most;
    when fewer than :data:`LEAST`, the first of the ``key`` messages not already chosen
    complete them (a game that met little still leaves something to discuss)."""
    chosen: list[T] = []
    for card in met:
        if len(chosen) >= MOST:
            break
        if card not in chosen:
            chosen.append(card)
    for card in key:
        if len(chosen) >= LEAST:
            break
        if card not in chosen:
            chosen.append(card)
    return chosen


#: What a lesson taken from the original game's rules names as its source, after the
#: game's title (:func:`original`).
RULES = {"fr": "règles du jeu", "en": "rules of the game"}


def original(title: str) -> str:
    """The source of a lesson that the original game's rules give: « <title>, règles du
    jeu » (:func:`source_in` says it in English)."""
    return f"{title}, {RULES['fr']}"


def source_in(source: str, lang: str) -> str:
    """A lesson's source line in ``lang``: a reference keeps its own name (a French law, a
    site, the game's title), the words around it are translated (« règles du jeu », the
    French « ; » between two references)."""
    if lang != "en":
        return source
    return source.replace(f", {RULES['fr']}", f", {RULES['en']}").replace(" ; ", "; ")


_ADDRESS = re.compile(r"https?://(?:www\.)?([^/\s;,]+)[^\s;,]*")


def sites(source: str) -> str:
    """A source line as a screen says it: each web address by its site's name alone
    (« fr.wikipedia.org », not a 90-character address cut across three lines of a
    projector); other references as they are. The debrief pages keep the addresses."""
    return _ADDRESS.sub(lambda m: m.group(1), source)


def in_lang(cards: Iterable[Advice], lang: str) -> list[Lesson]:
    """The cards as the debrief shows them, in ``lang`` (French where no English is given)."""
    return [Lesson(c.title_in(lang), c.text_in(lang), source_in(c.source, lang))
            for c in cards]


def source_text(source: object, default: str) -> str:
    """A content item's ``source`` (one reference or a list of them) as one line, or
    ``default`` (the original game's rules) when the item gives none."""
    if isinstance(source, str) and source.strip():
        return " ".join(source.split())
    if isinstance(source, (list, tuple)) and source:
        return " ; ".join(" ".join(str(s).split()) for s in source)
    return default
