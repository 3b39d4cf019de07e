"""Helpers shared by the subcommands: the user's language, game lookup, options, checks
made before a run starts, and errors as one clear line."""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from ludinum.engine import Game, LudinumError, OptionValue
from ludinum.games import get_game


class CliError(click.ClickException):
    """A user error, said in both languages; shown as one line in the user's, exit 2."""

    exit_code = 2

    def __init__(self, fr: str, en: str) -> None:
        super().__init__(fr)
        self.fr = fr
        self.en = en

    def format_message(self) -> str:
        return self.en if current_lang() == "en" else self.fr


def fail(fr: str, en: str) -> NoReturn:
    raise CliError(fr, en)


# -- the user's language ------------------------------------------------------------------
_LANG: list[str] = []


def lang_from(args: Sequence[str], environ: dict[str, str] | None = None) -> str:
    """``--lang en`` (or ``--lang=en``) anywhere on the command line, else English when
    ``LC_ALL`` or ``LANG`` starts with ``en``, else French."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            return "en" if args[i + 1] == "en" else "fr"
        if arg.startswith("--lang="):
            return "en" if arg.split("=", 1)[1] == "en" else "fr"
    env = os.environ if environ is None else environ
    locale = env.get("LC_ALL") or env.get("LANG") or ""
    return "en" if locale.startswith("en") else "fr"


def set_lang(lang: str) -> None:
    _LANG[:] = [lang]


def current_lang() -> str:
    return _LANG[0] if _LANG else lang_from(sys.argv[1:])


def say(fr: str, en: str) -> str:
    return en if current_lang() == "en" else fr


def error_line(message: str) -> str:
    """The one line a user error prints on stderr."""
    head = "ludinum: error: " if current_lang() == "en" else "ludinum : erreur : "
    return head + " ".join(message.split())


# -- the system's errors in words ----------------------------------------------------------
#: What the system says went wrong (``OSError.errno``), in French and English: the
#: system's own words are English (« No such file or directory ») on a French line.
_OS_REASONS = {
    errno.ENOENT: ("dossier ou fichier introuvable", "no such file or folder"),
    errno.EACCES: ("accès refusé", "permission denied"),
    errno.EPERM: ("opération non permise", "operation not permitted"),
    errno.EROFS: ("disque en lecture seule", "read-only file system"),
    errno.ENOSPC: ("plus de place sur le disque", "no space left on the disk"),
    errno.EEXIST: ("existe déjà", "already exists"),
    errno.ENOTDIR: ("ce n'est pas un dossier", "not a folder"),
    errno.EISDIR: ("c'est un dossier", "it is a folder"),
    errno.EADDRINUSE: ("adresse déjà utilisée", "address already in use"),
    errno.EADDRNOTAVAIL: ("adresse introuvable sur cette machine",
                          "address not available on this machine"),
}


def os_reason(exc: OSError) -> str:
    """Why ``exc`` happened, in the reader's language (the system's words when unknown)."""
    known = _OS_REASONS.get(exc.errno or 0)
    if known is None:
        return exc.strerror or str(exc)
    return say(*known)


# -- games and options --------------------------------------------------------------------
def game_or_fail(name: str) -> Game:
    try:
        return get_game(name)
    except LudinumError as exc:
        raise CliError(exc.fr, exc.en) from None


def options_or_fail(game: Game, pairs: Iterable[str]) -> dict[str, OptionValue]:
    try:
        return game.options.parse_pairs(pairs)
    except LudinumError as exc:
        raise CliError(exc.fr, exc.en) from None


def session_notice(game: Game, players: int, options: Mapping[str, object], lang: str
                   ) -> str | None:
    """The terminal and simulations have no clock: a session length set in the options
    (engine/session.py) does not count there; the notice says so, or None."""
    try:
        state = game.new_state(players, 0, options)
    except LudinumError:
        return None  # the run's own check reports the problem
    if state.session_seconds() <= 0:
        return None
    return ("The session length only counts online: here, with no clock, the game goes on "
            "to its own end." if lang == "en" else
            "La durée de la séance ne compte qu'en ligne : ici, sans horloge, la partie va "
            "jusqu'à sa propre fin.")


option_flag = click.option(
    "--option",
    "-o",
    "options",
    multiple=True,
    metavar="CLÉ=VALEUR",
    help="Option de règle (répétable), ex. -o variant=trottant.",
)


# -- checks made before a run starts ------------------------------------------------------
def writable_file(path: str | Path) -> Path:
    """``path`` as a file this run can write: its folder exists and is writable, and it
    is not a folder. Checked before a long run, so that its result is not lost."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        fail(
            f"impossible d'écrire {target} : c'est un dossier.",
            f"cannot write {target}: it is a folder.",
        )
    if not folder.is_dir():
        fail(
            f"impossible d'écrire {target} : le dossier {folder} n'existe pas.",
            f"cannot write {target}: folder {folder} does not exist.",
        )
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        fail(
            f"impossible d'écrire {target} : accès refusé.",
            f"cannot write {target}: permission denied.",
        )
    return target


def check_output(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """Click callback: an output file option, checked before the run starts."""
    if value is not None and value != "-":
        writable_file(value)
    return value


def readable_folder(path: str | Path) -> Path:
    """``path`` as a folder whose files can be listed."""
    folder = Path(path)
    if not folder.exists():
        fail(
            f"dossier de contenu introuvable : {folder}.",
            f"content folder not found: {folder}.",
        )
    if not folder.is_dir():
        fail(
            f"{folder} n'est pas un dossier de contenu (c'est un fichier).",
            f"{folder} is not a content folder (it is a file).",
        )
    try:
        next(iter(folder.iterdir()), None)
    except OSError as exc:
        fail(
            f"dossier de contenu illisible : {folder} ({os_reason(exc)}).",
            f"unreadable content folder: {folder} ({os_reason(exc)}).",
        )
    return folder


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
