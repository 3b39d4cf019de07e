"""``ludinum replay``: step through a simulated game kept by ``simulate --keep-games``.

Only what a spectator may know is shown: the public events of each step, the public view
where the replay stops, and the result. In a terminal, Enter shows the next step and
``q`` quits; when standard input is not a terminal, every step is printed at once.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape

from ludinum.cli.common import fail
from ludinum.engine import Game, LudinumError, State, visible
from ludinum.games import get_game
from ludinum.sim.gamelog import GameLog, read_log

TEXTS = {
    "fr": {"step": "Étape", "player": "Joueur", "nothing": "(rien de public)",
           "prompt": "Entrée : étape suivante · q : quitter", "seed": "graine",
           "winners": "Gagnant(s)", "none": "personne", "scores": "Scores",
           "steps": "étapes", "bots": "bots", "players": "joueurs", "colon": "\u00a0:"},
    "en": {"step": "Step", "player": "Player", "nothing": "(nothing public)",
           "prompt": "Enter: next step · q: quit", "seed": "seed",
           "winners": "Winner(s)", "none": "nobody", "scores": "Scores",
           "steps": "steps", "bots": "bots", "players": "players", "colon": ":"},
}


def load(path: str) -> GameLog:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        fail(f"Impossible de lire « {path} » : {exc.strerror}.",
             f"Cannot read '{path}': {exc.strerror}.")
    try:
        return read_log(get_game, text)
    except LudinumError as exc:
        fail(f"{path} : {exc.fr}", f"{path}: {exc.en}")


@click.command("replay")
@click.argument("path", metavar="FICHIER")
@click.option("--to", "stop_at", type=click.IntRange(0), default=None,
              help="Aller directement à l'étape N (puis continuer pas à pas dans un terminal).")
@click.option("--lang", type=click.Choice(["fr", "en"]), default="fr", show_default=True)
def replay(path: str, stop_at: int | None, lang: str) -> None:
    """Rejoue pas à pas une partie gardée par « ludinum simulate --keep-games ».

    Entrée : étape suivante ; q : quitter. Sans terminal en entrée, toutes les étapes
    sont affichées d'un coup.
    """
    log = load(path)
    game = get_game(log.config.game)
    t = TEXTS[lang]
    console = Console(highlight=False)
    interactive = stdin_is_terminal()
    state = game.setup(log.config)
    total = len(log.actions)
    title = game.title_en if lang == "en" else game.title_fr
    console.rule(f"[bold]{escape(title)}[/] · {log.config.players} {t['players']} · {t['seed']} "
                 f"{log.config.seed} · {total} {t['steps']} · {t['bots']} "
                 f"{escape(','.join(log.bots))}")
    pause_from = 0 if stop_at is None else stop_at
    for step, (player, action) in enumerate(log.actions, 1):
        try:
            events = state.apply(player, action)
        except LudinumError as exc:
            fail(f"{path} : étape {step} refusée ({exc.fr}) : ce journal ne se rejoue pas.",
                 f"{path}: step {step} refused ({exc.en}): this log does not replay.")
        shown = visible(events, None)
        console.print(f"[bold]{t['step']} {step}/{total}[/] · {t['player']} {player + 1}")
        for event in shown:
            console.print(f"  • {escape(game.text.event(event, lang))}")
        if not shown:
            console.print(f"  {t['nothing']}")
        if stop_at is not None and step == stop_at:
            _public_view(console, game, state, lang)
            if not interactive:
                return
        if interactive and step >= pause_from and step < total and not _next(t["prompt"]):
            return
    _result(console, game, state, lang)


def stdin_is_terminal() -> bool:
    return sys.stdin.isatty()


def _next(prompt: str) -> bool:
    """Wait for Enter (True) or ``q`` (False)."""
    answer = click.prompt(prompt, default="", show_default=False, prompt_suffix=" ")
    return answer.strip().lower() not in ("q", "quit", "quitter")


def _public_view(console: Console, game: Game, state: State, lang: str) -> None:
    console.print(game.text.view(state.view(None), lang))


def _result(console: Console, game: Game, state: State, lang: str) -> None:
    t = TEXTS[lang]
    if not state.is_terminal():
        return
    _public_view(console, game, state, lang)
    outcome = state.outcome()
    winners = ", ".join(f"{t['player']} {w + 1}" for w in outcome.winners) or t["none"]
    scores = " · ".join(f"{s:g}" for s in outcome.scores)
    console.print(f"[bold]{t['winners']}[/]{t['colon']} {winners} · {t['scores']}{t['colon']} "
                  f"{scores}")
