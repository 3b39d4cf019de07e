"""``ludinum simulate``: many seeded games of bots, a summary table, JSON or CSV."""

from __future__ import annotations

import csv
import json
import os
import time
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from ludinum.bots.levels import canonical_level
from ludinum.cli.common import (
    CliError,
    check_output,
    current_lang,
    fail,
    game_or_fail,
    option_flag,
    options_or_fail,
    progress_bar,
    session_notice,
)
from ludinum.cli.lab import (
    check_plot_path,
    cluster_option,
    describe_run,
    headline_rows,
    keep_dir_or_fail,
    plot_option,
    write_plot,
)
from ludinum.engine import Game, LudinumError
from ludinum.games import headlines, make_bot, metric_labels
from ludinum.sim.cluster import ClusterError
from ludinum.sim.outcomes import metric_of
from ludinum.sim.runner import SimSpec, run
from ludinum.sim.summary import csv_rows, summarise


def parse_bots(text: str, players: int, game: str) -> tuple[str, ...]:
    """One level for every seat, or one per seat; each must be a level ``make_bot`` knows."""
    parts = [canonical_level(p.strip()) for p in text.split(",") if p.strip()]
    if len(parts) == 1:
        parts = parts * players
    if len(parts) != players:
        fail(
            f"--bots : un niveau pour tous, ou un par siège ({players}) ; reçu {len(parts)}.",
            f"--bots: one level for all, or one per seat ({players}); got {len(parts)}.",
        )
    for part in set(parts):
        try:
            make_bot(game, part, 0)
        except LudinumError as exc:
            raise CliError(f"--bots : {exc.fr}", f"--bots: {exc.en}") from None
    return tuple(parts)


@click.command("simulate")
@click.argument("game_name", metavar="JEU")
@click.option("-n", "games", type=click.IntRange(1), default=1000, show_default=True,
              help="Nombre de parties.")
@click.option("--players", "-p", type=int, default=None, help="Nombre de joueurs.")
@click.option(
    "--bots",
    "bots_text",
    default="medium",
    show_default=True,
    help="Un niveau pour tous ou une liste par siège : medium,random,hard "
    "(random, easy, medium ou heuristic, hard, expert).",
)
@click.option("--seed", type=int, default=0, show_default=True,
              help="Graine de la série : même graine et mêmes réglages, mêmes parties.")
@click.option(
    "--workers",
    "-w",
    type=click.IntRange(1),
    default=None,
    help="Processus (défaut : tous les cœurs).",
)
@click.option(
    "--quiz-accuracy",
    type=click.FloatRange(0, 1),
    default=None,
    help="Taux de bonnes réponses des bots aux quiz.",
)
@click.option("--json", "as_json", is_flag=True, help="Un objet JSON sur la sortie standard.")
@click.option(
    "--output",
    type=click.Path(),
    default=None,
    callback=check_output,
    help="Fichier CSV (une ligne par partie) ou JSON (selon l'extension).",
)
@click.option(
    "--keep-games",
    "keep",
    type=click.Path(file_okay=False),
    default=None,
    help="Dossier où garder le journal de chaque partie (JSON, pour ludinum replay).",
)
@cluster_option
@plot_option
@option_flag
def simulate(
    game_name: str,
    games: int,
    players: int | None,
    bots_text: str,
    seed: int,
    workers: int | None,
    quiz_accuracy: float | None,
    as_json: bool,
    output: str | None,
    keep: str | None,
    cluster: str | None,
    plot_path: str | None,
    options: tuple[str, ...],
) -> None:
    """Simule des parties entre bots et résume les résultats."""
    lang = current_lang()
    game = game_or_fail(game_name)
    opts = options_or_fail(game, options)
    players = players or game.max_players
    try:
        game.make_config(players, seed, opts)
    except LudinumError as exc:
        raise CliError(exc.fr, exc.en) from None
    notice = session_notice(game, players, opts, lang)
    if notice:
        click.echo(notice, err=True)
    bots = parse_bots(bots_text, players, game.name)
    if quiz_accuracy is not None and all(bot == "random" for bot in bots):
        # A random bot picks any answer: the run would record an accuracy it never had.
        fail("--quiz-accuracy ne change rien aux bots au hasard (ils répondent au hasard) : "
             "choisis un autre niveau avec --bots, par exemple --bots easy.",
             "--quiz-accuracy does nothing to random bots (they answer at random): choose "
             "another level with --bots, for example --bots easy.")
    spec = SimSpec(game.name, players, bots, seed, opts, quiz_accuracy)
    keep = keep_dir_or_fail(keep)
    check_plot_path(plot_path)
    started = time.perf_counter()
    with progress_bar(_title(game, lang), games) as advance:
        try:
            records = run(spec, games, workers or os.cpu_count(), advance, keep, cluster)
        except ClusterError as exc:
            fail(exc.fr, exc.en)
    seconds = time.perf_counter() - started
    summary = summarise(spec, records, seconds, game.cooperative, headlines(game.name))
    summary["title"] = describe_run(game.title_fr, summary, known=game.options)
    if keep:
        summary["kept_games"] = keep
    write_plot(plot_path, [(f"{players} joueurs", summary["headline"])], summary["title"])
    if output:
        if output.endswith(".json"):
            with open(output, "w", encoding="utf-8") as fh:
                json.dump(summary, fh, ensure_ascii=False, indent=2)
        else:
            header, rows = csv_rows(records, players)
            with open(output, "w", encoding="utf-8", newline="") as fh:
                writer = csv.writer(fh)
                writer.writerow(header)
                writer.writerows(rows)
    if as_json:
        click.echo(json.dumps(summary, ensure_ascii=False))
        return
    _table(summary, describe_run(_title(game, lang), summary, lang, game.options), game.name,
           game.cooperative, lang)


