"""The Web Runners game: description, options and the factory of states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ludinum.engine import Game, GameConfig, State
from ludinum.games.webrunners.options import OPTIONS
from ludinum.games.webrunners.state import WebRunnersState
from ludinum.games.webrunners.text import WebRunnersText


class WebRunnersGame(Game):
    name: ClassVar[str] = "webrunners"
    title_fr: ClassVar[str] = "Web Runners"
    title_en: ClassVar[str] = "Web Runners"
    summary_fr: ClassVar[str] = (
        "Course vers le centre du plateau : déplacements, ponts, dégâts et rétro-dégâts, "
        "avec les messages de prévention des personnages."
    )
    summary_en: ClassVar[str] = (
        "Race to the centre of the board: moves, bridges, damage and retro-damage, with the "
        "characters' prevention messages."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    #: Round cap (max_rounds, up to 2,000) times 4 seats times a generous bound per turn.
    max_actions: ClassVar[int] = 400_000

    def __init__(self) -> None:
        self.options = OPTIONS
        self.text = WebRunnersText()

    def setup(self, config: GameConfig) -> State:
        return WebRunnersState.new(config)

    def state_from_json(self, config: GameConfig, data: Mapping[str, Any]) -> State:
        return WebRunnersState.from_json(config, dict(data))
