"""Every user error of the command line is one line on stderr, in the user's language
(French, English with ``--lang en`` or ``LANG=en…``), exit code 2, no traceback; help texts
in both languages; one meaning per flag (issue 18 §4)."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from ludinum.cli.help_text import ENGLISH, collapse, help_texts, walk
from ludinum.cli.main import cli
from ludinum.games import registry

SRC = Path(__file__).resolve().parents[2] / "src"


def run(*args: str, lang: str = "C.UTF-8") -> tuple[int, str, str]:
    result = CliRunner(env={"LANG": lang, "LC_ALL": None}).invoke(
        cli, list(args), prog_name="ludinum"
    )
    return result.exit_code, result.stdout, result.stderr


def one_line(code: int, err: str) -> str:
    """The error line, after checking that it is one line and the exit code 2."""
    assert code == 2, err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err.rstrip("\n")


@pytest.fixture
def never_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """A simulation that starts fails the test: the checks come before the run."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the run started")

    monkeypatch.setattr("ludinum.cli.simulate.run", refuse)
    monkeypatch.setattr("ludinum.cli.sweep.run_sweep", refuse)


# -- bad output path, checked before the run ----------------------------------------------
def test_simulate_refuses_an_output_in_a_missing_folder_before_running(
    never_run: None,
) -> None:
    args = ("simulate", "gnou", "-n", "100000", "--output", "/nonexistent/games.csv")
    assert one_line(*run(*args)[::2]) == (
        "ludinum : erreur : impossible d'écrire /nonexistent/games.csv : le dossier "
        "/nonexistent n'existe pas."
    )
    assert one_line(*run(*args, "--lang", "en")[::2]) == (
        "ludinum: error: cannot write /nonexistent/games.csv: folder /nonexistent does not "
        "exist."
    )


def test_an_output_that_is_a_folder_is_refused(tmp_path: Path, never_run: None) -> None:
    code, _, err = run("sweep", "gnou", "--grid", "turn_limit=10,12", "-O", str(tmp_path))
    assert one_line(code, err) == (
        f"ludinum : erreur : impossible d'écrire {tmp_path} : c'est un dossier."
    )
    code, _, err = run("sweep", "gnou", "--grid", "turn_limit=10,12", "--data",
                       "/nonexistent/d.json", lang="en_US.UTF-8")
    assert one_line(code, err) == (
        "ludinum: error: cannot write /nonexistent/d.json: folder /nonexistent does not exist."
    )


def test_the_lab_helpers_speak_both_languages(tmp_path: Path, never_run: None) -> None:
    # cli/lab.py calls cli/common.fail with its English (the plot and kept-games checks).
    blocked = tmp_path / "file"
    blocked.write_text("")
    args = ("simulate", "gnou", "-n", "10", "--keep-games", str(blocked / "logs"))
    assert one_line(*run(*args)[::2]).startswith(
        f"ludinum : erreur : --keep-games : impossible de créer le dossier « {blocked}/logs »")
    assert one_line(*run(*args, "--lang", "en")[::2]).startswith(
        f"ludinum: error: --keep-games: cannot create the folder '{blocked}/logs' (")
    plot = ("simulate", "gnou", "-n", "10", "--plot", "/nonexistent/plot.png")
    assert one_line(*run(*plot, "--lang", "en")[::2]) == (
        "ludinum: error: --plot: the folder of '/nonexistent/plot.png' does not exist or is "
        "not writable.")
    code, _, err = run("replay", str(tmp_path / "missing.json"), lang="en_US.UTF-8")
    assert one_line(code, err) == f"ludinum: error: File not found: '{tmp_path}/missing.json'."


def test_print_refuses_a_bad_output_path() -> None:
    code, _, err = run("print", "voleur", "--output", "/nonexistent/deck.pdf")
    assert one_line(code, err) == (
        "ludinum : erreur : impossible d'écrire /nonexistent/deck.pdf : le dossier "
        "/nonexistent n'existe pas."
    )


# -- serve: bad --db, busy port -------------------------------------------------------------
def test_serve_refuses_a_database_in_a_missing_folder() -> None:
    args = ("serve", "--db", "/nonexistent/ludinum.sqlite3")
    assert one_line(*run(*args)[::2]) == (
        "ludinum : erreur : --db : le dossier /nonexistent n'existe pas."
    )
    assert one_line(*run(*args, "--lang", "en")[::2]) == (
        "ludinum: error: --db: folder /nonexistent does not exist."
    )


def test_serve_refuses_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("pas une base\n" * 200, encoding="utf-8")
    code, _, err = run("serve", "--db", str(notes))
    assert one_line(code, err) == (
        f"ludinum : erreur : --db : base injoignable : {notes} (file is not a database)."
    )


