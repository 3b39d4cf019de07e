"""Information-Set Monte Carlo Tree Search (single observer; Cowling, Powley & Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012).

Each iteration draws a determinisation with ``state.resample(player, rng)`` (a copy whose
hidden parts are redrawn from what ``player`` knows), walks down one shared tree choosing
with UCB among the actions legal in *that* determinisation (an action's exploration term
counts how often it was available, not how often its parent was visited), adds one node,
finishes the game with a rollout policy and backs up ``Outcome.rewards()``: every edge
accumulates the reward of the seat that chose it (n-player, max-n style backups).

What the bot reads from the real state: ``active_players``, ``legal_actions(player)`` and
``resample(player, rng)``. Everything else happens on determinised copies.

Design choices (see ``docs/bots.md``):

- Several active players (simultaneous steps, response windows): the seat that acts is
  picked as the simulator does (``next_actor``: rotating with the number of actions taken;
  a seat only waiting for a timer, such as a traveller whose trip lasts its seconds,
  acts last).
- Chance inside ``apply`` (dice, shuffles) uses the determinised state's own RNG, reseeded
  by ``resample``; the tree is "open loop" for chance: nodes are keyed by the actions
  taken, and the availability counts absorb what chance made legal or not.
- Forced moves (one legal action) create no node. Quiz answers ("answer" / "hint"
  decisions) are knowledge, not strategy: they are never searched but delegated to the
  policy bot, whose ``knows_answer`` accuracy stands for what the players know. Searching
  them would let the bot read the answer key through the determinised state.
- Long games: rollouts stop after ``depth`` actions; the game's provisional ``outcome()``
  (current scores) is then backed up.
"""

from __future__ import annotations

import copy
import math
import random
import time
from collections.abc import Sequence
from typing import ClassVar

from ludinum.bots.base import Bot, RandomBot, Seed
from ludinum.engine import Action, State, next_actor

#: Decisions that are never searched: the answer to a quiz depends on what a player knows.
DELEGATED = frozenset({"answer", "hint"})
ROLLOUTS = ("policy", "mixed", "random")
#: How often (iterations) the search checks whether its decision is already settled.
CHECK_EVERY = 25


