"""Web Runners on the site (ruling W16): a page per named card with its prevention message
and its speaking character, a page per theme with resources and advice for parents, and
the print-and-play deck.

The deck and the themes are read from the game's content files
(``content/webrunners/deck.yaml`` and ``themes.yaml``, checked by the game's own content
kinds), so an educator's edit shows on the site and on the printed cards alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ludinum.content.pack import folder as content_folder
from ludinum.content.yamldoc import load
from ludinum.games.webrunners.game import WebRunnersGame
from ludinum.sitekit.model import CardPage as Page
from ludinum.sitekit.model import (
    Character,
    GameSite,
    PrintCard,
    Resource,
    SiteQuiz,
    Texts,
    ThemePage,
    say,
    source_of,
)
from ludinum.sitekit.model import Deck as PrintDeck

THEME_ORDER = ("relations", "sante", "information", "education")
#: The colour of each theme's symbol (seed: rouge, vert, bleu, jaune): CSS name, RGB, words.
COLOURS = {
    "rouge": ("#b3261e", (179, 38, 30), "symbole rouge"),
    "vert": ("#1b6e2d", (27, 110, 45), "symbole vert"),
    "bleu": ("#1f4fa3", (31, 79, 163), "symbole bleu"),
    "jaune": ("#8a6100", (214, 168, 0), "symbole jaune"),
}
COLOUR_WORDS_EN = {"rouge": "red symbol", "vert": "green symbol", "bleu": "blue symbol",
                   "jaune": "yellow symbol"}
KIND_FR = {"move": "Déplacement", "bridge": "Pont", "damage": "Dégâts", "retro": "Rétro-dégâts"}
KIND_HELP = {
    "move": "Avance ton pion du nombre de cases indiqué.",
    "bridge": "Permet de franchir un pont vers le cercle suivant.",
    "damage": "Inflige des dégâts à un adversaire.",
    "retro": "Retourne les dégâts contre celui qui a voulu les infliger.",
}
#: The card labels of the English pages: (label, what it does in the game).
KIND_EN = {
    "move": ("Move card", "Move your pawn forward by the number of cells shown."),
    "bridge": ("Bridge card", "Lets you cross a bridge to the next circle."),
    "damage": ("Damage card", "Deals damage to an opponent."),
    "retro": ("Retro-damage card", "Turns the damage back against whoever tried to deal it."),
}


def _flat(text: str) -> str:
    return " ".join(str(text).split())


@lru_cache(maxsize=1)
def raw() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The deck's cards and the themes, as in the content files."""
    folder = content_folder("webrunners")
    deck = load(folder / "deck.yaml").data["cards"]
    themes = load(folder / "themes.yaml").data["themes"]
    return list(deck), list(themes)


def corner(card: dict[str, Any]) -> str:
    kind = card["kind"]
    if kind == "move":
        return str(card["value"])
    return {"bridge": "P", "damage": "D", "retro": "R"}[kind]


def card_path(card_id: str) -> str:
    return f"/cartes/webrunners/{card_id}"


def theme_path(theme: str) -> str:
    return f"/apprendre/webrunners/{theme}"


def _in(item: dict[str, Any], key: str, lang: str) -> str:
    """``item[key_en]`` on an English page when the file has it, else ``item[key_fr]``."""
    return _flat(item.get(f"{key}_en") or item[f"{key}_fr"]) if lang == "en" else _flat(
        item[f"{key}_fr"])


def themes(lang: str = "fr") -> dict[str, ThemePage]:
    deck, data = raw()
    out = {}
    for t in sorted(data, key=lambda t: THEME_ORDER.index(t["id"])):
        _, _, words = COLOURS.get(t["colour"], ("#555555", (85, 85, 85), t["colour"]))
        out[t["id"]] = ThemePage(
            game="webrunners",
            id=t["id"],
            title=_in(t, "name", lang),
            intro=_in(t, "resources", lang),
            path=theme_path(t["id"]),
            parents=_in(t, "parents", lang),
            resources=tuple(
                Resource(r["name"], _in(r, "what", lang), r["contact"], source_of(r))
                for r in t["resources"]
            ),
            colour=t["colour"],
            colour_fr=say(lang, words, COLOUR_WORDS_EN.get(t["colour"]) or str(words)),
            cards=tuple(card_path(c["id"]) for c in deck if c.get("theme") == t["id"]),
            source=source_of(t),
        )
    return out


