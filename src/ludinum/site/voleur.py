"""Le Voleur de Données on the site (ruling V2): a page per card with its explanation (the
thief explains the attacks, the data manager the measures and the data), the page of data
protection basics, and the print-and-play deck (the common pile and the thief's pile)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ludinum.content.pack import folder as content_folder
from ludinum.content.yamldoc import load
from ludinum.games.voleur.deck import (
    ATTACK,
    BOARDS,
    DATA,
    MEASURE,
    POINTS,
    SECTIONS,
    Deck,
    load_deck,
)
from ludinum.site.model import (
    CardPage,
    Character,
    PrintCard,
    Resource,
    Source,
    ThemePage,
    source_of,
)
from ludinum.site.model import Deck as PrintDeck

THEME_PATH = "/apprendre/voleur"
CATEGORY_FR = ("Donnée standard", "Donnée hautement confidentielle", "Donnée sensible")
BOARD_FR = {"paper": "papier", "digital": "numérique"}
COLOURS = {DATA: (31, 79, 163), ATTACK: (179, 38, 30), MEASURE: (27, 110, 45)}
SKIP_FR = ("vole une donnée", "la victime passe 1 tour", "la victime passe 2 tours")


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


def theme(site: dict[str, Any]) -> ThemePage:
    data = site["voleur"]
    deck = cards()
    return ThemePage(
        game="voleur",
        id="bases",
        title=data["title"],
        intro=data["intro"],
        path=THEME_PATH,
        parents=data["parents"],
        resources=tuple(
            Resource(r["name"], r["what"], r["contact"], source_of(r)) for r in data["resources"]
        ),
        sections=tuple((s["title"], s["text"]) for s in data["sections"]),
        source=source_of(data),
        section_sources=tuple(source_of(s) for s in data["sections"]),
        cards=tuple(card_path(c.id) for c in deck.cards),
    )


def _kind(card: Any) -> str:
    if card.kind == DATA:
        return f"Carte {CATEGORY_FR[card.category].lower()} ({POINTS[card.category]} pt)"
    board = BOARD_FR[BOARDS[card.nature]]
    if card.kind == ATTACK:
        return f"Carte attaque {board} : {SKIP_FR[card.skip]}"
    return f"Carte mesure de sécurité {board}"


def pages(site: dict[str, Any], characters: dict[str, Character]) -> list[CardPage]:
    deck = cards()
    page_theme = theme(site)
    out = []
    for card in deck.cards:
        links: tuple[tuple[str, str], ...] = ()
        if card.kind == ATTACK:
            measure = deck.cards[card.countered_by]
            links = ((f"La parade : {measure.name_fr}", card_path(measure.id)),)
        elif card.kind == MEASURE:
            attack = deck.cards[card.counters]
            links = ((f"L'attaque qu'elle déjoue : {attack.name_fr}", card_path(attack.id)),)
        out.append(
            CardPage(
                game="voleur",
                id=card.id,
                path=card_path(card.id),
                title=card.name_fr,
                kind=_kind(card),
                speaker=characters["voleur" if card.kind == ATTACK else "gestionnaire"],
                message=card.explain_fr,
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
