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
OPTION = re.compile(r"^\s+(\d+)\. (.*?)\s*$", re.M)
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


def play(args: list[str], choose: Chooser, timeout: float = 120) -> Session:
    """Run ``ludinum play *args`` to its end; ``choose`` answers every choice (1-based);
    every handover, and every « Ton tour est fini » (Enter to hide one's game), is
    confirmed with Enter."""
    env = {**os.environ, "PYTHONPATH": str(SRC), "TERM": "xterm", "COLUMNS": "200",
           "LINES": "60"}
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "ludinum", "play", *args], env=env,
                          encoding="utf-8", timeout=timeout, dimensions=(60, 200))
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
            prompt = Prompt(int(seats[-1]) - 1, [m[1] for m in OPTION.findall(block)], block)
            session.prompts.append(prompt)
            child.sendline(str(choose(prompt)))
    finally:
        child.close(force=True)
    assert child.exitstatus == 0, session.text()[-2000:]
    return session


def pick(prompt: Prompt, *wanted: str) -> int:
    """The number of the first option starting with one of ``wanted``, else 1."""
    for word in wanted:
        for i, option in enumerate(prompt.options, 1):
            if option.startswith(word):
                return i
    return 1
