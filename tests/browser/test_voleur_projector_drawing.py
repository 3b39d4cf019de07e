"""Le Voleur de Données on a 1920×1080 projector keeps one drawing for the whole game, its
data names read from the back of the room (V2: each data card has a realistic name). The
board used to be laid out from what lay on it: its width and columns changed as the boards
filled up (900, 910, 950… 1180 units wide with 3 players, the blocks moving under the
class's eyes), and when its names would have come out under 14 px it was drawn compact, a
tile per category, its names gone from the projector. The drawing is now decided from what
does not change in a game (its players, the room the stage leaves it): the same frame from
the first move to the last, each manager's block with room for its cards (their rows two a
row when a board outgrows it), and every data name at 15 px at least, for 3 to 6 players
(16 px at 1280×720, the floor the product asks for there; 15.2 with five or six
players at 1920×1080, LATE_LEAST)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludinum.games import registry
from ludinum.games.voleur.bot import VoleurBot
from tests.browser.helpers import stale_slots
from tests.browser.test_layout_fit import VOLEUR_NAMES, paused_table
from tests.server.test_boards import draw, svg_root

pytestmark = pytest.mark.slow

#: The names drawn on the projector's board and how large they are on the screen (the
#: computed font size times the drawing's scale), its frame and whether it is compact.
NAMES_PX = """(html) => {
  const slot = document.querySelector('.stage [data-slot="map"]');
  slot.innerHTML = html;
  const svg = slot.querySelector('svg');
  const scale = svg.getScreenCTM().a;
  const names = [...svg.querySelectorAll('g.card.data:not(.tile) text:not([font-weight])')]
    .map((t) => [t.textContent, parseFloat(getComputedStyle(t).fontSize) * scale]);
  return {names, tiles: svg.querySelectorAll('.tile').length};
}"""


def frames(players: int, seed: int, box: dict[str, float]) -> list[tuple[str, str]]:
    """A whole game of ``players`` (its managers and thief played by the game's bot on
    even seeds, at random on odd ones), its public board drawn for the projector's ``box``
    after every third move and at the end: (drawing, language)."""
    game = registry().get("voleur")
    state = game.setup(game.make_config(players=players, seed=seed,
                                        options={"thief_seat": seed % players}))
    bots = [VoleurBot(seed * 10 + p) for p in range(players)]
    rng = random.Random(seed)
    names = VOLEUR_NAMES[:players]
    out: list[tuple[str, str]] = []
    step = 0
    while not state.is_terminal():
        if step % 3 == 0:
            lang = "fr" if step % 6 == 0 else "en"
            out.append((draw(game, state.view(None), lang, names, box=box), lang))
        seat = state.active_players()[0] if seed % 2 == 0 else rng.choice(
            state.active_players())
        action = bots[seat].choose(state, seat) if seed % 2 == 0 else rng.choice(
            list(state.legal_actions(seat)))
        state.apply(seat, action)
        step += 1
    return [*out, (draw(game, state.view(None), "fr", names, box=box), "fr")]


def drawing_of(html: str) -> tuple[str, tuple[float, ...], bool]:
    """What the class sees move: the drawing's width, the columns its blocks lie in,
    compact or not."""
    root = svg_root(html)
    columns = {float(g.findall("rect")[0].get("x", 0)) for g in root.iter("g")
               if {"manager", "thief"} & set((g.get("class") or "").split())}
    return root.get("viewBox", "").split()[2], tuple(sorted(columns)), "tile" in html


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_projector_keeps_one_drawing_for_the_whole_game(
    players: int, live: Any, browser: Any, contexts: list[Any]
) -> None:
    """Its whole frame (width, columns, height) from the first move to the last, never
    compact."""
    host, _ = paused_table(browser, live, contexts, "voleur", players, (1920, 1080))
    box = host.evaluate("() => { const [w, h] = document.querySelector('.stage').dataset.box"
                        ".split('x').map(Number); return {w, h}; }")
    for seed in range(2):
        boards = [html for html, _ in frames(players, seed, box)]
        drawings = {drawing_of(html) for html in boards}
        assert len(drawings) == 1, (players, seed, sorted(drawings))
        assert not next(iter(drawings))[2], "drawn compact: its names gone"
        frames_seen = {svg_root(html).get("viewBox") for html in boards}
        assert len(frames_seen) == 1, (players, seed, frames_seen)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_data_name_is_read_on_the_projector(
    players: int, live: Any, browser: Any, contexts: list[Any]
) -> None:
    """Every data name on the boards and in the loot at 15 px at least (board.js:
    READ_PX; 14 before), from the first move to the last, in French and English: none
    left to a tile. At 1920×1080 three players' names are 25 px, four players' 19, five
    or six players' 15.2 (LATE_LEAST: why not 16)."""
    host, _ = paused_table(browser, live, contexts, "voleur", players, (1920, 1080))
    box = host.evaluate("() => { const [w, h] = document.querySelector('.stage').dataset.box"
                        ".split('x').map(Number); return {w, h}; }")
    small: list[tuple[str, float]] = []
    named = 0
    for seed in range(2):
        for html, _ in frames(players, seed, box):
            out = host.evaluate(NAMES_PX, html)
            assert out["tiles"] == 0, "drawn compact: its names gone"
            named += len(out["names"])
            small += [(text, round(px, 1)) for text, px in out["names"] if px < 15]
    assert named > 0
    assert not small, sorted(set(small))[:10]


