"""``ludinum replay``: step through a simulated game kept by ``simulate --keep-games``.

Only what a spectator may know is shown: the public events of each step, the public view
where the replay stops, and the result. In a terminal, Enter shows the next step and
``q`` quits; when standard input is not a terminal, every step is printed at once.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape

from ludinum.bots.levels import level_word
from ludinum.cli.common import current_lang, fail
from ludinum.cli.play import end_summary
from ludinum.engine import Game, LudinumError, State, visible
from ludinum.games import get_game
from ludinum.sim.gamelog import GameLog, read_log

TEXTS = {
    "fr": {"step": "Étape",
           "prompt": "Entrée : étape suivante · q : quitter", "seed": "graine",
           "steps": "étapes", "bots": "bots", "players": "joueurs",
           "unfinished": "Le journal s'arrête ici : la partie n'était pas finie."},
    "en": {"step": "Step",
           "prompt": "Enter: next step · q: quit", "seed": "seed",
           "steps": "steps", "bots": "bots", "players": "players",
           "unfinished": "The log stops here: the game was not over."},
}


def load(path: str) -> GameLog:
    """The log at ``path``; a missing or unreadable file, or one that is not a game log,
    stops the command with one line (exit 2)."""
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        fail(f"Fichier introuvable : « {path} ».", f"File not found: '{path}'.")
    except IsADirectoryError:
        fail(f"« {path} » est un dossier, pas un journal de partie.",
             f"'{path}' is a folder, not a game log.")
    except PermissionError:
        fail(f"Lecture refusée : « {path} » (droits du fichier).",
             f"Permission denied: '{path}'.")
    except OSError:
        fail(f"Impossible de lire « {path} ».", f"Cannot read '{path}'.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = ""  # not text: not a log either (read_log says so)
    try:
        return read_log(get_game, text)
    except LudinumError as exc:
        fail(f"{path} : {exc.fr}", f"{path}: {exc.en}")


@click.command("replay")
@click.argument("path", metavar="FICHIER")
@click.option("--to", "stop_at", type=click.IntRange(0), default=None, metavar="N",
              help="Aller directement à l'étape N (puis continuer pas à pas dans un terminal).")
@click.option("--lang", type=click.Choice(["fr", "en"]), default=None,
              help="Langue des messages : fr ou en (défaut : fr, en si LANG commence par en).")
def replay(path: str, stop_at: int | None, lang: str | None) -> None:
    """Rejoue pas à pas une partie gardée par « ludinum simulate --keep-games ».

    Entrée : étape suivante ; q : quitter. Sans terminal en entrée, toutes les étapes
    sont affichées d'un coup.
    """
    lang = "en" if (lang or current_lang()) == "en" else "fr"
    log = load(path)
    game = get_game(log.config.game)
    t = TEXTS[lang]
    console = Console(highlight=False)
    interactive = stdin_is_terminal()
    state = game.setup(log.config)
    total = len(log.actions)
    if stop_at is not None and stop_at > total:
        fail(f"--to {stop_at} : cette partie n'a que {total} étapes.",
             f"--to {stop_at}: this game has only {total} steps.")
    title = game.title_en if lang == "en" else game.title_fr
    # The title on the rule, the game's details under it: on one line, 80 columns cut them
    # (« bots medium,… »).
    console.rule(f"[bold]{escape(title)}[/]")
    console.print(f"{log.config.players} {t['players']} · {t['seed']} {log.config.seed} · "
                  f"{total} {t['steps']} · {t['bots']} {escape(levels_said(log.bots, lang))}")
    pause_from = 0 if stop_at is None else stop_at
    if stop_at == 0:  # the table as dealt, before the first step
        _public_view(console, game, state, lang)
        if not interactive or (total and not _next(t["prompt"])):
            return
    for step, (player, action) in enumerate(log.actions, 1):
        # Who made the step, where the table sees that seat alone acting: which of several
        # seats the table sees acting made a move is a secret (State.public_active), which
        # the step would tell with what the move left on the board.
        actor = state.public_active(None) == (player,)
        before = state.view(None)
        try:
            events = state.apply(player, action)
        except LudinumError as exc:
            fail(f"{path} : étape {step} refusée ({exc.fr}) : ce journal ne se rejoue pas.",
                 f"{path}: step {step} refused ({exc.en}): this log does not replay.")
        public = visible(events, None)
        # The event that ended the game is said by the end, below (GameText.endings).
        shown = [e for e in public if e.kind not in game.text.endings]
        who = f" · {escape(game.text.seat_label(player, lang))}" if actor else ""
        console.print(f"[bold]{t['step']} {step}/{total}[/]{who}")
        for event in shown:
            console.print(f"  • {escape(game.text.event(event, lang))}")
        if not public:  # « (rien de public) » told a reader nothing
            line = game.text.secret_step(before, state.view(None), player if actor else None,
                                         lang)
            console.print(f"  {escape(line)}")
        if stop_at is not None and step == stop_at < total:  # the last: the result below
            _public_view(console, game, state, lang)
            if not interactive:
                return
        if interactive and step >= pause_from and step < total and not _next(t["prompt"]):
            return
    _result(console, game, state, lang)
    if not state.is_terminal():  # a log cut short: its last step, and then nothing said
        _public_view(console, game, state, lang)
        console.print(f"[bold]{t['unfinished']}[/]")


def stdin_is_terminal() -> bool:
    return sys.stdin.isatty()


def _next(prompt: str) -> bool:
    """Wait for Enter (True) or ``q`` (False)."""
    answer = click.prompt(prompt, default="", show_default=False, prompt_suffix=" ")
    return answer.strip().lower() not in ("q", "quit", "quitter")


def _public_view(console: Console, game: Game, state: State, lang: str) -> None:
    console.print(game.text.view(state.view(None), lang))


def _result(console: Console, game: Game, state: State, lang: str) -> None:
    """The end as ``ludinum play`` says it (the board, the result, why, where or with how
    many points each seat finished), each thing once; its « Gagnant : Joueur 2 · Scores :
    0 · 0 · 1 » gave a race's centre and a team's win as numbers."""
    if state.is_terminal():
        end_summary(console, game.text, state, lang)


def levels_said(levels: Sequence[str], lang: str) -> str:
    """The bots' levels in ``lang`` (« moyen », not « medium », in French), once when they
    all play at the same level."""
    named = [level_word(level, lang) for level in levels]
    return named[0] if len(set(named)) == 1 else ", ".join(named)
