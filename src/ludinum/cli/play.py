"""``ludinum play``: a game in the terminal, humans against bots, pass-and-play."""

from __future__ import annotations

import click
from rich.console import Console
from rich.markup import escape

from ludinum.bots.base import Bot
from ludinum.cli.common import (
    CliError,
    current_lang,
    fail,
    game_or_fail,
    option_flag,
    options_or_fail,
)
from ludinum.engine import Event, GameText, LudinumError, State, visible
from ludinum.games import make_bot


def _seat_name(seat: int, lang: str) -> str:
    return f"{'Player' if lang == 'en' else 'Joueur'} {seat + 1}"


@click.command("play")
@click.argument("game_name", metavar="JEU")
@click.option("--players", "-p", type=int, default=None, help="Nombre de joueurs.")
@click.option(
    "--humans", type=int, default=1, show_default=True, help="Sièges humains (les premiers)."
)
@click.option(
    "--bots", "bot_level", default="heuristic", show_default=True, help="Niveau des bots."
)
@click.option("--seed", type=int, default=None, help="Graine (partie reproductible).")
@click.option("--lang", type=click.Choice(["fr", "en"]), default=None,
              help="Langue des messages : fr ou en (défaut : fr, en si LANG commence par en).")
@option_flag
def play(
    game_name: str,
    players: int | None,
    humans: int,
    bot_level: str,
    seed: int | None,
    lang: str | None,
    options: tuple[str, ...],
) -> None:
    """Joue une partie dans le terminal (humains et bots)."""
    lang = lang or current_lang()
    game = game_or_fail(game_name)
    opts = options_or_fail(game, options)
    players = players or min(game.max_players, max(game.min_players, 4))
    if not 0 <= humans <= players:
        fail(f"--humans doit être entre 0 et {players}.",
             f"--humans must be between 0 and {players}.")
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    try:
        state = game.new_state(players, seed, opts)
        bots = {
            seat: make_bot(game.name, bot_level, seed * 31 + seat)
            for seat in range(humans, players)
        }
    except LudinumError as exc:
        raise CliError(exc.fr, exc.en) from None
    console = Console(highlight=False)
    title = game.title_en if lang == "en" else game.title_fr
    console.rule(f"[bold]{title}[/] · {'seed' if lang == 'en' else 'graine'} {seed}")
    _loop(console, game.text, state, humans, bots, lang)


def _show(console: Console, text: GameText, events: list[Event], lang: str) -> None:
    for event in events:
        console.print(f"• {escape(text.event(event, lang))}")


def _loop(
    console: Console, text: GameText, state: State, humans: int, bots: dict[int, Bot], lang: str
) -> None:
    in_front: int | None = None
    while not state.is_terminal():
        active = state.active_players()
        bot_seats = [p for p in active if p in bots]
        if bot_seats:
            player = bot_seats[0]
            action = bots[player].choose(state, player)
            events = state.apply(player, action)
            for seat, bot in bots.items():
                bot.observe(seat, visible(events, seat))
            _show(console, text, visible(events, in_front), lang)
            continue
        player = active[0]
        if humans > 1 and player != in_front:
            who = _seat_name(player, lang)
            console.print()
            verb = "Pass the device to" if lang == "en" else "Passe l’appareil à"
            console.rule(f"[bold yellow]{verb} {who}[/]")
            click.prompt(
                "Press Enter when ready"
                if lang == "en"
                else "Appuie sur Entrée quand tu es prêt·e",
                default="",
                show_default=False,
                prompt_suffix=" ",
            )
            console.clear()
        in_front = player
        view = state.view(player)
        console.print()
        console.print(text.view(view, lang))
        legal = list(state.legal_actions(player))
        console.print(f"[bold]{_seat_name(player, lang)}[/] :")
        for i, action in enumerate(legal, 1):
            console.print(f"  [cyan]{i}[/]. {escape(text.action(action, view, lang))}")
        choice = click.prompt(
            "Your choice" if lang == "en" else "Ton choix",
            type=click.IntRange(1, len(legal)),
            default=1 if len(legal) == 1 else None,
        )
        try:
            events = state.apply(player, legal[choice - 1])
        except LudinumError as exc:  # cannot happen with a listed action, but stay safe
            console.print(f"[red]{escape(exc.message(lang))}[/]")
            continue
        for seat, bot in bots.items():
            bot.observe(seat, visible(events, seat))
        _show(console, text, visible(events, player), lang)
    outcome = state.outcome()
    console.rule()
    if outcome.team:
        won = bool(outcome.winners)
        msg = (
            ("The team wins!" if won else "The team loses.")
            if lang == "en"
            else ("L’équipe a gagné !" if won else "L’équipe a perdu.")
        )
    elif outcome.winners:
        names = ", ".join(_seat_name(w, lang) for w in outcome.winners)
        msg = f"{'Winner' if lang == 'en' else 'Victoire'} : {names}"
    else:
        msg = "No winner." if lang == "en" else "Pas de gagnant."
    console.print(f"[bold]{msg}[/]")
    scores = " · ".join(f"{_seat_name(p, lang)} {s:g}" for p, s in enumerate(outcome.scores))
    if not outcome.team:
        console.print(scores)
