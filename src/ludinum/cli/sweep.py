"""``ludinum sweep``: every combination of a grid of options, as an HTML report."""

from __future__ import annotations

import json
import os

import click

from ludinum.bots.levels import canonical_level
from ludinum.cli.common import (
    CliError,
    check_output,
    fail,
    game_or_fail,
    option_flag,
    options_or_fail,
    progress_bar,
    say,
)
from ludinum.cli.lab import cluster_option
from ludinum.engine import Game, LudinumError
from ludinum.games import bot_levels
from ludinum.sim.cluster import ClusterError
from ludinum.sim.sweep import SweepSpec, check, parse_grid
from ludinum.sim.sweep import sweep as run_sweep


@click.command("sweep")
@click.argument("game_name", metavar="JEU")
@click.argument("more", nargs=-1, metavar="[CLÉ=V1,V2]...")
@click.option("--grid", "grid", multiple=True, metavar="CLÉ=V1,V2",
              help="Valeurs à essayer : une option de règle, quiz_accuracy, bots ou players.")
@click.option("-n", "games", type=click.IntRange(1), default=500, show_default=True,
              help="Parties par case.")
@click.option("--players", "-p", type=int, default=None, help="Nombre de joueurs.")
@click.option("--bots", "bots", default="medium", show_default=True,
              help="Niveau des bots (tous les sièges).")
@click.option("--quiz-accuracy", type=click.FloatRange(0, 1), default=None,
              help="Précision aux quiz (défaut : celle du niveau).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Graine de la série : même graine et mêmes réglages, mêmes parties.")
@click.option("--workers", "-w", type=click.IntRange(1), default=None,
              help="Processus (défaut : tous les cœurs).")
@click.option("--output", "-O", type=click.Path(), callback=check_output,
              default="sweep.html", show_default=True, help="Rapport HTML autonome.")
@click.option("--json", "as_json", is_flag=True,
              help="Les données du balayage en JSON sur la sortie standard.")
@click.option("--data", "json_path", type=click.Path(), callback=check_output, default=None,
              help="Écrire aussi les données dans ce fichier JSON.")
@click.option("--fair-margin", type=click.FloatRange(0, 1), default=0.05, show_default=True,
              help="Écart toléré à la valeur équitable (part égale 1/n) pour dire qu'un réglage "
              "est équitable.")
@cluster_option
@option_flag
def sweep(
    game_name: str,
    more: tuple[str, ...],
    grid: tuple[str, ...],
    games: int,
    players: int | None,
    bots: str,
    quiz_accuracy: float | None,
    seed: int,
    workers: int | None,
    output: str,
    as_json: bool,
    json_path: str | None,
    fair_margin: float,
    cluster: str | None,
    options: tuple[str, ...],
) -> None:
    """Simule chaque combinaison d'une grille d'options et écrit un rapport HTML : les
    résultats principaux du jeu selon chaque clé, et quels réglages sont équitables.

    Exemple : ludinum sweep JEU --grid OPTION=V1,V2,V3 players=3,4 quiz_accuracy=0.5,0.9
    --fair-margin 0.05 (les options de chaque jeu : ludinum games).
    """
    game = game_or_fail(game_name)
    opts = options_or_fail(game, options)
    levels = bot_levels(game.name)
    level = canonical_level(bots)
    if level not in levels:
        fail(
            f"--bots : niveau inconnu « {bots} » (niveaux : {', '.join(levels)}).",
            f"--bots: unknown level '{bots}' (levels: {', '.join(levels)}).",
        )
    entries = list(grid) + list(more)
    if not entries:
        fail("Donne au moins une clé à balayer : --grid clé=v1,v2.",
             "Give at least one key to sweep: --grid key=v1,v2.")
    try:
        parsed = parse_grid(game, entries, levels)
        spec = SweepSpec(game.name, parsed, games, players or game.max_players, level, seed,
                         opts, quiz_accuracy)
        check(game, spec)
    except LudinumError as exc:
        raise CliError(exc.fr, exc.en) from None
    try:
        import matplotlib  # noqa: F401

        from ludinum.sim.report import fairness, html_report
    except ImportError:
        fail("Le rapport a besoin de matplotlib : pip install 'ludinum[lab]'.",
             "The report needs matplotlib: pip install 'ludinum[lab]'.")
    cells = len(spec.cells())
    with progress_bar(say(game.title_fr, game.title_en), cells * games) as advance:
        try:
            result = run_sweep(game, spec, workers or os.cpu_count(), advance,
                               fair_margin=fair_margin, cluster=cluster)
        except ClusterError as exc:
            fail(exc.fr, exc.en)
    result["command"] = _command(game, spec, options, fair_margin)
    with open(output, "w", encoding="utf-8") as fh:
        fh.write(html_report(result))
    if json_path:
        with open(json_path, "w", encoding="utf-8") as fh:
            json.dump(result, fh, ensure_ascii=False, indent=1)
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False, indent=1))
    else:
        click.echo(say(f"{cells} cases × {games} parties → {output}",
                       f"{cells} cells × {games} games → {output}"))
        for fr, en in fairness(result, fair_margin):
            click.echo(say(fr, en))


def _command(game: Game, spec: SweepSpec, options: tuple[str, ...],
             fair_margin: float = 0.05) -> str:
    """The command line that reproduces ``spec``: each grid value as it is typed (a seat
    counted from 1, « oui »: :meth:`Option.typed`), not as it is stored (``thief_seat=-1``
    was refused when the report's command was run again)."""

    def typed(key: str, value: object) -> str:
        if key in game.options:
            return game.options[key].typed(value)  # type: ignore[arg-type]
        return f"{value:g}" if isinstance(value, float) else str(value)

    grid = " ".join(f"{k}={','.join(typed(k, v) for v in vs)}" for k, vs in spec.grid)
    parts = [f"ludinum sweep {spec.game} --grid {grid} -n {spec.games}",
             f"--players {spec.players} --bots {spec.bots} --seed {spec.seed}"]
    if spec.quiz_accuracy is not None:
        parts.append(f"--quiz-accuracy {spec.quiz_accuracy}")
    parts += [f"-o {o}" for o in options]
    if fair_margin != 0.05:
        parts.append(f"--fair-margin {fair_margin:g}")
    return " ".join(parts)
