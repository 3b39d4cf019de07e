"""Le jeu du Gnou on the site: a page per danger card (G1) and per quiz series (G3), a page
per protection and per liberty, and the print-and-play material (board, dangers, protection
and liberty cards, quiz cards with the answer for the game master)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludinum.content.facts import SOURCE_PROPERTIES
from ludinum.content.pack import folder as content_folder
from ludinum.content.yamldoc import load
from ludinum.games.gnou.content import (
    CULTURE,
    LIBERTIES,
    PROTECTION_FOR,
    PROTECTIONS,
    SERIES,
    load_bank,
    load_dangers,
    load_themes,
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

#: Colours of the danger types on the printed cards (each also written in words).
TYPE_COLOURS = {
    "traceurs": (160, 60, 20),
    "privateurs": (110, 60, 140),
    "liberticide": (150, 30, 60),
    "centralisation": (40, 40, 40),
    "restrictions": (30, 90, 140),
}
PROTECTION_COLOUR = (27, 110, 45)
LIBERTY_COLOUR = (31, 79, 163)
QUIZ_COLOUR = (138, 97, 0)


def theme_path(ident: str) -> str:
    return f"/apprendre/gnou/{ident}"


def danger_path(cell: int) -> str:
    return f"/cartes/gnou/danger/{cell}"


def series_path(series: str) -> str:
    return f"/cartes/gnou/serie/{series}"


def _resources(group: dict[str, Any], lang: str) -> tuple[Resource, ...]:
    return tuple(
        Resource(english(r, "name", lang), english(r, "what", lang), r["contact"],
                 source_of(r))
        for r in group["resources"]
    )


def danger_sources() -> dict[int, Source | None]:
    """The source of each danger card (``dangers.yaml``), by cell."""
    dangers = load(content_folder("gnou") / "dangers.yaml").data["dangers"]
    return {d["cell"]: source_of(d) for d in dangers}


def themes(site: Texts, lang: str = "fr") -> dict[str, ThemePage]:
    """The five protections, the four liberties and the general-culture series."""
    texts = load_themes()
    dangers = load_dangers()
    groups = site["gnou"]
    protections, liberties = groups["protections"], groups["liberties"]
    out: dict[str, ThemePage] = {}
    for pid in PROTECTIONS:
        item = texts["protections"][pid]
        danger = texts["dangers"][item["against"]]
        foiled = say(lang, "Le danger qu'elle déjoue : ", "The danger it foils: ")
        out[pid] = ThemePage(
            game="gnou",
            id=pid,
            title=english(item, "name", lang),
            intro=english(item, "text", lang),
            path=theme_path(pid),
            parents=english(protections, "parents", lang),
            resources=_resources(protections, lang),
            source=source_of(item),
            section_sources=(source_of(danger),),
            sections=(
                (foiled + english(danger, "name", lang), english(danger, "text", lang)),
                (english(protections, "title", lang), english(protections, "intro", lang)),
            ),
            cards=(
                series_path(pid),
                *(danger_path(c) for c, d in sorted(dangers.items())
                  if PROTECTION_FOR[d.type] == pid),
            ),
        )
    for lid in LIBERTIES:
        item = texts["liberties"][lid]
        out[lid] = ThemePage(
            game="gnou",
            id=lid,
            title=english(item, "name", lang),
            intro=english(item, "text", lang),
            path=theme_path(lid),
            parents=english(liberties, "parents", lang),
            resources=_resources(liberties, lang),
            source=source_of(item),
            sections=((english(liberties, "title", lang), english(liberties, "intro", lang)),),
            cards=(series_path(lid),),
        )
    culture = groups["culture"]
    out[CULTURE] = ThemePage(
        game="gnou",
        id=CULTURE,
        title=english(culture, "title", lang),
        intro=english(culture, "intro", lang),
        path=theme_path(CULTURE),
        parents=english(liberties, "parents", lang),
        resources=_resources(liberties, lang),
        cards=(series_path(CULTURE),),
        source=source_of(culture),
    )
    return out


def pages(site: Texts, characters: Mapping[str, Character], lang: str = "fr"
          ) -> list[CardPage]:
    texts = load_themes()
    by_id = themes(site, lang)
    gnou = characters["gnou"]
    sources = danger_sources()
    out = []
    for cell, card in sorted(load_dangers().items()):
        danger = texts["dangers"][card.type]
        name = english(danger, "name", lang)
        protection = PROTECTION_FOR[card.type]
        out.append(
            CardPage(
                game="gnou",
                id=f"danger-{cell}",
                path=danger_path(cell),
                title=card.title_in(lang),
                kind=say(lang, f"Carte danger, case {cell} : {name}",
                         f"Danger card, cell {cell}: {name}"),
                speaker=gnou,
                message=card.text_in(lang),
                theme=by_id[protection],
                sections=(
                    (say(lang, "L'alternative libre", "The free alternative"),
                     card.alternative_in(lang)),
                    (say(lang, "Le type de danger : ", "The type of danger: ") + name,
                     english(danger, "text", lang)),
                ),
                source=sources.get(cell),
            )
        )
    bank = load_bank()
    for series in SERIES:
        title = bank.titles.get(series, (series, series))[1 if lang == "en" else 0]
        count = sum(len(bank.piles[(series, level)]) for level in (1, 2, 3))
        theme = by_id[series]
        out.append(
            CardPage(
                game="gnou",
                id=f"serie-{series}",
                path=series_path(series),
                title=say(lang, f"Quiz : {title}", f"Quiz: {title}"),
                kind=say(lang, f"Carte quiz, série « {title} »", f"Quiz card, “{title}” series"),
                speaker=gnou,
                message=theme.intro,
                theme=theme,
                sections=(
                    (
                        say(lang, "Dans le jeu", "In the game"),
                        say(lang, f"Cette série compte {count} questions sur 3 niveaux de "
                                  "difficulté. Chaque carte tirée repasse sous sa pile.",
                            f"This series has {count} questions over 3 levels of difficulty. "
                            "Each card drawn goes back under its pile."),
                    ),
                ),
            )
        )
    return out


def deck(site: Texts) -> PrintDeck:
    texts = load_themes()
    bank = load_bank()
    dangers = tuple(
        PrintCard(
            title=card.title,
            corner=str(cell),
            text=card.text,
            path=danger_path(cell),
            colour=TYPE_COLOURS[card.type],
            band=f"Danger : {texts['dangers'][card.type]['name']}",
            footer=f"Protection : {texts['protections'][PROTECTION_FOR[card.type]]['name']}",
        )
        for cell, card in sorted(load_dangers().items())
    )
    shields = tuple(
        PrintCard(
            title=texts["protections"][pid]["name"],
            corner="P",
            text=texts["protections"][pid]["text"],
            path=theme_path(pid),
            colour=PROTECTION_COLOUR,
            band="Protection",
        )
        for pid in PROTECTIONS
    ) + tuple(
        PrintCard(
            title=texts["liberties"][lid]["name"],
            corner="L",
            text=texts["liberties"][lid]["text"],
            path=theme_path(lid),
            colour=LIBERTY_COLOUR,
            band="Liberté",
        )
        for lid in LIBERTIES
    )
    quiz = []
    for q in bank.questions:
        letters = "ABCD"
        choices = "\n".join(f"{letters[i]}. {c}" for i, c in enumerate(q.choices))
        quiz.append(
            PrintCard(
                title=q.question,
                corner=str(q.level),
                text=choices,
                path=series_path(q.series),
                colour=QUIZ_COLOUR,
                band=f"Quiz « {bank.titles.get(q.series, (q.series,))[0]} », niveau {q.level}",
                footer="Réponse au verso",
                back=f"Réponse : {letters[q.answer]}. {q.explanation}",
            )
        )
    return PrintDeck(
        game="gnou",
        title="Le jeu du Gnou",
        sections=(
            ("Cartes danger", dangers),
            ("Protections et libertés", shields),
            ("Cartes quiz (réponse au verso)", tuple(quiz)),
        ),
        board=True,
        notes=(
            "Découpe les cartes le long des traits de coupe.",
            "Les réponses des cartes quiz sont au verso : imprime ces planches en recto verso "
            "(retournement sur le bord long). Le joueur lit la réponse après avoir répondu, "
            "ou le meneur de jeu, s'il y en a un.",
        ),
    )


#: A group of pages of the site's texts (the protections, the liberties).
_GROUP = {
    "type": "object",
    "required": ["title", "intro", "parents", "resources"],
    "additionalProperties": False,
    "properties": {
        "title": TEXT,
        "title_en": TEXT,
        "intro": TEXT,
        "intro_en": TEXT,
        "parents": TEXT,
        "parents_en": TEXT,
        "resources": RESOURCES,
        **SOURCE_PROPERTIES,
    },
}
#: The game's part of the site's texts: the protections', the liberties' and the
#: general-culture series' pages.
TEXTS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["protections", "liberties", "culture"],
    "additionalProperties": False,
    "properties": {
        "protections": _GROUP,
        "liberties": _GROUP,
        "culture": {
            "type": "object",
            "required": ["title", "intro"],
            "additionalProperties": False,
            "properties": {"title": TEXT, "title_en": TEXT, "intro": TEXT,
                           "intro_en": TEXT, **SOURCE_PROPERTIES},
        },
    },
}


def _themes(texts: Texts, lang: str) -> Sequence[ThemePage]:
    return list(themes(texts, lang).values())


def _deck(texts: Texts, characters: Mapping[str, Character]) -> PrintDeck:
    return deck(texts)


#: The game's part of the site: second on the index; the Gnou speaks its cards.
SITE = GameSite(
    rank=2,
    themes=_themes,
    cards=pages,
    deck=_deck,
    characters=("gnou",),
    texts=TEXTS_SCHEMA,
    fact_paths=(
        *((group,) for group in ("protections", "liberties", "culture")),
        *((group, "resources") for group in ("protections", "liberties")),
    ),
)