#: The least size of a data name at 1920×1080 with 5 or 6 players (docs/web.md): 15.2 px,
#: every block's room kept for 9 rows of cards. With 8 it was 16.1 px early, but late in
#: games of six the frame grew (1112 → 1152 units high) and the names came down to 15.4 px:
#: 16 px there would need a heading or header shorter than they are.
LATE_LEAST = 15.2


@pytest.mark.parametrize(("players", "seeds"), [(5, (2, 8)), (6, (0, 12, 52))])
def test_a_late_game_of_five_or_six_keeps_its_names_large(
    players: int, seeds: tuple[int, ...], live: Any, browser: Any, contexts: list[Any]
) -> None:
    """Late in a game of six the revealed measures (✔, a row each under the data, often on
    two lines) made a block outgrow its room even with its cards two a row: the drawing
    grew (1180 → 1246 units high, seed 12) and its names came down to 14.3 px at
    1920×1080 (15.2 documented). Whole games played by the bot (these seeds grew it), each
    drawing laid out for the stage's box: one frame, every data name at 15.2 px at least."""
    host, _ = paused_table(browser, live, contexts, "voleur", players, (1920, 1080))
    box = host.evaluate("() => { const [w, h] = document.querySelector('.stage').dataset.box"
                        ".split('x').map(Number); return {w, h}; }")
    least = 99.0
    seen = set()
    for seed in seeds:
        boards = [html for html, _ in frames(players, seed, box)]
        seen |= {svg_root(html).get("viewBox") for html in boards}
        for html in boards[len(boards) // 2:]:
            out = host.evaluate(NAMES_PX, html)
            least = min([least] + [px for _, px in out["names"]])
    assert round(least, 1) >= LATE_LEAST, (least, seen)
    assert len(seen) == 1, seen


def test_three_players_names_on_a_small_projector(
    live: Any, browser: Any, contexts: list[Any]
) -> None:
    """At 1280×720 the board was compact (a tile per category, no names) for the whole
    game, its frame drawing names under 14 px; then three players' blocks on one row drew
    them at 12.7 px (blocks 445 units wide at least: the drawing limited by its width).
    Blocks 340 units wide at least draw them at 16.6 px: from the first move to the last,
    every data name on the projector, at 16 px at least, in one frame. (Four players and
    more: 12.1 px at best, still compact, its tiles at 16 px.)"""
    host, _ = paused_table(browser, live, contexts, "voleur", 3, (1280, 720))
    box = host.evaluate("() => { const [w, h] = document.querySelector('.stage').dataset.box"
                        ".split('x').map(Number); return {w, h}; }")
    least = 99.0
    named = 0
    seen = set()
    for seed in range(2):
        for html, _ in frames(3, seed, box):
            seen.add(svg_root(html).get("viewBox"))
            out = host.evaluate(NAMES_PX, html)
            assert out["tiles"] == 0, "drawn compact: its names gone"
            named += len(out["names"])
            least = min([least] + [px for _, px in out["names"]])
    assert named > 0
    assert least >= 16, least
    assert len(seen) == 1, seen


#: Where each block of the projector's board lies on the screen (the thief's and each
#: manager's: x, y, width, height in px), with the drawing's frame (viewBox).
BLOCKS = """() => {
  const svg = document.querySelector('.stage [data-slot="map"] svg');
  const blocks = [...svg.querySelectorAll('g.manager, g.thief')].map((g) => {
    const r = g.getBoundingClientRect();
    return [g.getAttribute('class'), Math.round(r.x), Math.round(r.y),
            Math.round(r.width), Math.round(r.height)];
  });
  return {viewBox: svg.getAttribute('viewBox'), blocks};
}"""


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("players", [3, 5])
def test_a_stopped_game_keeps_its_drawing(
    players: int, size: tuple[int, int], live: Any, browser: Any, contexts: list[Any]
) -> None:
    """The host stops the game (« Terminer »): the page used to fall back to the lobby's
    layout and draw the board without the stage's box: laid out again, three players'
    blocks went from three columns to two (1920×1080), and at 1280×720 the board went
    below the fold under the join code. The stage keeps its play's layout (app.css, app.js:
    fitBoard), so every block stays where it was, and the page still draws what the
    server's frames say (no memory of its own, helpers.stale_slots)."""
    host, _ = paused_table(browser, live, contexts, "voleur", players, size)
    room = live.hub.rooms[host.eval_on_selector("body", "b => b.dataset.code")]
    during = host.evaluate(BLOCKS)
    assert len(during["blocks"]) == players
    host.on("dialog", lambda dialog: dialog.accept())
    host.evaluate("() => document.querySelector('[data-cmd=\"end\"]').click()")
    host.wait_for_function("() => document.body.dataset.status === 'ended'", timeout=10_000)
    host.wait_for_timeout(300)
    assert host.evaluate(BLOCKS) == during
    assert all(y + h <= size[1] for _, _, y, _, h in during["blocks"])  # on the screen
    assert stale_slots(live, room, host, "host") == []
