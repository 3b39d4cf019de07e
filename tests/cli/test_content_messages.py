"""``ludinum content check``'s messages: in the user's language, plurals by count (no
"(s)"), schema and YAML errors said in words, a short summary instead of raw JSON (kept
for ``--json``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludinum.cli import common
from ludinum.cli.content_cmd import plural
from ludinum.cli.main import cli
from ludinum.content import BUILTIN


@pytest.fixture(autouse=True)
def _own_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "_LANG", [])


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner(env={"LANG": "C.UTF-8", "LC_ALL": None}).invoke(
        cli, list(args), prog_name="ludinum")
    return result.exit_code, result.stdout, result.stderr


def test_plural() -> None:
    assert [plural(n, "problème", "problèmes") for n in (0, 1, 2)] == [
        "0 problème", "1 problème", "2 problèmes"]
    assert [plural(n, "problem", "problems", "en") for n in (0, 1, 2)] == [
        "0 problems", "1 problem", "2 problems"]


def test_valid_content_is_a_short_summary_in_either_language() -> None:
    code, out, _ = run("content", "check")
    assert code == 0 and "{" not in out and "(s)" not in out
    lines = out.splitlines()
    assert lines[0].startswith("Le jeu du Gnou (gnou) : board, quiz")
    assert lines[-1].startswith("Contenu valide")
    code, out, _ = run("--lang", "en", "content", "check")
    assert code == 0 and "{" not in out
    assert out.splitlines()[0].startswith("The Gnu game (gnou): board, quiz")
    assert out.splitlines()[-1].startswith("Valid content")
    assert "Contenu" not in out and "faits" not in out
    assert json.loads(run("content", "check", "--json")[1])["gnou"]["quiz"]["total"] > 0


def test_stale_counts_in_either_language() -> None:
    code, out, _ = run("content", "check", "--stale", "1200")
    assert code == 0 and out.startswith("0 fait vérifié il y a plus de 1200 mois, sur ")
    assert "faits datés." in out and "(s)" not in out
    code, out, _ = run("content", "check", "--stale", "1200", "--lang", "en")
    assert out.startswith("0 facts checked more than 1200 months ago, out of ")


def broken_pack(root: Path) -> Path:
    """A pack whose quiz file breaks the commonest schema rules, with a bad YAML file."""
    folder = root / "gnou" / "quiz"
    folder.mkdir(parents=True)
    quiz = folder / "utiliser.yaml"
    text = (BUILTIN / "gnou" / "quiz" / "utiliser.yaml").read_text(encoding="utf-8")
    first = text.index("    answer: ")
    end = text.index("\n", first)
    text = text[:first] + "    answer: 9\n    colour: red" + text[end:]
    second = text.index("    answer: ", first + 40)
    end = text.index("\n", second)
    text = text[:second] + "    answer: deux" + text[end:]
    level = text.index("    level: 1", end)
    text = text[:level] + "    level: 7" + text[level + len("    level: 1"):]
    title = text.index("\ntitle:")
    text = text[:title] + text[text.index("\n", title + 1):]
    quiz.write_text(text, encoding="utf-8")
    (root / "gnou" / "themes.yaml").write_text("protections: [a, b\nx: 1\n", encoding="utf-8")
    return root


def test_schema_and_yaml_errors_are_said_in_words(tmp_path: Path) -> None:
    pack = broken_pack(tmp_path / "pack")
    code, _, err = run("content", "check", str(pack))
    assert code == 1
    quiz = pack / "gnou" / "quiz" / "utiliser.yaml"
    lines = err.splitlines()
    assert lines[-1] == f"{len(lines) - 1} problèmes."
    said = "\n".join(lines)
    assert f"{quiz}:" in said  # still file:line: message, for editors
    assert "questions n° 1, « answer » : 9 est plus grand que le maximum, 3." in said
    assert "questions n° 1 : champ inconnu « colour » (faute de frappe ?)." in said
    assert "questions n° 2, « answer » : « deux » n'est pas un nombre entier." in said
    assert "« level » : 7 n'est pas permis (valeurs permises : 1, 2, 3)." in said
    assert "le fichier : « title » manque (champ obligatoire)." in said
    assert "themes.yaml:2: YAML invalide : « , » ou « ] » attendu" in said
    for english in ("greater than", "is not of type", "required property", "did not find",
                    "Additional properties", "is not one of"):
        assert english not in said
    code, _, err = run("content", "check", str(pack), "--lang", "en")
    assert "questions no. 1, 'answer': 9 is above the maximum, 3." in err
    assert "questions no. 2, 'answer': 'deux' is not a whole number." in err
    assert "invalid YAML: ',' or ']' expected" in err
    assert err.splitlines()[-1].endswith(" problems.")


def test_a_refused_pack_says_its_count_without_parentheses(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(BUILTIN / "gnou", pack / "gnou")
    (pack / "gnou" / "themes.yaml").write_text("protections: [a\n", encoding="utf-8")
    code, _, err = run("play", "gnou", "--content", str(pack), "--players", "2")
    assert code == 2 and "Contenu refusé (1 problème)" in err and "(1 problem)" not in err


def test_a_refused_pack_says_its_problems_in_words_where_it_is_used(tmp_path: Path) -> None:
    """Not only ``content check``: a game or a server refusing a pack at start says the
    same sentences (content/wording.py), never the validator's own English."""
    from ludinum.content.schema import load_kind
    from ludinum.engine import ContentError
    from ludinum.games.gnou import CONTENT

    pack = broken_pack(tmp_path / "pack")
    code, _, err = run("play", "gnou", "--content", str(pack), "--players", "2")
    assert code == 2 and "premier : " in err  # the first problem, in words
    for english in ("greater than", "is not of type", "required property", "did not find",
                    "Additional properties", "is not one of"):
        assert english not in err
    quiz = next(k for k in CONTENT if k.name == "quiz")
    with pytest.raises(ContentError) as refused:
        load_kind(quiz, pack / "gnou")
    assert "questions n° 1, « answer » : 9 est plus grand que le maximum, 3." in refused.value.fr
    assert "greater than" not in refused.value.fr and "(s)" not in refused.value.fr
    assert "questions no. 1, 'answer': 9 is above the maximum, 3." in refused.value.en