class Edge:
    """Statistics of one (seat, action) pair below a node."""

    __slots__ = ("avail", "child", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.child: dict[tuple[int, Action], Edge] = {}


class IsmctsBot(Bot):
    """ISMCTS with a budget in iterations (reproducible) or in milliseconds."""

    level = "ismcts"
    default_quiz_accuracy = 0.8
    searches = True
    #: Default budget; the levels set their own (bots/levels.py).
    default_iterations: ClassVar[int] = 400
    default_millis: ClassVar[float | None] = None
    #: The bot used in rollouts and for delegated decisions (the game's heuristic bot).
    policy_cls: ClassVar[type[Bot]] = RandomBot
    #: Rollout policy: "policy" (the policy bot everywhere), "mixed" (uniform, except the
    #: delegated decisions that the policy bot answers) or "random" (uniform everywhere).
    default_rollout: ClassVar[str] = "policy"
    default_depth: ClassVar[int] = 400
    exploration: ClassVar[float] = 0.7
    #: Stop an iteration budget early once the decision can no longer change.
    settle_early: ClassVar[bool] = True
    #: Progressive bias towards the policy bot's own choice at the root: its UCB score
    #: gets ``prior / (visits + 1)``, so the search leaves the heuristic's move only when
    #: the simulations clearly favour another one.
    prior: ClassVar[float] = 0.0
    #: Keep the heuristic's move unless the search's choice has a mean reward higher by at
    #: least this much (0: always play the most visited action).
    margin: ClassVar[float] = 0.0
    #: Keep the heuristic's move unless the search's choice was visited at least this
    #: many times (too few visits say little: fall back on the heuristic).
    min_visits: ClassVar[int] = 0
    #: Rollouts with the policy bot use a fresh instance every iteration (its memory of
    #: the real game is not polluted by simulated moves, nor the other way round).
    fresh_policy: ClassVar[bool] = True
    #: Rollout bots start from what the searching seat knows (``Bot.fork``: its own notes,
    #: and for every seat the public ones, e.g. who holds how many bills) instead of an
    #: empty memory.
    informed_rollouts: ClassVar[bool] = False
    #: "tree": ISMCTS proper. "paired": a flat search at the root with common random
    #: numbers: every candidate move is tried on the same determinisations, each followed
    #: by the same seeded rollout, and candidates are halved by mean reward (sequential
    #: halving); the budget counts rollouts. See :meth:`_paired`.
    mode: ClassVar[str] = "tree"
    #: Paired mode: leave the heuristic's move only when the paired mean difference in
    #: reward exceeds ``z`` standard errors (and ``margin``).
    z: ClassVar[float] = 1.5
    #: Paired mode: decisions whose result shows at once (a guess is right or wrong as soon
    #: as it is made). Each candidate is valued ``quick_depth`` actions later, over
    #: the budget's determinisations, and the best mean is played with no evidence gate:
    #: the choice most often right in the situations the seat cannot tell apart.
    quick_kinds: ClassVar[frozenset[str]] = frozenset()
    quick_depth: ClassVar[int] = 0
    #: Rollouts for a quick decision (None: the bot's budget). Short, so cheap: more of
    #: them bring the choice close to the most likely answer among the determinisations.
    quick_iterations: ClassVar[int | None] = None

    def __init__(
        self,
        seed: Seed = 0,
        quiz_accuracy: float | None = None,
        *,
        iterations: int | None = None,
        millis: float | None = None,
        rollout: str | None = None,
        depth: int | None = None,
    ) -> None:
        super().__init__(seed, quiz_accuracy)
        self.iterations = self.default_iterations if iterations is None else iterations
        self.millis = self.default_millis if millis is None else millis
        self.rollout = self.default_rollout if rollout is None else rollout
        if self.rollout not in ROLLOUTS:
            raise ValueError(f"unknown rollout policy {self.rollout!r}")
        self.depth = self.default_depth if depth is None else depth
        self.policy = self.policy_cls(self.rng.getrandbits(63), self.quiz_accuracy)
        #: Iterations run by the last search (fewer than the budget when the decision was
        #: settled early: the most visited action could no longer be overtaken).
        self.last_iterations = 0
        self.hint: Action | None = None

    def reset(self, seed: Seed) -> None:
        """A new game: a fresh bot of ``seed`` that keeps this one's budget and settings."""
        type(self).__init__(
            self, seed, self.quiz_accuracy, iterations=self.iterations, millis=self.millis,
            rollout=self.rollout, depth=self.depth,
        )

    # -- the decision ------------------------------------------------------------------
    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        if all(a.kind in DELEGATED for a in legal):
            return self.policy.choose(state, player)
        root: dict[tuple[int, Action], Edge] = {}
        probe: Bot | None = None
        if self.mode == "paired" or self.prior > 0 or self.margin > 0 or self.min_visits > 0:
            # The heuristic's move, from a copy of the policy bot: its notes are kept only
            # if that move is the one played (e.g. a count of its own drops).
            probe = copy.deepcopy(self.policy)
            self.hint = probe.choose(state, player)
        else:
            self.hint = None
        if self.mode == "paired" and self.hint is not None:
            chosen = self._paired(state, player, legal, self.hint)
        else:
            self.search(state, player, root)
            chosen = self._final(root, legal, player)
        if probe is not None and chosen == self.hint:
            self.policy = probe
        else:
            self.policy.record(state, player, chosen)
        return chosen

    def _paired(self, state: State, player: int, legal: Sequence[Action], hint: Action) -> Action:
        """Flat search with common random numbers (a rollout improvement of the policy).

        Each round draws one determinisation and one seed; every remaining candidate is
        applied to a copy of it and followed by a rollout of the policy bot (all seats),
        seeded alike, so that the rewards of two candidates differ by what the move changed,
        not by luck. After each phase the worse half of the candidates is dropped (the
        heuristic's move always stays). The heuristic's move is played unless another's
        mean reward is higher by ``margin`` and by ``z`` standard errors of the paired
        differences: the search leaves the heuristic only on clear evidence.
        """
        rng = self.rng
        quick = legal[0].kind in self.quick_kinds
        depth = self.quick_depth if quick else self.depth
        budget = self.iterations
        if quick and self.quick_iterations is not None:
            budget = self.quick_iterations
        stop = None if self.millis is None else time.perf_counter() + self.millis / 1000.0
        if stop is not None:
            budget = 1 << 40
        alive = list(legal)
        phases = max(1, math.ceil(math.log2(len(alive))))
        sums = dict.fromkeys(alive, 0.0)
        counts = dict.fromkeys(alive, 0)
        diffs: dict[Action, list[float]] = {a: [] for a in alive}
        used = 0
        timed_out = False
        for phase in range(phases):
            rounds = max(1, budget // (phases * len(alive))) if stop is None else 1 << 40
            for _ in range(rounds):
                det = state.resample(player, rng)
                seed = rng.getrandbits(63)
                base = 0.0
                results: list[tuple[Action, float]] = []
                for action in alive:
                    twin = det.clone_seeded(seed)
                    reward = self._play_out(twin, player, action, seed, depth)
                    results.append((action, reward))
                    if action == hint:
                        base = reward
                used += len(alive)
                for action, reward in results:
                    sums[action] += reward
                    counts[action] += 1
                    diffs[action].append(reward - base)
                if stop is not None and time.perf_counter() >= stop:
                    timed_out = True
                    break
            if timed_out or phase == phases - 1 or len(alive) <= 2:
                break
            ranked = sorted(alive, key=lambda a: sums[a] / counts[a], reverse=True)
            keep = ranked[: max(2, len(alive) // 2)]
            if hint not in keep:
                keep[-1] = hint
            alive = [a for a in alive if a in keep]
        self.last_iterations = used
        best = max(alive, key=lambda a: (sums[a] / counts[a], a == hint))
        if best == hint or quick:
            return best
        d = diffs[best]
        n = len(d)
        mean = sum(d) / n
        if n < 2 or mean < self.margin:
            return hint
        var = sum((x - mean) ** 2 for x in d) / (n - 1)
        return best if mean > self.z * math.sqrt(var / n) else hint

    def _play_out(self, det: State, player: int, action: Action, seed: int, depth: int) -> float:
        """``player``'s reward for ``action`` then a rollout of the policy bot (``depth``
        actions at most)."""
        policy = self._rollout_policy(seed, player)
        if self.informed_rollouts:
            policy.record(det, player, action)
        det.advance(player, action)
        return self._rollout(det, 1, policy, depth)[player]

    def _rollout_policy(self, seed: int, player: int) -> Bot:
        """A fresh policy bot for one simulated game from ``player``'s decision."""
        if self.informed_rollouts:
            return self.policy.fork(seed, player)
        return self.policy_cls(seed, self.quiz_accuracy)

    def _final(
        self, root: dict[tuple[int, Action], Edge], legal: Sequence[Action], player: int
    ) -> Action:
        """The most visited root action, unless the heuristic's move is not clearly worse."""
        best: Action | None = None
        best_key = (-1, -1.0)
        for action in legal:
            edge = root.get((player, action))
            if edge is None:
                continue
            key = (edge.visits, edge.total / edge.visits if edge.visits else 0.0)
            if key > best_key:
                best, best_key = action, key
        if best is None:
            return legal[self.rng.randrange(len(legal))]
        hint = self.hint
        if hint is not None and best != hint and hint in legal:
            mine = root.get((player, hint))
            theirs = root[(player, best)]
            if theirs.visits < self.min_visits:
                return hint
            if mine is None or not mine.visits:
                return best
            if theirs.total / theirs.visits - mine.total / mine.visits < self.margin:
                return hint
        return best

    def search(self, state: State, player: int, root: dict[tuple[int, Action], Edge]) -> int:
        """Run the budget's iterations from ``state`` for ``player`` into ``root`` (in
        paired mode: the paired search's rollouts; ``root`` stays empty)."""
        if self.mode == "paired":
            self.hint = copy.deepcopy(self.policy).choose(state, player)
            self._paired(state, player, state.legal_actions(player), self.hint)
            return self.last_iterations
        rng = self.rng
        stop = None if self.millis is None else time.perf_counter() + self.millis / 1000.0
        limit = self.iterations if stop is None else 1 << 60
        done = 0
        while done < limit:
            det = state.resample(player, rng)
            self._iterate(det, player, root)
            done += 1
            if stop is not None:
                if time.perf_counter() >= stop:
                    break
            elif (
                self.settle_early
                and done % CHECK_EVERY == 0
                and self._decided(root, player, limit - done)
            ):
                break
        self.last_iterations = done
        return done

    @staticmethod
    def _decided(root: dict[tuple[int, Action], Edge], player: int, remaining: int) -> bool:
        """True when the most visited root action leads the next one by more than the
        iterations left: the decision (most visits) can no longer change, stop early."""
        first = second = 0
        for (actor, _action), edge in root.items():
            if actor != player:
                continue
            if edge.visits > first:
                first, second = edge.visits, first
            elif edge.visits > second:
                second = edge.visits
        return first - second > remaining

    # -- one iteration -----------------------------------------------------------------
    def _iterate(self, det: State, root_player: int, root: dict[tuple[int, Action], Edge]) -> None:
        rng = self.rng
        policy = self.policy
        c = self.exploration
        if self.rollout == "policy" and self.fresh_policy:
            policy = self._rollout_policy(rng.getrandbits(63), root_player)
        path: list[tuple[Edge, int]] = []
        node = root
        steps = 0
        expanded = False
        first = True
        while not det.is_terminal():
            if first:
                actor = root_player
                first = False
            else:
                actor = next_actor(det, steps)
            legal = det.legal_actions(actor)
            if len(legal) == 1:
                action = legal[0]
            elif legal[0].kind in DELEGATED and all(a.kind in DELEGATED for a in legal):
                action = policy.choose(det, actor)
            elif expanded:
                break  # rollout from here
            else:
                bias = self.hint if node is root else None
                action, edge = self._select(node, actor, legal, c, rng, bias, self.prior)
                path.append((edge, actor))
                if edge.visits == 0:
                    expanded = True
                node = edge.child
            det.advance(actor, action)
            steps += 1
        rewards = self._rollout(det, steps, policy)
        for edge, actor in path:
            edge.visits += 1
            edge.total += rewards[actor]

    @staticmethod
    def _select(
        node: dict[tuple[int, Action], Edge],
        actor: int,
        legal: Sequence[Action],
        c: float,
        rng: random.Random,
        hint: Action | None = None,
        prior: float = 0.0,
    ) -> tuple[Action, Edge]:
        untried: list[tuple[Action, Edge]] = []
        best: tuple[Action, Edge] | None = None
        best_score = -1.0
        edges: list[tuple[Action, Edge]] = []
        for action in legal:
            key = (actor, action)
            edge = node.get(key)
            if edge is None:
                edge = node[key] = Edge()
            edge.avail += 1
            edges.append((action, edge))
            if edge.visits == 0:
                untried.append((action, edge))
        if untried:
            return untried[rng.randrange(len(untried))]
        for action, edge in edges:
            score = edge.total / edge.visits + c * math.sqrt(math.log(edge.avail) / edge.visits)
            if action == hint:
                score += prior / (edge.visits + 1)
            if score > best_score:
                best, best_score = (action, edge), score
        assert best is not None
        return best

    def _rollout(
        self, det: State, steps: int, policy: Bot, depth: int | None = None
    ) -> tuple[float, ...]:
        rng = self.rng
        use_policy = self.rollout == "policy"
        delegate = self.rollout == "mixed"
        budget = self.depth if depth is None else depth
        direct = use_policy and policy.forced_at_once
        while budget > 0 and not det.is_terminal():
            active = det.active_players()
            # next_actor's fast path inline: a single active seat acts.
            actor = active[0] if len(active) == 1 else next_actor(det, steps)
            if direct:  # the bot lists the legal actions (once) and plays a forced move
                action = policy.choose(det, actor)
                det.advance(actor, action)
                steps += 1
                budget -= 1
                continue
            legal = det.legal_actions(actor)
            if len(legal) == 1:
                action = legal[0]
            elif use_policy or (delegate and legal[0].kind in DELEGATED):
                action = policy.choose(det, actor)
            else:
                action = legal[rng.randrange(len(legal))]
            det.advance(actor, action)
            steps += 1
            budget -= 1
        if det.is_terminal():
            return det.outcome().rewards()
        return self.evaluate(det)

    def evaluate(self, det: State) -> tuple[float, ...]:
        """Value of a rollout stopped by the depth cap: per-seat rewards in [0, 1]. By
        default the state's provisional ``outcome()`` (running scores), a tie if no one
        leads; a level may plug in a game-specific estimate."""
        return provisional(det)


def provisional(state: State) -> tuple[float, ...]:
    """The rewards if the game stopped now (games with running scores), else a tie."""
    rewards = state.outcome().rewards()
    if any(rewards):
        return rewards
    n = state.config.players
    return (1.0 / n,) * n