def pages(characters: Mapping[str, Character], lang: str = "fr") -> list[Page]:
    deck, _ = raw()
    by_theme = themes(lang)
    out = []
    for card in deck:
        if card.get("theme") is None or "message" not in card:
            continue
        kind = KIND_FR[card["kind"]]
        label = f"Carte {kind} {card['value']}" if card["kind"] == "move" else f"Carte {kind}"
        label_en, help_en = KIND_EN[card["kind"]]
        if card["kind"] == "move":
            label_en = f"{label_en} {card['value']}"
        message = card.get("message_en") if lang == "en" else None
        out.append(
            Page(
                game="webrunners",
                id=card["id"],
                path=card_path(card["id"]),
                title=_in(card, "name", lang),
                kind=say(lang, label, label_en),
                speaker=characters[card["speaker"]],
                message=_flat(message or card["message"]),
                theme=by_theme[card["theme"]],
                sections=((say(lang, "Dans le jeu", "In the game"),
                           say(lang, KIND_HELP[card["kind"]], help_en)),),
                source=source_of(card),
            )
        )
    return out


def deck(characters: Mapping[str, Character]) -> PrintDeck:
    cards, data = raw()
    colour_of = {t["id"]: COLOURS.get(t["colour"], ("", (85, 85, 85), ""))[1] for t in data}
    name_of = {t["id"]: t["name_fr"] for t in data}
    named, plain = [], []
    for card in cards:
        theme = card.get("theme")
        if theme is None:
            plain.append(
                PrintCard(
                    title=KIND_FR[card["kind"]],
                    corner=corner(card),
                    text=KIND_HELP[card["kind"]],
                    path=None,
                    copies=int(card["copies"]),
                )
            )
            continue
        named.append(
            PrintCard(
                title=card["name_fr"],
                corner=corner(card),
                text=KIND_HELP[card["kind"]],
                path=card_path(card["id"]),
                colour=colour_of[theme],
                band=name_of[theme],
                footer=f"Flashe le code : le message de {characters[card['speaker']].name}",
                copies=int(card["copies"]),
            )
        )
    return PrintDeck(
        game="webrunners",
        title="Web Runners",
        sections=(("Cartes des thèmes", tuple(named)), ("Cartes simples", tuple(plain))),
        board=True,
        notes=(
            "Découpe les cartes le long des traits de coupe.",
            "Flashe le code d'une carte du thème de la partie pour lire son message.",
        ),
    )


def _themes(texts: Texts, lang: str) -> Sequence[ThemePage]:
    return list(themes(lang).values())


def _cards(texts: Texts, characters: Mapping[str, Character], lang: str) -> Sequence[Page]:
    return pages(characters, lang)


def _deck(texts: Texts, characters: Mapping[str, Character]) -> PrintDeck:
    return deck(characters)


#: The game's part of the site: first on the index, its cards lead to the site's quiz and
#: its diploma (W16), one quiz theme per theme of the rules.
SITE = GameSite(
    rank=1,
    themes=_themes,
    cards=_cards,
    deck=_deck,
    characters=("white_hat", "influenceuse", "cyber_activiste", "geekcolo"),
    quiz=SiteQuiz(
        "webrunners_quiz", f"Quiz du site de {WebRunnersGame.title_fr}", WebRunnersGame.title_fr,
        "Web Runner",
        "Un Web Runner vérifie ses sources, protège ses comptes et respecte les autres en ligne.",
        THEME_ORDER, theme_path,
    ),
)
