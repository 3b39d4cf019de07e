"""Le jeu du Gnou as a registered game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ludinum.engine import Game, GameConfig, OptionError, State, echoed, new_rng
from ludinum.games.gnou.content import load_bank, load_board
from ludinum.games.gnou.options import OPTIONS
from ludinum.games.gnou.rules import Fixed, fixed
from ludinum.games.gnou.state import GnouState
from ludinum.games.gnou.text import GnouText


class GnouGame(Game):
    name = "gnou"
    title_fr = "Le jeu du Gnou"
    title_en = "The Gnu game"
    title_of_fr = "du jeu du Gnou"
    summary_fr = (
        "Jeu coopératif : l'équipe fait avancer un seul pion jusqu'à la "
        "« société libre » avant la fin du compte-tours. Les cases danger font reculer, sauf "
        "si quelqu'un a la protection ; on gagne les protections en répondant à des quiz, et "
        "on peut les transmettre à ses coéquipiers."
    )
    summary_en = (
        "Cooperative game: the team moves one pawn to the “free society” "
        "before the turn counter runs out. Danger cells push back unless someone holds the "
        "protection; protections are won by answering quizzes and can be passed on."
    )
    #: What its board drawing reads of the public view (games/gnou/web/board.js).
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
                f"Niveau de chaque joueur : il faut un niveau 1, 2 ou 3 par joueur "
                f"({config.players}), séparés par des virgules (reçu : « {echoed(text)} »).",
                f"Each player's level: one level 1, 2 or 3 per player ({config.players}), "
                f"comma-separated (got: '{echoed(text)}').",
            )

    def board_layout(self) -> tuple[dict[str, Any], ...]:
        """The 43 positions of the track (G1): index, kind and detail of each cell."""
        from ludinum.games.gnou.content import load_board

        return tuple({"index": c.index, "kind": c.kind, "detail": c.detail}
                     for c in load_board())

    def new_state(
        self, players: int, seed: int = 0, options: Mapping[str, object] | None = None
    ) -> State:
        """``setup(make_config(players, seed, options))``. Without options (simulations,
        benchmarks: one new game after another), a player count's resolved options and
        :class:`Fixed` parts are kept and reused while the content in use stays the same:
        the game's configuration is its own copy, as ``make_config`` makes it."""
        if options or type(players) is not int or type(seed) is not int:
            return self.setup(self.make_config(players, seed, options))
        kept = _PLAIN.get(players)
        if kept is not None:
            resolved, parts = kept
            if parts.bank is load_bank() and parts.cells is load_board():
                config = GameConfig.known(self.name, players, seed, dict(resolved))
                return GnouState(config, new_rng(seed), parts)
        config = self.make_config(players, seed)
        parts = fixed(config)
        if len(_PLAIN) < 64:
            _PLAIN[players] = (dict(config.options), parts)
        return GnouState(config, new_rng(seed), parts)

    def setup(self, config: GameConfig) -> GnouState:
        return GnouState.new(config)

    def lobby_view(self, state: State) -> dict[str, Any]:
        """Before the start: no turn begun (turn 0); its lines say how many turns the
        game will have."""
        view = state.view(None)
        view["turn"] = 0
        return view

    def state_from_json(self, config: GameConfig, data: Mapping[str, Any]) -> GnouState:
        return GnouState.from_json(config, data)


#: Per player count, the options resolved without any given and the parts they fix
#: (:meth:`GnouGame.new_state`).
_PLAIN: dict[int, tuple[dict[str, Any], Fixed]] = {}

GAME = GnouGame()
