"""The end screen's results table names its score column in the game's own unit (revue
du 29/11/2026): it read « Score » for every game, while Hacker's score is money (the
value of one's bills) and Le Voleur de Données' is points. A game names it through
``GameText.score_column`` (default « Score »), which ``framecache.debrief`` hands to
frag/debrief.html."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from ludinum.engine import Game
from ludinum.engine.game import GameText
from ludinum.games import hacker, voleur
from ludinum.server.framecache import debrief
from ludinum.server.rooms import FINISHED, Room
from ludinum.server.seats import Seat


def _finished(game: Game, players: int, seed: int = 1) -> Room:
    state = game.new_state(players, seed, {})
    rng = random.Random(seed)
    for _ in range(20000):
        if state.is_terminal():
            break
        p = state.active_players()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    assert state.is_terminal()
    return Room(1, "ABCD", game, state.config, "live", [Seat(i) for i in range(players)], "",
                state, status=FINISHED)


def _column(html: str) -> str:
    heads = re.findall(r'<th scope="col">([^<]*)</th>', unescape(html))
    assert heads, html
    return heads[-1]


@pytest.mark.parametrize(("game", "players", "fr", "en"), [
    (hacker.GAME, 4, "Argent", "Money"),
    (voleur.GAME, 3, "Points", "Points"),
])
def test_the_results_table_names_the_score_in_the_games_unit(
        game: Game, players: int, fr: str, en: str) -> None:
    room = _finished(game, players)
    names = [f"Joueur {i + 1}" for i in range(players)]
    assert _column(debrief(room, "fr", names)) == fr
    assert _column(debrief(room, "en", names)) == en


def test_a_game_naming_no_unit_keeps_score() -> None:
    assert GameText.score_column.__doc__
    assert hacker.GAME.text.score_column("fr") == "Argent"

    class Plain(type(hacker.GAME.text)):  # type: ignore[misc]
        score_name = GameText.score_name

    assert Plain().score_column("fr") == "Score"
    assert Plain().score_column("en") == "Score"


def _caption(html: str) -> str:
    found = re.findall(r"<caption>([^<]*)</caption>", unescape(html))
    assert len(found) == 1, html
    return found[0]


@pytest.mark.parametrize(("game", "players", "fr", "en"), [
    (hacker.GAME, 4, "Argent", "Money"),
    (voleur.GAME, 3, "Scores", "Scores"),
])
def test_the_results_table_is_captioned_in_the_games_word(
        game: Game, players: int, fr: str, en: str) -> None:
    """Hacker's table read « Scores » above its column « Argent » (money in bills, H9): the
    game names the caption (``GameText.score_caption``), « Scores » by default."""
    room = _finished(game, players)
    names = [f"Joueur {i + 1}" for i in range(players)]
    assert _caption(debrief(room, "fr", names)) == fr
    assert _caption(debrief(room, "en", names)) == en


def test_a_game_naming_no_caption_keeps_scores() -> None:
    assert hacker.GAME.text.score_caption("en") == "Money"

    class Plain(type(hacker.GAME.text)):  # type: ignore[misc]
        score_title = GameText.score_title

    assert Plain().score_caption("fr") == "Scores"
    assert Plain().score_caption("en") == "Scores"
