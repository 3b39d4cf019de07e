"""Drive ``ludinum play`` in a real pseudo-terminal (pexpect) and read what each person was
offered: the transcript is cut at every prompt, so each prompt knows its seat and options."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pexpect

ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]")
#: A menu's header: « Joueur 2 : », or a seat as its game calls it, « Bleu (J2) : » (French
#: spacing: U+00A0 before « : »).
SEAT = re.compile(r"^(?:Joueur |\S+ \(J)(\d+)\)?[ \u00a0]:\s*$", re.M)
SRC = Path(__file__).resolve().parents[2] / "src"


@dataclass
class Prompt:
    seat: int  # 0-based
    options: list[str]
    before: str  # what was printed since the previous prompt (no colours)


@dataclass
class Session:
    prompts: list[Prompt] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)  # raw output, cut at every prompt
    handovers: int = 0
    turns_over: int = 0  # « Ton tour est fini », then Enter to hide one's game

    def text(self) -> str:
        return ANSI.sub("", "".join(self.raw))


Chooser = Callable[[Prompt], int]


def play(args: list[str], choose: Chooser, timeout: float = 120, lines: int = 60,
         columns: int = 200) -> Session:
    """Run ``ludinum play *args`` to its end, in a terminal ``lines`` × ``columns``;
    ``choose`` answers every choice (1-based); every handover, and every « Ton tour est
    fini » (Enter to hide one's game), is confirmed with Enter."""
    env = {**os.environ, "PYTHONPATH": str(SRC), "TERM": "xterm", "COLUMNS": str(columns),
           "LINES": str(lines)}
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "ludinum", "play", *args], env=env,
                          encoding="utf-8", timeout=timeout, dimensions=(lines, columns))
    session = Session()
    try:
        while True:
            found = child.expect([r"Ton choix[^:\n]*: ", r"pour commencer ",
                                  r"pour cacher ton jeu ", pexpect.EOF])
            session.raw.append(child.before + (child.after if found < 3 else ""))
            if found == 3:
                break
            if found in (1, 2):
                if found == 1:
                    session.handovers += 1
                else:
                    session.turns_over += 1
                child.sendline("")
                continue
            block = ANSI.sub("", child.before)
            seats = SEAT.findall(block)
            assert seats, block[-500:]
            prompt = Prompt(int(seats[-1]) - 1, options_of(block), block)
            session.prompts.append(prompt)
            child.sendline(str(choose(prompt)))
    finally:
        child.close(force=True)
    assert child.exitstatus == 0, session.text()[-2000:]
    return session


#: A choice in a menu's line, several in a line laid out in columns (cli/menu.py: grid).
ITEM = re.compile(r"(\d+)\. (.*?)(?=\s{3,}\d+\. |\s*$)")


def options_of(block: str) -> list[str]:
    """The choices of the menu ending ``block``, each in full: a heading's shared words
    (« Poser un virus sur le compte… », « … sur les réseaux sociaux ») put back on the
    choices indented under it, those laid out in columns read in their number's order."""
    menu = block[list(SEAT.finditer(block))[-1].end():]
    start = end = ""
    found: dict[int, str] = {}
    for line in menu.splitlines():
        if not line.strip():
            continue
        under = line.startswith("    ")
        if not under:
            start = end = ""
        text = line.strip()
        if not ITEM.match(text):
            if text.endswith("…"):
                start = text[:-1] + " "
            elif text.startswith("…"):
                end = text[1:]
            continue
        for number, label in ITEM.findall(text):
            found[int(number)] = f"{start}{label}{end}" if under else label
    return [found[n] for n in sorted(found)]


def pick(prompt: Prompt, *wanted: str) -> int:
    """The number of the first option starting with one of ``wanted``, else 1."""
    for word in wanted:
        for i, option in enumerate(prompt.options, 1):
            if option.startswith(word):
                return i
    return 1
