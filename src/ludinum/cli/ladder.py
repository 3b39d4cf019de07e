"""``ludinum ladder``: every bot level against the others, with 95 % intervals."""

from __future__ import annotations

import json
import os
import time
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from ludinum.bots.levels import LEVELS, canonical_level, level_word
from ludinum.cli.common import (
    CliError,
    current_lang,
    fail,
    game_or_fail,
    option_flag,
    options_or_fail,
    progress_bar,
    say,
)
from ludinum.cli.lab import check_plot_path, plot_option, write_plot
from ludinum.engine import LudinumError
from ludinum.games import bot_levels, get_game, headlines
from ludinum.sim.ladder import (
    LadderSpec,
    check_sample,
    deals,
    estimate_seconds,
    per_match,
    total_games,
)
from ludinum.sim.ladder import ladder as run_ladder

#: A run estimated longer than this (seconds) is announced before it starts.
LONG_RUN = 60.0


@click.command("ladder")
@click.argument("game_name", metavar="JEU")
@click.option("-n", "games", type=click.IntRange(2), default=200, show_default=True,
              help="Parties par match, un nombre pair (chaque tirage joué deux fois, sièges "
              "échangés) ; par niveau pour un jeu coopératif.")
@click.option("--players", "-p", type=int, default=None,
              help="Nombre de joueurs (défaut : 4, ou le plus proche permis).")
@click.option("--levels", "levels_text", default=",".join(LEVELS), show_default=True,
              help="Niveaux, du plus faible au plus fort.")
@click.option("--adjacent", is_flag=True, help="Seulement chaque niveau contre le précédent.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Graine de la série : même graine et mêmes réglages, mêmes parties.")
@click.option("--workers", "-w", type=click.IntRange(1), default=None,
              help="Processus (défaut : tous les cœurs).")
@click.option("--json", "as_json", is_flag=True, help="Un objet JSON sur la sortie standard.")
@plot_option
@option_flag
def ladder(
    game_name: str,
    games: int,
    players: int | None,
    levels_text: str,
    adjacent: bool,
    seed: int,
    workers: int | None,
    as_json: bool,
    plot_path: str | None,
    options: tuple[str, ...],
) -> None:
    """Classe les niveaux de bots : chacun contre les autres, intervalles de confiance à 95 %."""
    game = game_or_fail(game_name)
    opts = options_or_fail(game, options)
    if players is None:
        players = min(max(4, game.min_players), game.max_players)
    try:
        game.make_config(players, seed, opts)
    except LudinumError as exc:
        raise CliError(exc.fr, exc.en) from None
    known = bot_levels(game.name)
    levels = tuple(canonical_level(x.strip()) for x in levels_text.split(",") if x.strip())
    for level in levels:
        if level not in known:
            fail(
                f"--levels : niveau inconnu « {level} » (niveaux : {', '.join(known)}).",
                f"--levels: unknown level '{level}' (levels: {', '.join(known)}).",
            )
    if len(levels) < 2:
        fail("--levels : au moins deux niveaux.", "--levels: at least two levels.")
    spec = LadderSpec(game.name, players, levels, games, seed, opts, adjacent)
    try:
        check_sample(spec, game.cooperative)
    except LudinumError as exc:
        fail(exc.fr, exc.en)
    check_plot_path(plot_path)
    played = per_match(games, game.cooperative)
    if played != games:  # an odd -n: each deal is played twice, seats swapped
        click.echo(say(f"-n {games} : {played} parties par match (chaque tirage est joué "
                       "deux fois, sièges échangés).",
                       f"-n {games}: {played} games per match (each deal is played twice, "
                       "seats swapped)."), err=True)
    workers = workers or os.cpu_count() or 1
    warn_if_long(spec, game.cooperative, workers)
    with progress_bar(say(game.title_fr, game.title_en),
                      total_games(spec, game.cooperative)) as advance:
        result = run_ladder(spec, game.cooperative, workers, advance, headlines(game.name))
    entries = result["teams"] if game.cooperative else result["duels"]
    write_plot(plot_path, [(level_name(e["level"]) if game.cooperative else
                            f"{level_name(e['a'])}–{level_name(e['b'])}", e["headline"])
                           for e in entries],
               say(f"{game.title_fr} · {players} joueurs · {played} parties par "
                   f"{'niveau' if game.cooperative else 'match'} · graine {seed}",
                   f"{game.title_en} · {players} players · {played} games per "
                   f"{'level' if game.cooperative else 'match'} · seed {seed}"))
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False))
        return
    print_ladder(result, Console())


def clock() -> float:
    return time.perf_counter()


