"""How the search is guided by the heuristic bots: evaluation at the depth cap, the paired
root search and its fall-back on the heuristic's move, sound determinisations."""

from __future__ import annotations

import random
from typing import ClassVar

import pytest

from ludinum.bots.base import RandomBot
from ludinum.bots.evaluation import score_value, softmax
from ludinum.bots.ismcts import IsmctsBot
from ludinum.engine import Game, State, visible
from ludinum.games import get_game, make_bot, registry
from ludinum.games.hacker.bot import HackerBot
from ludinum.games.hacker.search import hacker_value
from ludinum.games.webrunners.search import race_value
from tests.bots.toy import RISKY, SAFE, PickState

COMPETITIVE = ("webrunners", "hacker", "voleur")


def test_softmax_is_a_share_that_follows_the_values() -> None:
    shares = softmax([10.0, 4.0, 4.0, 0.0], 3.0)
    assert abs(sum(shares) - 1.0) < 1e-12
    assert shares[0] > shares[1] == shares[2] > shares[3] > 0.0
    assert softmax([5.0, 5.0], 1.0) == (0.5, 0.5)
    # A low temperature makes the leader's share close to a win.
    assert softmax([2.0, 0.0], 0.05)[0] > 0.99


def test_score_value_reads_the_running_scores() -> None:
    state = PickState(0)
    state.points = [1, 0]
    value = score_value(state, 1.0)
    assert abs(sum(value) - 1.0) < 1e-12 and value[0] > value[1]


def played(game: Game, players: int, actions: int, seed: int = 0) -> State:
    state = game.new_state(players, seed)
    bots = [make_bot(game.name, "medium", seed + seat) for seat in range(players)]
    steps = 0
    while not state.is_terminal() and steps < actions:
        active = state.active_players()
        player = active[steps % len(active)]
        state.apply_trusted(player, bots[player].choose(state, player))
        steps += 1
    return state


def test_race_value_favours_the_pawn_nearest_the_centre() -> None:
    from ludinum.games.webrunners.planning import bridge_cards, distance

    state = played(get_game("webrunners"), 4, 60)
    value = race_value(state)
    assert abs(sum(value) - 1.0) < 1e-9
    pawns = state.view(None)["pawns"]
    far = [
        distance((circle - 1, cell), max(1, min(3, bridge_cards(state.view(seat)["hand"]))))
        for seat, (circle, cell) in enumerate(pawns)
    ]
    assert value.index(max(value)) == far.index(min(far))


def test_race_value_counts_the_bridges_a_hand_can_pay() -> None:
    """Same pawns, one seat without bridge cards: its distance grows (bridges of 2–3 bars
    are out of reach), so its share falls."""
    from ludinum.games.webrunners.data import BRIDGE, DECK_DATA

    state = get_game("webrunners").new_state(2, 0)
    state.circle = [1, 1]
    state.cell = [0, 0]
    bridge = next(i for i, c in enumerate(DECK_DATA.cards) if c.kind == BRIDGE)
    other = next(i for i, c in enumerate(DECK_DATA.cards) if c.kind != BRIDGE)
    state.hands = [[bridge] * 3, [other] * 3]
    rich, poor = race_value(state)
    assert rich > poor
    state.hands = [[other] * 3, [other] * 3]
    assert race_value(state) == (0.5, 0.5)


def test_hacker_value_counts_the_viruses_waiting() -> None:
    """A virus of seat 1 on a seat-0 account holding bills: seat 0's value falls and seat
    1's rises against the running scores; the viruses of an account's owner count for
    nothing (H6), nor do viruses on an empty account."""
    from ludinum.games.hacker.base import BILL_VALUE, OWNER_MASK

    state = played(get_game("hacker"), 4, 8)  # bills credited, no drop yet
    assert not any(state.stacks)
    base = hacker_value(state, 3.0)
    assert base == score_value(state, 3.0)
    own = state.table.own
    rich = max(own[0], key=lambda k: len(state.bills[k]))
    assert state.bills[rich]
    state.stacks[rich] = [1 & OWNER_MASK]
    after = hacker_value(state, 3.0)
    assert after[0] < base[0] and after[1] > base[1]
    state.stacks[rich] = [0]  # seat 0's own virus
    assert hacker_value(state, 3.0) == base
    state.stacks[rich] = [1]
    state.cryptage = True  # H8: as many viruses warded off as bills of 1 beyond bills of 3
    values = [BILL_VALUE[b] for b in state.bills[rich]]
    warded = hacker_value(state, 3.0) == base
    assert warded == (values.count(1) > values.count(3))
    state.cryptage = False
    empty = [k for k in range(len(state.bills)) if not state.bills[k]]
    if empty:
        state.stacks[rich] = []
        state.stacks[empty[0]] = [2]
        assert hacker_value(state, 3.0) == base


class PairedToy(IsmctsBot):
    policy_cls = RandomBot
    default_rollout = "policy"
    mode = "paired"
    default_iterations = 200


