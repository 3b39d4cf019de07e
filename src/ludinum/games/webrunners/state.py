"""The Web Runners state: setup, deadlines, the outcome and its metrics (the rules are
``rules.py``'s, what each seat sees ``views.py``'s)."""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Any

from ludinum.engine import (
    Action,
    Deadline,
    Event,
    GameConfig,
    IllegalActionError,
    Outcome,
    State,
    counted,
    new_rng,
    public,
    shuffle,
)
from ludinum.games.webrunners import actions as A
from ludinum.games.webrunners import views
from ludinum.games.webrunners.base import (
    HACK,
    MAIN,
    OVER,
    RESPOND,
    SETUP_ACCOUNTS,
    SURVEIL,
    WINDOW,
)
from ludinum.games.webrunners.data import DECK_DATA
from ludinum.games.webrunners.rules import (
    ALL_SEEN,
    HAND_SIZE,
    IDS,
    Rules,
    start_order,
)
from ludinum.games.webrunners.session import closest


class WebRunnersState(Rules):
    @classmethod
    def new(cls, config: GameConfig) -> WebRunnersState:
        s = cls.__new__(cls)
        s._set_options(config)
        s._ev = []
        s.rng = new_rng(config.seed)
        n = config.players
        # W1. A configuration stored before the option existed was dealt the tuned deck:
        # its log replays with it.
        deck = DECK_DATA.full(tuned=config.options.get("deck", "tuned") == "tuned")
        shuffle(s.rng, deck)
        s.hands = [[] for _ in range(n)]
        for _ in range(HAND_SIZE):  # "à tour de rôle, chaque joueur prend 6 cartes"
            for p in range(n):
                s.hands[p].append(deck.pop())
        s.draw = deck
        s.disc, s.dseen = [], []
        s.circle, s.cell = [0] * n, [0] * n  # START: circle 1, cell 0
        s.chars = [-1] * n
        s.used = [False] * n
        s.answers, s.phone, s.pick_order, s.waiting = [], [], [], []
        s.x_takes, s.x_gives, s.s_cards = [], [], []
        s.m_bridges = [0, 0, 0]
        s.phase = SETUP_ACCOUNTS
        s.cur = s.first = -1
        s.round = 0
        s.winner = -1
        s.capped = s.extra = s.timed_out = False
        s.a_card = s.a_by = s.a_tgt = s.a_retro = s.inf = s.vic = s.s_by = -1
        s.pay_left = s.green_n = 0
        s.wh_card = -1
        s.m_turns = s.m_attacks = s.m_retros = s.m_blocked = s.m_cancelled = s.m_powers = 0
        mode = config.options["first_player"]
        if mode == "questions":  # W15: the text's two questions, asked to everyone
            s.answers = [-1] * n
        else:
            start_order(s, 0 if mode == "host" else s.rng.randrange(n))
        return s

    # -- deadlines (W7, W12) ------------------------------------------------------------
    def deadline(self) -> Deadline | None:
        phase = self.phase
        if phase == RESPOND:
            return Deadline("response", self.response_seconds, self.a_tgt, A.ACCEPT_A)
        if phase == WINDOW:
            return Deadline("response", self.response_seconds, self.waiting[0], A.PASS_A)
        if phase == HACK:
            return Deadline("one_minute", self.one_minute_seconds, self.inf, A.TIMEOUT_A)
        if phase == SURVEIL:
            return Deadline("one_minute", self.one_minute_seconds, self.s_by, A.TIMEOUT_A)
        return None

    # -- end ------------------------------------------------------------------------------
    def session_seconds(self) -> float:
        return self.session_seconds_

    def _end_session(self) -> list[Event]:
        """W18: the time is up; the closest to the centre win (several: together)."""
        self.phase = OVER
        self.timed_out = True
        return [public("session_over", winners=list(self.session_winners()))]

    def played_face_up(self) -> list[str]:
        """The cards of the discard pile that were played face up, oldest first: what the
        whole table saw (a face-down discard, known to some seats only, is left out)."""
        return [IDS[c] for c, seen in zip(self.disc, self.dseen, strict=True)
                if seen == ALL_SEEN]

    def session_winners(self) -> tuple[int, ...]:
        """W18: the seats closest to the centre (only once the session's time is up)."""
        return closest(self.circle, self.cell) if self.timed_out else ()

    def outcome(self) -> Outcome:
        n = self.n
        if self.winner >= 0:
            return Outcome(tuple(1.0 if p == self.winner else 0.0 for p in range(n)),
                           (self.winner,))
        shared = self.session_winners()
        return Outcome(tuple(1.0 if p in shared else 0.0 for p in range(n)), shared)

    def metrics(self) -> dict[str, float]:
        return {
            "turns": float(min(max(self.round, 0), self.max_rounds)),
            "player_turns": float(self.m_turns),
            "capped": 1.0 if self.capped else 0.0,
            "winner_seat": float(self.winner),
            "first_player": float(self.first),
            "winner_order": float((self.winner - self.first) % self.n if self.winner >= 0
                                  else -1),
            "bridges_1": float(self.m_bridges[0]),
            "bridges_2": float(self.m_bridges[1]),
            "bridges_3": float(self.m_bridges[2]),
            "attacks": float(self.m_attacks),
            "retros": float(self.m_retros),
            "blocked": float(self.m_blocked),
            "cancelled": float(self.m_cancelled),
            "powers": float(self.m_powers),
        }

    def explain_illegal(
        self, player: int, action: Action, legal: Any
    ) -> IllegalActionError:
        op = A.DECODE.get(action, (0, 0))[0]
        if op == A.CROSS and self.phase == MAIN:
            bars = self.bars_here(player)
            if not bars:
                return IllegalActionError(
                    "Il n'y a pas de pont sur ta case.", "There is no bridge on your cell."
                )
            cards = (("carte PONT", "cartes PONT"), ("bridge card", "bridge cards"))
            return IllegalActionError(f"Ce pont demande {counted(bars, *cards, 'fr')}.",
                                      f"This bridge needs {counted(bars, *cards, 'en')}.")
        if op == A.MOVE and self.phase == MAIN:
            return IllegalActionError(
                "Ce déplacement n'est pas possible (carte absente de ta main ou chemin interdit).",
                "This move is not possible (card not in your hand, or no such path).",
            )
        if op == A.TARGET and self.phase != MAIN:
            return IllegalActionError(
                "Ce joueur ne peut pas être visé (voisin seulement à 4, case rouge protégée).",
                "This player cannot be targeted (neighbours only with 4, red cells protect).",
            )
        return super().explain_illegal(player, action, legal)

    # -- what each seat may see (views.py) ---------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        return views.view(self, player)

    def own_view(self, player: int) -> dict[str, Any]:
        return views.own_view(self, player)

    def observation(self, player: int, parts: Collection[str]) -> dict[str, Any]:
        """The entries ``parts`` of ``view(player)``, equal to them, and only those built."""
        return views.observation(self, player, parts)

    def redraw(self, twin: State, observer: int, rng: random.Random) -> None:
        assert isinstance(twin, WebRunnersState)
        views.redraw(self, twin, observer, rng)
