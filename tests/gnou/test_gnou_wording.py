"""The Gnou's text board and danger titles as a pupil reads them (review of the terminal
game): the board's symbols are explained, in English with English initials, and a title
holding quotes gets second-level quotes inside the first ones."""

from __future__ import annotations

from ludinum.engine import Event
from ludinum.games.gnou import GAME
from ludinum.games.gnou.content import load_dangers
from ludinum.games.gnou.text import cell_name
from tests.gnou.helpers import game, roll

TEXT = GAME.text


def test_the_board_has_a_legend_in_each_language() -> None:
    state = game(pos=0, dice=(6,))
    roll(state)
    french = TEXT.view(state.view(None), "fr").splitlines()
    english = TEXT.view(state.view(None), "en").splitlines()
    assert "S = sensibilisation" in french[2] and "G = GULL" in french[2]
    assert "A = awareness" in english[2] and "F = freedom" in english[2]
    assert "L = LUG" in english[2] and "♞ = the pawn" in english[2]
    assert "[green]A[/]" in english[0] and "[green]S[/]" not in english[0]
    assert "[blue]F[/]" in english[0] and "[green]S[/]" in french[0]


def test_the_text_board_fits_an_80_column_terminal() -> None:
    """The 43 cells on two lines, cells 0 to 21 then 22 to 42, the pawn on either: on one
    line (87 columns) a terminal of 80 wrapped its last cells alone under it."""
    from ludinum.server.render import plain

    for pos in (0, 21, 22, 42):
        state = game(pos=pos, dice=(6,))
        for lang in ("fr", "en"):
            lines = [plain(line) for line in TEXT.view(state.view(None), lang).splitlines()]
            first, second = lines[0], lines[1]
            assert max(len(first), len(second)) <= 80, (pos, first, second)
            assert len(first.split()) == len(second.split()) + 1 == 22, (pos, first, second)
            assert ("♞" in first) == (pos < 22) and ("♞" in second) == (pos >= 22)


def test_an_awareness_cell_reads_naturally_in_english() -> None:
    assert cell_name(13, "en") == "Tux awareness" and cell_name(6, "en") == "Gnu awareness"
    assert cell_name(13, "fr") == "sensibilisation Tux"
    move = Event("move", {"to": 13})
    assert TEXT.event(move, "en") == "The pawn advances to cell 13 (Tux awareness)."


def test_quotes_inside_a_danger_title_are_second_level_quotes() -> None:
    cell = next(c for c, d in load_dangers().items() if "tous droits" in d.title)
    event = Event("danger", {"cell": cell, "type": "restrictions"})
    french, english = TEXT.event(event, "fr"), TEXT.event(event, "en")
    assert "« Le droit d'auteur “tous droits réservés” »" in french
    assert "« tous droits réservés » »" not in french
    assert "“‘All rights reserved’ copyright”" in english


def test_the_variants_bear_the_rules_names() -> None:
    # « Gnou galopant » and « Tux trottant » (the rules' names, G2): the set-up form read
    # « Galopant : 2 dés, partie courte » and the debrief « Variante : Galopant : 2 dés, … ».
    from ludinum.games.gnou.options import OPTIONS

    variant = OPTIONS["variant"]
    assert variant.named_label("galopant", "fr") == "Gnou galopant (2 dés)"
    assert variant.named_label("trottant", "fr") == "Tux trottant (1 dé)"
    assert variant.named_label("trottant", "en") == "Trotting Tux (1 die)"
    assert "le Tux trottant (1 dé" in variant.help_fr
