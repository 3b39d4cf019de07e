"""The lab reads everything game-specific (headline outcomes, bots, options) from the game
packages: its modules name no game (issue 18)."""

from __future__ import annotations

import re
from pathlib import Path

from ludinum.games import MODULES, registry

SRC = Path(__file__).resolve().parents[2] / "src" / "ludinum"
LAB = [*sorted((SRC / "sim").glob("*.py"))] + [
    SRC / "cli" / name for name in ("simulate.py", "sweep.py", "ladder.py", "replay.py",
                                    "lab.py")
] + [SRC / "engine" / "headline.py"]


def test_the_labs_modules_name_no_game() -> None:
    names = set(MODULES) | {g.title_fr for g in registry()} | {g.title_en for g in registry()}
    names |= {"gnou", "voleur", "hacker", "web runners", "webrunners"}
    pattern = re.compile("|".join(re.escape(n) for n in sorted(names)), re.IGNORECASE)
    found = [f"{p.relative_to(SRC)}:{i}: {line.strip()}"
             for p in LAB
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert not found, "\n".join(found)
