"""Lines a new user reads first (terminal review). « ludinum replay »'s first line, read
on an 80-column terminal: the bots' level in the
replay's language, once when every bot has it (it read « bots medium,medium,medium,… » in
French, cut by the rule's width)."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_cli_errors import run


def _replayed(tmp_path: Path, lang: str) -> str:
    code, _, err = run("simulate", "hacker", "-n", "1", "-w", "1", "-p", "7", "--seed", "4",
                       "--keep-games", str(tmp_path))
    assert code == 0, err
    kept = sorted(p for p in tmp_path.iterdir() if p.is_file())
    code, out, err = run("replay", str(kept[0]), "--lang", lang)
    assert code == 0, err
    return out


def test_the_header_names_the_level_in_french_once(tmp_path: Path) -> None:
    head = "\n".join(_replayed(tmp_path, "fr").splitlines()[:3])
    assert "medium" not in head, head
    assert "bots : moyen" in head.replace("\u00a0", " ") or "bots moyen" in head, head
    assert "moyen,moyen" not in head and "…" not in head, head


def test_the_header_in_english(tmp_path: Path) -> None:
    head = "\n".join(_replayed(tmp_path, "en").splitlines()[:3])
    assert "bots medium" in head and "medium,medium" not in head and "…" not in head, head


def test_print_help_names_the_default_file_in_french() -> None:
    """« ludinum print --help » said « défaut : GAME-a-imprimer.pdf »: an English
    placeholder in the French help (« JEU », as `play --help` says)."""
    code, out, err = run("print", "--help")
    assert code == 0, err
    assert "GAME" not in out, out
    assert "JEU-a-imprimer.pdf" in out.replace("\n", " ").replace("  ", " "), out
