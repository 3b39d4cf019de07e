"""``ludinum games``: the registered games, their summary, player counts, whether they are
cooperative, their options and bot levels."""

from __future__ import annotations

import json

import click
from rich.markup import escape
from rich.table import Table

from ludinum.bots.levels import level_word
from ludinum.cli.common import current_lang
from ludinum.cli.console import FrenchConsole, held
from ludinum.engine.options import Option
from ludinum.games import bot_levels, registry


@click.command("games")
@click.option("--json", "as_json", is_flag=True, help="Un objet JSON sur la sortie standard.")
@click.option("--lang", type=click.Choice(["fr", "en"]), default=None,
              help="Langue des messages : fr ou en (défaut : fr, en si LANG commence par en).")
def games(as_json: bool, lang: str | None) -> None:
    """Liste les jeux : résumé, nombre de joueurs, coopératif ou non, options de règle."""
    lang = lang or current_lang()
    if as_json:
        data = [{**g.describe(), "bots": bot_levels(g.name)} for g in registry()]
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    en = lang == "en"
    console = FrenchConsole()
    for game in registry():
        title = game.title_en if en else game.title_fr
        if game.cooperative:
            kind = "cooperative: the players win or lose together" if en else (
                "coopératif : les joueurs gagnent ou perdent ensemble")
        else:
            kind = "competitive" if en else "compétitif"
        players = f"{game.min_players}–{game.max_players} " + ("players" if en else "joueurs")
        console.print(f"[bold]{title}[/bold] ({game.name}) · {players} · {kind}", highlight=False)
        console.print(game.summary_en if en else game.summary_fr, highlight=False)
        # What is typed after « -o option= » is a word of the code (« random »): each such
        # value is shown as typed, then what it means in the reader's language.
        console.print(("To change an option: -o option=value (the value as typed, before "
                       "« → »)") if en else ("Pour changer une option : -o option=valeur (la "
                                           "valeur à taper, avant « → »)"),
                      highlight=False)
        table = Table()
        table.add_column("option")
        table.add_column("default" if en else "défaut")
        table.add_column("values: type → meaning" if en else "valeurs : à taper → sens")
        table.add_column("description")
        for option in game.options:
            table.add_row(  # a line never starts with « : » (no-break spaces kept)
                option.name,
                option.typed(option.default, lang),  # as typed: « non », a seat from 1
                held(meanings(option, lang)),
                held(option.help_en if en else option.help_fr)
                + (f" [{option.ruling}]" if option.ruling else ""),
            )
        console.print(table)
        # The levels by the names the pages show (« facile »), typed on a command line too.
        levels = ", ".join(level_word(level, "en" if en else "fr")
                           for level in bot_levels(game.name))
        console.print(f"bots: {levels}\n" if en else f"bots : {levels}\n", highlight=False)


def meanings(option: Option, lang: str) -> str:
    """An option's values for ``ludinum games``: a choice's values one a line, each as typed
    then its meaning (« random → Tirage au sort »), the others as :meth:`Option.allowed`
    says them (« oui, non », « nombre entier de 0 à 100 »), already in the reader's words."""
    if option.kind != "choice":
        return option.allowed(lang)
    lines = []
    for value in option.choices:
        words = option.label(value, lang)
        typed = option.typed(value, lang)
        shown = f"[bold cyan]{escape(typed)}[/]"  # what is typed stands out
        lines.append(f"{shown} → {escape(words)}" if words and words != typed else shown)
    return "\n".join(lines)
