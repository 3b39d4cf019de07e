"""Le jeu du Gnou on the site: a page per danger card (G1) and per quiz series (G3), a page
per protection and per liberty, and the print-and-play material (board, dangers, protection
and liberty cards, quiz cards with the answer for the game master)."""

from __future__ import annotations

from typing import Any

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


def _resources(group: dict[str, Any]) -> tuple[Resource, ...]:
    return tuple(
        Resource(r["name"], r["what"], r["contact"], source_of(r)) for r in group["resources"]
    )


def danger_sources() -> dict[int, Source | None]:
    """The source of each danger card (``dangers.yaml``), by cell."""
    dangers = load(content_folder("gnou") / "dangers.yaml").data["dangers"]
    return {d["cell"]: source_of(d) for d in dangers}


def themes(site: dict[str, Any]) -> dict[str, ThemePage]:
    """The five protections, the four liberties and the general-culture series."""
    texts = load_themes()
    dangers = load_dangers()
    groups = site["gnou"]
    out: dict[str, ThemePage] = {}
    for pid in PROTECTIONS:
        item = texts["protections"][pid]
        danger = texts["dangers"][item["against"]]
        out[pid] = ThemePage(
            game="gnou",
            id=pid,
            title=item["name"],
            intro=item["text"],
            path=theme_path(pid),
            parents=groups["protections"]["parents"],
            resources=_resources(groups["protections"]),
            source=source_of(item),
            section_sources=(source_of(danger),),
            sections=(
                (f"Le danger qu'elle déjoue : {danger['name']}", danger["text"]),
                (groups["protections"]["title"], groups["protections"]["intro"]),
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
            title=item["name"],
            intro=item["text"],
            path=theme_path(lid),
            parents=groups["liberties"]["parents"],
            resources=_resources(groups["liberties"]),
            source=source_of(item),
            sections=((groups["liberties"]["title"], groups["liberties"]["intro"]),),
            cards=(series_path(lid),),
        )
    culture = groups["culture"]
    out[CULTURE] = ThemePage(
        game="gnou",
        id=CULTURE,
        title=culture["title"],
        intro=culture["intro"],
        path=theme_path(CULTURE),
        parents=groups["liberties"]["parents"],
        resources=_resources(groups["liberties"]),
        cards=(series_path(CULTURE),),
        source=source_of(culture),
    )
    return out


def pages(site: dict[str, Any], characters: dict[str, Character]) -> list[CardPage]:
    texts = load_themes()
    by_id = themes(site)
    gnou = characters["gnou"]
    sources = danger_sources()
    out = []
    for cell, card in sorted(load_dangers().items()):
        danger = texts["dangers"][card.type]
        protection = PROTECTION_FOR[card.type]
        out.append(
            CardPage(
                game="gnou",
                id=f"danger-{cell}",
                path=danger_path(cell),
                title=card.title,
                kind=f"Carte danger, case {cell} : {danger['name']}",
                speaker=gnou,
                message=card.text,
                theme=by_id[protection],
                sections=(
                    ("L'alternative libre", card.alternative),
                    (f"Le type de danger : {danger['name']}", danger["text"]),
                ),
                source=sources.get(cell),
            )
        )
    bank = load_bank()
    for series in SERIES:
        title = bank.titles.get(series, (series, series))[0]
        count = sum(len(bank.piles[(series, level)]) for level in (1, 2, 3))
        theme = by_id[series]
        out.append(
            CardPage(
                game="gnou",
                id=f"serie-{series}",
                path=series_path(series),
                title=f"Quiz : {title}",
                kind=f"Carte quiz, série « {title} »",
                speaker=gnou,
                message=theme.intro,
                theme=theme,
                sections=(
                    (
                        "Dans le jeu",
                        f"Cette série compte {count} questions sur 3 niveaux de difficulté. "
                        "Chaque carte tirée repasse sous sa pile.",
                    ),
                ),
            )
        )
    return out


def deck(site: dict[str, Any]) -> PrintDeck:
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
