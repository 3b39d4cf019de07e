"""Teachers' content packs on the command line (issue 22 §2): ``content init`` writes a
commented starter pack that ``content check`` accepts; a pack may hold only the files it
changes; ``play`` and ``print`` take ``--content`` too."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from ludinum.cli.main import cli
from ludinum.content import BUILTIN
from ludinum.content import pack as content_pack
from ludinum.content.pack import builtin_files, open_pack, overlay
from ludinum.engine import ContentError


@pytest.fixture(autouse=True)
def builtin_afterwards(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(content_pack.CONTENT_ENV, "")  # restored (unset) afterwards
    monkeypatch.delenv(content_pack.CONTENT_ENV)
    yield
    content_pack.use(None)


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def test_init_writes_a_commented_pack_that_passes_the_check(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    code, out, _ = run("content", "init", str(pack))
    assert code == 0 and "ludinum content check" in out
    files = sorted(p.relative_to(pack).as_posix() for p in pack.rglob("*.yaml"))
    assert files == sorted(builtin_files())
    for rel in files:
        text = (pack / rel).read_text(encoding="utf-8")
        rule = "# " + "─" * 78 + "\n"
        assert text.startswith(rule)
        head, rest = text.removeprefix(rule).split(rule, 1)
        assert "Ce fichier" in head and "This file" in head
        assert f"ludinum content check {pack}" in head
        # Past the header, the built-in file unchanged.
        assert rest == (BUILTIN / rel).read_text(encoding="utf-8")
    readme = (pack / "README.md").read_text(encoding="utf-8")
    assert f"ludinum content check {pack}" in readme
    assert f"ludinum serve --content {pack}" in readme and "English" in readme
    code, out, err = run("content", "check", str(pack))
    assert code == 0, err
    assert out.strip().splitlines()[-1].startswith("Contenu valide")
    # Same counts as the built-in content.
    assert json.loads(run("content", "check", "--json", str(pack))[1]) == json.loads(
        run("content", "check", "--json")[1])


def test_init_refuses_a_folder_that_is_not_empty(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("à garder", encoding="utf-8")
    code, _, err = run("content", "init", str(tmp_path))
    # One line in the reader's language, as every error (it was both, without the head).
    assert code == 2 and err == (f"ludinum : erreur : {tmp_path} n'est pas vide : choisis un "
                                 "nouveau dossier.\n"), err
    code, _, err = run("content", "init", str(tmp_path), "--lang", "en")
    assert err == f"ludinum: error: {tmp_path} is not empty: choose a new folder.\n", err
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "à garder"
    assert not list(tmp_path.rglob("*.yaml"))


def one_series_pack(root: Path) -> Path:
    quiz = root / "gnou" / "quiz"
    quiz.mkdir(parents=True)
    text = (BUILTIN / "gnou" / "quiz" / "utiliser.yaml").read_text(encoding="utf-8")
    old = "Qui a le droit d'utiliser un logiciel libre\u202f?"
    assert old in text
    (quiz / "utiliser.yaml").write_text(
        text.replace(old, "Qui peut se servir d'un logiciel libre dans notre classe\u202f?"),
        encoding="utf-8",
    )
    return root


def test_a_pack_with_one_file_falls_back_to_the_built_in_content(tmp_path: Path) -> None:
    pack = one_series_pack(tmp_path / "pack")
    code, out, err = run("content", "check", str(pack))
    assert code == 0, err
    # only the games the pack touches are counted
    assert len(out.splitlines()) == 2 and "(gnou) : " in out.splitlines()[0]
    merged = open_pack(pack)
    assert merged.overrides == ("gnou/quiz/utiliser.yaml",) and merged.replaced == 1
    content_pack.use(merged)
    from ludinum.games.gnou.content import load_bank, load_board

    bank = load_bank()
    assert bank.get("utiliser-1-02").question.startswith("Qui peut se servir")  # type: ignore[union-attr]
    assert bank.get("etudier-1-01") == load_bank(BUILTIN / "gnou").get("etudier-1-01")
    assert load_board() == load_board(BUILTIN / "gnou")
    content_pack.use(None)
    assert load_bank().get("utiliser-1-02").question.startswith("Qui a le droit")  # type: ignore[union-attr]


def test_check_reports_the_pack_files_and_the_unknown_ones(tmp_path: Path) -> None:
    pack = one_series_pack(tmp_path / "pack")
    quiz = pack / "gnou" / "quiz" / "utiliser.yaml"
    lines = quiz.read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if line.strip() == "answer: 2")
    lines[index] = lines[index].replace("answer: 2", "answer: 7")
    quiz.write_text("\n".join(lines) + "\n", encoding="utf-8")
    typo = pack / "gnou" / "quizz" / "etudier.yaml"
    typo.parent.mkdir()
    shutil.copy(BUILTIN / "gnou" / "quiz" / "etudier.yaml", typo)
    code, _, err = run("content", "check", str(pack))
    assert code == 1
    assert f"{quiz}:{index + 1}:" in err
    assert f"{typo}:1: fichier que Ludinum ne lit pas (nom ou dossier inconnu)\n" in err
    assert "ludinum-check-" not in err  # never the merged copy's paths
    code, _, err = run("content", "check", str(pack), "--lang", "en")
    assert f"{typo}:1: file Ludinum does not read (unknown name or folder)\n" in err
    assert "ne lit pas" not in err
    (pack / "gnou" / "board.yaml").write_text("", encoding="utf-8")  # an empty file
    code, _, err = run("content", "check", str(pack))
    assert (f"{pack / 'gnou' / 'board.yaml'}:1: le fichier est vide : il doit contenir une "
            "suite de « clé : valeur ».") in err, err


def test_a_folder_without_content_is_refused(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("rien", encoding="utf-8")
    code, _, err = run("content", "check", str(tmp_path))
    assert code == 1 and "aucun dossier de jeu" in err
    with pytest.raises(ContentError, match="introuvable"):
        overlay(tmp_path / "absent", tmp_path / "merged")


def test_play_takes_the_pack(tmp_path: Path) -> None:
    """The terminal game reads the explanations (said after each answer) from the pack."""
    pack = tmp_path / "pack"
    (pack / "gnou" / "quiz").mkdir(parents=True)
    mark = "Explication de la classe\u00a0: "
    for source in sorted((BUILTIN / "gnou" / "quiz").glob("*.yaml")):
        data = yaml.safe_load(source.read_text(encoding="utf-8"))
        for q in data["questions"]:
            q["explanation"] = mark + q["explanation"]
        (pack / "gnou" / "quiz" / source.name).write_text(
            yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    args = ("play", "gnou", "--humans", "0", "--seed", "3")
    code, out, _ = run(*args)
    assert code == 0 and "Explication de la classe" not in out
    code, out, err = run(*args, "--content", str(pack))
    assert code == 0, err
    assert "Explication de la classe" in out
    content_pack.use(None)
    broken = pack / "gnou" / "board.yaml"
    broken.write_text("cells: []\n", encoding="utf-8")
    code, out, err = run(*args, "--content", str(pack))
    assert code == 2 and err.count("\n") == 1 and f"{broken}:" in err
    assert "Explication" not in out and content_pack.active() is None


def test_a_web_runners_pack_is_read_by_a_fresh_process(tmp_path: Path) -> None:
    """Web Runners reads its tables when its module is imported: the command chooses the
    pack before that (a separate process, as a teacher runs it)."""
    pack = tmp_path / "pack"
    (pack / "webrunners").mkdir(parents=True)
    deck = (BUILTIN / "webrunners" / "deck.yaml").read_text(encoding="utf-8")
    assert deck.count("name_fr: Droits d'auteur\n") == 1
    (pack / "webrunners" / "deck.yaml").write_text(
        deck.replace("name_fr: Droits d'auteur\n", "name_fr: Droits d'auteur en classe\n"),
        encoding="utf-8")
    src = Path(__file__).resolve().parents[2] / "src"
    env = {**os.environ, "PYTHONPATH": str(src)}
    env.pop(content_pack.CONTENT_ENV, None)
    args = [sys.executable, "-m", "ludinum", "play", "webrunners", "--humans", "0",
            "--players", "2", "--seed", "1"]
    plain = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300)
    assert plain.returncode == 0 and "«\u202fDroits d'auteur, 2 cases\u202f»" in plain.stdout
    mine = subprocess.run([*args, "--content", str(pack)], capture_output=True, text=True,
                          env=env, timeout=300)
    assert mine.returncode == 0, mine.stderr
    assert "«\u202fDroits d'auteur en classe, 2 cases\u202f»" in mine.stdout
    # A broken Web Runners file: refused in one line, before the game's import fails.
    (pack / "webrunners" / "deck.yaml").write_text("cards: []\n", encoding="utf-8")
    bad = subprocess.run([*args, "--content", str(pack)], capture_output=True, text=True,
                         env=env, timeout=300)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1, bad.stderr
    assert bad.stderr.startswith("ludinum : erreur : Contenu refusé") and "deck.yaml" in bad.stderr
    assert "ludinum-content-" not in bad.stderr
