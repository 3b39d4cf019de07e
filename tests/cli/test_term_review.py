"""What a new French user reads in the terminal (a review of ``ludinum play``): Click's
own errors quote in French, the French help has no English words, and a game stopped
with Ctrl-D says so on a line of its own."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from tests.cli.test_cli_errors import one_line, run


def test_click_errors_quote_with_french_guillemets() -> None:
    """« valeur invalide pour '--players' : 'deux' » quoted in English on a French line."""
    assert one_line(*run("play", "gnou", "--players", "deux")[::2]) == (
        "ludinum : erreur : valeur invalide pour « --players » / « -p » : « deux » n'est pas "
        "un entier.")
    assert one_line(*run("play", "gnou", "--lang", "de")[::2]) == (
        "ludinum : erreur : valeur invalide pour « --lang » : « de » n'est pas l'une des "
        "valeurs « fr », « en ».")
    assert one_line(*run("play")[::2]) == "ludinum : erreur : argument manquant : « JEU »."
    assert one_line(*run("jouer")[::2]) == "ludinum : erreur : commande inconnue : « jouer »."
    # English keeps Click's own words.
    assert one_line(*run("play", "gnou", "--players", "deux", "--lang", "en")[::2]) == (
        "ludinum: error: Invalid value for '--players' / '-p': 'deux' is not a valid integer.")


def test_the_french_help_has_no_english_words() -> None:
    """« -p, --players INTEGER », « --bots TEXT », « COMMAND [ARGS]... »."""
    code, out, _ = run("play", "--help")
    assert code == 0
    assert not re.search(r"\b(INTEGER|TEXT|FLOAT|PATH)\b", out), out
    assert "-p, --players ENTIER" in out and "--bots TEXTE" in out, out
    code, out, _ = run("--help")
    assert out.startswith("Utilisation : ludinum [OPTIONS] COMMANDE [ARGUMENTS]..."), out
    code, out, _ = run("play", "--help", "--lang", "en")
    assert "-p, --players INTEGER" in out


def test_ctrl_d_at_a_prompt_ends_the_prompt_line_first(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-D at « Ton choix : » printed « Ton choix : Arrêté à ta demande. » on one line."""
    from ludinum.cli.main import cli as group

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    with pytest.raises(SystemExit) as stopped:
        group.main(["play", "gnou", "--players", "2", "--seed", "11"])
    assert stopped.value.code == 130
    out, err = capsys.readouterr()
    assert out.endswith("\n") and out.splitlines()[-1].startswith("Ton choix"), out[-80:]
    assert err == "Arrêté à ta demande.\n"


def test_a_drawn_seed_is_told_at_the_end_not_at_the_start() -> None:
    """« Web Runners · graine 1234 » opened a pass-and-play game: anyone at the table could
    play the same seed on another terminal and read every hand and the pile's order. A
    seed drawn at random is told when the game is over (to replay it); one given with
    --seed is already on the command line, and the title keeps it."""
    from click.testing import CliRunner

    from ludinum.cli.main import cli

    result = CliRunner().invoke(cli, ["play", "gnou", "--players", "2", "--humans", "2"],
                                input="1\n" * 600)
    assert result.exit_code == 0, result.output[-500:]
    out = result.output
    start, end = out.split("L'équipe a ", 1)
    assert "graine" not in start and "--seed" not in start, start[:300]
    seed = re.search(r"Pour rejouer cette partie : --seed (\d+)", end.replace("\u00a0", " "))
    assert seed, end[-300:]
    given = CliRunner().invoke(cli, ["play", "gnou", "--players", "2", "--seed", "11"],
                               input="1\n" * 400)
    assert "graine 11" in given.output.splitlines()[0]
    assert "Pour rejouer" not in given.output
    english = CliRunner().invoke(cli, ["play", "gnou", "--players", "2", "--lang", "en"],
                                 input="1\n" * 400)
    assert "seed" not in english.output.split("The team")[0]
    assert "To replay this game: --seed " in english.output


def test_a_refused_content_pack_is_said_in_one_language(tmp_path: Path) -> None:
    """« Contenu refusé (1 problème), premier : … / Content pack refused (1 problem); … »:
    an English sentence on a French screen, with no « ludinum : erreur : » before it."""
    code, _, err = run("play", "gnou", "--content", str(tmp_path))
    line = one_line(code, err)
    assert line.startswith("ludinum : erreur : Contenu refusé (1 problème), premier : "), line
    assert line.endswith(f"— détail : ludinum content check {tmp_path}"), line
    assert "Content pack refused" not in line and "(1 problem)" not in line
    code, _, err = run("play", "gnou", "--content", str(tmp_path), "--lang", "en")
    line = one_line(code, err)
    assert line.startswith("ludinum: error: Content pack refused (1 problem), first: "), line
    assert "Contenu" not in line and line.endswith(f"details: ludinum content check {tmp_path}")


def test_bot_levels_are_named_in_french_first() -> None:
    """« --bots … random, easy, medium, hard, expert … [défaut : medium] » and « bots :
    random, easy, … » of « ludinum games »: English names on French screens (the French
    ones, which the pages show, are typed as well)."""
    out = " ".join(run("play", "--help")[1].split())
    assert "Niveau des bots : hasard, facile, moyen, difficile, expert" in out, out
    assert "défaut : moyen" in out and "[défaut : medium]" not in out
    assert "bots\u00a0: hasard, facile, moyen, difficile, expert" in run("games")[1]
    english = " ".join(run("play", "--help", "--lang", "en")[1].split())
    assert "Bot level: random, easy, medium, hard, expert (default: medium)." in english
    assert "bots: random, easy, medium, hard, expert" in run("games", "--lang", "en")[1]
