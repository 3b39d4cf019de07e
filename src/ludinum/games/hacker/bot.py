"""A heuristic Hacker bot that reasons only from its seat's view and events.

What it keeps in memory (through :meth:`HackerBot.observe`): how many bills each account
has received and lost in public (to estimate who is rich), which of its own viruses'
owners it has learned this round, and where its own accounts lie (for brouillage).

How it plays:

* crediting: away from attacked accounts and spread out (bills of 1 go onto attacked
  accounts when cryptage is on, since they ward off viruses);
* dropping: spreads its viruses over the trips, prefers the traveller's accounts (the
  traveller cannot notice and has one more suspect to choose from), accounts with bills,
  the estimated leader, and few viruses already waiting;
* guessing: the dropper it noticed if any; otherwise among the players who could have
  dropped it (not the traveller of that trip, not itself, not someone whose viruses are
  all accounted for), the one with the most viruses unaccounted for;
* stealing (``theft=chosen``, the default): the bills' values are seen by the account's
  owner only, so no place under the account is known to be worth more: it draws one;
* brouillage (H7): it remembers where its accounts lie with chance ``recall``, and learns
  a place's owner when that player resolves it during the protection phase.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ludinum.bots.base import Bot, Seed
from ludinum.engine import Action, Event, State

AVERAGE_BILL = 2.05  # (10×1 + 20×2 + 12×3) / 42
#: The weight of a drop on the estimated leader's account.
LEADER_BOOST = 1.0 + 0.3


class Memory:
    """What one seat remembers (a bot may play several seats, e.g. in search rollouts)."""

    def __init__(self) -> None:
        self.counts: dict[int, int] = {}  # account -> bills seen going in minus out
        self.mine: set[int] = set()  # where my accounts lie (remembered for brouillage)
        self.learned: dict[int, int] = {}  # player -> viruses of theirs I identified
        self.learned_trip: dict[tuple[int, int], int] = {}  # (player, trip) -> same
        self.my_drops: dict[int, int] = {}  # trip -> my drops this round
        self.guessed_trip = -1  # the trip of the virus of my last guess
        self.grudge: dict[int, int] = {}  # player -> times they attacked me (known)
        self.dropped_on_trip = (-1, -1, 0)  # (round, trip traveller, drops so far)
        self.guessed_known = False  # whether the last guess was on a virus already known
        self.blurred = False  # whether the brouillage round's memory test has been drawn
        self.layout: list[int | None] = []  # who owns each place, as remembered

    def copy(self) -> Memory:
        twin = Memory()
        twin.counts = dict(self.counts)
        twin.mine = set(self.mine)
        twin.learned = dict(self.learned)
        twin.learned_trip = dict(self.learned_trip)
        twin.my_drops = dict(self.my_drops)
        twin.guessed_trip = self.guessed_trip
        twin.grudge = dict(self.grudge)
        twin.dropped_on_trip = self.dropped_on_trip
        twin.guessed_known = self.guessed_known
        twin.blurred = self.blurred
        twin.layout = list(self.layout)
        return twin


#: The parts of its view the bot reads (``State.observation``: the rest is not built).
PARTS = frozenset({
    "accounts", "blurred", "current", "first", "hand", "incoming", "notices", "options",
    "players", "round", "traveller", "trips", "viruses",
})


#: The account of each action of a list of credits or drops, by the list's id and where
#: its accounts start (the lists are the table's, built once per game: each entry keeps
#: its list, so an id is not reused while cached).
_ACCOUNTS_OF: dict[tuple[int, int], tuple[Sequence[Action], list[int]]] = {}


def _accounts_of(legal: Sequence[Action], start: int = 0) -> list[int]:
    """``action.number("account")`` of ``legal[start:]``, -1 for the actions before
    (« done », first of the drops): read once per list rather than per action and
    decision."""
    key = (id(legal), start)
    hit = _ACCOUNTS_OF.get(key)
    if hit is None or hit[0] is not legal:
        if len(_ACCOUNTS_OF) >= 1024:
            _ACCOUNTS_OF.clear()
        hit = _ACCOUNTS_OF[key] = (
            legal, [-1] * start + [a.number("account") for a in legal[start:]])
    return hit[1]


#: The parts read by the decisions made most often (a rollout makes thousands): crediting
#: (accounts, the bill brought back, cryptage) and dropping (the trips' order too).
_SEEN = frozenset({"accounts", "blurred", "options"})
KIND_PARTS = {
    "credit": _SEEN | {"incoming"},
    "done": _SEEN | {"first", "hand", "players", "round", "traveller", "trips"},
}


#: :meth:`HackerBot._drop`'s worth of each account before its stack (action, account,
#: worth), by what it is computed from: the ids of the drops (kept with the entry, so an
#: id is not reused while cached), the traveller, the estimated leaders, the chances of a
#: miss, the owners as the seat reads them, its counts and its places. Rollout bots are
#: fresh every simulated game, their notes alike: shared here, the worths are met again.
_DROPS: dict[tuple[Any, ...], tuple[Sequence[Action], list[tuple[Action, int, float]]]] = {}


class HackerBot(Bot):
    level = "heuristic"
    forced_at_once = True  # see choose: a single legal action is returned first
    #: Brouillage (H7): the chance of remembering where each of its accounts lies; an
    #: account forgotten is mistaken for another place, as players at a table do.
    recall: float = 0.85

    def __init__(self, seed: Seed = 0, quiz_accuracy: float | None = None) -> None:
        super().__init__(seed)
        self.seats: dict[int, Memory] = {}
        #: Bills seen going in and out of each account, which a new seat's memory starts
        #: from: empty, except in a search's rollout bots (see :meth:`fork`).
        self.public_counts: dict[int, int] = {}

    def memory(self, player: int) -> Memory:
        m = self.seats.get(player)
        if m is None:
            m = self.seats[player] = Memory()
            m.counts = dict(self.public_counts)
        return m

    def fork(self, seed: int, player: int) -> HackerBot:
        """A rollout bot: ``player``'s notes as they are, and for the other seats its count
        of bills per account (who looks rich): public credits and thefts, which every
        player saw, and only a thief's secret credits are its own."""
        bot = type(self)(seed)
        mine = self.seats.get(player)
        if mine is not None:
            bot.seats[player] = mine.copy()
            bot.public_counts = mine.counts
        return bot

    # -- memory ----------------------------------------------------------------------------
    def observe(self, player: int, events: Sequence[Event]) -> None:
        m = self.memory(player)
        for event in events:
            kind = event.kind
            data = event.data
            if kind == "credited":
                k = int(data["account"])
                m.counts[k] = m.counts.get(k, 0) + 1
            elif kind == "guess":
                if not data["right"]:
                    k = int(data["account"])
                    m.counts[k] = m.counts.get(k, 0) - 1
            elif kind == "guess_detail":
                owner = data.get("owner")
                if isinstance(owner, int):
                    m.grudge[owner] = m.grudge.get(owner, 0) + 1
                    if not m.guessed_known:  # noticed viruses are counted from the view
                        m.learned[owner] = m.learned.get(owner, 0) + 1
                        key = (owner, m.guessed_trip)
                        m.learned_trip[key] = m.learned_trip.get(key, 0) + 1

            elif kind == "resolve":
                # Whoever resolves a place shows it is theirs: under brouillage (H7) this
                # is how a forgotten place comes back to mind, for the thief's loot too.
                self._learn_place(m, player, int(data["account"]), int(data["player"]))
            elif kind == "round":
                m.learned = {}
                m.learned_trip = {}
                m.my_drops = {}
            elif kind == "game_over":
                self.seats.pop(player, None)
                return

    # -- decisions -------------------------------------------------------------------------
    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        kind = legal[0].kind
        view = state.observation(player, KIND_PARTS.get(kind, PARTS))
        m = self.memory(player)
        accounts = view["accounts"]
        if not view["blurred"]:
            layout = [a["owner"] for a in accounts]
            # m.mine is always the places m.layout gives this seat (_learn_place and
            # _remember keep them so): the same layout, the same set.
            if layout != m.layout:
                m.layout = layout
                m.mine = {k for k, owner in enumerate(layout) if owner == player}  # places
        elif not m.blurred:
            self._remember(m, player, len(accounts))
        if kind == "credit":
            return self._credit(m, view, legal)
        if kind == "done":
            return self._drop(m, view, legal, player)
        if kind == "guess":
            return self._guess(m, view, legal, player)
        if kind == "protect":
            for action in legal:  # only my own attacked accounts are offered
                self._learn_place(m, player, action.number("account"), player)
            return self._protect(m, view, legal, player)
        return legal[self.rng.randrange(len(legal))]

    def _remember(self, m: Memory, me: int, places: int) -> None:
        """The colours are gone: keep each place's owner in mind with chance ``recall``;
        a forgotten account of mine is mistaken for another place."""
        m.blurred = True
        layout: list[int | None] = [
            owner if self.rng.random() < self.recall else None
            for owner in (m.layout or [None] * places)
        ]
        believed = set()
        for k in sorted(m.mine):
            if layout[k] == me:
                believed.add(k)
                continue
            others = [j for j in range(places) if j not in m.mine and j not in believed]
            wrong = others[self.rng.randrange(len(others))]
            believed.add(wrong)
            layout[wrong] = me
        m.mine = believed
        m.layout = layout

    @staticmethod
    def _learn_place(m: Memory, me: int, k: int, owner: int) -> None:
        if k < len(m.layout):
            m.layout[k] = owner
        if owner == me:
            m.mine.add(k)
        else:
            m.mine.discard(k)

    @staticmethod
    def _owner(m: Memory, acc: Mapping[str, Any]) -> int | None:
        owner = acc["owner"]
        if owner is None and acc["id"] < len(m.layout):
            owner = m.layout[acc["id"]]
        return owner if isinstance(owner, int) else None

    def _credit(self, m: Memory, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        accounts = view["accounts"]
        value = view["incoming"][0] if view["incoming"] else 2
        cryptage = view["options"]["cryptage"]
        best_worth, best_draw = math.inf, 0.0  # the first account scored takes it
        choice = legal[0]
        mine, counts, rand = m.mine, m.counts, self.rng.random
        flip = cryptage and value == 1  # a bill of 1 wards off one virus: put it where they are
        for action, k in zip(legal, _accounts_of(legal), strict=True):
            if k not in mine:
                continue
            acc = accounts[k]
            danger = len(acc["stack"])
            bills = acc["bills"]
            held = len(bills) if bills is not None else counts.get(k, 0)
            if flip:
                danger = -danger
            worth = danger * 3.0 + held
            # (worth, draw) compared as a tuple would be, without building one per account.
            draw = rand()
            if worth < best_worth or (worth == best_worth and draw < best_draw):
                best_worth, best_draw, choice = worth, draw, action
        return choice

    @staticmethod
    def _estimates(
        m: Memory, view: Mapping[str, Any]
    ) -> tuple[dict[int, float], list[int | None]]:
        """The estimated scores, and the owner of every account as :meth:`_owner` reads
        it (in the accounts' order: an account's id is its place)."""
        scores: dict[int, float] = {}
        layout, get = m.layout, m.counts.get
        accounts = view["accounts"]
        owners: list[int | None]
        if not view["blurred"]:
            owners = layout  # every owner shown: choose has just made them m.layout
        else:
            owners = []
            places = len(layout)
            for k, acc in enumerate(accounts):  # :meth:`_owner` inline
                owner = acc["owner"]
                if owner is None and k < places:
                    owner = layout[k]
                owners.append(owner if isinstance(owner, int) else None)
        for k, acc in enumerate(accounts):
            owner = owners[k]
            if owner is None:
                continue
            bills = acc["bills"]
            if bills is not None:
                worth = float(sum(bills))
            else:
                seen = get(k, 0)
                if seen <= 0:  # a worth of 0.0: the sum as it is (nothing added)
                    if owner not in scores:
                        scores[owner] = 0.0
                    continue
                worth = seen * AVERAGE_BILL
            scores[owner] = scores.get(owner, 0.0) + worth
        return scores, owners

    def _drop(self, m: Memory, view: Mapping[str, Any], legal: Sequence[Action], me: int) -> Action:
        n = view["players"]
        traveller = view["traveller"]
        hand = view["hand"]
        current_trip = len(view["trips"]) - 1
        later = [(view["first"] + i) % n for i in range(current_trip + 1, n)]
        remaining_trips = 1 + sum(1 for t in later if t != me)
        key = (view["round"], traveller)
        if m.dropped_on_trip[:2] != key:
            m.dropped_on_trip = (view["round"], traveller, 0)
        already = m.dropped_on_trip[2]
        quota = -(-(hand + already) // remaining_trips)  # ceil
        if hand <= 0 or already >= quota:
            return legal[0]  # done
        scores, owners = self._estimates(m, view)
        top = max(scores.values()) if scores else 0.0
        # The estimated leaders (every owner in ``owners`` has a score).
        leaders = frozenset([owner for owner, score in scores.items() if score >= top])
        vigilance = view["options"]["vigilance"]
        # The traveller is away: anyone else may have dropped on his accounts.
        miss_traveller = (1.0 - 1.0 / (n - 1)) * (1.0 - view["options"]["traveller_vigilance"])
        miss_other = (1.0 - 1.0 / max(1, n - 2)) * (1.0 - vigilance)
        best_worth, best_draw = -math.inf, 0.0  # the first account scored takes it
        choice = legal[0]
        accounts = view["accounts"]
        mine, counts = m.mine, m.counts
        memo_key = (id(legal), traveller, leaders, miss_traveller, miss_other, tuple(owners),
                    tuple(counts.items()), frozenset(mine))
        known = _DROPS.get(memo_key)
        if known is None:
            if len(_DROPS) >= 1024:
                _DROPS.clear()
            bases: list[tuple[Action, int, float]] = []
            for action, k in zip(legal, _accounts_of(legal, 1), strict=True):
                if k < 0 or k in mine:  # k < 0: « done », legal[0]
                    continue
                owner = owners[k]
                # min/max written out (the same ints); a factor of 1.0 left out (the same
                # float).
                held = counts.get(k, 0)
                if held < 0:
                    held = 0
                if owner == traveller:
                    held += 1
                    miss = miss_traveller
                else:
                    miss = miss_other
                base = (held if held < 3 else 3) * miss
                if owner in leaders:
                    base *= LEADER_BOOST
                bases.append((action, k, base))
            known = _DROPS[memo_key] = (legal, bases)
        rand = self.rng.random
        for action, k, base in known[1]:
            worth = base - 0.35 * len(accounts[k]["stack"])
            # (worth, draw) compared as a tuple would be, without building one per account.
            draw = rand()
            if worth > best_worth or (worth == best_worth and draw > best_draw):
                best_worth, best_draw, choice = worth, draw, action
        if choice is not legal[0]:
            self._count_drop(m, view)
        return choice

    @staticmethod
    def _count_drop(m: Memory, view: Mapping[str, Any]) -> None:
        key = (view["round"], view["traveller"])
        if m.dropped_on_trip[:2] != key:
            m.dropped_on_trip = (*key, 0)
        m.dropped_on_trip = (*key, m.dropped_on_trip[2] + 1)
        m.my_drops[key[1]] = m.my_drops.get(key[1], 0) + 1

    def record(self, state: State, player: int, action: Action) -> None:
        """A move this seat made that :meth:`choose` did not pick (a search bot playing with
        this bot's notes): a virus dropped counts as the bot's own drops do; a guess is
        noted as the bot's own guesses are (what its result teaches depends on it)."""
        if action.kind == "drop":
            self._count_drop(self.memory(player), state.observation(player, PARTS))
        elif action.kind == "guess":
            self._note_guess(self.memory(player), state.observation(player, PARTS))

    def _suspects(
        self, m: Memory, view: Mapping[str, Any], entry: Mapping[str, Any], me: int
    ) -> dict[int, float]:
        """Weights of who may own a virus, from what this seat knows."""
        n = view["players"]
        viruses = view["viruses"]
        trip = entry["trip"]
        known: dict[int, int] = dict(m.learned)
        in_trip: dict[int, int] = {q: c for (q, t), c in m.learned_trip.items() if t == trip}
        for note in view["notices"]:
            known[note["dropper"]] = known.get(note["dropper"], 0) + 1
            if note["trip"] == trip:
                in_trip[note["dropper"]] = in_trip.get(note["dropper"], 0) + 1
        drops = sum(t["drops"] for t in view["trips"] if t["traveller"] == trip)
        droppers = n - 1 if trip == me else n - 2
        share = max(0, drops - m.my_drops.get(trip, 0)) / max(1, droppers)
        weights: dict[int, float] = {}
        for q in range(n):
            if q in (me, trip):
                continue
            left = viruses - known.get(q, 0)
            if left <= 0:
                continue
            # The trip record is public. When that trip saw about one drop per possible
            # dropper (players spreading their viruses), one already identified as theirs
            # in it makes another one unlikely.
            seen = in_trip.get(q, 0)
            room = max(0.05, 1.0 - seen / share) if 0 < share < 1.5 else 1.0
            weights[q] = left * room * (1.0 + 0.25 * m.grudge.get(q, 0))
        return weights

    def _guess(
        self, m: Memory, view: Mapping[str, Any], legal: Sequence[Action], me: int
    ) -> Action:
        entry = self._note_guess(m, view)
        named = entry["owner"]
        if named is None:
            weights = self._suspects(m, view, entry, me)
            if weights:
                top = max(weights.values())
                best = [q for q, w in weights.items() if w == top]
                named = best[self.rng.randrange(len(best))]
        for action in legal:
            if action.number("player") == named:
                return action
        return legal[self.rng.randrange(len(legal))]

    @staticmethod
    def _note_guess(m: Memory, view: Mapping[str, Any]) -> Mapping[str, Any]:
        """Remember which virus is being guessed (its trip, whether its owner was known):
        the guess's result is read with it (:meth:`observe`). Returns the stack entry."""
        entry: Mapping[str, Any] = view["accounts"][view["current"]]["stack"][-1]
        m.guessed_known = entry["owner"] is not None
        m.guessed_trip = entry["trip"]
        return entry

    def _protect(
        self, m: Memory, view: Mapping[str, Any], legal: Sequence[Action], me: int
    ) -> Action:
        """Resolve first where the top virus is best known (what is learned helps next)."""
        best: tuple[float, float] | None = None
        choice = legal[0]
        for action in legal:
            acc = view["accounts"][action.number("account")]
            entry = acc["stack"][-1]
            if entry["owner"] is not None:
                certainty = 1.0
            else:
                weights = self._suspects(m, view, entry, me)
                total = sum(weights.values())
                certainty = max(weights.values()) / total if total else 0.0
            key = (certainty, self.rng.random())
            if best is None or key > best:
                best, choice = key, action
        return choice
