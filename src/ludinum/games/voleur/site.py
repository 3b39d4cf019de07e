"""Le Voleur de Données on the site (ruling V2): a page per card with its explanation (the
thief explains the attacks, the data manager the measures and the data), the page of data
protection basics, and the print-and-play deck (the common pile and the thief's pile)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ludinum.content.facts import SOURCE_PROPERTIES
from ludinum.content.pack import folder as content_folder
from ludinum.content.yamldoc import load
from ludinum.games.voleur.content import (
    ATTACK,
    BOARDS,
    DATA,
    MEASURE,
    POINTS,
    SECTIONS,
    Deck,
    load_deck,
)
from ludinum.sitekit.model import (
    CardPage,
    Character,
    GameSite,
    PrintCard,
    Resource,
    Source,
    Texts,
    ThemePage,
    english,
    say,
    source_of,
)
from ludinum.sitekit.model import Deck as PrintDeck
from ludinum.sitekit.schema import RESOURCES, TEXT

THEME_PATH = "/apprendre/voleur"
CATEGORY_FR = ("Donnée standard", "Donnée hautement confidentielle", "Donnée sensible")
BOARD_FR = {"paper": "papier", "digital": "numérique"}
COLOURS = {DATA: (31, 79, 163), ATTACK: (179, 38, 30), MEASURE: (27, 110, 45)}
SKIP_FR = ("vole une donnée", "la victime passe 1 tour", "la victime passe 2 tours")
CATEGORY_EN = ("Standard data", "Highly confidential data", "Sensitive data")
BOARD_EN = {"paper": "paper", "digital": "digital"}
SKIP_EN = ("steals one piece of data", "the victim misses 1 turn", "the victim misses 2 turns")


@lru_cache(maxsize=1)
def cards() -> Deck:
    """The game's card catalogue (``content/voleur/deck.yaml``), loaded once."""
    return load_deck()


@lru_cache(maxsize=1)
def card_sources() -> dict[str, Source | None]:
    """The source of each card of ``deck.yaml``, by id."""
    data = load(content_folder("voleur") / "deck.yaml").data
    return {item["id"]: source_of(item) for section in SECTIONS for item in data[section]}


def card_path(card_id: str) -> str:
    return f"/cartes/voleur/{card_id}"


def theme(site: Texts, lang: str = "fr") -> ThemePage:
    data = site["voleur"]
    deck = cards()
    return ThemePage(
        game="voleur",
        id="bases",
        title=english(data, "title", lang),
        intro=english(data, "intro", lang),
        path=THEME_PATH,
        parents=english(data, "parents", lang),
        resources=tuple(
            Resource(english(r, "name", lang), english(r, "what", lang), r["contact"],
                     source_of(r))
            for r in data["resources"]
        ),
        sections=tuple((english(s, "title", lang), english(s, "text", lang))
                       for s in data["sections"]),
        source=source_of(data),
        section_sources=tuple(source_of(s) for s in data["sections"]),
        cards=tuple(card_path(c.id) for c in deck.cards),
    )


def _kind(card: Any, lang: str = "fr") -> str:
    if lang == "en":
        return _kind_en(card)
    if card.kind == DATA:
        points = POINTS[card.category]
        return (f"Carte {CATEGORY_FR[card.category].lower()} "
                f"({points} {'point' if points < 2 else 'points'})")
    board = BOARD_FR[BOARDS[card.nature]]
    if card.kind == ATTACK:
        return f"Carte attaque {board} : {SKIP_FR[card.skip]}"
    return f"Carte mesure de sécurité {board}"


def _kind_en(card: Any) -> str:
    if card.kind == DATA:
        points = POINTS[card.category]
        unit = "point" if points == 1 else "points"
        return f"{CATEGORY_EN[card.category]} card ({points} {unit})"
    board = BOARD_EN[BOARDS[card.nature]]
    if card.kind == ATTACK:
        return f"{board.capitalize()} attack card: {SKIP_EN[card.skip]}"
    return f"{board.capitalize()} security measure card"


