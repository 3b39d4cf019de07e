"""The game's static description and the factory of its states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ludinum.engine import Game, GameConfig, State
from ludinum.games.voleur import views
from ludinum.games.voleur.actions import ActionTable
from ludinum.games.voleur.content import Deck, load_deck
from ludinum.games.voleur.options import OPTIONS
from ludinum.games.voleur.serial import fill_from_json
from ludinum.games.voleur.state import VoleurState
from ludinum.games.voleur.text import VoleurText


class VoleurGame(Game):
    name = "voleur"
    title_fr = "Le Voleur de Données"
    title_en = "The Data Thief"
    title_of_fr = "du Voleur de Données"
    summary_fr = (
        "Un voleur attaque les plateaux papier et numérique des gestionnaires de données ; "
        "ils protègent leurs données avec des mesures de sécurité cachées."
    )
    summary_en = (
        "A thief attacks the data managers' paper and digital boards; they protect their "
        "data with hidden security measures."
    )
    #: What its board drawing reads of the public view (games/voleur/web/board.js).
    board_keys: ClassVar[tuple[str, ...] | None] = (
        "players", "thief", "round", "rounds", "turn", "pile", "thief_pile", "discard",
        "thief_discard", "loot", "attack", "winners",
    )
    #: Its drawer writes its text lines too (``lines``): the server sends none.
    page_lines: ClassVar[bool] = True
    min_players = 3
    max_players = 6
    # 30 rounds at most, 6 seats, at most 3 steps for the thief's turn.
    max_actions = 30 * 8 + 10

    def __init__(self, deck: Deck | None = None) -> None:
        self.deck = deck if deck is not None else load_deck()
        self.table = ActionTable(self.deck)
        self.options = OPTIONS
        self.text = VoleurText(self.deck)

    def board_layout(self) -> tuple[dict[str, Any], ...]:
        """The card catalogue (V2), public content: id, kind, names, category and points
        of a data card, nature of an attack, the attack a measure counters."""
        from ludinum.games.voleur.content import BOARDS, CATEGORIES, KIND_NAMES

        cards = self.deck.cards
        return tuple(
            {
                "id": c.id,
                "kind": KIND_NAMES[c.kind],
                "name_fr": c.name_fr,
                "name_en": c.name_en,
                "category": CATEGORIES[c.category] if c.category >= 0 else None,
                "points": c.points,
                "nature": BOARDS[c.nature] if c.nature >= 0 else None,
                "counters": cards[c.counters].id if c.counters >= 0 else None,
            }
            for c in cards
        )

    def setup(self, config: GameConfig) -> VoleurState:
        state = VoleurState(config, self.deck, self.table)
        state.deal()
        return state

    def lobby_view(self, state: State) -> dict[str, Any]:
        """Before the start: the seats around the table, no round nor turn, the thief
        named only if the host chose them (``views.lobby``)."""
        assert isinstance(state, VoleurState)
        return views.lobby(state)

    def state_from_json(self, config: GameConfig, data: Mapping[str, Any]) -> VoleurState:
        return fill_from_json(VoleurState(config, self.deck, self.table), data)
