"""``ludinum games``: the registered games, their player counts and options."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.table import Table

from ludinum.games import bot_levels, registry


@click.command("games")
@click.option("--json", "as_json", is_flag=True, help="Sortie JSON.")
@click.option("--lang", type=click.Choice(["fr", "en"]), default="fr")
def games(as_json: bool, lang: str) -> None:
    """Liste les jeux, le nombre de joueurs et les options de règle."""
    if as_json:
        data = [{**g.describe(), "bots": bot_levels(g.name)} for g in registry()]
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    console = Console()
    for game in registry():
        title = game.title_en if lang == "en" else game.title_fr
        table = Table(title=f"{title} ({game.name}) · {game.min_players}–{game.max_players}")
        table.add_column("option")
        table.add_column("défaut" if lang == "fr" else "default")
        table.add_column("valeurs" if lang == "fr" else "values")
        table.add_column("description")
        for option in game.options:
            table.add_row(
                option.name,
                str(option.default),
                option.allowed(),
                (option.help_en if lang == "en" else option.help_fr)
                + (f" [{option.ruling}]" if option.ruling else ""),
            )
        console.print(table)
        console.print(f"bots : {', '.join(bot_levels(game.name))}\n")
