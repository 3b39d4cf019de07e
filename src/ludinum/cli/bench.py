"""``ludinum bench``: engine speed per game on one core (reported, never asserted)."""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from ludinum.cli.common import current_lang, game_or_fail, say
from ludinum.engine import Game, State
from ludinum.engine.numbers import decimal
from ludinum.games import checked_speed_target, parts, registry


def random_play(game: Game, players: int, seconds: float, checked: bool) -> dict[str, float]:
    """Random play (legal actions listed, one picked, applied) for about ``seconds`` of
    this process's CPU time (robust on a shared machine), content caches warmed first.
    Unchecked moves are applied with ``advance`` (nobody reads their events); checked
    ones with ``apply``, which builds them."""
    game.new_state(players, 0)  # loads the game's content once, outside the measure
    rand = random.Random(1).random  # picks as RandomBot does
    actions = games = 0
    batch = 1
    started = time.process_time()
    deadline = started + seconds
    while time.process_time() < deadline:
        for _ in range(batch):
            actions += play_at_random(game.new_state(players, games), rand, checked)
            games += 1
        batch = between_reads(actions, games)
    elapsed = time.process_time() - started
    return {
        "actions_per_s": actions / elapsed,
        "games_per_s": games / elapsed,
        "actions_per_game": actions / games if games else 0.0,
    }


#: About how many actions are played between two reads of the clock. Reading it is a system
#: call, which weighed about 2 % of a game of 17 actions when made before every game;
#: the straight-line simulator reads it once per 500 games.
CLOCK_EVERY = 1_000


