"""Every card's name on the Le Voleur de Données board is read whole (V2: each card has a
realistic name; the board is read from the back of the room). The narrowest projector
board (900 units wide, its blocks in two columns: a tall stage) cut a name longer than a
row at a word's end: « Gestionnaire de mots de passe… », « Empreintes digitales du… »,
« Contact du vrai support… », 3 of the 38 names. A long name now goes on to a second line,
its card as much taller, on the projector, on the phone and in the thief's loot."""

from __future__ import annotations

import copy
import itertools
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from ludinum.games import registry
from ludinum.games.voleur.content import load_deck
from tests.reading import plain_spaces
from tests.server.test_boards import draw, svg_root

#: The data cards and measures of the deck, by id.
DECK = load_deck()
DATA = [c.id for c in DECK.cards if c.kind == 0]
MEASURES = [c.id for c in DECK.cards if c.kind == 2]

#: A tall, narrow stage: the board laid out for it is the narrowest (board.js: MIN_W), in
#: CSS pixels large enough for its names to be drawn at 14 px at least (READ_PX; on a
#: smaller stage the board is drawn compact, a tile per category, the names on the phones:
#: tests/browser/test_voleur_projector.py).
TALL: dict[str, float] = {"w": 700, "h": 3500}


def full_view(players: int) -> dict[str, Any]:
    """A public view of a game of ``players`` whose boards hold every data card and every
    measure revealed (the long names among them), and whose loot holds every data card."""
    game = registry().get("voleur")
    view: dict[str, Any] = copy.deepcopy(
        game.setup(game.make_config(players=players, seed=1)).view(None))
    managers = [p for p in view["players"] if p["role"] == "manager"]
    for i, p in enumerate(managers):
        for side in ("paper", "digital"):
            board = p["boards"][side]
            board["data"] = DATA[i::len(managers)]
            board["shown"] = MEASURES[i::len(managers)]
            board["opened"] = True
    view["loot"] = list(DATA)
    return view


def cards_names(html: str) -> list[tuple[str, str]]:
    """Each card drawn on the board (a data card, a revealed measure's row): its name as
    written, its lines joined, and its kind. (A measure's place on its board's label line,
    « ✔ » or « ? », names nothing.)"""
    out = []
    for group in svg_root(html).iter("g"):
        classes = (group.get("class") or "").split()
        if "card" not in classes or not {"data", "named"} & set(classes):
            continue
        texts = ["".join(t.itertext()) for t in group.iter("text")]
        # its points first (a data card)
        name = " ".join(texts[1:] if "data" in classes else texts)
        name = plain_spaces(name)
        out.append((name.removeprefix("✔ "), "data" if "data" in classes else "measure"))
    return out


@pytest.mark.parametrize(("narrow", "box"), [(False, TALL), (False, None), (True, None)])
@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_card_name_is_drawn_whole(
    narrow: bool, box: dict[str, float] | None, players: int, lang: str
) -> None:
    game = registry().get("voleur")
    html = draw(game, full_view(players), lang, narrow=narrow, box=box)
    drawn = cards_names(html)
    names = {c.id: (c.name_en if lang == "en" else c.name_fr) for c in DECK.cards}
    expected = sorted(names[i] for i in DATA) * 2 + sorted(names[i] for i in DATA)
    assert sorted(n for n, kind in drawn if kind == "data") == sorted(expected)
    assert sorted(n for n, kind in drawn if kind == "measure") == sorted(
        [names[i] for i in MEASURES] * 2)
    assert not [n for n, _ in drawn if "…" in n]


def test_a_long_name_takes_two_lines_inside_a_taller_card() -> None:
    """On the narrowest projector board « Gestionnaire de mots de passe et double
    authentification » lies on two lines, both inside its card's row, and the next row
    starts under it."""
    game = registry().get("voleur")
    html = draw(game, full_view(3), "fr", box=TALL)
    root = svg_root(html)
    assert float(root.get("viewBox", "0 0 0 0").split()[2]) == 900  # the narrowest layout
    ns = ""
    rows: list[tuple[float, float, float, list[float]]] = []
    for group in root.iter(ns + "g"):
        if "named" not in (group.get("class") or "").split():
            continue
        rect = group.findall(ns + "rect")[0]
        texts: list[ET.Element] = group.findall(ns + "text")
        top, height = float(rect.get("y", 0)), float(rect.get("height", 0))
        rows.append((float(rect.get("x", 0)), top, height,
                     [float(t.get("y", 0)) for t in texts]))
        if "Gestionnaire" in "".join(texts[0].itertext()):
            assert len(texts) == 2
    assert any(len(baselines) == 2 for *_, baselines in rows)
    for _, top, height, baselines in rows:
        assert all(top < y <= top + height for y in baselines)
    for x in {x for x, *_ in rows}:  # a column of boards: its rows one under the other
        tops = sorted((top, height) for at, top, height, _ in rows if at == x)
        for (top, height), (below, _) in itertools.pairwise(tops):
            assert below >= top + height


@pytest.mark.parametrize("narrow", [False, True])
def test_the_two_piles_are_told_apart(narrow: bool) -> None:
    """V3/V5: the managers draw from the common pile, the thief from his own. The board's
    header said « pioche : 81 » and the thief's block « pioche : 23 »: a class read two
    counts of one pile. The header's is now « pioche commune »."""
    game = registry().get("voleur")
    view = game.setup(game.make_config(players=3, seed=1)).view(None)
    texts = [plain_spaces("".join(t.itertext()))
             for t in svg_root(draw(game, view, "fr", narrow=narrow, box=TALL)).iter("text")]
    common = [t for t in texts if "pioche commune : " in t]
    assert len(common) == 1 and f"pioche commune : {view['pile']}" in common[0], texts
    assert [t for t in texts if t.startswith(f"pioche : {view['thief_pile']} ")], texts
    html = draw(game, view, "en", narrow=narrow, box=TALL)
    assert f"common pile: {view['pile']}" in html.replace("\u00a0", " "), html
