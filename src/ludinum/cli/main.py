"""The ``ludinum`` command and its subcommands."""

from __future__ import annotations

import importlib
import importlib.util

import click

from ludinum import __version__
from ludinum.cli.bench import bench
from ludinum.cli.content_cmd import content
from ludinum.cli.games_cmd import games
from ludinum.cli.ladder import ladder
from ludinum.cli.play import play
from ludinum.cli.print_cmd import print_cards
from ludinum.cli.replay import replay
from ludinum.cli.simulate import simulate
from ludinum.cli.sweep import sweep


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ludinum")
def cli() -> None:
    """Ludinum : quatre jeux sur les risques du numérique (moteur, bots, simulation)."""


for command in (games, play, simulate, ladder, sweep, replay, bench, content, print_cards):
    cli.add_command(command)

# The web server's command joins when its module is installed with the package.
if importlib.util.find_spec("ludinum.cli.serve") is not None:
    cli.add_command(importlib.import_module("ludinum.cli.serve").serve)


def main() -> None:
    cli(prog_name="ludinum")
