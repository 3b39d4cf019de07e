"""Le jeu du Gnou as a registered game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ludinum.engine import Game, GameConfig, OptionError, echoed
from ludinum.games.gnou.options import OPTIONS
from ludinum.games.gnou.state import GnouState
from ludinum.games.gnou.text import GnouText


class GnouGame(Game):
    name = "gnou"
    title_fr = "Le jeu du Gnou"
    title_en = "The Gnu game"
    title_of_fr = "du jeu du Gnou"
    summary_fr = (
        "Jeu coopératif (2 à 6 joueurs) : l'équipe fait avancer un seul pion jusqu'à la "
        "« société libre » avant la fin du compte-tours. Les cases danger font reculer, sauf "
        "si quelqu'un a la protection ; on gagne les protections en répondant à des quiz, et "
        "on peut les transmettre à ses coéquipiers."
    )
    summary_en = (
        "Cooperative game (2 to 6 players): the team moves one pawn to the 'free society' "
        "before the turn counter runs out. Danger cells push back unless someone holds the "
        "protection; protections are won by answering quizzes and can be passed on."
    )
    #: What its board drawing reads of the public view (web/static/games/gnou.js).
    board_keys: ClassVar[tuple[str, ...] | None] = (
        "pawn", "removed",
    )
    #: Its drawer writes its text lines too (``lines``): the server sends none.
    page_lines: ClassVar[bool] = True
    min_players = 2
    max_players = 6
    cooperative = True
    max_actions = 10_000
    options = OPTIONS
    text = GnouText()

    def validate_config(self, config: GameConfig) -> None:
        text = str(config.options["handicap"]).strip()
        if not text:
            return
        parts = [p.strip() for p in text.split(",")]
        if len(parts) != config.players or not all(p in ("1", "2", "3") for p in parts):
            raise OptionError(
                f"Option « handicap » : il faut un niveau 1, 2 ou 3 par joueur "
                f"({config.players}), séparés par des virgules (reçu : « {echoed(text)} »).",
                f"Option 'handicap': one level 1, 2 or 3 per player ({config.players}), "
                f"comma-separated (got: '{echoed(text)}').",
            )

    def board_layout(self) -> tuple[dict[str, Any], ...]:
        """The 43 positions of the track (G1): index, kind and detail of each cell."""
        from ludinum.games.gnou.content import load_board

        return tuple({"index": c.index, "kind": c.kind, "detail": c.detail}
                     for c in load_board())

    def setup(self, config: GameConfig) -> GnouState:
        return GnouState.new(config)

    def state_from_json(self, config: GameConfig, data: Mapping[str, Any]) -> GnouState:
        return GnouState.from_json(config, data)


GAME = GnouGame()
