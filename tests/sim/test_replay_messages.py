"""``ludinum replay``'s messages: a missing file or a file that is not a game log said
plainly in the user's language; ``--to N`` shows step N; a step past the end is one error
line (exit 2, nothing else printed); the result said once, in ``ludinum play``'s end's
words (« Victoire de Joueur 2 ! », « L'équipe a gagné ! », « Pas de gagnant. »)."""

from __future__ import annotations

import json
import re
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludinum.cli import common
from ludinum.cli import replay as replay_module
from ludinum.cli.main import cli
from ludinum.cli.simulate import simulate


@pytest.fixture(autouse=True)
def _own_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "_LANG", [])


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner(env={"LANG": "C.UTF-8", "LC_ALL": None}).invoke(
        cli, list(args), prog_name="ludinum", input=stdin)
    return result.exit_code, result.stdout, result.stderr


def kept(tmp_path: Path, name: str, *extra: str) -> tuple[Path, int]:
    folder = tmp_path / name
    result = CliRunner().invoke(simulate, [name, "-n", "1", "-w", "1", "--bots", "random",
                                           "--keep-games", str(folder), "--json", *extra])
    assert result.exit_code == 0, result.output
    path = folder / "game-000000.json"
    return path, len(json.loads(path.read_text(encoding="utf-8"))["actions"])


def test_a_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nofile.json"
    assert run("replay", str(missing)) == (
        2, "", f"ludinum : erreur : Fichier introuvable : « {missing} ».\n")
    assert run("--lang", "en", "replay", str(missing))[2] == (
        f"ludinum: error: File not found: '{missing}'.\n")
    assert run("replay", str(tmp_path))[2] == (
        f"ludinum : erreur : « {tmp_path} » est un dossier, pas un journal de partie.\n")


@pytest.mark.parametrize("content", [b"root:x:0:0:root:/root:/bin/bash\n", b"\x7fELF\x02\xff",
                                     b"", b'{"format": "other"}'])
