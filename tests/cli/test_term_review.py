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
from tests.reading import plain_spaces


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


def test_an_unknown_bot_level_is_refused_in_the_words_of_the_help() -> None:
    """« --bots super » listed « random, easy, medium… » and named the game « gnou » on a
    French screen: the levels are listed as the help names them, the game by its title."""
    code, _, err = run("play", "gnou", "--bots", "super")
    line = plain_spaces(one_line(code, err))
    assert line == ("ludinum : erreur : Niveau de bot inconnu pour Le jeu du Gnou : « super » "
                    "(niveaux : hasard, facile, moyen, difficile, expert)."), line
    code, _, err = run("play", "gnou", "--bots", "super", "--lang", "en")
    assert one_line(code, err) == ("ludinum: error: Unknown bot level for The Gnu game: "
                                   "'super' (levels: random, easy, medium, hard, expert).")


# -- the end of a game, said once ---------------------------------------------------------

#: What said the result before the end's own line: the board's « Joueur 3 a gagné ! » or
#: « Gagnant : … », the event « Fin de la partie ! Gagnant : … », « … et gagne la partie ! »,
#: « l'équipe a perdu », and « Victoire : … » (the end's line before it read as the web's).
SAID_BEFORE = re.compile(
    r"a gagné !|has won!|Gagnants? :|Winners?:|Victoire :|et gagne la partie|wins the game|"
    r"Fin de la partie|Game over|: victoire !|: victory!|[Ll]'équipe a perdu|"
    r"[Tt]he team (has )?lost")


def _end_of(game: str, seed: int, lang: str, players: int = 4) -> list[str]:
    """The lines a table reads at the end of a game of bots (from the rule that opens it),
    no-break spaces as spaces."""
    from click.testing import CliRunner

    from ludinum.cli.main import cli

    result = CliRunner(env={"COLUMNS": "250"}).invoke(
        cli, ["play", game, "-p", str(players), "--humans", "0", "--seed", str(seed),
              "--lang", lang])
    assert result.exit_code == 0, result.output[-500:]
    lines = plain_spaces(result.output).splitlines()
    rules = [i for i, line in enumerate(lines) if line.startswith("───")]
    assert len(rules) >= 2, lines[:3]
    return lines[rules[-1]:]


def _scored(game: str, lang: str) -> str:
    """The end's line of scores, a seat and its score in the game's unit (« 4 points »,
    Hacker's money « 4 en billets »: GameText.score_words), as a regular expression."""
    from ludinum.games import registry

    unit = re.escape(registry().get(game).text.score_words(2, lang).split(" ", 1)[1])
    unit = unit.replace("points", "points?")
    return rf"^.+ : \d+ {unit} · " if lang == "fr" else rf"^.+: \d+ {unit} · "


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", ["webrunners", "hacker", "voleur"])
def test_the_end_says_the_winner_once(game: str, lang: str) -> None:
    """The end read « Joueur 3 a gagné ! » (the board's last line), then « Victoire :
    Joueur 3 », after the event « … gagne la partie ! » or « Fin de la partie ! Gagnant :
    … »: the result said twice or three times. It is said once, as the web's end screen
    says it (« Victoire de Joueur 3 ! », "Player 3 won!"), then why the game ended and
    where or with how many points each seat finished."""
    from click.testing import CliRunner

    from ludinum.cli.main import cli

    result = CliRunner(env={"COLUMNS": "250"}).invoke(
        cli, ["play", game, "--humans", "0", "--seed", "5", "--lang", lang])
    assert result.exit_code == 0, result.output[-500:]
    out = plain_spaces(result.output)
    said = re.findall(r"^Victoire de .+ !$" if lang == "fr" else r"^.+ won!$", out, re.M)
    assert len(said) == 1, said
    before = [line for line in out.splitlines() if SAID_BEFORE.search(line)]
    assert not before, before
    end = out.split(said[0], 1)[1]
    if game != "webrunners":  # Hacker, Voleur: the score line is kept, in the game's unit
        assert re.search(_scored(game, lang), end, re.M), end[:400]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("seed", "won"), [(5, True), (4, False)])
