"""A heuristic Web Runners bot.

It reads only parts of ``state.view(player)`` (``state.observation``) and
``state.legal_actions(player)`` (plus the public board and deck data). It estimates how far
every pawn is from the centre with a shortest path over the board
(:mod:`ludinum.games.webrunners.planning`), aims for bridges it can pay for, prefers
shortcuts when its hand allows, keeps its retro-damage cards for answers, attacks the
leader and uses its character's power when it pays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludinum.bots.base import Bot
from ludinum.engine import Action, State
from ludinum.games.webrunners import actions as A
from ludinum.games.webrunners.data import BOARD_DATA, BRIDGE, DECK_DATA, MOVE
from ludinum.games.webrunners.planning import (
    COLOUR_BONUS,
    after_move,
    bars_at,
    bridge_cards,
    card_utility,
    distance,
    exit_of,
    hits,
    move_values,
    payable_bars,
)

CARDS = {c.id: c for c in DECK_DATA.cards}
SIZES = BOARD_DATA.sizes
EFFECT_NAMES = ("cyberviolence", "hacking", "obsolescence", "bug", "surveillance")
#: Preferred characters when choosing (W13 option "chosen").
CHARACTER_PREFERENCE = ("white_hat", "cyber_activiste", "influenceuse", "geekcolo")


#: The parts of its view the bot reads (``State.observation``: the rest is not built).
PARTS = frozenset({"hand", "hand_sizes", "pawns", "pending", "phase", "players", "you"})


class WebRunnersBot(Bot):
    level = "heuristic"
    forced_at_once = True  # see choose: a single legal action is returned first

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        if legal[0].kind in _UNHANDLED:  # the setup questions: no view read, drawn
            return legal[self.rng.randrange(len(legal))]
        view = state.observation(player, PARTS)
        phase = view["phase"]
        action: Action | None
        if phase == "main":
            action = self._main_known(view, player, legal)
            if action is not None and _offered(action, legal):
                return action
            return legal[self.rng.randrange(len(legal))]
        handler = getattr(self, "_" + phase, None)
        if handler is not None:
            action = handler(view, player, legal)
            if action is not None and _offered(action, legal):
                return action
        return legal[self.rng.randrange(len(legal))]

    def _main_known(self, view: Mapping[str, Any], me: int,
                    legal: Sequence[Action]) -> Action | None:
        """:meth:`_main`, remembered in ``_MAIN`` by what it reads (the legal actions, the
        hand, the pawns and the hand sizes): rollouts meet the same turns again and again."""
        pawns = view["pawns"]
        key = (me, tuple(map(id, legal)), tuple(view["hand"]),
               tuple([x for pawn in pawns for x in pawn]), tuple(view["hand_sizes"]))
        known = _MAIN.get(key)
        if known is None:
            if len(_MAIN) >= 4096:
                _MAIN.clear()
            # The actions are kept with the choice: the ids in the key stay theirs.
            known = _MAIN[key] = (tuple(legal), self._main(view, me, legal))
        return known[1]

    # -- helpers -------------------------------------------------------------------------
    @staticmethod
    def _pos(view: Mapping[str, Any], seat: int) -> tuple[int, int]:
        circle, cell = view["pawns"][seat]
        return circle - 1, cell

    def _dist(self, view: Mapping[str, Any], seat: int) -> float:
        bars = 3 if seat != view["you"] else payable_bars(bridge_cards(view["hand"]))
        return distance(self._pos(view, seat), bars)

    @staticmethod
    def _by_kind(legal: Sequence[Action], kind: str) -> list[Action]:
        return [a for a in legal if a.kind == kind]

    # -- the main decision ---------------------------------------------------------------
    def _main(self, view: Mapping[str, Any], me: int, legal: Sequence[Action]) -> Action | None:
        hand: list[str] = list(view["hand"])
        pos = self._pos(view, me)
        # Free powers first (they do not end the turn by default).
        for action in legal:
            if action.kind == "influence":
                return self._influence(view, me, legal)
        if pos[0] == 3 and _offered(A.CROSS_A, legal):
            return A.CROSS_A
        best: tuple[float, Action] | None = None
        self._know(hand)
        here = distance(pos, payable_bars(self._bridges))
        self._utility: dict[str, float] = {}  # card_utility of this hand, this decision
        self._race: tuple[int | None, float] | None = None  # see _attack_score
        keep, kept = self._keep, self._utility
        worst: float | None = None  # the least useful card of this hand
        score: float | None
        for action in legal:
            if action.kind == "stay":  # most actions: scored here, without a call each
                if worst is None:
                    worst = min(keep(c, hand, pos) for c in hand) if hand else 0.0
                ident = _CARD_OF.get(id(action))
                if ident is None and action.get("card"):
                    ident = action.word("card")
                if ident:  # every card of the hand has its utility once ``worst`` is known
                    value = kept[ident] if ident in kept else keep(ident, hand, pos)
                    score = -0.3 - (value - worst)
                else:
                    score = -0.3 - (0.0 - worst)
            else:
                score = self._score(view, me, pos, hand, here, action)
            if score is not None and (best is None or score > best[0]):
                best = (score, action)
        if (best is None or best[0] < 0.5) and _offered(A.GEEKCOLO_A, legal):
            return A.GEEKCOLO_A
        return best[1] if best else None

    def _know(self, hand: list[str]) -> None:
        """What every card's move score reads of the hand, derived once per decision: its
        bridge cards and how many move cards of each value it holds."""
        self._bridges = bridge_cards(hand)
        self._bars = payable_bars(self._bridges)
        counts: dict[int, int] = {}
        for value in move_values(hand):
            counts[value] = counts.get(value, 0) + 1
        self._values = counts

    def _score(self, view: Mapping[str, Any], me: int, pos: tuple[int, int], hand: list[str],
               here: float, action: Action) -> float | None:
        kind = action.kind
        if kind == "cross":
            rest = hand[:]
            bars = bars_at(pos)
            for _ in range(bars):
                rest.remove(next(c for c in rest if CARDS[c].kind == BRIDGE))
            new = exit_of(pos)
            return here - distance(new, payable_bars(bridge_cards(rest))) + 0.6
        if kind == "move":
            card = CARDS[_card(action)]
            return self._move_score(pos, hand, here, card.id, card.value)
        if kind == "whitehat":
            card = CARDS[_card(action)]
            options = [self._move_score(pos, hand, here, card.id, v)
                       for v in (1, 2, 5, 10) if v != card.value]
            return (max(options) if options else 0.0) - 0.9
        if kind == "attack":
            return self._attack_score(view, me, CARDS[_card(action)].effect)
        return None  # "stay" is scored by _main

    def _keep(self, card_id: str, hand: list[str], pos: tuple[int, int]) -> float:
        """``card_utility``, computed once per card for the decision under way (the same
        hand and position for every ``stay`` scored)."""
        value = self._utility.get(card_id)
        if value is None:
            value = self._utility[card_id] = card_utility(card_id, hand, pos)
        return value

    def _move_score(self, pos: tuple[int, int], hand: list[str], here: float, card_id: str,
                    value: int) -> float:
        """The gain of playing ``card_id`` (of ``hand``, described by :meth:`_know`) for
        ``value`` cells: the rest of the hand is read from the counts, not rebuilt."""
        circle = pos[0]
        if circle < 3:  # after_move, inline (outer circles)
            new = (circle, (pos[1] + value) % SIZES[circle])
        else:
            moved = after_move(pos, value)
            if moved is None:
                return -9.0
            new = moved
        card = CARDS[card_id]
        if card.kind == BRIDGE:
            have = self._bridges - 1
            score = here - distance(new, payable_bars(have))
        else:
            have = self._bridges
            score = here - distance(new, self._bars)
        if new[0] < 3:
            need = bars_at(new)
            if need and have >= need:
                score += 0.8
            score += COLOUR_BONUS[BOARD_DATA.colours[new[0]][new[1]]]
            counts = self._values
            left = counts  # the move values left in hand once ``card_id`` is played
            if card.kind == MOVE and counts.get(card.value) == 1:
                left = {v: n for v, n in counts.items() if v != card.value}
            score += hits(new, left, have)
        return score

    def _attack_score(self, view: Mapping[str, Any], me: int, effect: int) -> float:
        if effect == 4:  # Surveillance: fresh cards
            return 0.2
        race = self._race
        if race is None:  # the same for every attack card of this decision
            targets = self._targets(view, me)
            if targets:
                mine = self._dist(view, me)
                nearest = min(targets, key=lambda q: self._dist(view, q))
                race = (nearest, mine - self._dist(view, nearest))
            else:
                race = (None, 0.0)
            self._race = race
        victim, lead = race
        if victim is None:
            return -9.0
        hurt = self._hurt(view, victim, effect)
        return 0.6 * hurt + 0.15 * lead - 0.4

    def _hurt(self, view: Mapping[str, Any], victim: int, effect: int) -> float:
        pos = self._pos(view, victim)
        if effect == 0:  # Cyberviolence: back to the circle's entry cell
            entry = (pos[0], BOARD_DATA.entries[pos[0]]) if pos[0] < 3 else (3, 1)
            return distance(entry, 3) - distance(pos, 3)
        if effect == 3:  # Bug: up to 8 cells back
            return max(distance(p, 3) for p in _bug_cells(pos)) - distance(pos, 3)
        if effect == 1:  # Hacking: swap cards
            return 0.6 + 0.1 * float(view["hand_sizes"][victim])
        return 0.5 + 0.05 * float(view["hand_sizes"][victim])  # Obsolescence

    def _targets(self, view: Mapping[str, Any], me: int) -> list[int]:
        n = view["players"]
        pool = [(me + 1) % n, (me - 1) % n] if n == 4 else [q for q in range(n) if q != me]
        out = []
        for q in pool:
            circle, cell = self._pos(view, q)
            if circle < 3 and BOARD_DATA.colours[circle][cell] == 1:
                continue
            out.append(q)
        return out

    # -- other phases -------------------------------------------------------------------
    def _influence(self, view: Mapping[str, Any], me: int, legal: Sequence[Action]) -> Action:
        options = self._by_kind(legal, "influence")
        return max(options, key=lambda a: (view["hand_sizes"][a.number("seat")],
                                           -self._dist(view, a.number("seat"))))

    def _target(self, view: Mapping[str, Any], me: int, legal: Sequence[Action]) -> Action:
        effect = EFFECT_NAMES.index(view["pending"]["attack"]["effect"])
        return max(legal, key=lambda a: self._hurt(view, a.number("seat"), effect)
                   - 0.3 * self._dist(view, a.number("seat")))

    def _respond(self, view: Mapping[str, Any], me: int, legal: Sequence[Action]) -> Action:
        for action in legal:
            if action.kind == "retro":
                return action
        if A.CYBERACT_A in legal:
            effect = EFFECT_NAMES.index(view["pending"]["attack"]["effect"])
            if self._hurt(view, me, effect) >= 1.2:
                return A.CYBERACT_A
        return A.ACCEPT_A

    def _window(self, view: Mapping[str, Any], me: int, legal: Sequence[Action]) -> Action:
        for action in legal:
            if action.kind == "counter":
                return action
        return A.PASS_A

    def _distance(self, view: Mapping[str, Any], me: int, legal: Sequence[Action]) -> Action:
        attack = view["pending"]["attack"]
        victim = attack["by"] if attack["returned_by"] is not None else attack["target"]
        pos = self._pos(view, victim)
        cells = _bug_cells(pos)
        best = max(range(len(cells)), key=lambda i: (distance(cells[i], 3), i))
        return A.DIST_A[best + 1]

    def _hack(self, view: Mapping[str, Any], me: int, legal: Sequence[Action]) -> Action:
        return self._exchange(view, me, legal, view["pending"].get("shown", []), "take")

    def _surveil(self, view: Mapping[str, Any], me: int, legal: Sequence[Action]) -> Action:
        return self._exchange(view, me, legal, view["pending"].get("cards", []), "keep")

    def _exchange(self, view: Mapping[str, Any], me: int, legal: Sequence[Action],
                  offer: list[str], verb: str) -> Action:
        pos = self._pos(view, me)
        hand = list(view["hand"])
        gives = self._by_kind(legal, "give")
        if gives:
            return min(gives, key=lambda a: card_utility(a.word("card"), hand, pos))
        takes = self._by_kind(legal, verb)
        if takes and hand:
            best = max(takes, key=lambda a: card_utility(a.word("card"), hand, pos))
            worst = min(card_utility(c, hand, pos) for c in hand)
            if card_utility(best.word("card"), hand, pos) > worst + 0.2:
                return best
        return A.DONE_A

    def _green(self, view: Mapping[str, Any], me: int, legal: Sequence[Action]) -> Action:
        pos = self._pos(view, me)
        hand = list(view["hand"])
        if view["pending"]["discarded"] >= 3 or len(hand) <= 3:
            return A.DONE_A
        worst = min(self._by_kind(legal, "discard"),
                    key=lambda a: card_utility(a.word("card"), hand, pos), default=None)
        if worst is not None and card_utility(worst.word("card"), hand, pos) < 1.3:
            return worst
        return A.DONE_A

    def _geek(self, view: Mapping[str, Any], me: int, legal: Sequence[Action]) -> Action:
        pos = self._pos(view, me)
        hand = list(view["hand"])
        return max(legal, key=lambda a: card_utility(a.word("card"), hand, pos))

    def _convert(self, view: Mapping[str, Any], me: int, legal: Sequence[Action]) -> Action:
        pos = self._pos(view, me)
        hand = list(view["hand"])
        card = view["pending"]["card"]
        self._know(hand)
        here = distance(pos, payable_bars(self._bridges))
        best: tuple[float, Action] = (-0.5, A.CANCEL_A)
        for action in legal:
            if action.kind != "convert":
                continue
            to = action.word("to")
            score = (1.5 if to == "bridge"
                     else self._move_score(pos, hand, here, card, int(to[1:])))
            if score > best[0]:
                best = (score, action)
        return best[1]

    def _pay(self, view: Mapping[str, Any], me: int, legal: Sequence[Action]) -> Action:
        return legal[0]

    def _setup_character(self, view: Mapping[str, Any], me: int,
                         legal: Sequence[Action]) -> Action:
        for name in CHARACTER_PREFERENCE:
            action = A.CHARACTER_A[A.CHARACTERS.index(name)]
            if action in legal:
                return action
        return legal[0]


#: The card of every action of the game's tables (``actions.py``), by the action's id: the
#: tables live as long as the program, so no other object shares one of these ids.
_CARD_OF: dict[int, str] = {
    id(action): action.word("card")
    for table in (A.MOVE_A, A.STAY_A, A.PAY_A, A.ATTACK_A, A.RETRO_A, A.COUNTER_A, A.TAKE_A,
                  A.GIVE_A, A.KEEP_A, A.DISCARD_A, A.WHITEHAT_A, A.PICK_A)
    for action in table
}


#: The kinds of the setup questions' actions (W15): no handler, a uniform draw.
_UNHANDLED = frozenset({"accounts", "phone"})

#: :meth:`WebRunnersBot._main`'s choice by what it reads: the seat, the ids of the legal
#: actions, the hand, the pawns (flat) and the hand sizes (the seat count is the pawns').
_MAIN: dict[tuple[Any, ...], tuple[tuple[Action, ...], Action | None]] = {}


def _card(action: Action) -> str:
    """``action.word("card")``, read from :data:`_CARD_OF` for the tables' actions (rollout
    bots score every card of a hand on every decision)."""
    card = _CARD_OF.get(id(action))
    return card if card is not None else action.word("card")


def _offered(action: Action, legal: Sequence[Action]) -> bool:
    """``action in legal``, comparing by value only the actions of its kind (a comparison
    of two actions is a Python call; rollouts ask this on every decision)."""
    for a in legal:  # the common case: an action taken from the list itself
        if a is action:
            return True
    kind = action.kind
    return any(a.kind == kind and a == action for a in legal)


def _bug_cells(pos: tuple[int, int]) -> list[tuple[int, int]]:
    """Where a Bug of 1..8 cells would send a pawn (W10)."""
    circle, cell = pos
    if circle >= 3:
        return [(3, 1)] * 8
    size, entry = BOARD_DATA.sizes[circle], BOARD_DATA.entries[circle]
    progress = (cell - entry) % size
    return [(circle, (entry + max(0, progress - k)) % size) for k in range(1, 9)]

