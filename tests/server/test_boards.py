"""The SVG boards of the four games, as the page draws them (``games/*/web/board.js``, run
here by a JavaScript engine): drawn from the public view only, well-formed, titled,
faithful to the state, and blind to everything the public view hides."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from ludinum.engine import Game, State
from ludinum.games import registry
from ludinum.server import boards, render
from tests.drawing import shared
from tests.reading import plain_spaces

PLAYERS = {"gnou": 3, "webrunners": 4, "hacker": 5, "voleur": 5}
#: Nicknames with markup: they must come out escaped (the XML parse would fail otherwise).
NAMES = ["Léa", "<b>Tom</b>", "Zoé & Cie", "Nils", "Ana", "Max", "Ilan"]


def play(name: str, seed: int, steps: int) -> tuple[Game, State]:
    """A seeded game after ``steps`` random legal actions (fewer if it ends)."""
    game = registry().get(name)
    state = game.setup(game.make_config(players=PLAYERS[name], seed=seed))
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = rng.choice(state.active_players())
        state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    return game, state


def draw(game: Game, view: dict[str, Any], lang: str = "fr",
         names: list[str] | None = None, narrow: bool = False,
         box: dict[str, float] | None = None) -> str:
    """The board as every screen draws it from the public view (``narrow``: as a page
    under 50 rem wide, a phone, draws it; ``box``: as the projector draws it in the room
    its stage leaves the drawing, app.js: fitBoard)."""
    players = PLAYERS[game.name]
    state = {"lang": lang, "seat": None, "view": view, "narrow": narrow, "box": box,
             "names": NAMES[:players] if names is None else names}
    return shared().screen(game, state, ("map",))["map"]


def ground(game: Game, lang: str = "fr") -> str:
    """The board's fixed layer, drawn once by a page."""
    return shared().screen(game, {"lang": lang, "seat": None, "view": {}}, ("ground",))[
        "ground"]


def svg_root(html: str) -> ET.Element:
    start, end = html.index("<svg"), html.index("</svg>") + len("</svg>")
    return ET.fromstring(html[start:end])


def title_of(html: str) -> str:
    title = svg_root(html).find("title")
    assert title is not None and title.text
    return plain_spaces(title.text)  # French spacing


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


@pytest.mark.parametrize("name", sorted(PLAYERS))
@pytest.mark.parametrize("steps", [0, 30, 150])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_board_is_well_formed_and_titled(name: str, steps: int, lang: str) -> None:
    game, state = play(name, seed=7, steps=steps)
    html = draw(game, state.view(None), lang)
    root = svg_root(html)
    assert root.tag == "svg" and root.get("role") == "img"
    title = root.find("title")
    assert title is not None and title.text and title.get("id") == root.get("aria-labelledby")
    assert root.get("viewBox")
    assert '<p class="legend">' in html, "a legend in words under the drawing"
    assert "<b>" not in html
    if name != "gnou":  # the Gnou board draws the team's pawn, no nickname
        assert "&lt;b&gt;Tom&lt;/b&gt;" in html


def test_english_board_speaks_english() -> None:
    game, state = play("webrunners", seed=3, steps=40)
    fr, en = draw(game, state.view(None), "fr"), draw(game, state.view(None), "en")
    assert "cercle" in title_of(fr) and "circle" in title_of(en)
    assert "immunité" in fr and "immunity" in en and "immunité" not in en


def test_the_legend_names_the_characters_in_the_page_language() -> None:
    # The names come from the game's text (CHARACTER_NAMES), not from the template.
    game, state = play("webrunners", seed=3, steps=0)
    view = {**state.view(None), "characters": ["influenceuse", "cyber_activiste",
                                               "white_hat", "geekcolo"]}
    fr, en = draw(game, view, "fr"), draw(game, view, "en")
    # « Bot 3 : Influenceuse », not « Bot 3 (Influenceuse) »
    assert "\u00a0: Influenceuse" in fr and "\u00a0: Cyber-activiste" in fr
    assert ": Influencer" in en and ": Cyber-activist" in en and " : " not in en
    assert "(Influenceuse)" not in fr
    assert "Influenceuse" not in en and "activiste" not in en