def test_a_cooperative_end_is_said_once(seed: int, won: bool, lang: str) -> None:
    """Gnou: « L'équipe atteint la société libre : victoire ! » or « Le dernier tour est
    fini : l'équipe a perdu. » just above « L'équipe a gagné ! » / « L'équipe a perdu. »:
    said once, in the web end screen's words, then why (the turn it was reached on)."""
    lines = _end_of("gnou", seed, lang, players=2)
    fr = "L'équipe a gagné !" if won else "L'équipe a perdu cette fois."
    en = "The team won!" if won else "The team lost this time."
    said = en if lang == "en" else fr
    assert lines.count(said) == 1, lines[:40]
    from click.testing import CliRunner

    from ludinum.cli.main import cli

    out = plain_spaces(CliRunner(env={"COLUMNS": "250"}).invoke(
        cli, ["play", "gnou", "-p", "2", "--humans", "0", "--seed", str(seed), "--lang",
              lang]).output)
    others = [line for line in out.splitlines() if line != said and SAID_BEFORE.search(line)]
    assert not others, others
    why = lines[lines.index(said) + 1]
    assert why.startswith(("Le pion a atteint", "The pawn reached") if won
                          else ("Les ", "All ")), why


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_race_s_end_says_the_centre_once(lang: str) -> None:
    """Web Runners' end read « Victoire de Joueur 1 ! », « Joueur 1 a atteint le
    centre. », « Joueur 1 : le centre »: the centre twice in three lines. Why the game
    ended is said as the rule that decided (W: the first pawn on the centre wins at once),
    as Le Voleur's and Hacker's ends say theirs; where each pawn stopped, once, below."""
    lines = _end_of("webrunners", 4, lang, players=3)
    said = "Victoire de Joueur 1 !" if lang == "fr" else "Player 1 won!"
    end = lines[lines.index(said):]
    assert end[1] == ("Le premier pion arrivé au centre gagne." if lang == "fr"
                      else "The first pawn to reach the centre wins."), end
    centre = [line for line in end if re.search(r"\bJoueur 1\b.*centre|Player 1\b.*centre",
                                                line)]
    assert centre == (["Joueur 1 : le centre"] if lang == "fr"
                      else ["Player 1: the centre"]), end


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_won_cooperative_end_says_the_turn_once(lang: str) -> None:
    """Gnou's end board ended on « Tour 11/13 · case 42 (société libre) » right above « Le
    pion a atteint la société libre au tour 11 sur 13. »: that status line is the board's
    result line once the team won (``GameText.result``), left out of the end board. A
    lost game's keeps where the pawn stopped, which its end does not say."""
    lines = _end_of("gnou", 5, lang, players=2)
    status = [line for line in lines if re.match(r"(Tour|Turn) \d+/\d+ · ", line)]
    assert not status, lines
    why = [line for line in lines if line.startswith(("Le pion a atteint", "The pawn reached"))]
    assert len(why) == 1, lines
    lost = _end_of("gnou", 4, lang, players=2)
    assert [line for line in lost if re.match(r"(Tour|Turn) \d+/\d+ · (case|cell) ", line)]


# -- rule options as they are typed ----------------------------------------------------------


def _games(lang: str) -> str:
    """« ludinum games », its table wide enough for a row on a line, spaces collapsed."""
    from click.testing import CliRunner

    from ludinum.cli.main import cli

    result = CliRunner(env={"COLUMNS": "250"}).invoke(cli, ["games", "--lang", lang])
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_yes_no_options_read_oui_non() -> None:
    """« ludinum games » listed a yes/no option's values as « true, false » (and its default
    « false »): English words a French teacher must type. They read « oui, non » (« yes,
    no » in English), and each is typed as it reads (true/false, 1/0 still are)."""
    from ludinum.games import registry

    options = registry().get("voleur").options
    for typed, value in (("oui", True), ("Non", False), ("yes", True), ("no", False),
                         ("true", True), ("0", False)):
        assert options.parse_pairs([f"expert={typed}"]) == {"expert": value}, typed
    with pytest.raises(Exception) as refused:
        options.parse_pairs(["expert=peut-être"])
    assert "(valeurs permises : oui, non)" in str(getattr(refused.value, "fr", "")), refused
    french = _games("fr")
    assert "true, false" not in french and "│ false" not in french
    assert "│ expert │ non │ oui, non │" in french, french
    english = _games("en")
    assert "│ expert │ no │ yes, no │" in english and "true" not in english


