"""The Web Runners game: description, options and the factory of states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ludinum.engine import Action, Game, GameConfig, State
from ludinum.games.webrunners.options import OPTIONS
from ludinum.games.webrunners.state import WebRunnersState
from ludinum.games.webrunners.text import WebRunnersText


class WebRunnersGame(Game):
    name: ClassVar[str] = "webrunners"
    title_fr: ClassVar[str] = "Web Runners"
    title_en: ClassVar[str] = "Web Runners"
    title_of_fr: ClassVar[str] = "de Web Runners"
    summary_fr: ClassVar[str] = (
        "Course vers le centre du plateau : déplacements, ponts, dégâts et rétro-dégâts, "
        "avec les messages de prévention des personnages."
    )
    summary_en: ClassVar[str] = (
        "Race to the centre of the board: moves, bridges, damage and retro-damage, with the "
        "characters' prevention messages."
    )
    note_fr: ClassVar[str] = (
        "À savoir avant de jouer : certaines cartes parlent de pornographie, de photos "
        "intimes partagées et de cyberharcèlement, chacune avec son message de prévention. "
        "Avec les plus jeunes, lis-les d'abord pour pouvoir en parler."
    )
    note_en: ClassVar[str] = (
        "Good to know before playing: some cards deal with pornography, shared intimate "
        "pictures and cyberbullying, each with its prevention message. With younger "
        "children, read them first so you can talk about them."
    )
    #: What its board drawing reads of the public view (games/webrunners/web/board.js).
    board_keys: ClassVar[tuple[str, ...] | None] = (
        "pawns", "current", "winner", "characters")
    #: Its drawer writes its text lines too (``lines``): the server sends none.
    page_lines: ClassVar[bool] = True
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    #: Round cap (max_rounds, up to 2,000) times 4 seats times a generous bound per turn.
    max_actions: ClassVar[int] = 400_000
    #: W15: the answers to the first-player questions are never kept.
    personal: ClassVar[frozenset[str]] = frozenset({"accounts", "phone"})

    def __init__(self) -> None:
        self.options = OPTIONS
        self.text = WebRunnersText()

    def redact(self, state: State, player: int, action: Action, over: bool = False
               ) -> Action | None:
        """W15: once the first player is known, every answer becomes the same neutral one
        (no account, no phone) but the first player's, who had the fewest accounts (none,
        against one for the others): replayed, the questions give the same first player
        and the same draw. A game stopped before the first player was known (``over``)
        keeps one neutral answer for everybody: a question left unanswered by someone
        never chooses a first player, in the game or its replay."""
        from ludinum.games.webrunners.actions import ACCOUNTS_A, PHONE_A

        assert isinstance(state, WebRunnersState)
        if state.first < 0:
            if not over:
                return None
            return ACCOUNTS_A[1] if action.kind == "accounts" else PHONE_A[0]
        if action.kind == "accounts":
            return ACCOUNTS_A[0 if player == state.first else 1]
        return PHONE_A[0]

    def board_layout(self) -> tuple[dict[str, Any], ...]:
        """The board of ``board.yaml`` (W2): one dict per cell of circles 1-3 (``kind``
        ``cell``), per bridge (``bridge``; from circle 3 the exit is an inner number), per
        inner cell (``inner``) and per way to the centre (``centre``)."""
        from ludinum.games.webrunners.data import BOARD_DATA, COLOUR_NAMES

        board = BOARD_DATA
        out: list[dict[str, Any]] = []
        for c, size in enumerate(board.sizes):
            for i in range(size):
                bridge = board.bridge_at.get((c, i))
                colour = COLOUR_NAMES[board.colours[c][i]]
                out.append({
                    "kind": "cell", "circle": c + 1, "index": i, "size": size,
                    "colour": "start" if c == 0 and i == board.entries[0] else colour,
                    "bars": bridge.bars if bridge else 0,
                })
        out.extend({"kind": "bridge", "circle": b.circle + 1, "entry": b.entry,
                    "exit": b.exit, "bars": b.bars} for b in board.bridges)
        out.extend({"kind": "inner", "index": i, "size": len(board.inner_numbers),
                    "number": n} for i, n in enumerate(board.inner_numbers))
        out.extend({"kind": "centre", "number": n, "bars": bars}
                   for n, bars in sorted(board.centre_bars.items()))
        return tuple(out)

    def setup(self, config: GameConfig) -> State:
        return WebRunnersState.new(config)

    def state_from_json(self, config: GameConfig, data: Mapping[str, Any]) -> State:
        return WebRunnersState.from_json(config, dict(data))