def test_paired_search_leaves_a_poor_heuristic_move_on_clear_evidence() -> None:
    """The random policy suggests risky about half the time; paired rollouts show safe is
    better and the search plays it."""
    for seed in range(8):
        assert PairedToy(seed).choose(PickState(seed), 0) == SAFE


class Stubborn(PairedToy):
    z = 1e9  # no evidence is ever enough


def test_without_clear_evidence_the_heuristic_move_is_played() -> None:
    hints = set()
    for seed in range(8):
        bot = Stubborn(seed)
        choice = bot.choose(PickState(seed), 0)
        assert choice == bot.hint
        hints.add(choice)
    assert hints == {SAFE, RISKY}


class QuickStubborn(Stubborn):
    """The same gate, but the pick is a decision whose result shows at once."""

    quick_kinds = frozenset({"pick"})
    quick_depth = 1


def test_a_quick_decision_plays_the_best_mean_without_the_evidence_gate() -> None:
    """Stubborn never leaves the heuristic's move; declared quick, the same decision is
    valued one action later (the other seat's pick, then the dice) and the better gamble
    is played whatever the heuristic suggested."""
    hints = set()
    for seed in range(8):
        bot = QuickStubborn(seed)
        assert bot.choose(PickState(seed), 0) == SAFE
        hints.add(bot.hint)
    assert hints == {SAFE, RISKY}


class FewVisits(IsmctsBot):
    policy_cls = RandomBot
    default_rollout = "random"
    prior = 0.5
    min_visits = 10**6


def test_tree_search_falls_back_on_the_heuristic_with_few_visits() -> None:
    for seed in range(6):
        bot = FewVisits(seed, iterations=50)
        assert bot.choose(PickState(seed), 0) == bot.hint


@pytest.mark.parametrize("game", COMPETITIVE)
def test_paired_search_is_seeded(game: str) -> None:
    g = get_game(game)
    state = played(g, 4, 25, seed=3)
    active = state.active_players()
    player = active[0]
    first = make_bot(game, "hard", seed=5)
    second = make_bot(game, "hard", seed=5)
    assert isinstance(first, IsmctsBot)
    assert first.mode == "paired"
    first.iterations = second.iterations = 60  # type: ignore[attr-defined]
    assert first.choose(state, player) == second.choose(state, player)


@pytest.mark.parametrize("game", list(registry()), ids=lambda g: g.name)
def test_a_determinisation_depends_on_the_view_and_the_rng_only(game: Game) -> None:
    """Two states of one information set give the same determinisation for one seed (the
    unseen items are sorted before they are shuffled)."""
    rng = random.Random(4)
    for actions in (5, 20, 45):
        state = played(game, game.max_players, actions, seed=actions)
        if state.is_terminal():
            continue
        player = state.active_players()[0]
        other = state.resample(player, rng)
        assert other.view(player) == state.view(player)
        one = state.resample(player, random.Random(11)).to_json()
        two = other.resample(player, random.Random(11)).to_json()
        assert one == two


def test_hacker_determinisations_spread_the_unseen_bills_evenly() -> None:
    """The bills a seat cannot see are dealt uniformly among the places it cannot see
    (bills of one value are alike: counted by value)."""
    from ludinum.games.hacker.base import BILL_VALUE

    state = played(get_game("hacker"), 4, 30, seed=2)
    player = state.active_players()[0]
    own = state.table.own[player]  # type: ignore[attr-defined]
    bank = state.bank  # type: ignore[attr-defined]
    pool = list(bank)
    for k, pile in enumerate(state.bills):  # type: ignore[attr-defined]
        if k not in own:
            pool.extend(pile)
    for q, pile in enumerate(state.incoming):  # type: ignore[attr-defined]
        if q != player:
            pool.extend(pile)
    assert len(bank) > 5
    share = sum(BILL_VALUE[b] == 3 for b in pool) / len(pool)
    rng = random.Random(0)
    draws = 600
    total = sum(
        sum(BILL_VALUE[b] == 3 for b in state.resample(player, rng).bank)  # type: ignore[attr-defined]
        for _ in range(draws)
    )
    size = len(pool)
    variance = len(bank) * share * (1 - share) * (size - len(bank)) / (size - 1)
    assert abs(total / draws - len(bank) * share) < 4 * (variance / draws) ** 0.5 + 0.05


def test_hacker_bot_records_a_drop_it_did_not_choose() -> None:
    bot = HackerBot(0)
    state = played(get_game("hacker"), 4, 0)
    while state.phase != 1 or not any(  # type: ignore[attr-defined]
        a.kind == "drop" for p in state.active_players() for a in state.legal_actions(p)
    ):
        active = state.active_players()
        state.apply_trusted(active[0], state.legal_actions(active[0])[0])
    player = next(
        p for p in state.active_players() if any(a.kind == "drop" for a in state.legal_actions(p))
    )
    drop = next(a for a in state.legal_actions(player) if a.kind == "drop")
    bot.record(state, player, drop)
    memory = bot.memory(player)
    traveller = state.view(player)["traveller"]
    assert memory.my_drops == {traveller: 1}
    assert memory.dropped_on_trip[2] == 1


