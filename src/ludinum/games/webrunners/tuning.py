"""Simulation loop used to tune the deck and measure the bots.

``python -m ludinum.games.webrunners.tuning -n 1000 --players 4 --bots heuristic``
plays games with the given bots (one level for every seat, or a comma-separated list per
seat; seats are rotated between games so no bot always sits first) and prints a summary:
share of games with a winner, rounds (median, quartiles), bridges used by bars, first
seat's win rate and each bot's win rate.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Mapping
from typing import Any

from ludinum.bots.base import Bot, RandomBot
from ludinum.games.webrunners.bot import WebRunnersBot
from ludinum.games.webrunners.game import WebRunnersGame

GAME = WebRunnersGame()
LEVELS: dict[str, type[Bot]] = {"random": RandomBot, "heuristic": WebRunnersBot}


def play(players: int, seed: int, levels: list[str],
         options: Mapping[str, object] | None = None) -> dict[str, Any]:
    """One game; ``levels[i]`` plays seat ``i``. Returns its metrics and outcome."""
    state = GAME.new_state(players, seed, options)
    bots = [LEVELS[level](seed * 31 + i) for i, level in enumerate(levels)]
    while not state.is_terminal():
        active = state.active_players()
        player = active[0]
        state.apply_trusted(player, bots[player].choose(state, player))
    metrics = state.metrics()
    winners = state.outcome().winners
    return {"metrics": metrics, "winner": winners[0] if winners else None, "levels": levels}


def simulate(games: int, players: int, levels: list[str], seed: int = 0,
             options: Mapping[str, object] | None = None) -> dict[str, Any]:
    if len(levels) == 1:
        levels = levels * players
    rounds: list[float] = []
    won = 0
    first_wins = 0
    bridges = [0.0, 0.0, 0.0]
    wins_by_level: dict[str, int] = {}
    seats_by_level: dict[str, int] = {}
    attacks = retros = 0.0
    for g in range(games):
        shift = g % players
        seating = levels[shift:] + levels[:shift]
        result = play(players, seed + g, seating, options)
        m = result["metrics"]
        rounds.append(m["turns"])
        for i in range(3):
            bridges[i] += m[f"bridges_{i + 1}"]
        attacks += m["attacks"]
        retros += m["retros"]
        for level in seating:
            seats_by_level[level] = seats_by_level.get(level, 0) + 1
        if result["winner"] is not None:
            won += 1
            if m["winner_order"] == 0:
                first_wins += 1
            level = seating[result["winner"]]
            wins_by_level[level] = wins_by_level.get(level, 0) + 1
    quart = statistics.quantiles(rounds, n=4) if len(rounds) > 1 else [rounds[0]] * 3
    total_bridges = sum(bridges) or 1.0
    return {
        "games": games,
        "players": players,
        "levels": levels,
        "winner_rate": won / games,
        "rounds_median": statistics.median(rounds),
        "rounds_q1": quart[0],
        "rounds_q3": quart[2],
        "first_seat_win_rate": first_wins / games,
        "fair_rate": 1 / players,
        "bridges_per_game": [b / games for b in bridges],
        "bridge_share": [b / total_bridges for b in bridges],
        "attacks_per_game": attacks / games,
        "retros_per_game": retros / games,
        # Win rate per seat occupied by each level (a level present in k seats can win at
        # most k/players of the games).
        "win_rate_by_level": {
            level: wins_by_level.get(level, 0) / games for level in seats_by_level
        },
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", "--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--deck", choices=("faithful", "tuned"), default="faithful")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = simulate(args.games, args.players, args.bots.split(","), args.seed,
                      {"deck": args.deck})
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for key, value in result.items():
        print(f"{key:>22}: {value}")


if __name__ == "__main__":
    main()
