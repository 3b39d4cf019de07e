"""Pass-and-play on one terminal: what the previous player saw never stays on screen.

The game runs on the terminal's alternate screen, which keeps no scrollback, and the screen
is wiped before the device changes hands (so the next player never sees the previous one's
hand, bills or notices while it is handed over) and again once they are ready. A person
whose turn ended with their own move first reads its result (:meth:`PassScreen.turn_over`),
then hides it.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import TracebackType

import click
from rich.console import Console

#: Home, erase the screen, erase the scrollback (xterm and most terminals).
WIPE = "\x1b[H\x1b[2J\x1b[3J"
ALT_ON, ALT_OFF = "\x1b[?1049h", "\x1b[?1049l"


class PassScreen:
    """The terminal of a pass-and-play game (a context: the alternate screen while open)."""

    def __init__(self, console: Console, lang: str) -> None:
        self.console = console
        self.lang = lang

    def _write(self, codes: str) -> None:
        if self.console.is_terminal:
            self.console.file.write(codes)
            self.console.file.flush()

    def __enter__(self) -> PassScreen:
        self._write(ALT_ON + WIPE)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._write(WIPE + ALT_OFF)

    def wipe(self) -> None:
        self._write(WIPE)

    def hand_to(self, name: str) -> None:
        """Wipe, ask for the device to go to ``name``, wait for Enter, wipe again."""
        self.wipe()
        en = self.lang == "en"
        verb = "Pass the device to" if en else "Passe l'appareil à"
        self.console.print()
        self.console.rule(f"[bold yellow]{verb} {name}[/]")
        self._enter(f"{name}, press Enter to start" if en
                    else f"{name}, appuie sur Entrée pour commencer")

    def turn_over(self, name: str, lines: Sequence[str], view: str) -> None:
        """« Ton tour est fini »: what ``name`` was told since their last decision (their
        move's private result: the card drawn…) and their game as it stood right after
        their move, until they press Enter; then wipe. Every turn ended by the person's
        own move has it, a private result or not (an extra Enter for some moves only
        would tell the table who learnt a secret)."""
        en = self.lang == "en"
        self.console.print()
        self.console.rule(f"[bold green]{'Your turn is over' if en else 'Ton tour est fini'}[/]")
        for line in lines:
            self.console.print(line)
        self.console.print(view)
        self._enter(f"{name}, press Enter to hide your game" if en
                    else f"{name}, appuie sur Entrée pour cacher ton jeu")

    def _enter(self, prompt: str) -> None:
        """Wait for Enter after ``prompt``, then wipe the screen."""
        click.prompt(prompt, default="", show_default=False, prompt_suffix=" ")
        self.wipe()
