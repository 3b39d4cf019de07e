"""The Hacker game: static description, configuration checks and the state factory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ludinum.engine import Game, GameConfig, State
from ludinum.games.hacker.options import OPTIONS
from ludinum.games.hacker.state import HackerState, new_state
from ludinum.games.hacker.text import HackerText


class HackerGame(Game):
    name = "hacker"
    title_fr = "Hacker"
    title_en = "Hacker"
    title_of_fr = "de Hacker"
    summary_fr = (
        "Pirate la banque, glisse tes virus en douce sur les comptes des autres et devine "
        "qui t'a attaqué. Le plus riche après quatre tours gagne."
    )
    summary_en = (
        "Hack the bank, sneak your viruses onto the others' accounts and guess who attacked "
        "you. The richest player after four rounds wins."
    )
    #: What its board drawing reads of the public view (games/hacker/web/board.js).
    board_keys: ClassVar[tuple[str, ...] | None] = (
        "players", "round", "rounds", "phase", "bank", "traveller", "trips", "protector",
        "current", "thief", "blurred", "accounts", "scores", "winners",
    )
    #: Its drawer writes its text lines too (``lines``): the server sends none.
    page_lines: ClassVar[bool] = True
    #: 4–7 players in the text; 3 is the H1 variant (option ``viruses_3p``).
    min_players = 3
    max_players = 7
    usual_players = 4  # H1: the text's 4–7; 3 is chosen on purpose
    max_actions = 5_000

    def __init__(self) -> None:
        self.options = OPTIONS
        self.text = HackerText()

    def setup(self, config: GameConfig) -> HackerState:
        return new_state(config)

    def lobby_view(self, state: State) -> dict[str, Any]:
        """Before the start: no round begun (round 0), no phase, no one at the bank nor
        playing; the board says how many rounds the game will have."""
        view = state.view(None)
        view.update(round=0, phase=None, traveller=None, protector=None, current=None)
        return view

    def state_from_json(self, config: GameConfig, data: Mapping[str, Any]) -> HackerState:
        return HackerState.from_json(config, dict(data))


GAME = HackerGame()