def test_hacker_bot_records_a_guess_it_did_not_choose() -> None:
    """A search that names another suspect than the heuristic: the bot still notes which
    virus was guessed, so that the result (``guess_detail``) is counted for that trip."""
    from ludinum.games.hacker.state import HackerState
    from tests.hacker.helpers import credit_setup, own, place_bills, put_viruses, start_protection

    state = get_game("hacker").new_state(4, 1)
    assert isinstance(state, HackerState)
    credit_setup(state)
    victim = state.first
    k = own(state, victim)[0]
    place_bills(state, {k: [2, 2]})
    thief = (victim + 2) % 4
    put_viruses(state, k, [((victim + 1) % 4, victim), (thief, victim)])
    start_protection(state)
    bot = HackerBot(0)
    guess = next(a for a in state.legal_actions(victim) if a.number("player") == thief)
    bot.record(state, victim, guess)
    bot.observe(victim, visible(state.apply(victim, guess), victim))
    memory = bot.memory(victim)
    assert memory.learned == {thief: 1}
    assert memory.learned_trip == {(thief, victim): 1}


@pytest.mark.parametrize("game", COMPETITIVE)
def test_hard_decides_alike_on_any_member_of_the_information_set(game: str) -> None:
    """Since determinisations depend on the view alone, the real state and a scrambled copy
    give the same decision directly (no wrapper needed)."""
    g = get_game(game)
    for actions in (10, 30):
        state = played(g, 4, actions, seed=actions + 1)
        if state.is_terminal():
            continue
        player = state.active_players()[0]
        scrambled = state.resample(player, random.Random(actions))
        decisions = []
        for real in (state, scrambled):
            bot = make_bot(game, "hard", seed=actions)
            assert isinstance(bot, IsmctsBot)
            bot.iterations = 40
            decisions.append(bot.choose(real, player))
        assert decisions[0] == decisions[1]


def test_a_bot_without_notes_forks_into_a_fresh_bot() -> None:
    bot = RandomBot(3, quiz_accuracy=0.4)
    twin = bot.fork(9, 0)
    assert type(twin) is RandomBot and twin is not bot
    assert twin.quiz_accuracy == 0.4


def noted(players: int, actions: int, seed: int) -> tuple[State, list[HackerBot]]:
    """A Hacker game played by heuristic bots that keep notes of what they see."""
    state = get_game("hacker").new_state(players, seed)
    bots = [HackerBot(seed + seat) for seat in range(players)]
    for step in range(actions):
        active = state.active_players()
        player = active[step % len(active)]
        events = state.apply_trusted(player, bots[player].choose(state, player))
        for seat, bot in enumerate(bots):
            bot.observe(seat, visible(events, seat))
    return state, bots


def test_hacker_rollout_bots_start_from_the_seat_notes() -> None:
    """``fork`` gives the searching seat its own notes (copied, not shared) and every other
    seat only the count of bills per account, which all players saw go in and out."""
    _state, bots = noted(4, 60, seed=2)
    parent = bots[1]
    mine = parent.memory(1)
    assert mine.counts and mine.mine  # crediting happened in public
    mine.grudge[3] = 2  # a private note of seat 1's
    twin = parent.fork(7, 1)
    assert isinstance(twin, HackerBot) and twin is not parent
    own = twin.memory(1)
    assert own is not mine
    assert (own.counts, own.mine, own.my_drops, own.grudge) == (
        mine.counts, mine.mine, mine.my_drops, mine.grudge
    )
    own.counts[0] = own.counts.get(0, 0) + 5
    assert own.counts != mine.counts  # the rollout cannot change the real notes
    other = twin.memory(3)
    assert other.counts == mine.counts
    assert not other.grudge and not other.learned and not other.mine
    # A fresh bot, and a fork of a seat that has seen nothing, know nothing.
    assert HackerBot(0).memory(2).counts == {}
    assert HackerBot(0).fork(1, 2).memory(0).counts == {}


class Forks(HackerBot):
    forked: ClassVar[list[int]] = []

    def fork(self, seed: int, player: int) -> HackerBot:
        Forks.forked.append(player)
        return super().fork(seed, player)


class Informed(IsmctsBot):
    policy_cls = Forks
    mode = "paired"
    default_rollout = "policy"
    default_depth = 15
    informed_rollouts = True


@pytest.mark.parametrize("informed", [True, False])
def test_informed_rollouts_fork_the_policy_bot(informed: bool) -> None:
    state, _bots = noted(4, 40, seed=5)
    # A seat with a decision to make: the search runs.
    player = next(p for p in state.active_players() if len(state.legal_actions(p)) > 1)
    Forks.forked = []
    bot = type("Bot", (Informed,), {"informed_rollouts": informed})(1, iterations=40)
    bot.choose(state, player)
    if informed:
        assert Forks.forked and set(Forks.forked) == {player}
    else:
        assert Forks.forked == []