def test_the_thief_s_seat_is_counted_from_1() -> None:
    """« ludinum games » listed « 0 : Place 1, 1 : Place 2 … » and « -o thief_seat=1 »
    made the second seat the thief: an index counted from 0 on a screen where players
    count from 1. Typed and shown, seats count from 1 (0: dealt at random); the game,
    its logs and the web's form keep the seat counted from 0, so that a stored game
    replays as it was played (V1)."""
    from ludinum.games import registry
    from ludinum.server import forms

    game = registry().get("voleur")
    assert game.options.parse_pairs(["thief_seat=1"]) == {"thief_seat": 0}
    assert game.options.parse_pairs(["thief_seat=0"]) == {"thief_seat": -1}
    assert game.options.parse_pairs(["thief_seat=6"]) == {"thief_seat": 5}
    for bad in ("7", "-1"):
        code, _, err = run("play", "voleur", "-o", f"thief_seat={bad}")
        line = plain_spaces(one_line(code, err))
        assert f"« {bad} »" in line and "0 : Tiré au sort, 1 : Place 1, " in line, line
        assert line.endswith("6 : Place 6).") and "5 : Place 6" not in line, line
    french = _games("fr")
    assert "│ thief_seat │ 0 │ 0 : Tiré au sort, 1 : Place 1, 2 : Place 2, " in french, french
    assert "-1" not in french.split("thief_seat", 1)[1].split("│ expert")[0]
    english = _games("en")
    assert "│ thief_seat │ 0 │ 0: Dealt at random, 1: Seat 1, " in english
    # The seat typed is the seat the game gives the thief, and the one the end names.
    from click.testing import CliRunner

    from ludinum.cli.main import cli

    played = plain_spaces(CliRunner(env={"COLUMNS": "250"}).invoke(
        cli, ["play", "voleur", "-p", "3", "--humans", "0", "--seed", "2", "-o",
              "thief_seat=3"]).output)
    assert "Joueur 3 était le voleur." in played, played[-800:]
    code, _, err = run("play", "voleur", "-p", "3", "-o", "thief_seat=4")
    assert "« Place 4 » n'est pas possible à 3 joueurs" in one_line(code, err).replace(
        "\u00a0", " ")
    # Stored options and the web's form: counted from 0, as they always were.
    assert game.new_state(4, 3, {"thief_seat": 1}).thief == 1  # type: ignore[attr-defined]
    assert forms.parse(game, {"opt_thief_seat": "1"}, 4)["thief_seat"] == 1


# -- Click's ranges in words --------------------------------------------------------------

RANGE = re.compile(r"\bx\s*[<>]=?|[<>]=?\s*x\b")


def _helps(lang: str) -> dict[str, str]:
    from ludinum.cli.main import cli

    out = {}
    for path in _command_paths(cli, ()):
        code, text, err = run(*path, "--help", "--lang", lang) if _has_lang(path) else run(
            *path, "--help", lang="en_GB.UTF-8" if lang == "en" else "C.UTF-8")
        assert code == 0, (path, err)
        out[" ".join(path)] = " ".join(text.split())
    return out


def _command_paths(command: object, path: tuple[str, ...]) -> list[tuple[str, ...]]:
    import click

    found = [path]
    if isinstance(command, click.Group):
        for name, sub in command.commands.items():
            found += _command_paths(sub, (*path, name))
    return found


def _has_lang(path: tuple[str, ...]) -> bool:
    import click

    from ludinum.cli.main import cli

    command: click.Command = cli
    for name in path:
        assert isinstance(command, click.Group)
        command = command.commands[name]
    return any("--lang" in getattr(p, "opts", ()) for p in command.params)


def test_click_ranges_read_as_words() -> None:
    """« -n ENTIER [défaut : 1000; x>=1] »: Click's range, a formula, beside French
    words. Every help of every command says it in words (« au moins 1 », « de 0 à 1 »),
    in French and in English, with French spacing (« [défaut : 1000 ; au moins 1] »)."""
    french = _helps("fr")
    for path, text in french.items():
        assert not RANGE.search(text), (path, text)
    assert "[défaut : 1000 ; au moins 1]" in french["simulate"], french["simulate"]
    assert "[défaut : 0.05 ; de 0 à 1]" in french["sweep"], french["sweep"]
    assert "[au moins 1]" in french["simulate"]
    english = _helps("en")
    for path, text in english.items():
        assert not RANGE.search(text), (path, text)
    assert "[default: 1000; at least 1]" in english["simulate"], english["simulate"]
    assert "[default: 0.05; from 0 to 1]" in english["sweep"], english["sweep"]