def test_missing_nicknames_fall_back_to_seat_numbers() -> None:
    game, state = play("hacker", seed=1, steps=10)
    html = draw(game, state.view(None), "fr", names=[])
    assert "Joueur 1" in html and "Joueur 5" in html


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_webrunners_board_shows_every_pawn_where_it_is(seed: int) -> None:
    game, state = play("webrunners", seed=seed, steps=400)
    view = state.view(None)
    html = draw(game, view)
    title = title_of(html)
    for seat, (circle, cell) in enumerate(view["pawns"]):
        if circle == 5:
            where = "au centre"
        elif circle == 4:
            where = f"cercle intérieur, case « {cell} »"
        else:
            where = f"cercle {circle}, case {cell}"
        assert f"{NAMES[seat]} : {where}" in title
    root = svg_root(html)
    assert len(by_class(root, "token")) == PLAYERS["webrunners"]
    # The fixed layer, drawn once under the moving one (same viewBox).
    fixed = svg_root(ground(game))
    assert fixed.get("viewBox") == root.get("viewBox")
    assert len(by_class(fixed, "bridge")) == 9  # three per circle (W2)
    assert len(by_class(fixed, "cell")) == 24 + 18 + 12 + 9


def webrunners_pawns(pawns: list[list[int]]) -> list[tuple[tuple[float, float], float]]:
    """The Web Runners pawns drawn for ``pawns`` (a public view's), each as its centre and
    its size (``token``'s r: its number's font size is 1.4 r, 28 units, its baseline 0.365
    of it below the centre) in the board's units, before the rotation of its cell (angle 0:
    the top)."""
    import re

    game = registry().get("webrunners")
    view = {"pawns": pawns, "current": None, "winner": None, "characters": []}
    html = draw(game, view)
    out = []
    for x, y, size in re.findall(r'<g class="token seat-\d">.*?<text x="([\d.]+)" '
                                 r'y="([\d.]+)" font-size="([\d.]+)"', html, re.S):
        r = float(size) / 1.4
        out.append(((float(x), float(y) - 0.365 * float(size)), r))
    assert len(out) == len(pawns)
    return out


def test_webrunners_pawns_leave_their_cells_label_visible() -> None:
    """Four pawns on one cell sit around it, leaning on its ring: each pawn's centre is
    outside the cell's circle (radius 27), and its nearest edge (its reach: 27 at most,
    the triangle's tip at 1.35 r) clear of the label in the middle (±17 × ±11), so that
    the cell's number or symbol stays readable under the pawns."""
    import math

    cell = (452.0, 452.0 - 385.0)  # circle 1, cell 0, at the top (angle 0)
    for centre, r in webrunners_pawns([[1, 0]] * 4):
        assert math.dist(centre, cell) > 27, centre
        assert math.dist(centre, cell) - 1.35 * r > math.hypot(17, 11) - 1, centre


def test_webrunners_pawns_are_large_and_never_overlap() -> None:
    """A pawn is what the class follows on the projector: drawn at 20 units (14, then 17
    before: its number 17.8 px on a 1920×1080 projector, now 25 px), and as crowded as the
    board gets (three pawns around a cell, one on the cell next to it on the neighbouring
    circle, cells 0 of every circle on one line) no two pawns overlap."""
    import math

    for crowd in ([[1, 0]] * 3 + [[2, 0]], [[2, 0]] * 3 + [[3, 0]],
                  [[3, 0]] * 3 + [[4, 1]], [[4, 1]] * 3 + [[5, 0]]):
        drawn = webrunners_pawns(crowd)
        assert all(r > 19.9 for _, r in drawn), drawn  # 20, its font size rounded
        for i, (a, ra) in enumerate(drawn):
            for b, rb in drawn[i + 1:]:
                assert math.dist(a, b) >= 1.05 * (ra + rb), (crowd, a, b)


def test_webrunners_pawns_and_turn_ring_stay_inside_the_board() -> None:
    """A pawn on an outer cell's outer corner, with the dashed ring of the seat whose turn
    it is, is drawn whole: inside the board's square (the ring ran 8 units past its edge,
    cut on the phone, once the pawns grew)."""
    import math
    import re

    game = registry().get("webrunners")
    for current in range(4):
        view = {"pawns": [[1, 6]] * 4, "current": current, "winner": None, "characters": []}
        html = draw(game, view)
        size = float(svg_root(html).get("viewBox").split()[2])  # type: ignore[union-attr]
        centre = size / 2
        rings = re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)" fill="none" '
                           r'stroke="#111827" stroke-width="([\d.]+)" stroke-dasharray', html)
        assert len(rings) == 1, html
        for x, y, r, width in rings:
            reach = math.dist((float(x), float(y)), (centre, centre)) + float(r)
            assert reach + float(width) / 2 <= centre, (current, reach, centre)


