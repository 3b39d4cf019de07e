"""Balance lab: play many games with bots and report the thief's win rate and how often
each attack type is played and foiled.

    python -m ludinum.games.voleur.tuning -n 2000 --players 3 4 6 --seed 1
    python -m ludinum.games.voleur.tuning -n 500 --players 4 --set rancongiciel=3 --json

``--set id=count`` changes the number of copies of a card (the catalogue stays the same),
``--option name=value`` a rule option. Every run is reproducible from its seed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from ludinum.bots.base import Bot, RandomBot
from ludinum.games.voleur.bot import VoleurBot
from ludinum.games.voleur.content import ATTACK, Deck, load_deck
from ludinum.games.voleur.game import VoleurGame
from ludinum.games.voleur.options import OPTIONS


def _bot(level: str, seed: int) -> Bot:
    return VoleurBot(seed) if level == "heuristic" else RandomBot(seed)


def play_one(
    game: VoleurGame,
    players: int,
    seed: int,
    thief_level: str = "heuristic",
    manager_level: str = "heuristic",
    options: Mapping[str, object] | None = None,
) -> dict[str, float]:
    """One game, the thief's seat played by a ``thief_level`` bot, the others by
    ``manager_level`` bots; its metrics."""
    state = game.setup(game.make_config(players, seed, options))
    bots = [
        _bot(thief_level if p == state.thief else manager_level, seed * 7 + p)
        for p in range(players)
    ]
    while not state.is_terminal():
        player = state.active_players()[0]
        action = bots[player].choose(state, player)
        state.apply_trusted(player, action)
    return state.metrics()


def simulate(
    players: int,
    games: int,
    seed: int = 0,
    level: str = "heuristic",
    deck: Deck | None = None,
    options: Mapping[str, object] | None = None,
    thief_level: str | None = None,
) -> dict[str, Any]:
    """Average metrics over ``games`` games (seeds ``seed`` … ``seed + games - 1``).

    ``level`` plays the managers, and the thief unless ``thief_level`` is given."""
    game = VoleurGame(deck)
    totals: dict[str, float] = {}
    thief = thief_level or level
    for g in range(games):
        for key, value in play_one(game, players, seed + g, thief, level, options).items():
            totals[key] = totals.get(key, 0.0) + value
    means = {key: value / games for key, value in totals.items()}
    attacks = [c.id for c in game.deck.cards if c.kind == ATTACK]
    return {
        "players": players,
        "games": games,
        "level": level,
        "thief_level": thief,
        "thief_win": means["thief_win"],
        "thief_sole_win": means["thief_sole_win"],
        "thief_score": means["thief_score"],
        "best_manager_score": means["best_manager_score"],
        "attacks": means["attacks"],
        "foiled": means["foiled"],
        "thief_discards": means["thief_discards"],
        "played": {a: means[f"played_{a}"] for a in attacks},
        "foiled_by_type": {a: means[f"foiled_{a}"] for a in attacks},
    }


def _pairs(items: Sequence[str]) -> dict[str, str]:
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"Réglage mal écrit : « {item} » (forme attendue : clé=valeur).")
        out[key] = value
    return out


def report(result: Mapping[str, Any]) -> str:
    lines = [
        f"{result['players']} joueurs, {result['games']} parties (voleur "
        f"{result['thief_level']}, gestionnaires {result['level']}) : "
        f"le voleur gagne {100 * result['thief_win']:.1f} % "
        f"(seul {100 * result['thief_sole_win']:.1f} %), "
        f"voleur {result['thief_score']:.1f} pts, meilleur gestionnaire "
        f"{result['best_manager_score']:.1f} pts, {result['attacks']:.1f} attaques dont "
        f"{result['foiled']:.1f} déjouées, {result['thief_discards']:.1f} défausses"
    ]
    for attack, played in result["played"].items():
        foiled = result["foiled_by_type"][attack]
        lines.append(f"  {attack:22} jouée {played:5.2f}  déjouée {foiled:5.2f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("-n", "--games", type=int, default=500)
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 6])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", choices=("heuristic", "random"), default="heuristic")
    parser.add_argument(
        "--thief", choices=("heuristic", "random"), default=None, help="the thief's bot"
    )
    parser.add_argument("--set", nargs="*", default=[], help="id=count")
    parser.add_argument("--option", nargs="*", default=[], help="name=value")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    deck = load_deck()
    counts = {key: int(value) for key, value in _pairs(args.set).items()}
    if counts:
        deck = deck.with_counts(counts)
    options = OPTIONS.parse_pairs(f"{k}={v}" for k, v in _pairs(args.option).items())
    results = [
        simulate(p, args.games, args.seed, args.bots, deck, options, args.thief)
        for p in args.players
    ]
    if args.json:
        json.dump(results, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        for result in results:
            print(report(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