@pytest.mark.parametrize("game", ["webrunners", "voleur", "hacker", "gnou"])
def test_a_replay_s_end_says_the_winner_once(game: str, tmp_path: Path) -> None:
    """« ludinum replay » of a Web Runners game ended on the board's « Joueur 2 a gagné ! »
    and then « Gagnant : Joueur 2 · Scores : … »: the board's result line
    (``GameText.result``) is left out. Its last line said « Scores : 0 · 0 · 1 » (a race
    counted 1 for the centre; the team's 1 · 1 · 1), Le Voleur's scores three times (the
    feed's « Fin de la partie. Scores : … », the board's « — 34 points », the end's « 34 ·
    24 · 39 ») and Hacker's winner « Joueur 2 » where its board says « Bleu (J2) ». The
    replay ends as ``ludinum play`` does: the result, why, where or with how many points
    each seat finished, said once."""
    code, _, err = run("simulate", game, "-n", "1", "-w", "1", "-p", "3", "--seed", "4",
                       "--keep-games", str(tmp_path))
    assert code == 0, err
    kept = sorted(p for p in tmp_path.iterdir() if p.is_file())
    assert kept, list(tmp_path.iterdir())
    code, out, err = run("replay", str(kept[0]))
    assert code == 0, err
    out = plain_spaces(out)
    said = re.findall(r"^(?:Victoire de .+ !|L'équipe a (?:gagné !|perdu cette fois\.))$",
                      out, re.M)
    assert len(said) == 1, out[-1500:]
    before = [line for line in out.split(said[0], 1)[0].splitlines()
              if SAID_BEFORE.search(line)]
    assert not before, before
    end = out.split(said[0], 1)[1]
    assert "Scores" not in out and "Gagnant" not in out, out[-1500:]
    if game in ("voleur", "hacker"):  # the points once, under the winner, by name
        assert re.search(_scored(game, "fr"), end, re.M), end
        assert not re.search(r"— \d+ points?\b", out.split("─" * 40)[-1]), out[-1500:]
    if game == "hacker":
        assert "Rouge (J1) : " in end and "Joueur 1" not in end, end
    if game == "webrunners":  # where each seat finished
        assert "le centre" in end, end
    assert "Ce que la partie nous apprend" not in out  # a replay is not the debrief


# -- the English help is English throughout -----------------------------------------------

#: French placeholders and words an English help must not show (its metavars, its quotes).
FRENCH_IN_ENGLISH = re.compile(r"[«»]|\d %|\b(JEU|CLÉ|VALEUR|DOSSIER|FICHIER|MOIS|HÔTE|"
                               r"ENTIER|TEXTE|NOMBRE|CHEMIN)\b")


def test_the_english_help_has_no_french_placeholders_nor_guillemets() -> None:
    """« ludinum play --help --lang en » said « Usage: ludinum play [OPTIONS] JEU »,
    « -o, --option CLÉ=VALEUR », « --content DOSSIER » and quoted with « »: every help of
    every command, in English, has English placeholders, “ ” quotes and « 95% »; the
    French one keeps its own."""
    english = _helps("en")
    for path, text in english.items():
        assert not FRENCH_IN_ENGLISH.search(text), (path, FRENCH_IN_ENGLISH.findall(text))
    assert "ludinum play [OPTIONS] GAME" in english["play"], english["play"]
    assert "-o, --option KEY=VALUE" in english["play"], english["play"]
    assert "--content FOLDER" in english["play"], english["play"]
    assert "“ludinum simulate --keep-games”" in english["replay"], english["replay"]
    # An error names the argument as the help does.
    assert one_line(*run("play", "--lang", "en")[::2]) == (
        "ludinum: error: Missing argument 'GAME'.")
    french = _helps("fr")
    assert "ludinum play [OPTIONS] JEU" in french["play"], french["play"]
    assert "-o, --option CLÉ=VALEUR" in french["play"], french["play"]
    assert one_line(*run("play")[::2]) == "ludinum : erreur : argument manquant : « JEU »."
