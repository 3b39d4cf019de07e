"""The Web Runners state: setup, views, resampling, deadlines and the outcome."""

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
    counted,
    new_rng,
    public,
    shuffle,
)
from ludinum.games.webrunners import actions as A
from ludinum.games.webrunners.base import (
    CONVERT,
    GEEK,
    GREEN_PHASE,
    HACK,
    MAIN,
    OVER,
    PAY,
    PHASE_NAMES,
    RESPOND,
    SETUP_ACCOUNTS,
    SETUP_PHONE,
    SURVEIL,
    WINDOW,
)
from ludinum.games.webrunners.content import EFFECTS
from ludinum.games.webrunners.data import DECK_DATA
from ludinum.games.webrunners.rules import (
    ALL_SEEN,
    EFFECT,
    HAND_SIZE,
    IDS,
    Rules,
    start_order,
)
from ludinum.games.webrunners.session import closest

#: The other entries of a player's view, always there: what ``observation`` takes from
#: ``_view`` (rarer parts).
_SCALAR_PARTS = frozenset({
    "game", "theme", "current", "first", "round", "max_rounds", "draw_size", "discard_size",
    "winner", "capped",
})
_BUILT_PARTS = frozenset({
    "characters", "powers_used", "discard_top", "session_winners", "discards_known",
})


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

    # -- what each seat may see -------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        return self._view(player, None)

    def observation(self, player: int, parts: Collection[str]) -> dict[str, Any]:
        """The entries ``parts`` of ``view(player)``, equal to them, and only those built
        (one at a time: a rollout bot asks a few of them on every simulated decision)."""
        out: dict[str, Any] = {}
        for key in parts:
            if key == "hand":
                out[key] = sorted(map(IDS.__getitem__, self.hands[player]))
            elif key == "pawns":
                cell = self.cell
                out[key] = [[c + 1, cell[p]] for p, c in enumerate(self.circle)]
            elif key == "hand_sizes":
                out[key] = [len(h) for h in self.hands]
            elif key == "phase":
                out[key] = PHASE_NAMES[self.phase]
            elif key == "pending":
                out[key] = self._pending(player)
            elif key == "you":
                out[key] = player
            elif key == "players":
                out[key] = self.n
            elif key in _SCALAR_PARTS or key in _BUILT_PARTS:
                out[key] = self._view(player, (key,))[key]
            elif key == "answered" and self.phase in (SETUP_ACCOUNTS, SETUP_PHONE):
                asked = self.answers if self.phase == SETUP_ACCOUNTS else self.phone
                out[key] = [v >= 0 for v in asked]
        return out

    def _view(self, player: int | None, parts: Collection[str] | None) -> dict[str, Any]:
        """The view; with ``parts``, only those entries (``State.observation``), the lists
        (pawns, characters, the discards this seat knows…) built when asked for only."""
        n = self.n
        bit = 0 if player is None else 1 << player
        out: dict[str, Any] = {
            "game": "webrunners",
            "you": player,
            "players": n,
            "theme": self.theme,
            "phase": PHASE_NAMES[self.phase],
            "current": self.cur,
            "first": self.first,
            # The last round played, not the one the limit stopped (« tour 5 » of 5).
            "round": min(self.round, self.max_rounds),
            "max_rounds": self.max_rounds,
        }
        if parts is None or "pawns" in parts:
            out["pawns"] = [[self.circle[p] + 1, self.cell[p]] for p in range(n)]
        if parts is None or "characters" in parts:
            out["characters"] = [A.CHARACTERS[c] if c >= 0 else None for c in self.chars]
        if parts is None or "powers_used" in parts:
            out["powers_used"] = list(self.used)
        if parts is None or "hand_sizes" in parts:
            out["hand_sizes"] = [len(h) for h in self.hands]
        out["draw_size"] = len(self.draw)
        out["discard_size"] = len(self.disc)
        if parts is None or "discard_top" in parts:
            top = None
            if self.disc and (self.dseen[-1] == 0xF or self.dseen[-1] & bit):
                top = IDS[self.disc[-1]]
            out["discard_top"] = top
        out["winner"] = self.winner if self.winner >= 0 else None
        out["capped"] = self.capped
        if parts is None or "session_winners" in parts:
            out["session_winners"] = (
                list(self.session_winners()) if self.timed_out else None)
        if parts is None or "pending" in parts:
            out["pending"] = self._pending(player)
        if player is not None:
            if parts is None or "hand" in parts:
                out["hand"] = sorted(map(IDS.__getitem__, self.hands[player]))
            # The face-down discards this seat knows (what its determinisations keep).
            if parts is None or "discards_known" in parts:
                out["discards_known"] = [
                    [i, IDS[c]]
                    for i, (c, m) in enumerate(zip(self.disc, self.dseen, strict=True))
                    if m & bit and m != 0xF]
        if self.phase in (SETUP_ACCOUNTS, SETUP_PHONE):
            asked = self.answers if self.phase == SETUP_ACCOUNTS else self.phone
            out["answered"] = [v >= 0 for v in asked]
        if parts is None:
            return out
        return {key: out[key] for key in parts if key in out}

    def _pending(self, player: int | None) -> dict[str, Any] | None:
        phase = self.phase
        if phase in (MAIN, OVER) or phase <= SETUP_PHONE:
            return None
        pending: dict[str, Any] = {"seat": self.active_players()[0] if phase != WINDOW else None}
        if self.a_card >= 0:
            pending["attack"] = {
                "card": IDS[self.a_card], "effect": EFFECTS[EFFECT[self.a_card]],
                "by": self.a_by, "target": self.a_tgt if self.a_tgt >= 0 else None,
                "returned_by": self.a_retro if self.a_retro >= 0 else None,
            }
        if phase == WINDOW:
            pending["waiting"] = list(self.waiting)
        if phase == HACK:
            pending["hacker"], pending["victim"] = self.inf, self.vic
            pending["steps"] = [len(self.x_takes), len(self.x_gives)]
            if player == self.inf:
                pending["shown"] = sorted(IDS[c] for c in self.hands[self.vic])
            if player in (self.inf, self.vic):
                pending["takes"] = [IDS[c] for c in self.x_takes]
                pending["gives"] = [IDS[c] for c in self.x_gives]
        if phase == SURVEIL:
            pending["steps"] = [len(self.x_takes), len(self.x_gives)]
            pending["drawn"] = len(self.s_cards)
            if player == self.s_by:
                pending["cards"] = sorted(IDS[c] for c in self.s_cards)
                pending["keeps"] = [IDS[c] for c in self.x_takes]
                pending["gives"] = [IDS[c] for c in self.x_gives]
        if phase == GEEK and player == self.cur:
            pending["discard"] = sorted(IDS[c] for c in self.disc)
        if phase == CONVERT:  # the White Hat card is shown when converted
            pending["card"] = IDS[self.wh_card]
        if phase == PAY:
            pending["left"] = self.pay_left
        if phase == GREEN_PHASE:
            pending["discarded"] = self.green_n
        return pending

    # -- determinisation ---------------------------------------------------------------------
    def resample(self, observer: int, rng: random.Random) -> WebRunnersState:
        """Redraw what ``observer`` cannot know: other hands, the draw pile, face-down
        discards, the Surveillance draw of another seat, the others' setup answers."""
        twin = self.copy_with(random.Random(rng.random()))
        assert isinstance(twin, WebRunnersState)
        bit = 1 << observer
        phase = self.phase
        pinned: dict[int, list[int]] = {}  # cards known to stay in a given hand
        fixed_hands = {observer}
        if phase == HACK and observer == self.inf:
            fixed_hands.add(self.vic)
        if phase == HACK and observer == self.vic:
            pinned[self.inf] = list(self.x_gives)
        if phase == CONVERT and observer != self.cur:
            pinned[self.cur] = [self.wh_card]  # shown to everyone while converted (W13)
        pool: list[int] = list(twin.draw)
        for q in range(self.n):
            if q in fixed_hands:
                continue
            rest = twin.hands[q][:]
            for c in pinned.get(q, []):
                rest.remove(c)
            pool.extend(rest)
        hidden_disc = [i for i, m in enumerate(self.dseen)
                       if not (m & bit) and not (phase == GEEK and observer == self.cur)]
        pool.extend(twin.disc[i] for i in hidden_disc)
        own_surv = phase == SURVEIL and observer == self.s_by
        if phase == SURVEIL and not own_surv:
            pool.extend(twin.s_cards)
        # Sorted first: the draw depends on what the observer knows and on ``rng`` only,
        # never on the hidden order of the real cards.
        pool.sort()
        rng.shuffle(pool)
        for q in range(self.n):
            if q in fixed_hands:
                continue
            keep = pinned.get(q, [])
            size = len(twin.hands[q])
            twin.hands[q] = keep + [pool.pop() for _ in range(size - len(keep))]
        for i in hidden_disc:
            twin.disc[i] = pool.pop()
        if phase == SURVEIL and not own_surv:
            twin.s_cards = [pool.pop() for _ in twin.s_cards]
            twin.x_takes = twin.s_cards[: len(self.x_takes)]
            twin.x_gives = twin.hands[self.s_by][: len(self.x_gives)]
        if phase == HACK and observer not in (self.inf, self.vic):
            twin.x_takes = twin.hands[self.vic][: len(self.x_takes)]
            twin.x_gives = twin.hands[self.inf][: len(self.x_gives)]
        twin.draw = pool
        # A hand's order is nobody's knowledge (views sort it): the copy's hands are sorted,
        # the observer's too, so that nothing of the real order reaches it.
        twin.hands = [sorted(h) for h in twin.hands]
        if phase == SETUP_ACCOUNTS:
            twin.answers = [v if q == observer or v < 0 else rng.choice(A.ACCOUNT_VALUES)
                            for q, v in enumerate(self.answers)]
        elif phase == SETUP_PHONE:
            twin.answers = [v if q == observer else rng.choice(A.ACCOUNT_VALUES)
                            for q, v in enumerate(self.answers)]
            twin.phone = [v if q == observer or v < 0 else rng.choice(A.PHONE_VALUES[1:])
                          for q, v in enumerate(self.phone)]
        return twin