def test_a_file_that_is_not_a_log(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "passwd"
    path.write_bytes(content)
    code, out, err = run("replay", str(path))
    assert (code, out) == (2, "")
    assert err == (f"ludinum : erreur : {path} : Ce fichier n'est pas un journal de partie "
                   "Ludinum (ceux qu'écrit « ludinum simulate --keep-games »).\n")
    code, _, err = run("replay", str(path), "--lang", "en")
    assert err == (f"ludinum: error: {path}: This file is not a Ludinum game log (the kind "
                   "'ludinum simulate --keep-games' writes).\n")
    assert "Expecting value" not in err


def test_to_a_step_past_the_end_is_one_error_line(tmp_path: Path) -> None:
    path, total = kept(tmp_path, "voleur", "-p", "4")
    assert run("replay", str(path), "--to", str(total + 1), stdin="") == (
        2, "", f"ludinum : erreur : --to {total + 1} : cette partie n'a que {total} étapes.\n")
    assert run("--lang", "en", "replay", str(path), "--to", "500")[2] == (
        f"ludinum: error: --to 500: this game has only {total} steps.\n")


def test_to_a_step_shows_that_step_then_waits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, total = kept(tmp_path, "voleur", "-p", "4")
    code, out, _ = run("replay", str(path), "--to", "5", stdin="")
    assert code == 0 and "Étape 5/" in out and "Étape 6/" not in out
    monkeypatch.setattr(replay_module, "stdin_is_terminal", lambda: True)
    code, out, _ = run("replay", str(path), "--to", "5", stdin="q\n")
    assert code == 0
    before_prompt = out.split("Entrée : étape suivante")[0]
    assert "Étape 5/" in before_prompt and "Étape 6/" not in out
    assert out.count("Entrée : étape suivante") == 1
    # --to the last step: that step, then the result.
    code, out, _ = run("replay", str(path), "--to", str(total), stdin="")
    assert code == 0 and f"Étape {total}/{total}" in out
    assert re.search(r"^(Victoire de .+ !|Pas de gagnant\.)$", out, re.M), out[-600:]
    assert re.search(r"^.+ : \d+ points? · ", out.replace("\u00a0", " "), re.M), out[-600:]


def test_to_0_shows_the_table_before_the_first_step(tmp_path: Path) -> None:
    path, _ = kept(tmp_path, "hacker", "-p", "3")
    code, out, _ = run("replay", str(path), "--to", "0", stdin="")
    assert code == 0 and "Étape 1/" not in out and out.count("\n") > 2


#: The result's line of the end, as ludinum play's (cli.play.result_line) in each language.
RESULT = {"fr": r"^(Victoire de .+ !|L'équipe a (gagné !|perdu cette fois\.)|Pas de gagnant\.)$",
          "en": r"^(.+ won!|The team (won!|lost this time\.)|No winner\.)$"}


@pytest.mark.parametrize("name", ["voleur", "gnou", "hacker", "webrunners"])
def test_the_winners_are_said_once(tmp_path: Path, name: str) -> None:
    path, _ = kept(tmp_path, name)
    winners = json.loads(path.read_text(encoding="utf-8"))["outcome"]["winners"]
    code, out, _ = run("replay", str(path), stdin="")
    assert code == 0 and "Gagnant" not in out
    said = re.findall(RESULT["fr"], out.replace("\u00a0", " "), re.M)
    assert len(said) == 1, out[-600:]
    if name == "gnou":
        assert said[0][0] == ("L'équipe a gagné !" if winners else "L'équipe a perdu cette fois.")
    elif not winners:
        assert said[0][0] == "Pas de gagnant."
    code, out, _ = run("--lang", "en", "replay", str(path), stdin="")
    said = re.findall(RESULT["en"], out, re.M)
    assert len(said) == 1 and "Winner" not in out and "Étape" not in out, out[-600:]


def test_a_team_s_win_is_the_team_s(tmp_path: Path) -> None:
    """Six winners of a cooperative game were « Gagnants : Joueur 1, Joueur 2, … »: the
    team won, and the end says so once."""
    path, _ = kept(tmp_path, "gnou", "--bots", "medium", "--seed", "1")
    assert len(json.loads(path.read_text(encoding="utf-8"))["outcome"]["winners"]) == 6
    out = run("replay", str(path), stdin="")[1].replace("\u00a0", " ")
    assert out.splitlines().count("L'équipe a gagné !") == 1, out[-600:]
    assert "Gagnants" not in out


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_secret_step_is_said_in_words(tmp_path: Path, lang: str) -> None:
    """A step the table sees nothing of printed « (rien de public) », which told a reader
    nothing. It says a secret move was made, by whom only where the step's header names
    the seat (the table sees it acting alone, ``State.public_active``), never what."""
    seen = {"named": 0, "unnamed": 0}
    for name in ("webrunners", "hacker"):
        path, _ = kept(tmp_path, name)
        code, out, _ = run("--lang", lang, "replay", str(path), stdin="")
        assert code == 0
        assert "rien de public" not in out and "nothing public" not in out
        lines = out.splitlines()
        for head, line in pairwise(lines):
            step = re.match(r"(?:Étape|Step) \d+/\d+(?: · (.+))?$", head)
            if not step or not line.startswith("  ") or line.lstrip().startswith("•"):
                continue  # not a step said by its secret line (GameText.secret_step)
            if step.group(1):  # the seat the header names, and no more
                assert step.group(1) in line, (head, line)
                seen["named"] += 1
            else:  # a game may say the kind of move (Web Runners), never who
                assert (line.strip() == GENERIC[lang]
                        or line.strip().startswith(("Un joueur ", "A player "))), line
                seen["unnamed"] += 1
    assert seen["named"] and seen["unnamed"], seen


def test_a_secret_move_elides_before_a_vowel() -> None:
    from ludinum.games import get_game

    line = get_game("hacker").text.secret_step({}, {}, 6, "fr")
    assert line.startswith("Un coup secret d'Orange (J7) : "), line


#: A green cell's discard (W5): the public view shows the seat on its green cell, the
#: discard's count growing and no card on top of the discard (face down), never which card.
GREEN = {"fr": "{seat} défausse une carte face cachée (case verte).",
         "en": "{seat} discards a card face down (green cell)."}


def _green_steps(path: Path) -> list[int]:
    """The steps of a kept game that are a discard on a green cell (W5), replayed."""
    from ludinum.engine import visible
    from ludinum.games import get_game
    from ludinum.sim.gamelog import read_log

    log = read_log(get_game, path.read_text(encoding="utf-8"))
    state = get_game(log.config.game).setup(log.config)
    steps = []
    for step, (player, action) in enumerate(log.actions, 1):
        green = state.view(None).get("phase") == "green"
        if not visible(state.apply(player, action), None) and green:
            steps.append(step)
    return steps


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_green_cell_discard_says_what_the_table_sees(tmp_path: Path, lang: str) -> None:
    """A secret step said « Un coup secret de Joueur 2 : la table ne voit pas ce qui a été
    joué. », most of them a green cell's discard (W5), which the table sees (the seat on
    its green cell, the discard pile one card higher, face down): the game says so
    (``GameText.secret_step``), never which card."""
    path, _ = kept(tmp_path, "webrunners", "--seed", "3")
    green = _green_steps(path)
    assert green
    out = run("--lang", lang, "replay", str(path), stdin="")[1].replace("\u00a0", " ")
    lines = out.splitlines()
    said = 0
    for head, line in pairwise(lines):
        step = re.match(r"(?:Étape|Step) (\d+)/\d+(?: · (.+))?$", head)
        if not step or int(step.group(1)) not in green:
            continue
        assert step.group(2), head  # the table sees who is on the green cell
        assert line.strip() == GREEN[lang].format(seat=step.group(2)), (head, line)
        said += 1
    assert said == len(green)


def test_a_secret_step_says_no_more_than_the_public_views() -> None:
    """The hook reads the public views only: a seat the table does not see acting is not
    named; a step whose kind the views do not show keeps the generic line (the other
    kinds: tests/webrunners/test_webrunners_secret_steps.py)."""
    from ludinum.games import get_game

    text = get_game("webrunners").text
    before = {"phase": "green", "pending": {"seat": 1, "discarded": 0}, "discard_size": 4,
              "discard_top": "bug"}
    after = {"phase": "green", "pending": {"seat": 1, "discarded": 1}, "discard_size": 5,
             "discard_top": None}
    assert text.secret_step(before, after, 1, "fr") == GREEN["fr"].format(seat="Joueur 2")
    assert text.secret_step(before, after, None, "fr") == GREEN["fr"].format(
        seat="Un joueur")
    assert text.secret_step(before, after, None, "en") == GREEN["en"].format(
        seat="A player")
    assert text.secret_step({"phase": "main"}, {"phase": "main"}, 1, "fr") == GENERIC_OF
    assert get_game("gnou").text.secret_step({}, {}, None, "en") == GENERIC["en"]


GENERIC = {"fr": "Un coup secret : la table ne voit ni qui l'a joué, ni ce qui a été joué.",
           "en": "A secret move: the table sees neither who made it nor what was played."}
GENERIC_OF = "Un coup secret de Joueur 2 : la table ne voit pas ce qui a été joué."
