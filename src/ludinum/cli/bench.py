"""``ludinum bench``: engine speed per game on one core (reported, never asserted)."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from ludinum.engine import Game
from ludinum.games import registry


def random_play(game: Game, players: int, seconds: float, checked: bool) -> dict[str, float]:
    """Random play (legal actions listed, one picked, applied) for about ``seconds`` of
    this process's CPU time (robust on a shared machine), content caches warmed first."""
    game.new_state(players, 0)  # loads the game's content once, outside the measure
    rng = random.Random(1)
    actions = games = 0
    started = time.process_time()
    deadline = started + seconds
    seed = 0
    while time.process_time() < deadline:
        state = game.new_state(players, seed)
        seed += 1
        while not state.is_terminal():
            active = state.active_players()
            player = active[rng.randrange(len(active))] if len(active) > 1 else active[0]
            legal = state.legal_actions(player)
            action = legal[rng.randrange(len(legal))]
            if checked:
                state.apply(player, action)
            else:
                state.apply_trusted(player, action)
            actions += 1
        games += 1
    elapsed = time.process_time() - started
    return {
        "actions_per_s": actions / elapsed,
        "games_per_s": games / elapsed,
        "actions_per_game": actions / games if games else 0.0,
    }


def gnou_baseline(seconds: float) -> float:
    from ludinum.games.gnou.baseline import simulate

    simulate(1, players=4)  # content caches warmed, as for the engine
    games = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        simulate(500, players=4, seed=games)
        games += 500
    return games / (time.process_time() - started)


@click.command("bench")
@click.option("--json", "as_json", is_flag=True, help="Sortie JSON.")
@click.option("--seconds", type=float, default=2.0, show_default=True, help="Durée par mesure.")
@click.option("--game", "only", multiple=True, help="Limiter à ces jeux.")
@click.option("--ismcts/--no-ismcts", default=True, show_default=True,
              help="Mesurer aussi la recherche ISMCTS (1 000 itérations).")
def bench(as_json: bool, seconds: float, only: tuple[str, ...], ismcts: bool) -> None:
    """Mesure la vitesse du moteur (temps CPU) : actions/s et parties/s en jeu aléatoire (un cœur),
    et le temps de 1 000 itérations ISMCTS au plus grand nombre de joueurs."""
    results: list[dict[str, Any]] = []
    searches: list[dict[str, Any]] = []
    for game in registry():
        if only and game.name not in only:
            continue
        players = game.max_players
        trusted = random_play(game, players, seconds, checked=False)
        checked = random_play(game, players, seconds, checked=True)
        row: dict[str, Any] = {
            "game": game.name,
            "players": players,
            "actions_per_s": round(trusted["actions_per_s"]),
            "actions_per_s_checked": round(checked["actions_per_s"]),
            "games_per_s": round(trusted["games_per_s"], 1),
            "actions_per_game": round(trusted["actions_per_game"], 1),
        }
        if game.name == "gnou":
            four = random_play(game, 4, seconds, checked=False)
            base = gnou_baseline(seconds)
            row["games_per_s_4p"] = round(four["games_per_s"], 1)
            row["baseline_games_per_s_4p"] = round(base, 1)
            row["baseline_ratio"] = round(base / four["games_per_s"], 2)
        results.append(row)
        if ismcts:
            from ludinum.sim.ismcts_bench import ismcts_speed

            searches.append(ismcts_speed(game, players))
    if as_json:
        click.echo(json.dumps({"one_core": True, "results": results, "ismcts": searches},
                              ensure_ascii=False))
        return
    table = Table(title="ludinum bench · jeu aléatoire, un cœur")
    for col in (
        "jeu",
        "joueurs",
        "actions/s",
        "actions/s (vérifiées)",
        "parties/s",
        "actions/partie",
    ):
        table.add_column(col, justify="right")
    for r in results:
        table.add_row(
            r["game"],
            str(r["players"]),
            f"{r['actions_per_s']:,}",
            f"{r['actions_per_s_checked']:,}",
            f"{r['games_per_s']:,}",
            f"{r['actions_per_game']}",
        )
    console = Console()
    console.print(table)
    for r in results:
        if "baseline_ratio" in r:
            console.print(
                f"gnou 4 joueurs : moteur {r['games_per_s_4p']:,} parties/s, simulateur sans "
                f"moteur {r['baseline_games_per_s_4p']:,} parties/s (rapport {r['baseline_ratio']})"
            )
    if searches:
        _ismcts_table(console, searches)


def _ismcts_table(console: Console, searches: list[dict[str, Any]]) -> None:
    table = Table(title="ISMCTS · 1 000 itérations (niveau hard, temps CPU ; cible ≤ 0,5 s)")
    for col in ("jeu", "joueurs", "s CPU (moyenne)", "s CPU (max)", "resample ms", "clone ms",
                "rollout", "profondeur"):
        table.add_column(col, justify="right")
    for r in searches:
        table.add_row(
            r["game"],
            str(r["players"]),
            f"{r['seconds_mean']:.3f}",
            f"{r['seconds_max']:.3f}",
            f"{r['resample_ms']:.3f}",
            f"{r['clone_ms']:.3f}",
            r["rollout"],
            str(r["depth"]),
        )
    console.print(table)