@pytest.mark.parametrize("steps", [40, 120, 400])
def test_hacker_board_shows_every_stack(steps: int) -> None:
    game, state = play("hacker", seed=5, steps=steps)
    view = state.view(None)
    html = draw(game, view)
    title = title_of(html)
    for account in view["accounts"]:
        assert f"compte {account['id'] + 1} : {len(account['stack'])} virus" in title
    root = svg_root(html)
    assert len(by_class(root, "account")) == len(view["accounts"])
    assert len(by_class(root, "virus")) == sum(len(a["stack"]) for a in view["accounts"])
    if view.get("scores"):
        for score in view["scores"]:
            assert f"score\u00a0: {score}" in html  # French spacing


def test_hacker_board_at_the_end_shows_the_bills() -> None:
    game, state = play("hacker", seed=2, steps=5_000)
    assert state.is_terminal()
    view = state.view(None)
    html = draw(game, view)
    for account in view["accounts"]:
        if len(account["bills"]) > 1:
            assert f"= {sum(account['bills'])}" in html
    assert "♛" in html


def strip_names(html: str, seat: int) -> list[str]:
    """The lines of a Hacker player's column above what it is doing: its nickname."""
    group = next(g for g in by_class(svg_root(html), "player") if f"seat-{seat}" in (
        g.get("class") or "").split())
    # Its own texts (the token's number is in its own group): the name's lines are the bold
    # ones larger than the column's smallest text (25: what it is doing, its score).
    texts = [t for t in group.findall("text")
             if t.get("font-weight") == "700" and float(t.get("font-size", 0)) > 25]
    return [plain_spaces("".join(t.itertext())) for t in texts]


def test_a_phones_hacker_columns_show_nicknames_whole() -> None:
    """Seven players on a phone, their columns four a row, 159 units each: a nickname was
    cut to eight signs (« Anne-Sophie » read « Anne-So… », « Maximilien » « Maximil… »).
    Now a nickname is whole on one line squeezed a little, or on two lines broken at a
    space or after a hyphen (all of the strips then a line taller, what each player is
    doing below its name), or a single long word in halves with a hyphen; only a name
    longer than two lines can hold is cut (« … »), and on the second line first."""
    names = ["Maximilien", "Léa", "Anne-Sophie", "Inès la Licorne", "Anticonstitutionnel",
             "Jean-Baptiste Dupont", "Noé"]
    game = registry().get("hacker")
    state = game.setup(game.make_config(players=7, seed=3))
    html = draw(game, state.view(None), names=names, narrow=True)
    assert strip_names(html, 0) == ["Maximilien"]
    assert strip_names(html, 1) == ["Léa"]
    assert strip_names(html, 2) == ["Anne-", "Sophie"]
    assert strip_names(html, 3) == ["Inès la", "Licorne"]
    assert strip_names(html, 4) == ["Anticonst-", "itutionnel"]
    first, second = strip_names(html, 5)
    assert first.startswith("Jean-Bapt") and first.endswith("…") and second == "Dupont"
    lower = next(g for g in by_class(svg_root(html), "player") if "seat-1" in g.get("class", ""))
    assert float(lower.find("rect").get("height")) == 148 - 6 + 30  # type: ignore[union-attr]
    # Short names on one line each: the strips keep their height.
    short = draw(game, state.view(None), names=["Léa", "Tom", "Inès", "Noé", "Ana", "Max",
                                                "Ilan"], narrow=True)
    assert [strip_names(short, seat) for seat in range(7)] == [[n] for n in (
        "Léa", "Tom", "Inès", "Noé", "Ana", "Max", "Ilan")]
    assert svg_root(short).get("viewBox", "").split()[3] < svg_root(html).get(
        "viewBox", "").split()[3]


@pytest.mark.parametrize("players", [3, 4, 6, 7])
def test_the_projectors_hacker_columns_show_nicknames_whole(players: int) -> None:
    """On the projector (its stage's room at 1920×1080), 6 and 7 players' columns cut a
    nickname to ten signs (« Anne-Soph… », « Inès la L… »), 4 and 5 players' to twelve:
    now each is whole, on one line or two, whatever the layout the room picks."""
    names = ["Anne-Sophie", "Inès la Licorne", "Maximilien", "Jean-Baptiste", "Léa",
             "Tom", "Noé"][:players]
    game = registry().get("hacker")
    state = game.setup(game.make_config(players=players, seed=3))
    html = draw(game, state.view(None), names=names, box={"w": 1299, "h": 1017})
    for seat, name in enumerate(names):
        lines = strip_names(html, seat)
        assert name in ("".join(lines), " ".join(lines)), (seat, lines)