def _title(game: Game, lang: str) -> str:
    return game.title_en if lang == "en" else game.title_fr


def shown_metrics(game: str) -> set[str]:
    """The ``metrics()`` keys that a headline of ``game`` already reports as they stand."""
    return {key for h in headlines(game) if (key := metric_of(h)) is not None}


def _table(
    summary: dict[str, Any], title: str, game: str, cooperative: bool, lang: str
) -> None:
    """The summary as a table in ``lang``: headlines, win rates, game length, then every
    other indicator of the game's ``metrics()`` under its label (one a headline shows is
    not repeated). Numbers keep a decimal point, as in the other lab tables."""
    en = lang == "en"
    console = Console()
    table = Table(title=f"{title} · {summary['seconds']} s")
    table.add_column("measure" if en else "mesure")
    table.add_column("value" if en else "valeur", justify="right")
    table.add_column("95% CI" if en else "IC 95 %", justify="right")
    table.add_column("fair" if en else "équitable", justify="right")
    for row in headline_rows(summary, lang):
        table.add_row(*row)
    if summary["headline"]:
        table.add_section()
    if cooperative and not summary["headline"]:
        lo, hi = summary["win_rate_ci95"]
        table.add_row("team win rate" if en else "victoire de l'équipe",
                      f"{summary['win_rate']:.3f}", f"[{lo:.3f}, {hi:.3f}]")
    elif not cooperative:
        for seat, (rate, ci) in enumerate(
            zip(summary["win_rate"], summary["win_rate_ci95"], strict=True)
        ):
            bot = summary["bots"][seat]
            table.add_row(
                f"seat {seat + 1} win rate ({bot})" if en
                else f"victoire siège {seat + 1} ({bot})",
                f"{rate:.3f}",
                f"[{ci[0]:.3f}, {ci[1]:.3f}]",
            )
        table.add_row("no winner" if en else "sans gagnant",
                      f"{summary['no_winner_rate']:.3f}", "")
        table.add_row("seat 1 advantage" if en else "avantage du siège 1",
                      f"{summary['first_seat_advantage']:+.3f}", "")
    shown = shown_metrics(game)
    if "turns" not in shown:  # else a headline gives the game length already
        lo, hi = summary["mean_turns_ci95"]
        table.add_row("turns (mean)" if en else "tours (moyenne)",
                      f"{summary['mean_turns']:.2f}", f"[{lo:.2f}, {hi:.2f}]")
    turns = summary["turns"]
    table.add_row(
        "turns min / p10 / median / p90 / max" if en
        else "tours min / p10 / médiane / p90 / max",
        f"{turns['min']:g} / {turns['p10']:g} / {turns['median']:g} / {turns['p90']:g} / "
        f"{turns['max']:g}",
        "",
    )
    labels = metric_labels(game)
    for key, value in summary["metrics"].items():
        if key == "turns" or key in shown:
            continue  # the game length above, or a headline
        lo, hi = summary["metrics_ci95"][key]
        label = labels[key][1 if en else 0] if key in labels else key
        table.add_row(label, f"{value:.3f}", f"[{lo:.3f}, {hi:.3f}]")
    console.print(table)
