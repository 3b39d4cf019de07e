"""A heuristic bot for both roles, reading only its seat's view and legal actions.

The thief estimates, for each attack he may play, the chance that the target holds the
matching measure (on the board, face down, or in the hand) from the public composition of
the deck and what has already been revealed, and weighs it against what he would steal.
A manager lays data where his measures (on the board or in his hand, which counter just as
well) cover the thief's likely attacks, lays a measure when it protects valuable data, and
always counters when he can.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ludinum.bots.base import Bot
from ludinum.engine import Action, State
from ludinum.games.voleur.content import BOARDS, DATA, POINTS, Deck, load_deck


@lru_cache(maxsize=1)
def _catalogue() -> Deck:
    """Card properties by id (the rules are public; counts come from the view)."""
    return load_deck()


#: The parts of its view the bot reads (``State.observation``: the rest is not built).
PARTS = frozenset({
    "attack", "composition", "discard", "hand", "loot", "options", "players", "role", "round",
    "rounds", "thief_round",
})
#: What a manager reads of them (not the attack, the discard nor the loot).
MANAGER_PARTS = PARTS - {"attack", "discard", "loot"}
#: Actions only a manager is offered: with one of them first, the seat is a manager.
MANAGER_KINDS = frozenset({"lay", "counter", "let_through"})


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
        manager = legal[0].kind in MANAGER_KINDS
        view = state.observation(player, MANAGER_PARTS if manager else PARTS)
        self._cache = {}  # estimates shared by the actions of one decision
        if view["role"] == "thief":
            if manager:  # not a position of the rules: read the thief's parts too
                view = state.observation(player, PARTS)
            scores = [self._thief_score(view, a) for a in legal]
        else:
            scores = self._manager_scores(view, player, legal)
        best = max(scores)
        top = [a for s, a in zip(scores, legal, strict=True) if s >= best - 1e-9]
        return top[_below(self.rng, len(top))]

    # -- shared estimates ---------------------------------------------------------------------
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
        cached: dict[int, float] | None = self._cache.get("threat")
        if cached is not None:
            return cached
        thief: Mapping[str, int] = view["composition"]["thief"]
        managers = [e["role"] for e in view["players"]].count("manager")
        turns = max(0, view["rounds"] - max(view["round"], view["thief_round"]) + 1)
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
            # counters it, in the threat's order (``_manager_scores`` sums them in that order).
            per_board = tuple(
                [(p, deck.cards[deck.countered_by[a]].id) for a, p in threat.items()
                 if deck.nature[a] == b]
                for b in range(len(BOARDS))
            )
            if len(_THREATS) >= 256:
                _THREATS.clear()
                _SCORES.clear()  # keyed by the ids of the entries just dropped
            known = _THREATS[key] = (threat, per_board)
        self._cache["threat"] = known[0]
        self._cache["per_board"] = known[1]
        self._cache["known"] = known
        return known[0]

    def _manager_scores(
        self, view: Mapping[str, Any], player: int, legal: Sequence[Action]
    ) -> list[float]:
        """The value of each legal action of a manager (what a lay is worth depends on the
        board: its estimates are computed once per board and decision). Lays are scored
        from a few parts of the view: the same parts (rollouts meet them again and again)
        give the same scores, remembered in ``_SCORES``."""
        hand: list[str] = view["hand"]
        if legal[0].kind != "lay":
            return self._scores(view, player, legal, hand)
        self._threat(view)
        boards = view["players"][player]["boards"]
        paper, digital = boards[BOARDS[0]], boards[BOARDS[1]]
        key = (
            id(self._cache["known"]), tuple(map(id, legal)), tuple(hand),
            tuple(paper["data"]), tuple(paper["shown"]), tuple(paper["hidden_cards"]),
            tuple(digital["data"]), tuple(digital["shown"]), tuple(digital["hidden_cards"]),
            view["options"]["expert"], view["options"]["foil_points"],
        )
        known = _SCORES.get(key)
        if known is None:
            if len(_SCORES) >= 4096:
                _SCORES.clear()
            # The actions are kept with their scores: the ids in the key stay theirs.
            known = _SCORES[key] = (tuple(legal), self._scores(view, player, legal, hand))
        return known[1]

    def _scores(
        self, view: Mapping[str, Any], player: int, legal: Sequence[Action], hand: list[str]
    ) -> list[float]:
        """What :meth:`_manager_scores` returns, computed."""
        boards: Mapping[str, Any] | None = None
        held: set[str] | None = None
        expert = view["options"]["expert"]
        sides: list[tuple[float, dict[int, int], set[str]] | None] = [None, None]
        lays = _LAYS
        out: list[float] = []
        for action in legal:
            lay = lays.get(id(action))
            if lay is None or lay[0] is not action:
                if action.kind != "lay":
                    out.append(self._manager_score(action))
                    continue
                lay = _lay_entry(action)
            _, b, side, ident, is_data, points, category, attack, fits = lay
            known = sides[b]
            if known is None:
                if boards is None:
                    boards = view["players"][player]["boards"]
                    held = set(hand)
                assert held is not None
                board = boards[side]
                laid = set(board["hidden_cards"]) | set(board["shown"])
                pairs = self._per_board(view)[b]
                # Attacks on this board that no measure of this manager covers (on the
                # board or in hand), weighed by their chance.
                risk = sum(
                    [p for p, measure in pairs if measure not in laid and measure not in held]
                )
                known = sides[b] = (min(1.0, risk), by_category_points(board["data"]), laid)
            risk, by_category, laid = known
            if is_data:
                # What one successful attack would take: this card, or in the expert variant
                # every card of its category on that board (so spread the categories).
                exposure = float(points)
                if expert:
                    exposure += by_category.get(category, 0)
                out.append(points - 0.5 * risk * exposure)
                continue
            # A measure: useless on the other board or next to a twin already there.
            if not fits or ident in laid:
                out.append(-1.0)
                continue
            at_risk = sum(by_category.values())
            p = self._threat(view).get(attack, 0.0)
            value = p * (float(view["options"]["foil_points"]) + at_risk) * 0.5
            out.append(value + (1.0 if hand.count(ident) > 1 else 0.0))
        return out

    def _per_board(self, view: Mapping[str, Any]) -> tuple[list[tuple[float, str]], ...]:
        """Per board nature, each attack's chance beside the id of its measure."""
        per_board = self._cache.get("per_board")
        if per_board is None:
            self._threat(view)
            per_board = self._cache["per_board"]
        return per_board  # type: ignore[no-any-return]

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