def pages(site: Texts, characters: Mapping[str, Character], lang: str = "fr"
          ) -> list[CardPage]:
    deck = cards()
    page_theme = theme(site, lang)
    out = []
    for card in deck.cards:
        links: tuple[tuple[str, str], ...] = ()
        if card.kind == ATTACK:
            measure = deck.cards[card.countered_by]
            links = ((say(lang, "La parade : ", "The defence: ") + measure.name(lang),
                      card_path(measure.id)),)
        elif card.kind == MEASURE:
            attack = deck.cards[card.counters]
            links = ((say(lang, "L'attaque qu'elle déjoue : ", "The attack it foils: ")
                      + attack.name(lang), card_path(attack.id)),)
        out.append(
            CardPage(
                game="voleur",
                id=card.id,
                path=card_path(card.id),
                title=card.name(lang),
                kind=_kind(card, lang),
                speaker=characters["voleur" if card.kind == ATTACK else "gestionnaire"],
                message=card.explain(lang),
                theme=page_theme,
                links=links,
                source=card_sources().get(card.id),
            )
        )
    return out


def deck() -> PrintDeck:
    catalogue = cards()
    common: list[PrintCard] = []
    thief: list[PrintCard] = []
    for card in catalogue.cards:
        if card.kind == DATA:
            corner, band = str(POINTS[card.category]), CATEGORY_FR[card.category]
        elif card.kind == ATTACK:
            corner = "A"
            band = f"Attaque {BOARD_FR[BOARDS[card.nature]]}, {SKIP_FR[card.skip]}"
        else:
            corner = "M"
            band = f"Mesure {BOARD_FR[BOARDS[card.nature]]}"
        printed = PrintCard(
            title=card.name_fr,
            corner=corner,
            text=card.explain_fr,
            path=card_path(card.id),
            colour=COLOURS[card.kind],
            band=band,
            copies=card.count,
        )
        (thief if card.kind == ATTACK else common).append(printed)
    return PrintDeck(
        game="voleur",
        title="Le Voleur de Données",
        sections=(("Pioche des gestionnaires", tuple(common)), ("Pioche du voleur", tuple(thief))),
        board=True,
        notes=(
            "Imprime la page des plateaux une fois par gestionnaire de données.",
            "Découpe les cartes le long des traits de coupe.",
            "Données : standard 1 point, hautement confidentielle 3 points, sensible 5 points.",
        ),
    )


#: The game's part of the site's texts: its one page of data protection basics.
TEXTS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["title", "intro", "sections", "parents", "resources"],
    "additionalProperties": False,
    "properties": {
        "title": TEXT,
        "title_en": TEXT,
        "intro": TEXT,
        "intro_en": TEXT,
        "sections": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["title", "text"],
                "additionalProperties": False,
                "properties": {"title": TEXT, "title_en": TEXT, "text": TEXT,
                               "text_en": TEXT, **SOURCE_PROPERTIES},
            },
        },
        "parents": TEXT,
        "parents_en": TEXT,
        "resources": RESOURCES,
        **SOURCE_PROPERTIES,
    },
}


def _themes(texts: Texts, lang: str) -> Sequence[ThemePage]:
    return [theme(texts, lang)]


def _deck(texts: Texts, characters: Mapping[str, Character]) -> PrintDeck:
    return deck()


def _count(part: Texts) -> Mapping[str, int]:
    return {"sections": len(part["sections"])}


#: The game's part of the site: third on the index, one page for the whole game; the
#: thief speaks the attacks, the data manager the measures and the data.
SITE = GameSite(
    rank=3,
    themes=_themes,
    cards=pages,
    one_page=True,
    deck=_deck,
    characters=("voleur", "gestionnaire"),
    texts=TEXTS_SCHEMA,
    fact_paths=((), ("sections",), ("resources",)),
    count=_count,
)
