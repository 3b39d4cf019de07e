"""Helpers shared by the lab's commands (simulate, sweep, ladder): titles, headline rows,
the ``--cluster`` flag, the kept-games directory and the plot's path."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any

import click

from ludinum.cli.common import fail, os_reason
from ludinum.engine import OptionSet

cluster_option = click.option(
    "--cluster",
    default=None,
    metavar="ray://HÔTE:PORT|auto|local",
    help="Jouer sur un cluster Ray (extra ludinum[cluster]) au lieu des processus locaux ; "
    "mêmes graines, mêmes résultats. local : un Ray sur cette machine (--workers cœurs).",
)


plot_option = click.option(
    "--plot",
    "plot_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Image PNG des résultats principaux avec leurs intervalles à 95 % (matplotlib).",
)


def write_plot(path: str | None, groups: list[tuple[str, Any]], title: str) -> None:
    """The headline chart as a PNG at ``path`` (nothing when ``path`` is None)."""
    if path is None:
        return
    try:
        from ludinum.sim.report import headline_chart
    except ImportError:
        fail("--plot a besoin de matplotlib : pip install 'ludinum[lab]'.",
             "--plot needs matplotlib: pip install 'ludinum[lab]'.")
    try:
        with open(path, "wb") as fh:
            fh.write(headline_chart(groups, title))
    except OSError as exc:
        fail(f"--plot : impossible d'écrire « {path} » ({os_reason(exc)}).",
             f"--plot: cannot write '{path}' ({os_reason(exc)}).")


def check_plot_path(path: str | None) -> None:
    """Fail before a run whose plot could not be written (missing folder)."""
    if path is None:
        return
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        fail(f"--plot : le dossier de « {path} » n'existe pas ou n'est pas accessible en "
             "écriture.", f"--plot: the folder of '{path}' does not exist or is not writable.")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        fail("--plot a besoin de matplotlib : pip install 'ludinum[lab]'.",
             "--plot needs matplotlib: pip install 'ludinum[lab]'.")


def keep_dir_or_fail(path: str | None) -> str | None:
    """The directory for kept game logs, created and checked before the run starts."""
    if path is None:
        return None
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as exc:
        fail(f"--keep-games : impossible de créer le dossier « {path} » ({os_reason(exc)}).",
             f"--keep-games: cannot create the folder '{path}' ({os_reason(exc)}).")
    if not os.access(path, os.W_OK):
        fail(f"--keep-games : le dossier « {path} » n'est pas accessible en écriture.",
             f"--keep-games: the folder '{path}' is not writable.")
    return os.path.abspath(path)


def _bots(bots: list[str]) -> str:
    if len(set(bots)) == 1:
        return f"{bots[0]} ×{len(bots)}"
    return ",".join(bots)


def describe_run(title: str, summary: Mapping[str, Any], lang: str = "fr",
                 known: OptionSet | None = None) -> str:
    """What ran, in one line, in ``lang``: game, players, bots, options, games, seed. With
    the game's options (``known``), each value as it is typed after ``-o`` (« oui », a
    seat counted from 1: :meth:`Option.typed`)."""
    en = lang == "en"
    options = summary.get("options") or {}

    def typed(name: str, value: Any) -> str:
        if known is not None and name in known:
            return known[name].typed(value, lang)
        return json.dumps(value, ensure_ascii=False).strip(chr(34))

    shown = ", ".join(f"{k}={typed(k, v)}" for k, v in options.items())
    parts = [title, f"{summary['players']} {'players' if en else 'joueurs'}",
             f"bots {_bots(summary['bots'])}",
             f"options {shown}" if shown else ("default options" if en
                                               else "options par défaut")]
    if summary.get("quiz_accuracy") is not None:
        parts.append(f"quiz {summary['quiz_accuracy']:g}")
    parts += [f"{summary['games']} {'games' if en else 'parties'}",
              f"{'seed' if en else 'graine'} {summary['seed']}"]
    return " · ".join(parts)


def _number(kind: str, value: float) -> str:
    return f"{value:.3f}" if kind == "rate" else f"{value:.2f}"


def headline_rows(summary: Mapping[str, Any], lang: str = "fr"
                  ) -> list[tuple[str, str, str, str]]:
    """Table rows (measure, value, 95 % interval, fair value) of a summary's headlines,
    in ``lang``."""
    en = lang == "en"
    rows = []
    for entry in summary.get("headline", {}).values():
        kind = entry["kind"]
        fair = "" if entry["fair"] is None else _number(kind, entry["fair"])
        label = entry["label"]["en" if en else "fr"]
        if entry["per_seat"]:
            for seat, (value, ci) in enumerate(zip(entry["value"], entry["ci95"], strict=True)):
                bot = summary["bots"][seat] if seat < len(summary.get("bots", [])) else ""
                where = f"{label}: seat {seat + 1}" if en else f"{label} : siège {seat + 1}"
                rows.append((f"{where} ({bot})", _number(kind, value),
                             f"[{_number(kind, ci[0])}, {_number(kind, ci[1])}]", fair))
        else:
            lo, hi = entry["ci95"]
            rows.append((label, _number(kind, entry["value"]),
                         f"[{_number(kind, lo)}, {_number(kind, hi)}]", fair))
    return rows