#: A manager's scores of his lays by what they are computed from: the id of the threat's
#: entry in ``_THREATS`` (cleared with it), the ids of the legal actions, the hand, both
#: boards of his own and the options read (see ``VoleurBot._manager_scores``).
_SCORES: dict[tuple[Any, ...], tuple[tuple[Action, ...], list[float]]] = {}

#: What a lay action lays, by the action's id: the action itself (so that an id is not
#: reused while cached: the deck's actions are constant), the board (index, name), the
#: card's id, whether it is data, its points and category, the attack it counters (a
#: measure) and whether that attack's board is this one.
_LAYS: dict[int, tuple[Action, int, str, str, bool, int, int, int, bool]] = {}


def _lay_entry(action: Action) -> tuple[Action, int, str, str, bool, int, int, int, bool]:
    """``action``'s entry of ``_LAYS``, made (a manager scores every lay of his hand on
    every decision of a rollout: each is read once)."""
    deck = _catalogue()
    ident, side = str(action.get("card")), str(action.get("board"))
    b = 0 if side == BOARDS[0] else 1
    i = deck.index[ident]
    attack = deck.counters[i]
    fits = deck.kind[i] != DATA and deck.nature[attack] == b
    if len(_LAYS) >= 4096:
        _LAYS.clear()
    entry = _LAYS[id(action)] = (
        action, b, side, ident, deck.kind[i] == DATA, deck.points[i], deck.category[i], attack,
        fits,
    )
    return entry


def _below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` (``n`` > 0), the same draw, without its layers of calls (a
    rollout bot draws one on each decision)."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


@lru_cache(maxsize=1)
def _data_cards() -> dict[str, tuple[int, int]]:
    """The (category, points) of each card by id."""
    return {c.id: (c.category, c.points) for c in _catalogue().cards}


def by_category_points(cards: list[str]) -> dict[int, int]:
    """Points of the data cards ``cards`` summed by category."""
    out: dict[int, int] = {}
    if cards:
        table = _data_cards()
        for ident in cards:
            category, points = table[ident]
            out[category] = out.get(category, 0) + points
    return out
