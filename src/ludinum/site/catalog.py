"""Every learning page of the site, built once from the games' content and the site's own.

Card pages have stable, readable paths (``/cartes/<game>/…``), theme pages live under
``/apprendre/<game>/…``; the printed QR codes point to the same paths (ruling W16).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ludinum.site import gnou, hacker, voleur, webrunners
from ludinum.site.content import english, load_pages
from ludinum.site.model import CardPage, Character, Deck, ThemePage

GAME_TITLES = {
    "webrunners": "Web Runners",
    "gnou": "Le jeu du Gnou",
    "voleur": "Le Voleur de Données",
    "hacker": "Hacker",
}
GAME_TITLES_EN = {
    "webrunners": "Web Runners",
    "gnou": "The Gnu game",
    "voleur": "The Data Thief",
    "hacker": "Hacker",
}


def game_titles(lang: str = "fr") -> dict[str, str]:
    """The games' titles in the page's language, in the order of the site."""
    return GAME_TITLES_EN if lang == "en" else GAME_TITLES
#: Games with a print-and-play deck (``ludinum print GAME``).
PRINTABLE = ("webrunners", "gnou", "voleur")


@dataclass(frozen=True)
class Catalog:
    characters: dict[str, Character]
    themes: dict[str, ThemePage]  # by path
    cards: dict[str, CardPage]  # by path

    def themes_of(self, game: str) -> list[ThemePage]:
        return [t for t in self.themes.values() if t.game == game]

    def cards_of(self, game: str) -> list[CardPage]:
        return [c for c in self.cards.values() if c.game == game]

    def paths(self) -> list[str]:
        return [*self.themes, *self.cards]


@lru_cache(maxsize=2)
def catalog(lang: str = "fr") -> Catalog:
    """Every page of the site in ``lang`` (``"fr"`` or ``"en"``; the same paths in both)."""
    site = load_pages()
    characters = {
        c["id"]: Character(c["id"], english(c, "name", lang), english(c, "role", lang))
        for c in site["characters"]
    }
    theme_list = [
        *webrunners.themes(lang).values(),
        *gnou.themes(site, lang).values(),
        voleur.theme(site, lang),
        hacker.theme(lang),
    ]
    card_list = [
        *webrunners.pages(characters, lang),
        *gnou.pages(site, characters, lang),
        *voleur.pages(site, characters, lang),
    ]
    return Catalog(
        characters,
        {t.path: t for t in theme_list},
        {c.path: c for c in card_list},
    )


def print_deck(game: str) -> Deck:
    """The print-and-play material of ``game``; ``KeyError`` for a game without one."""
    if game == "webrunners":
        return webrunners.deck(catalog().characters)
    if game == "gnou":
        return gnou.deck(load_pages())
    if game == "voleur":
        return voleur.deck()
    raise KeyError(game)