def test_serve_refuses_an_unreachable_postgresql() -> None:
    url = "postgresql://nobody@127.0.0.1:1/none"
    code, _, err = run("serve", "--db", url, lang="en_GB.UTF-8")
    line = one_line(code, err)
    assert line.startswith(f"ludinum: error: --db: database unreachable: {url} (")
    code, _, err = run("serve", "--db", url)
    assert one_line(code, err).startswith(f"ludinum : erreur : --db : base injoignable : {url} (")


def test_serve_refuses_an_unknown_database_kind() -> None:
    code, _, err = run("serve", "--db", "oracle+nope://x/y")
    assert one_line(code, err).startswith(
        "ludinum : erreur : --db : adresse de base non reconnue : oracle+nope://x/y ("
    )


@pytest.fixture
def busy_port() -> Iterator[int]:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        yield int(taken.getsockname()[1])


def test_serve_refuses_a_busy_port(busy_port: int, tmp_path: Path) -> None:
    args = ("serve", "--host", "127.0.0.1", "--port", str(busy_port),
            "--db", str(tmp_path / "l.sqlite3"))
    assert one_line(*run(*args)[::2]) == (
        f"ludinum : erreur : le port {busy_port} est déjà utilisé sur 127.0.0.1 : "
        "choisis-en un autre avec --port."
    )
    assert one_line(*run(*args, "--lang", "en")[::2]) == (
        f"ludinum: error: port {busy_port} is already in use on 127.0.0.1: pick another "
        "with --port."
    )


# -- unreadable content folder ----------------------------------------------------------------
def test_content_check_refuses_a_missing_folder() -> None:
    assert one_line(*run("content", "check", "/nonexistent/contenu")[::2]) == (
        "ludinum : erreur : dossier de contenu introuvable : /nonexistent/contenu."
    )
    code, _, err = run("content", "check", "/nonexistent/contenu", "--lang", "en")
    assert one_line(code, err) == "ludinum: error: content folder not found: /nonexistent/contenu."


@pytest.mark.parametrize("command", ["serve", "play"])
def test_a_content_flag_naming_no_folder_is_refused_in_french(
        tmp_path: Path, command: str) -> None:
    # Click's own words came through in English (« Directory '…' does not exist. »).
    assert one_line(*run(command, "--content", "/nonexistent/pack")[::2]) == (
        "ludinum : erreur : valeur invalide pour « --content » : le dossier "
        "« /nonexistent/pack » n'existe pas.")
    path = tmp_path / "deck.yaml"
    path.write_text("cards: []\n", encoding="utf-8")
    assert one_line(*run(command, "--content", str(path))[::2]) == (
        f"ludinum : erreur : valeur invalide pour « --content » : le dossier « {path} » est un "
        "fichier.")
    code, _, err = run(command, "--content", "/nonexistent/pack", "--lang", "en")
    assert one_line(code, err) == ("ludinum: error: Invalid value for '--content': Directory "
                                   "'/nonexistent/pack' does not exist.")


