"""A heuristic bot for both roles, reading only its seat's view and legal actions.

The thief estimates, for each attack he may play, the chance that the target holds the
matching measure (on the board, face down, or in the hand) from the public composition of
the deck and what has already been revealed, and weighs it against what he would steal.
A manager lays data where his measures (on the board or in his hand, which counter just as
well) cover the thief's likely attacks, lays a measure when it protects valuable data, and
always counters when he can.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ludinum.bots.base import Bot
from ludinum.engine import Action, State
from ludinum.games.voleur.deck import BOARDS, DATA, POINTS, Deck, load_deck


@lru_cache(maxsize=1)
def _catalogue() -> Deck:
    """Card properties by id (the rules are public; counts come from the view)."""
    return load_deck()


#: The parts of its view the bot reads (``State.observation``: the rest is not built).
PARTS = frozenset({
    "attack", "composition", "discard", "hand", "loot", "options", "players", "role", "round",
    "rounds", "thief_round",
})


#: The thief's threat by (turns left, managers, the thief deck's composition), with its
#: attacks split by board (see ``VoleurBot._threat``).
_THREATS: dict[
    tuple[int, int, tuple[tuple[str, int], ...]],
    tuple[dict[int, float], tuple[list[tuple[float, str]], ...]],
] = {}


class VoleurBot(Bot):
    level = "heuristic"
    forced_at_once = True  # see choose: a single legal action is returned first

    #: Estimates shared by the actions of one decision (reset by :meth:`choose`).
    _cache: dict[str, Any]

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        view = state.observation(player, PARTS)
        self._cache = {}  # estimates shared by the actions of one decision
        if view["role"] == "thief":
            scored = [(self._thief_score(view, a), a) for a in legal]
        else:
            scored = list(zip(self._manager_scores(view, player, legal), legal, strict=True))
        best = max([s for s, _ in scored])
        top = [a for s, a in scored if s >= best - 1e-9]
        return top[self.rng.randrange(len(top))]

    # -- shared estimates ---------------------------------------------------------------------
    @staticmethod
    def _thief_turns_left(view: Mapping[str, Any]) -> int:
        start = max(int(view["round"]), int(view["thief_round"]))
        return max(0, int(view["rounds"]) - start + 1)

    @staticmethod
    def _seen(view: Mapping[str, Any]) -> Counter[str]:
        """Common cards whose place everyone knows (boards, revealed, discard)."""
        seen: Counter[str] = Counter(view["discard"])
        for entry in view["players"]:
            for board in entry.get("boards", {}).values():
                seen.update(board["data"])
                seen.update(board["shown"])
        seen.update(view["loot"])
        return seen

    # -- the thief ------------------------------------------------------------------------------
    def _thief_score(self, view: Mapping[str, Any], action: Action) -> float:
        deck = _catalogue()
        kind = action.kind
        if kind == "steal":
            card = action.get("card")
            if isinstance(card, str):
                return float(deck.card(card).points)
            target = view["players"][view["attack"]["target"]]
            board = target["boards"][view["attack"]["board"]]
            category = str(action.get("category"))
            return float(
                sum(
                    POINTS[deck.card(c).category]
                    for c in board["data"]
                    if ("standard", "confidential", "sensitive")[deck.card(c).category] == category
                )
            )
        if kind == "discard":
            return -self._future_use(view, str(action.get("card")))
        if kind != "attack":
            return 0.0
        attack = deck.card(str(action.get("card")))
        target = int(action.number("target"))
        entry = view["players"][target]
        board = entry["boards"][BOARDS[attack.nature]]
        p = self._success(view, attack.countered_by, int(board["hidden"]), int(entry["hand"]))
        values = sorted((deck.card(c).points for c in board["data"]), reverse=True)
        if attack.skip:
            gain = 2.0 * attack.skip
        elif view["options"]["expert"]:
            per_cat = Counter[int]()
            for c in board["data"]:
                per_cat[deck.card(c).category] += deck.card(c).points
            gain = float(max(per_cat.values()))
        else:
            gain = float(values[0])
        scores = [int(e["score"]) for e in view["players"] if e["role"] == "manager"]
        leader = 1.5 if int(entry["score"]) >= max(scores) else 1.0
        loss = float(view["options"]["foil_points"]) * 0.3
        return p * gain * leader - (1.0 - p) * loss

    def _success(self, view: Mapping[str, Any], measure: int, hidden: int, hand: int) -> float:
        deck = _catalogue()
        if "unseen" not in self._cache:
            composition: Mapping[str, int] = view["composition"]["common"]
            seen = self._seen(view)
            unseen = {c: n - seen.get(c, 0) for c, n in composition.items()}
            total = max(1, sum(max(0, n) for n in unseen.values()))
            measures = max(
                1, sum(max(0, n) for c, n in unseen.items() if deck.card(c).kind != DATA)
            )
            self._cache["unseen"] = (unseen, total, measures)
        unseen, total, measures = self._cache["unseen"]
        mine = max(0, unseen.get(deck.cards[measure].id, 0))
        q_hidden = min(1.0, mine / measures)
        q_hand = min(1.0, mine / total)
        return float((1.0 - q_hidden) ** hidden * (1.0 - q_hand) ** hand)

    def _future_use(self, view: Mapping[str, Any], ident: str) -> float:
        card = _catalogue().card(ident)
        measure = _catalogue().cards[card.countered_by].id
        use = 0.0
        for entry in view["players"]:
            if entry["role"] != "manager":
                continue
            board = entry["boards"][BOARDS[card.nature]]
            if measure not in board["shown"]:
                use += 1.0 + len(board["data"]) * 0.1
        return use

    # -- a manager -------------------------------------------------------------------------------
    def _threat(self, view: Mapping[str, Any]) -> dict[int, float]:
        """Chance that the thief plays each attack type against this manager from now on."""
        if "threat" in self._cache:
            cached: dict[int, float] = self._cache["threat"]
            return cached
        thief: Mapping[str, int] = view["composition"]["thief"]
        managers = sum(1 for e in view["players"] if e["role"] == "manager")
        turns = self._thief_turns_left(view)
        # A function of public data that changes a few times a game: a rollout bot makes
        # thousands of decisions, so it is computed once per (turns, managers, deck).
        key = (turns, managers, tuple(thief.items()))
        known = _THREATS.get(key)
        if known is None:
            deck = _catalogue()
            total = max(1, sum(thief.values()))
            threat = {
                deck.index[c]: min(1.0, turns * n / total / managers) for c, n in thief.items()
            }
            # Per board nature: each attack's chance beside the id of the measure that
            # counters it, in the threat's order (``_board_risk`` sums them in that order).
            per_board = tuple(
                [(p, deck.cards[deck.countered_by[a]].id) for a, p in threat.items()
                 if deck.nature[a] == b]
                for b in range(len(BOARDS))
            )
            if len(_THREATS) >= 256:
                _THREATS.clear()
            known = _THREATS[key] = (threat, per_board)
        self._cache["threat"] = known[0]
        self._cache["per_board"] = known[1]
        return known[0]

    def _manager_scores(
        self, view: Mapping[str, Any], player: int, legal: Sequence[Action]
    ) -> list[float]:
        """The value of each legal action of a manager (what a lay is worth depends on the
        board: its estimates are computed once per board and decision)."""
        deck = _catalogue()
        boards = view["players"][player]["boards"]
        hand: list[str] = view["hand"]
        expert = view["options"]["expert"]
        sides: dict[str, tuple[int, float, dict[int, int], set[str]]] = {}
        out: list[float] = []
        for action in legal:
            if action.kind != "lay":
                out.append(self._manager_score(action))
                continue
            ident, side = _lay_of(action)
            known = sides.get(side)
            if known is None:
                board = boards[side]
                b = 0 if side == BOARDS[0] else 1
                risk = self._board_risk(view, board, b)
                known = sides[side] = (
                    b, min(1.0, risk), by_category_points(board["data"]),
                    set(board["hidden_cards"]) | set(board["shown"]),
                )
            b, risk, by_category, laid = known
            i = deck.index[ident]
            if deck.kind[i] == DATA:
                # What one successful attack would take: this card, or in the expert variant
                # every card of its category on that board (so spread the categories).
                exposure = float(deck.points[i])
                if expert:
                    exposure += by_category.get(deck.category[i], 0)
                out.append(deck.points[i] - 0.5 * risk * exposure)
                continue
            # A measure: useless on the other board or next to a twin already there.
            attack = deck.counters[i]
            if deck.nature[attack] != b or ident in laid:
                out.append(-1.0)
                continue
            at_risk = sum(by_category.values())
            p = self._threat(view).get(attack, 0.0)
            value = p * (float(view["options"]["foil_points"]) + at_risk) * 0.5
            out.append(value + (1.0 if hand.count(ident) > 1 else 0.0))
        return out

    @staticmethod
    def _manager_score(action: Action) -> float:
        """Value of a manager's action other than laying a card."""
        kind = action.kind
        if kind == "counter":
            return 10.0 if action.get("from") == "hand" else 9.0
        if kind == "discard":
            card = _catalogue().card(str(action.get("card")))
            return -float(card.points) - (0.5 if card.kind != DATA else 0.0)
        return 0.0

    def _board_risk(self, view: Mapping[str, Any], board: Mapping[str, Any], b: int) -> float:
        """Chance-weighted attacks on board ``b`` that no measure of this manager covers (on
        the board or in hand)."""
        self._threat(view)
        pairs: list[tuple[float, str]] = self._cache["per_board"][b]
        covered = set(board["hidden_cards"]) | set(board["shown"]) | set(view["hand"])
        return sum(p for p, measure in pairs if measure not in covered)


#: The (card, board) of a lay action, by the action's id; each entry keeps its action (the
#: deck's constant actions), so an id is not reused while cached.
_LAYS: dict[int, tuple[Action, str, str]] = {}


def _lay_of(action: Action) -> tuple[str, str]:
    """``str(action.get("card"))`` and ``str(action.get("board"))``, read once per action
    (a manager scores every lay of his hand on every decision of a rollout)."""
    hit = _LAYS.get(id(action))
    if hit is None or hit[0] is not action:
        if len(_LAYS) >= 4096:
            _LAYS.clear()
        hit = _LAYS[id(action)] = (action, str(action.get("card")), str(action.get("board")))
    return hit[1], hit[2]


def by_category_points(cards: list[str]) -> dict[int, int]:
    """Points of the data cards ``cards`` summed by category."""
    deck = _catalogue()
    out: dict[int, int] = {}
    for ident in cards:
        card = deck.cards[deck.index[ident]]
        out[card.category] = out.get(card.category, 0) + card.points
    return out