def warn_if_long(spec: LadderSpec, cooperative: bool, workers: int) -> None:
    """Time one game of every match; announce on stderr a run longer than a minute."""
    seconds, tried = estimate_seconds(spec, cooperative, workers, clock)
    if seconds < LONG_RUN:
        return
    minutes = seconds / 60
    length = f"{minutes:.0f} min" if minutes < 90 else f"{minutes / 60:.1f} h".replace(".", ",")
    games = total_games(spec, cooperative)
    click.echo(say(
        f"Attention : ce classement devrait durer environ {length} "
        f"({games} parties sur {workers} processus, estimé sur "
        f"{tried} parties d'essai) ; réduis -n, les niveaux ou utilise --adjacent.",
        f"Warning: this ladder should take about {length.replace(',', '.')} ({games} games on "
        f"{workers} processes, estimated from {tried} trial games); lower -n, the levels or "
        "use --adjacent."), err=True)


def level_name(level: str) -> str:
    """A level as the reader's language names it (:func:`level_word`)."""
    return level_word(level, current_lang())


def print_ladder(result: dict[str, Any], console: Console) -> None:
    games = result["games_per_match"]
    if result["cooperative"]:
        played = say(f"{games} parties par niveau", f"{games} games per level")
    else:
        played = say(
            f"{per_match(games, False)} parties par match ({deals(games)} tirages, sièges "
            "échangés)",
            f"{per_match(games, False)} games per match ({deals(games)} deals, seats swapped)")
    game = get_game(result["game"])
    title = (f"{say(game.title_fr, game.title_en)} · {result['players']} "
             f"{say('joueurs', 'players')} · {played}"
             f" · {say('graine', 'seed')} {result['seed']}")
    level, ci = say("niveau", "level"), say("IC 95 %", "95% CI")
    yes, no = say("oui", "yes"), say("non", "no")
    if result["cooperative"]:
        teams = Table(title=title + say(" · victoire de l'équipe", " · team win"))
        for col in (level, say("victoire", "win"), ci):
            teams.add_column(col, justify="right")
        for t in result["teams"]:
            lo, hi = t["win_rate_ci95"]
            teams.add_row(level_name(t["level"]), f"{t['win_rate']:.3f}", f"[{lo:.3f}, {hi:.3f}]")
        console.print(teams)
    table = Table(title=title if not result["cooperative"] else say("écarts", "margins"))
    cols = ["A", "B"]
    if not result["cooperative"]:
        cols += [say("victoire A / siège", "A win / seat"), say("victoire B / siège",
                                                                "B win / seat")]
    cols += [say("écart A − B", "margin A − B"), ci, say("A bat B", "A beats B")]
    for col in cols:
        table.add_column(col, justify="right")
    for d in result["duels"]:
        lo, hi = d["margin_ci95"]
        row = [level_name(d["a"]), level_name(d["b"])]
        if not result["cooperative"]:
            row += [f"{d['a_win_rate']:.3f}", f"{d['b_win_rate']:.3f}"]
        verdict = yes if d["a_beats_b"] else no
        row += [f"{d['margin']:+.3f}", f"[{lo:+.3f}, {hi:+.3f}]", verdict]
        table.add_row(*row)
    console.print(table)
    _print_headlines(result, console)
    verdict = yes if result["each_beats_the_one_below"] else no
    console.print(say(f"chaque niveau bat le précédent : {verdict}",
                      f"each level beats the one below: {verdict}"))





def _print_headlines(result: dict[str, Any], console: Console) -> None:
    """The game's headline outcomes per team or duel (per-seat ones are in the JSON)."""
    entries = result["teams"] if result["cooperative"] else result["duels"]
    if not entries or not entries[0].get("headline"):
        return
    heads = [k for k, e in entries[0]["headline"].items() if not e["per_seat"]]
    if not heads:
        return
    table = Table(title=say("résultats principaux (IC 95 %)", "headline results (95% CI)"))
    table.add_column(say("niveau", "level") if result["cooperative"] else "A – B")
    lang = say("fr", "en")
    for key in heads:
        table.add_column(entries[0]["headline"][key]["label"][lang], justify="right")
    for entry in entries:
        name = (level_name(entry["level"]) if result["cooperative"] else
                f"{level_name(entry['a'])} – {level_name(entry['b'])}")
        cells = []
        for key in heads:
            h = entry["headline"][key]
            digits = 3 if h["kind"] == "rate" else 2
            lo, hi = h["ci95"]
            cells.append(f"{h['value']:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]")
        table.add_row(name, *cells)
    console.print(table)