@pytest.mark.parametrize("steps", [20, 60, 300])
def test_voleur_board_shows_boards_data_and_backs(steps: int) -> None:
    game, state = play("voleur", seed=4, steps=steps)
    view = state.view(None)
    html = draw(game, view)
    root = svg_root(html)
    managers = [p for p in view["players"] if p["role"] == "manager"]
    assert len(by_class(root, "manager")) == len(managers)
    assert len(by_class(root, "board")) == 2 * len(managers)
    # copies of one data on a board are one card with their count (« ×2 »)
    data = sum(len(set(b["data"])) for p in managers for b in p["boards"].values())
    assert len(by_class(root, "data")) == data + len(set(view["loot"]))
    copies = [len(b["data"]) - len(set(b["data"])) for p in managers
              for b in p["boards"].values()] + [len(view["loot"]) - len(set(view["loot"]))]
    assert bool(re.search(r" ×\d</text>", html)) == any(copies)
    hidden = sum(b["hidden"] for p in managers for b in p["boards"].values())
    assert len(by_class(root, "hidden")) == hidden
    shown = sum(len(b["shown"]) for p in managers for b in p["boards"].values())
    assert len(by_class(root, "revealed")) == shown
    for p in view["players"]:
        assert f"score : {p['score']}" in title_of(html)
    if view["attack"]:
        assert "⚔" in html


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_board_draws_only_the_keys_it_declares(name: str) -> None:
    """Screens are sent only the declared keys of the public view for their board
    (``Game.board_keys``): nothing else may change the drawing."""
    keys = registry().get(name).board_keys
    assert keys, f"{name} declares its keys"
    for steps in (0, 50, 250):
        game, state = play(name, seed=11, steps=steps)
        view = state.view(None)
        picked = {k: view[k] for k in keys if k in view}
        assert draw(game, picked) == draw(game, view)


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_no_hidden_information_reaches_the_board(name: str) -> None:
    """Two states that differ only in what the public cannot see give the same SVG."""
    rng = random.Random(2024)
    compared = differed = 0
    for steps in (0, 10, 25, 45, 80, 200):
        game, state = play(name, seed=13, steps=steps)
        if state.is_terminal():
            continue
        public = state.view(None)
        reference = draw(game, public)
        for seat in range(PLAYERS[name]):
            twin = state.resample(seat, random.Random(rng.random()))
            if twin.view(None) != public:
                continue
            compared += 1
            differed += twin.to_json() != state.to_json()
            assert draw(game, twin.view(None)) == reference
    assert compared >= 4
    assert differed, "the resampled states should hide something different"


def test_hidden_measures_are_not_named() -> None:
    """A manager's face-down measures never appear on the board, even shortened."""
    game, state = play("voleur", seed=9, steps=60)
    html = draw(game, state.view(None))
    catalogue = {c["id"]: c for c in boards.layout("voleur")}
    public = state.view(None)
    shown = {i for p in public["players"] for b in p.get("boards", {}).values()
             for i in b["shown"]}
    checked = 0
    for seat in range(PLAYERS["voleur"]):
        for player in state.view(seat)["players"]:
            for board in player.get("boards", {}).values():
                for ident in board.get("hidden_cards", []):
                    if ident not in shown:
                        checked += 1
                        assert catalogue[ident]["name_fr"][:9] not in html
    assert checked


def test_layouts_come_from_the_games() -> None:
    gnou = boards.layout("gnou")
    assert len(gnou) == 43 and gnou[0]["kind"] == "start" and gnou[42]["kind"] == "end"
    runners = boards.layout("webrunners")
    assert sum(1 for c in runners if c["kind"] == "cell") == 24 + 18 + 12
    assert sum(1 for c in runners if c["kind"] == "inner") == 9
    assert boards.layout("hacker") == ()  # everything it draws is in the view
    assert {c["kind"] for c in boards.layout("voleur")} == {"data", "attack", "measure"}
    assert boards.layout("no_such_game") == ()
    game = registry().get("gnou")
    assert boards.layout(game) == gnou


@pytest.mark.parametrize(("name", "drawn_line"), [("webrunners", "Cercle 1 :"),
                                                  ("gnou", "♞")])
