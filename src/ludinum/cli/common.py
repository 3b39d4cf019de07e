"""Helpers shared by the subcommands: game lookup, options, errors as one clear line."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from ludinum.engine import Game, LudinumError, OptionValue
from ludinum.games import get_game


def game_or_fail(name: str) -> Game:
    try:
        return get_game(name)
    except LudinumError as exc:
        raise click.UsageError(exc.fr) from None


def options_or_fail(game: Game, pairs: Iterable[str]) -> dict[str, OptionValue]:
    try:
        return game.options.parse_pairs(pairs)
    except LudinumError as exc:
        raise click.UsageError(exc.fr) from None


option_flag = click.option(
    "--option",
    "-o",
    "options",
    multiple=True,
    metavar="CLÉ=VALEUR",
    help="Option de règle (répétable), ex. -o variant=trottant.",
)


@contextmanager
def progress_bar(title: str, total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr when it is a terminal; yields ``advance(k)``."""
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=not sys.stderr.isatty(),
        transient=True,
    ) as progress:
        task = progress.add_task(title, total=total)
        yield lambda k: progress.advance(task, k)
