"""The ``ludinum`` command and its subcommands.

Every user error is one line on stderr in the user's language (``--lang en`` anywhere on
the command line, or ``LANG`` starting with ``en``; French otherwise) and exit code 2, with
no traceback (:meth:`LudinumGroup.main`)."""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import click

from ludinum import __version__
from ludinum.cli.common import CliError, error_line, lang_from, os_reason, say, set_lang
from ludinum.cli.help_text import HelpContext, range_words, translate, walk
from ludinum.engine import LudinumError

#: The subcommands, imported when the group first runs or is listed: an error while
#: loading them (broken built-in content) is then one line like any other.
COMMANDS = (
    ("ludinum.cli.games_cmd", "games"),
    ("ludinum.cli.play", "play"),
    ("ludinum.cli.simulate", "simulate"),
    ("ludinum.cli.ladder", "ladder"),
    ("ludinum.cli.sweep", "sweep"),
    ("ludinum.cli.replay", "replay"),
    ("ludinum.cli.bench", "bench"),
    ("ludinum.cli.content_cmd", "content"),
    ("ludinum.cli.print_cmd", "print_cards"),
    # The web server's command joins when its module is installed with the package.
    ("ludinum.cli.serve", "serve"),
)

LANG_HELP = "Langue des messages : fr ou en (défaut : fr, en si LANG commence par en)."

#: Click's own error messages, in French (the rest of the line is kept as Click says it).
CLICK_ERRORS_FR = (
    ("No such option: ", "option inconnue : "),
    ("No such option ", "option inconnue : "),
    ("No such command ", "commande inconnue : "),
    ("Missing command.", "commande manquante."),
    ("Missing argument ", "argument manquant : "),
    ("Missing option ", "option manquante : "),
    ("Invalid value for ", "valeur invalide pour "),
    ("Got unexpected extra argument", "argument en trop"),
    ("Option '", "l'option '"),
)
#: And the middle of Click's messages.
CLICK_WORDS_FR = (
    ("' requires an argument.", "' demande une valeur."),
    ("is not a valid integer range.", "n'est pas un entier permis."),
    ("is not a valid integer.", "n'est pas un entier."),
    ("is not a valid float range.", "n'est pas un nombre permis."),
    ("is not a valid float.", "n'est pas un nombre."),
    ("is not one of", "n'est pas l'une des valeurs"),
    ("is not in the range", "n'est pas dans l'intervalle"),
    # A path (click.Path: « --content » of serve, play and print).
    (": Directory '", ": le dossier '"),
    (": File '", ": le fichier '"),
    (": Path '", ": le chemin '"),
    ("' does not exist.", "' n'existe pas."),
    ("' is a file.", "' est un fichier."),
    ("' is a directory.", "' est un dossier."),
    ("' is not readable.", "' n'est pas lisible."),
    ("' is not writable.", "' n'est pas modifiable."),
    ("' is not executable.", "' n'est pas exécutable."),
    ("': ", "' : "),
    # A misspelt option's suggestions (« --keep » for « --keep-games »).
    ("(Did you mean one of: ", "(Voulais-tu dire l'une de ces options : "),
    ("Did you mean ", "Voulais-tu dire "),
)
#: The question mark of a suggestion, after a space as in French (« … « --seed » ? »).
_SUGGESTION_MARK = re.compile(r"(Voulais-tu dire [^?]*)\?")
#: What Click quotes ('--players', 'deux'): in guillemets on a French line. A quote that
#: follows a letter is an apostrophe (« n'est », « l'option »), not an opening one.
_QUOTED = re.compile(r"(?<!\w)'([^'\n]*?)'(?!\w)")


#: Click's range in an error (« 0 is not in the range x>=1. »).
_RANGE = re.compile(r"is not in the range (\S+)\.")


def _in_words(message: str, lang: str) -> str:
    """A range of Click's as its reader says it, in the help's words
    (:func:`~ludinum.cli.help_text.range_words`): « 0 n'est pas permis (au moins 1). »
    where Click writes « 0 is not in the range x>=1. »; "0 is not allowed (at least 1)."."""
    said = "is not allowed ({})." if lang == "en" else "n'est pas permis ({})."
    return _RANGE.sub(lambda m: said.format(range_words(m.group(1), lang)), message)


def _french(message: str) -> str:
    for english, french in CLICK_ERRORS_FR:
        if message.startswith(english):
            message = french + message[len(english):]
            break
    for english, french in CLICK_WORDS_FR:
        message = message.replace(english, french)
    message = _QUOTED.sub(r"« \1 »", message)
    return _SUGGESTION_MARK.sub(r"\1 ?", message)


class LudinumGroup(click.Group):
    """The command group, whose errors are one line in the user's language."""

    context_class = HelpContext
    _loaded = False

    def load(self) -> None:
        """Import the subcommands (once); every command takes ``--lang``."""
        if self._loaded:
            return
        self._loaded = True
        for module_name, attr in COMMANDS:
            if importlib.util.find_spec(module_name) is None:
                continue
            self.add_command(getattr(importlib.import_module(module_name), attr))
        for command in walk(self):
            if not any(p.name == "lang" for p in command.params):
                command.params.append(lang_option())

    def list_commands(self, ctx: click.Context) -> list[str]:
        self.load()
        return super().list_commands(ctx)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        self.load()
        return super().get_command(ctx, cmd_name)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        lang = lang_from(argv)
        set_lang(lang)
        try:
            self.load()
            translate(self, lang)
            super().main(argv, prog_name or "ludinum", complete_var, standalone_mode=False, **extra)
        except CliError as exc:
            _exit(error_line(exc.format_message()), exc.exit_code)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except click.exceptions.NoArgsIsHelpError as exc:
            # A group given no subcommand: its help, as with --help, on stderr.
            click.echo(exc.format_message(), err=True)
            sys.exit(exc.exit_code)
        except (click.Abort, KeyboardInterrupt, EOFError):
            # Ctrl-C or Ctrl-D (at a prompt, or while the program starts): the person
            # stopped it, no error of theirs; 130, as a shell reports an interrupted command.
            # The prompt's line is ended first (« Ton choix : » is not followed by a newline
            # when Ctrl-D or Ctrl-C is typed), so that the message starts a line of its own.
            click.echo("")
            _exit(say("Arrêté à ta demande.", "Stopped at your request."), 130)
        except click.ClickException as exc:
            message = _in_words(exc.format_message(), lang)
            _exit(error_line(message if lang == "en" else _french(message)), 2)
        except LudinumError as exc:
            _exit(error_line(exc.en if lang == "en" else exc.fr), 2)
        except OSError as exc:
            where = f" : {exc.filename}" if exc.filename else ""
            _exit(error_line(f"{os_reason(exc)}{where}"), 2)
        sys.exit(0)


def _exit(line: str, code: int) -> NoReturn:
    click.echo(line, err=True)
    sys.exit(code)


def _no_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``--lang`` was read before parsing (:func:`lang_from`)."""


def lang_option() -> click.Option:
    return click.Option(
        ["--lang"], type=click.Choice(["fr", "en"]), default=None, expose_value=False,
        is_eager=True, callback=_no_lang, help=LANG_HELP,
    )


@click.group(cls=LudinumGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ludinum", help="Affiche la version et quitte.")
def cli() -> None:
    """Ludinum : quatre jeux sur les risques du numérique (moteur, bots, simulation)."""



def main() -> None:
    cli(prog_name="ludinum")