def test_the_page_text_leaves_the_drawing_to_the_svg(name: str, drawn_line: str) -> None:
    """The terminal draws the board in text; a page that shows the SVG board does not repeat
    it, and keeps what the board does not show (the seat's own hand, the protections)."""
    game, state = play(name, seed=3, steps=12)
    view = state.view(0)
    assert drawn_line in game.text.view(view, "fr")
    html = render.board(game, view, "fr", 0, NAMES)
    assert drawn_line not in html
    if name == "webrunners":
        assert "Ta main" in html
    else:
        assert "(toi)" in html


def test_voleur_measures_never_overlap() -> None:
    """A revealed measure lay under the backs of the hidden ones beside it (a review's
    projector screenshot): each measure keeps within its own place."""
    import itertools
    import re

    for seed in range(1, 9):
        game, state = play("voleur", seed=seed, steps=400)
        html = draw(game, state.view(None))
        for board in re.findall(r'<g class="board board-\w+">(.*?)</g>\s*(?=<g class="board|'
                                r'{%|</g>)', html, re.S):
            boxes = sorted((float(x), float(x) + float(w)) for x, w in re.findall(
                r'<g class="card measure (?:revealed|hidden)">\s*<rect x="([\d.]+)" y="[\d.]+" '
                r'width="([\d.]+)"', board))
            for (_, end), (start, _) in itertools.pairwise(boxes):
                assert end <= start + 1e-6, (seed, boxes)


def test_voleur_card_names_are_never_cut() -> None:
    """« Empreintes digital… » (half of « digitales ») read as an English field word on a
    phone; cut after a whole word (« Empreintes digitales du… »), 3 of the 38 names still
    lost their end on the narrowest projector board. A name too long for its row goes on
    to a second line: none is cut (tests/voleur/test_voleur_board_names.py)."""
    drawn = 0
    for seed in range(1, 9):
        game, state = play("voleur", seed=seed, steps=400)
        for narrow in (False, True):
            html = draw(game, state.view(None), narrow=narrow)
            drawn += html.count('class="card data"')
            assert "…</text>" not in html
    assert drawn


def test_a_three_player_voleur_board_writes_every_data_name_whole() -> None:
    """With three players the two managers and the thief are drawn in two columns, not
    three: on the projector the data names were cut (« Empreintes digitales du… ») while
    the lower half of the screen stayed empty."""
    import re

    game = registry().get("voleur")
    seen = 0
    for seed in range(1, 9):
        state = game.setup(game.make_config(players=3, seed=seed))
        rng = random.Random(seed)
        for _ in range(300):
            if state.is_terminal():
                break
            seat = rng.choice(state.active_players())
            state.apply(seat, rng.choice(list(state.legal_actions(seat))))
        html = shared().screen(game, {"lang": "fr", "seat": None, "view": state.view(None),
                                      "names": NAMES[:3]}, ("map",))["map"]
        for card in re.findall(r'<g class="card data">(.*?)</g>', html, re.S):
            seen += 1
            assert "…" not in card, card
    assert seen  # data cards were drawn


@pytest.mark.parametrize("narrow", [False, True])
def test_voleur_headings_write_nicknames_whole(narrow: bool) -> None:
    """A nickname (20 signs at most) was cut to 14 signs in the managers' and the thief's
    headings (« Anne-Sophie M… », « ☠ Inès la Licor… ») in blocks with room to spare. Now
    it is cut only where it would be squeezed below three quarters of its width: six
    players on the projector and on a phone write each whole."""
    names = ["Anne-Sophie Martin", "Inès la Licorne", "Anticonstitutionnels",
             "Jean-Baptiste Dupont", "Léa", "WWWWWWWWWWWWWWWWWWWW"]
    game = registry().get("voleur")
    state = game.setup(game.make_config(players=6, seed=4))
    rng = random.Random(4)
    for _ in range(80):
        seat = rng.choice(state.active_players())
        state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    view = state.view(None)
    html = draw(game, view, names=names, narrow=narrow,
                box=None if narrow else {"w": 1299, "h": 1017})
    headings = [plain_spaces("".join(t.itertext())) for t in svg_root(html).iter("text")
                if t.get("font-size") == "26" and t.get("font-weight") == "700"]
    thief = next(p["seat"] for p in view["players"] if p["role"] == "thief")
    for seat, name in enumerate(names):
        said = f"☠ {name}" if seat == thief else name
        assert any(h == said or h.startswith(said + " · ") for h in headings), (name, headings)
    assert not any("…" in h for h in headings)