def between_reads(actions: int, games: int) -> int:
    """How many games to play before reading the clock again: about :data:`CLOCK_EVERY`
    actions at the mean length so far, one game at least."""
    return max(1, CLOCK_EVERY * games // max(1, actions))


def play_at_random(state: State, rand: Callable[[], float], checked: bool) -> int:
    """Play ``state`` to its end at random (as :func:`random_play` measures it); return the
    number of actions. A function called once per game, not a loop inside the measuring
    loop: CPython 3.11 specialises a function's code once it has been called or has looped
    back a few times, and ``while`` loops whose tests jump back do not count. Inside
    ``random_play``'s own loop the picks and calls stayed unspecialised all along (13 % more
    instructions per game, measured with callgrind), a cost of the measure that the
    straight-line simulator it is compared with never paid."""
    actions = 0
    while not state.is_terminal():
        active = state.active_players()
        player = active[int(rand() * len(active))] if len(active) > 1 else active[0]
        legal = state.legal_actions(player)
        action = legal[int(rand() * len(legal))]
        if checked:
            state.apply(player, action)
        else:
            state.advance(player, action)
        actions += 1
    return actions


def simulate_play(game: Game, players: int, seconds: float) -> dict[str, float]:
    """The path of ``ludinum simulate`` (:func:`ludinum.sim.runner.play_one`, one process,
    the seats' bots built once and reset for each game) with random bots, for about
    ``seconds`` of CPU time: what a run adds to the engine's random play (seeds, the
    choice of who acts, bots, the game's record)."""
    from ludinum.sim.runner import SimSpec, play_one, seat_bots

    spec = SimSpec(game.name, players, ("random",) * players)
    bots = seat_bots(spec)
    play_one(spec, 0, None, bots)  # content and modules loaded outside the measure
    actions = games = 0
    batch = 1
    started = time.process_time()
    while time.process_time() - started < seconds:
        for _ in range(batch):
            actions += play_one(spec, games, None, bots).actions
            games += 1
        batch = between_reads(actions, games)
    elapsed = time.process_time() - started
    return {"actions_per_s": actions / elapsed, "games_per_s": games / elapsed}


def baseline_speed(simulate: Callable[..., int], seconds: float) -> float:
    """Games/s of a game's straight-line simulator without the engine (its
    ``baseline.py``'s ``simulate(games, players=, seed=)``), at 4 players."""
    simulate(1, players=4)  # content caches warmed, as for the engine
    games = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        simulate(500, players=4, seed=games)
        games += 500
    return games / (time.process_time() - started)


#: What issue 19 asks of the engine and the search (``targets`` in ``--json``).
ENGINE_VS_BASELINE = 0.5  # engine random play ≥ 0.5 × the straight-line simulator
SIMULATE_VS_BENCH = 1 / 1.2  # the simulate path within 1.2 × the bench's time per game
ISMCTS_SECONDS = 0.5  # 1,000 iterations at the worst of the positions


def measure(game: Game, seconds: float) -> dict[str, Any]:
    """One round of a game's figures; ratios are taken between measures made one after the
    other in this process, so that a shared machine's load weighs on both sides alike."""
    players = game.max_players
    trusted = random_play(game, players, seconds, checked=False)
    checked = random_play(game, players, seconds, checked=True)
    simulated = simulate_play(game, players, seconds)
    row: dict[str, Any] = {
        "game": game.name,
        "players": players,
        "actions_per_s": trusted["actions_per_s"],
        "actions_per_s_checked": checked["actions_per_s"],
        "games_per_s": trusted["games_per_s"],
        "actions_per_game": trusted["actions_per_game"],
        "simulate_games_per_s": simulated["games_per_s"],
        "simulate_vs_bench": simulated["games_per_s"] / trusted["games_per_s"],
    }
    baseline = parts("baseline").get(game.name)
    if baseline is not None:
        four = random_play(game, 4, seconds, checked=False)
        base = baseline_speed(baseline.simulate, seconds)
        row["games_per_s_4p"] = four["games_per_s"]
        row["baseline_games_per_s_4p"] = base
        row["engine_vs_baseline"] = four["games_per_s"] / base
    return row


def median_row(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Each numeric figure's median over the rounds (the other fields of the first)."""
    out = dict(rows[0])
    for key, value in rows[0].items():
        if isinstance(value, float):
            out[key] = statistics.median(r[key] for r in rows)
    return out


def rounded(row: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in row.items():
        if isinstance(value, float):
            value = round(value, 3) if value < 10 else round(value, 1) if value < 1000 else round(
                value)
        out[key] = value
    return out


def targets(results: list[dict[str, Any]], searches: list[dict[str, Any]]) -> dict[str, Any]:
    """Each target of issue 19 as one figure, with its bound and whether it is met."""
    out: dict[str, Any] = {}

    def put(key: str, value: float, bound: float, at_least: bool) -> None:
        met = value >= bound if at_least else value <= bound
        out[key] = {"value": round(value, 3), "target": round(bound, 3),
                    "bound": "min" if at_least else "max", "met": met}

    for r in results:
        if "engine_vs_baseline" in r:
            put(f"{r['game']}_engine_vs_baseline", r["engine_vs_baseline"],
                ENGINE_VS_BASELINE, True)
        speed = checked_speed_target(r["game"])
        if speed is not None:
            put(f"{r['game']}_checked_actions_per_s", r["actions_per_s_checked"], speed, True)
    if results:
        put("simulate_vs_bench_worst", min(r["simulate_vs_bench"] for r in results),
            SIMULATE_VS_BENCH, True)
    if searches:
        put("ismcts_worst_seconds", max(r["seconds_max"] for r in searches), ISMCTS_SECONDS,
            False)
    return out


@click.command("bench")
@click.option("--json", "as_json", is_flag=True, help="Sortie JSON.")
@click.option("--seconds", type=click.FloatRange(0, min_open=True), default=1.0,
              show_default=True, help="Durée par mesure (temps CPU), plus de 0.")
@click.option("--repeat", type=click.IntRange(1), default=3, show_default=True,
              help="Mesures répétées ; chaque chiffre est leur médiane.")
@click.option("--game", "only", multiple=True, help="Limiter à ces jeux.")
@click.option("--ismcts/--no-ismcts", default=True, show_default=True,
              help="Mesurer aussi la recherche ISMCTS (1 000 itérations).")
def bench(as_json: bool, seconds: float, repeat: int, only: tuple[str, ...], ismcts: bool) -> None:
    """Mesure la vitesse du moteur (temps CPU) : actions/s et parties/s en jeu aléatoire (un
    cœur), le chemin de simulate, et le temps de 1 000 itérations ISMCTS au plus grand nombre
    de joueurs ; chaque chiffre est la médiane de --repeat mesures."""
    named = {game_or_fail(name).name for name in only}  # an unknown game: one line, exit 2
    games = [g for g in registry() if not named or g.name in named]
    rounds: dict[str, list[dict[str, Any]]] = {g.name: [] for g in games}
    search_rounds: dict[str, list[dict[str, Any]]] = {g.name: [] for g in games}
    for _ in range(repeat):
        for game in games:
            rounds[game.name].append(measure(game, seconds))
            if ismcts:
                from ludinum.sim.ismcts_bench import ismcts_speed

                search_rounds[game.name].append(ismcts_speed(game, game.max_players))
    results = [median_row(rounds[g.name]) for g in games]
    searches = [median_row(search_rounds[g.name]) for g in games if search_rounds[g.name]]
    goals = targets(results, searches)
    results = [rounded(r) for r in results]
    if as_json:
        click.echo(json.dumps({"one_core": True, "repeat": repeat, "targets": goals,
                               "results": results, "ismcts": searches}, ensure_ascii=False))
        return
    table = Table(title=say(f"ludinum bench · jeu aléatoire, un cœur (médiane de {repeat})",
                            f"ludinum bench · random play, one core (median of {repeat})"))
    for col in (
        say("jeu", "game"),
        say("joueurs", "players"),
        "actions/s",
        say("actions/s (vérifiées)", "actions/s (checked)"),
        say("parties/s", "games/s"),
        say("actions/partie", "actions/game"),
        "simulate / bench",
    ):
        table.add_column(col, justify="right")
    for r in results:
        table.add_row(
            r["game"],
            str(r["players"]),
            _count(r["actions_per_s"]),
            _count(r["actions_per_s_checked"]),
            _count(r["games_per_s"]),
            _decimal(r["actions_per_game"]),
            _decimal(r["simulate_vs_bench"]),
        )
    console = Console()
    console.print(table)
    for r in results:
        if "engine_vs_baseline" in r:
            console.print(say(
                f"{r['game']} 4 joueurs : moteur {_count(r['games_per_s_4p'])} parties/s, "
                f"simulateur sans moteur {_count(r['baseline_games_per_s_4p'])} parties/s "
                f"(rapport {_decimal(r['engine_vs_baseline'])})",
                f"{r['game']} 4 players: engine {_count(r['games_per_s_4p'])} games/s, "
                f"straight-line simulator {_count(r['baseline_games_per_s_4p'])} games/s "
                f"(ratio {_decimal(r['engine_vs_baseline'])})"))
    if searches:
        _ismcts_table(console, searches)
    for key, goal in goals.items():
        bound = ("≥ " if goal["bound"] == "min" else "≤ ") + _decimal(goal["target"])
        console.print(say(f"{key} : {_decimal(goal['value'])} (cible {bound})",
                          f"{key}: {_decimal(goal['value'])} (target {bound})")
                      + (" ✓" if goal["met"] else " ✗"))


def _count(value: float) -> str:
    """A count as its reader writes it: « 40 759 » (a narrow space) in French, where
    « 40,759 » reads as forty and a bit; "40,759" in English."""
    return say(f"{round(value):,}".replace(",", "\u202f"), f"{round(value):,}")


def _decimal(value: float) -> str:
    """A decimal number with the reader's mark: « 0,484 » in French, "0.484" in English."""
    return decimal(value, current_lang())


def _ismcts_table(console: Console, searches: list[dict[str, Any]]) -> None:
    table = Table(title=say("ISMCTS · 1 000 itérations (niveau hard, temps CPU ; cible ≤ 0,5 s)",
                            "ISMCTS · 1,000 iterations (hard level, CPU time; target ≤ 0.5 s)"))
    for col in (say("jeu", "game"), say("joueurs", "players"), say("s CPU (moyenne)",
                "CPU s (mean)"), say("s CPU (max)", "CPU s (max)"), "resample ms", "clone ms",
                "rollout", say("profondeur", "depth")):
        table.add_column(col, justify="right")
    for r in searches:
        table.add_row(
            r["game"],
            str(r["players"]),
            _decimal(round(r["seconds_mean"], 3)),
            _decimal(round(r["seconds_max"], 3)),
            _decimal(round(r["resample_ms"], 3)),
            _decimal(round(r["clone_ms"], 3)),
            r["rollout"],
            str(r["depth"]),
        )
    console.print(table)
