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
  picked as the simulator does, rotating with the number of actions taken.
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

import math
import random
import time
from collections.abc import Sequence
from typing import ClassVar

from ludinum.bots.base import Bot, RandomBot
from ludinum.engine import Action, State

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

    def __init__(
        self,
        seed: int = 0,
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

    # -- the decision ------------------------------------------------------------------
    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        if all(a.kind in DELEGATED for a in legal):
            return self.policy.choose(state, player)
        root: dict[tuple[int, Action], Edge] = {}
        self.hint = self.policy.choose(state, player) if self.prior > 0 else None
        self.search(state, player, root)
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
        if hint is not None and best != hint and self.margin > 0:
            mine = root.get((player, hint))
            theirs = root[(player, best)]
            if mine is not None and mine.visits and (
                theirs.total / theirs.visits - mine.total / mine.visits < self.margin
            ):
                return hint
        return best

    def search(self, state: State, player: int, root: dict[tuple[int, Action], Edge]) -> int:
        """Run the budget's iterations from ``state`` for ``player`` into ``root``."""
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
                active = det.active_players()
                actor = active[0] if len(active) == 1 else active[steps % len(active)]
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
            det.apply_trusted(actor, action)
            steps += 1
        rewards = self._rollout(det, steps)
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

    def _rollout(self, det: State, steps: int) -> tuple[float, ...]:
        rng = self.rng
        policy = self.policy
        use_policy = self.rollout == "policy"
        delegate = self.rollout == "mixed"
        budget = self.depth
        while budget > 0 and not det.is_terminal():
            active = det.active_players()
            actor = active[0] if len(active) == 1 else active[steps % len(active)]
            legal = det.legal_actions(actor)
            if len(legal) == 1:
                action = legal[0]
            elif use_policy or (delegate and legal[0].kind in DELEGATED):
                action = policy.choose(det, actor)
            else:
                action = legal[rng.randrange(len(legal))]
            det.apply_trusted(actor, action)
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