def test_content_check_refuses_a_file(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text("cards: []\n", encoding="utf-8")
    assert one_line(*run("content", "check", str(path))[::2]) == (
        f"ludinum : erreur : {path} n'est pas un dossier de contenu (c'est un fichier)."
    )


def test_content_check_refuses_an_unreadable_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    locked = tmp_path / "contenu"
    locked.mkdir()
    real = Path.iterdir

    def iterdir(self: Path) -> Iterator[Path]:
        if self == locked:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    # Tests may run as root, whom no permission bit stops: the refusal is simulated.
    monkeypatch.setattr(Path, "iterdir", iterdir)
    assert one_line(*run("content", "check", str(locked))[::2]) == (
        f"ludinum : erreur : dossier de contenu illisible : {locked} (accès refusé)."
    )  # the system's words in the reader's language (« Permission denied » on a French line)
    code, _, err = run("content", "check", str(locked), lang="en_US.UTF-8")
    assert one_line(code, err) == (
        f"ludinum: error: unreadable content folder: {locked} (permission denied)."
    )


# -- broken built-in content --------------------------------------------------------------
def test_broken_builtin_content_is_one_line(tmp_path: Path) -> None:
    """A copy of the package whose built-in deck breaks its schema: every command says so
    in one line (the subcommands load inside the error handler)."""
    copy = tmp_path / "src"
    shutil.copytree(SRC / "ludinum", copy / "ludinum",
                    ignore=shutil.ignore_patterns("__pycache__"))
    deck = copy / "ludinum" / "content" / "voleur" / "deck.yaml"
    deck.write_text("cartes: [\n", encoding="utf-8")
    for lang, head in (("C.UTF-8", "ludinum : erreur : "), ("en_US.UTF-8", "ludinum: error: ")):
        done = subprocess.run(
            [sys.executable, "-m", "ludinum", "games"],
            env={**os.environ, "PYTHONPATH": str(copy), "LANG": lang, "LC_ALL": ""},
            capture_output=True, text=True, timeout=120, check=False,
        )
        line = one_line(done.returncode, done.stderr)
        assert line.startswith(head) and "deck.yaml" in line, line


# -- Click's own errors, in both languages --------------------------------------------------
def test_unknown_option_and_command_in_both_languages() -> None:
    assert one_line(*run("simulate", "gnou", "--nope")[::2]) == (
        "ludinum : erreur : option inconnue : « --nope »."
    )
    assert one_line(*run("simulate", "gnou", "--nope", "--lang", "en")[::2]) == (
        "ludinum: error: No such option '--nope'."
    )
    assert one_line(*run("echecs")[::2]) == "ludinum : erreur : commande inconnue : « echecs »."
    assert one_line(*run("simulate", "echecs", lang="en_US.UTF-8")[::2]) == (
        "ludinum: error: Unknown game: 'echecs' (games: gnou, hacker, voleur, webrunners)."
    )


def test_click_suggestions_in_french() -> None:
    """Click's « Did you mean » after a misspelt option: in French too, never half English."""
    line = one_line(*run("simulate", "voleur", "--keep")[::2])
    assert line.startswith("ludinum : erreur : option inconnue : « --keep ». (Voulais-tu dire")
    assert "Did you mean" not in line and "--keep-games" in line
    assert line.endswith(" ?)"), line  # a space before « ? », as before « : » on this line
    single = one_line(*run("simulate", "voleur", "--seeed")[::2])
    assert "Voulais-tu dire « --seed » ?" in single, single
    assert "Did you mean" in one_line(*run("simulate", "voleur", "--keep", "--lang", "en")[::2])


def test_lang_on_the_command_line_wins_over_lang_in_the_environment() -> None:
    code, _, err = run("simulate", "echecs", "--lang", "fr", lang="en_US.UTF-8")
    assert one_line(code, err).startswith("ludinum : erreur : Jeu inconnu : « echecs »")


# -- help texts ---------------------------------------------------------------------------------
def loaded_commands() -> list[click.Command]:
    """Every command, subcommands imported (the group loads them on first use: walked
    before that, it is alone and a test over it asserts nothing)."""
    cli.load()
    commands = list(walk(cli))
    assert {"simulate", "play", "serve"} <= {cmd.name for cmd in commands}
    return commands


def test_every_help_text_has_its_english() -> None:
    loaded_commands()
    missing = [text for text in help_texts(cli) if collapse(text) not in ENGLISH]
    assert not missing


def test_every_option_says_what_it_is() -> None:
    """An option listed without a word (``-n ENTIER`` alone in ``simulate --help``) leaves
    the reader guessing; the flag Click adds itself (--help) has its own."""
    bare = [f"{cmd.name} {param.opts[0]}" for cmd in loaded_commands() for param in cmd.params
            if isinstance(param, click.Option) and not param.help and not param.hidden]
    assert not bare


def test_help_in_french_and_in_english() -> None:
    code, out, _ = run("simulate", "--help")
    assert code == 0
    assert "Utilisation : ludinum simulate" in out and "Options :" in out
    assert "Simule des parties entre bots" in out and "Affiche cette aide et quitte." in out
    code, out, _ = run("simulate", "--help", "--lang", "en")
    assert code == 0
    assert "Usage: ludinum simulate" in out and "Options:" in out
    assert "Simulate games between bots" in out and "Show this message and exit." in out
    code, out, _ = run("--help", lang="en_GB.UTF-8")
    assert "Ludinum: four games about digital risks" in out
    # Back in French: the switch goes both ways.
    code, out, _ = run("--help")
    assert "Ludinum : quatre jeux" in out and "Commandes :" in out


# -- one meaning per flag ---------------------------------------------------------------------
def test_one_meaning_per_flag() -> None:
    for command in walk(cli):
        for param in command.params:
            if not isinstance(param, click.Option):
                continue
            if "-o" in param.opts:
                assert param.name == "options", f"{command.name}: -o is a rule option"
            if "--json" in param.opts:
                assert param.is_flag, f"{command.name}: --json is a flag (JSON on stdout)"
    code, _, err = run("print", "gnou", "-o", "x.pdf")
    assert one_line(code, err) == "ludinum : erreur : option inconnue : « -o »."


# -- games ----------------------------------------------------------------------------------
def test_games_shows_each_summary_and_whether_it_is_cooperative() -> None:
    code, out, _ = run("games")
    assert code == 0
    text = " ".join(out.split())
    for game in registry():
        assert " ".join(game.summary_fr.split()) in text
        kind = "coopératif" if game.cooperative else "compétitif"
        assert f"({game.name}) · {game.min_players}–{game.max_players} joueurs · {kind}" in text
    code, out, _ = run("games", "--lang", "en")
    text = " ".join(out.split())
    for game in registry():
        assert " ".join(game.summary_en.split()) in text
        assert ("cooperative" if game.cooperative else "competitive") in text
    data = json.loads(run("games", "--json")[1])
    assert {g["name"]: g["cooperative"] for g in data} == {
        g.name: g.cooperative for g in registry()
    }


def test_a_group_without_subcommand_shows_its_help() -> None:
    code, _, err = run()
    assert code == 2 and "erreur" not in err
    assert err.startswith("Utilisation : ludinum [OPTIONS] COMMANDE") and "Commandes :" in err
    code, _, err = run("content", lang="en_US.UTF-8")
    assert err.startswith("Usage: ludinum content") and "Commands:" in err
    # With an option but no subcommand, a missing command is an error like any other.
    assert one_line(*run("content", "--lang", "fr")[::2]) == (
        "ludinum : erreur : commande manquante."
    )


# -- ranges said in words; the bench's own checks ------------------------------------------
def test_a_number_out_of_its_range_says_the_range_in_words(never_run: None) -> None:
    """Click writes « 0 is not in the range x>=1. »: « x>=1 » is no sentence for a reader
    (a review of the command line, 2026-12-03)."""
    assert one_line(*run("simulate", "gnou", "-n", "0")[::2]) == (
        "ludinum : erreur : valeur invalide pour « -n » : 0 n'est pas permis (au moins 1).")
    assert one_line(*run("simulate", "gnou", "--quiz-accuracy", "1.5", "--lang", "en")[::2]) \
        == ("ludinum: error: Invalid value for '--quiz-accuracy': 1.5 is not allowed (from "
            "0 to 1).")  # in the help's words (help_text.range_words)


def test_bench_refuses_a_duration_of_nothing_and_an_unknown_game() -> None:
    """``--seconds 0`` divided by zero (a traceback, exit 1); an unknown ``--game`` printed
    an empty table and exit 0."""
    line = one_line(*run("bench", "--seconds", "0")[::2])
    assert line == ("ludinum : erreur : valeur invalide pour « --seconds » : 0.0 n'est pas "
                    "permis (plus de 0).")
    line = one_line(*run("bench", "--game", "foo", "--lang", "en")[::2])
    assert line.startswith("ludinum: error: Unknown game") and "'foo'" in line, line


def test_bench_speaks_its_reader_s_language() -> None:
    """French counts with a narrow space (« 40 759 », where « 40,759 » reads as forty and
    a bit) and decimals with a comma; English as written in English."""
    code, out, err = run("bench", "--seconds", "0.02", "--repeat", "1", "--game", "voleur",
                         "--no-ismcts")
    assert code == 0, err
    assert "parties/s" in out and re.search(r"simulate_vs_bench_worst : \d+(,\d+)? ", out), out
    count = next(line for line in out.splitlines() if "voleur" in line).split("│")[3]
    assert "\u202f" in count and "," not in count, out
    code, out, err = run("bench", "--seconds", "0.02", "--repeat", "1", "--game", "voleur",
                         "--no-ismcts", "--lang", "en")
    assert code == 0, err
    assert "games/s" in out and re.search(r"simulate_vs_bench_worst: \d+(\.\d+)? ", out), out


def test_a_quiz_accuracy_for_random_bots_alone_is_refused(never_run: None) -> None:
    """``--bots random --quiz-accuracy 0`` played the same games as without it and recorded
    ``"quiz_accuracy": 0.0`` (a review of the lab, 2026-12-03)."""
    line = one_line(*run("simulate", "gnou", "--bots", "random", "--quiz-accuracy", "0")[::2])
    assert line.startswith("ludinum : erreur : --quiz-accuracy ne change rien aux bots au "
                           "hasard") and "--bots easy" in line
    line = one_line(*run("simulate", "gnou", "--bots", "random", "--quiz-accuracy", "0",
                         "--lang", "en")[::2])
    assert "does nothing to random bots" in line


def test_a_folder_that_cannot_be_made_says_why_in_the_reader_s_language(
        never_run: None) -> None:
    """« (No such file or directory) », the system's English, ended a French line."""
    line = one_line(*run("simulate", "gnou", "-n", "2", "--keep-games", "/proc/ludinum/x")[::2])
    assert line == ("ludinum : erreur : --keep-games : impossible de créer le dossier "
                    "« /proc/ludinum/x » (dossier ou fichier introuvable).")


def test_print_names_its_argument_as_its_help_does() -> None:
    """« valeur invalide pour « {webrunners|gnou|voleur} » » named the argument by its
    choices; its help calls it JEU."""
    line = one_line(*run("print", "hacker")[::2])
    assert line.startswith("ludinum : erreur : valeur invalide pour « JEU » : « hacker » "), line
