"""Every learning page of the site, built once from the games' content and the site's own.

Card pages have stable, readable paths (``/cartes/<game>/…``), theme pages live under
``/apprendre/<game>/…``; the printed QR codes point to the same paths (ruling W16). Each
game makes its own pages (its ``site.py``, :class:`~ludinum.sitekit.model.GameSite`): the
site lists the registered games by their rank and names none of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ludinum.games import parts, registry
from ludinum.site.content import load_pages
from ludinum.sitekit.model import CardPage, Character, Deck, GameSite, ThemePage, english


@lru_cache(maxsize=1)
def sites() -> dict[str, GameSite]:
    """Each registered game's part of the site, by game name, in the order of the site."""
    found: dict[str, GameSite] = {
        name: module.SITE for name, module in parts("site").items() if name in registry()
    }
    return dict(sorted(found.items(), key=lambda item: item[1].rank))


def game_titles(lang: str = "fr") -> dict[str, str]:
    """The games' titles in the page's language, in the order of the site."""
    return {name: getattr(registry().get(name), "title_en" if lang == "en" else "title_fr")
            for name in sites()}


#: The games' French titles, in the order of the site.
GAME_TITLES = game_titles()
#: Games with a print-and-play deck (``ludinum print GAME``).
PRINTABLE = tuple(name for name, site in sites().items() if site.deck is not None)


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
    theme_list = [theme for part in sites().values() for theme in part.themes(site, lang)]
    card_list = [card for part in sites().values()
                 for card in part.cards(site, characters, lang)]
    return Catalog(
        characters,
        {t.path: t for t in theme_list},
        {c.path: c for c in card_list},
    )


def print_deck(game: str) -> Deck:
    """The print-and-play material of ``game``; ``KeyError`` for a game without one."""
    make = sites()[game].deck
    if make is None:
        raise KeyError(game)
    return make(load_pages(), catalog().characters)

