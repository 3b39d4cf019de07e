"""Live play for humans first, in a real terminal (pexpect): every person is offered every
decision the rules give them in phases where several seats act at once, and pass-and-play
never shows one player's screen to the next.

Hacker H3 (RULINGS.md; seed 002 « Pendant toute la phase de piratage, les joueurs ont le
droit d'infecter les comptes adverses »): during each trip every other seat may drop. The
person keeps every virus (answers « J'ai fini » each time), so a drop must be offered on
every trip but their own.
"""

from __future__ import annotations

import re

import pytest

from ludinum.cli.handover import ALT_OFF, ALT_ON, WIPE
from tests.cli.terminal import ANSI, SEAT, Prompt, Session, pick, play

ROUND = re.compile(r"tour (\d)/4")
AT_BANK = re.compile(r"\(J(\d+)\) est à la banque")
DROP = "Poser un virus"


def keep_viruses(prompt: Prompt) -> int:
    return pick(prompt, "J'ai fini")


def offered_drops(session: Session) -> set[tuple[int, int, int]]:
    """(seat, round, traveller) of every trip in which the seat was offered a drop, read
    from the view printed above each choice."""
    found = set()
    for prompt in session.prompts:
        if any(o.startswith(DROP) for o in prompt.options):
            view = prompt.before[prompt.before.rindex("Hacker"):]
            rounds, travellers = ROUND.findall(view), AT_BANK.findall(view)
            assert len(rounds) == len(travellers) == 1, view
            found.add((prompt.seat, int(rounds[0]), int(travellers[0]) - 1))
    return found


def every_trip(people: range, players: int = 4) -> set[tuple[int, int, int]]:
    return {(p, r, t) for p in people for r in range(1, 5) for t in range(players) if t != p}


def test_terminal_offers_the_human_a_drop_on_every_trip_of_a_bot() -> None:
    session = play(["hacker", "--players", "4", "--seed", "3"], keep_viruses)
    assert offered_drops(session) == every_trip(range(1))  # 4 rounds × 3 other travellers
    # the traveller's only move (coming back) is never asked: the trip lasts until the
    # others are done (H3)
    assert not any("Je reviens de la banque" in p.options for p in session.prompts)


def test_terminal_pass_and_play_offers_each_person_a_drop_on_every_trip() -> None:
    session = play(["hacker", "--players", "4", "--humans", "2", "--seed", "8"], keep_viruses)
    assert offered_drops(session) == every_trip(range(2))
    assert session.handovers > 8


def test_pass_and_play_wipes_the_screen_before_the_handover() -> None:
    """The previous player's hand, bills and notices are gone before the device changes
    hands, and the game runs on the alternate screen: nothing stays in the scrollback."""
    session = play(["hacker", "--players", "4", "--humans", "2", "--seed", "8"], keep_viruses)
    assert ALT_ON in session.raw[0]
    assert ALT_OFF in session.raw[-1]
    handovers = [chunk for chunk in session.raw if chunk.endswith("pour commencer ")]
    assert len(handovers) == session.handovers > 8
    for chunk in handovers:
        assert WIPE in chunk
        shown = ANSI.sub("", chunk[chunk.rindex(WIPE) + len(WIPE):]).split()
        # after the wipe: only the handover line and its prompt
        assert " ".join(w for w in shown if w.strip("─")).startswith("Passe l'appareil à ")
        assert "compte" not in " ".join(shown) and "virus" not in " ".join(shown)
    # the outcome is printed once the alternate screen is left, for everyone to see
    assert "Victoire" in ANSI.sub("", session.raw[-1].split(ALT_OFF)[-1])


SURVEILLANCE = re.compile(r"Joueur (\d) attaque avec la carte «\s?Surveillance\s?»")
TARGETED = re.compile(r"Joueur \d vise Joueur 1\.")


# Seeds whose games bring Surveillance windows and attacks on the person (the menu's
# order, GameText.rank, decides which game choosing the first option plays).
@pytest.mark.parametrize("seed", [6, 25, 30])
def test_terminal_offers_the_human_every_web_runners_response(seed: int) -> None:
    """W7 and W9: a targeted player may answer (« Subir l'attaque » or a retro card), and
    any other player holding Contre-surveillance may cancel a Surveillance. The person is
    asked in every such window, before any bot can close it."""
    session = play(["webrunners", "--players", "4", "--seed", str(seed)],
                   lambda p: pick(p, "Laisser faire", "Subir l'attaque"))
    text = session.text()
    windows = [m for m in SURVEILLANCE.findall(text) if m != "1"]
    asked = [p for p in session.prompts if "Laisser faire" in p.options]
    assert windows and len(asked) == len(windows)
    targeted = TARGETED.findall(text)
    answered = [p for p in session.prompts if "Subir l'attaque" in p.options]
    assert len(answered) == len(targeted)


def screens(session: Session) -> dict[int, str]:
    """What each person saw, from the pass-and-play output cut at every wipe: between two
    wipes the screen belongs to the one person asked there (each event shown once)."""
    raw = "".join(session.raw).split(ALT_OFF)[0]
    seen: dict[int, str] = {}
    for part in raw.split(WIPE):
        text = ANSI.sub("", part)
        seats = {int(s) - 1 for s in SEAT.findall(text)}
        assert len(seats) <= 1, seats
        for seat in seats:
            seen[seat] = seen.get(seat, "") + text
    return seen


@pytest.mark.parametrize("seed", [6, 22, 26])  # windows and attacks (see above)
def test_terminal_pass_and_play_asks_each_person_in_every_response_window(seed: int) -> None:
    session = play(["webrunners", "--players", "4", "--humans", "2", "--seed", str(seed)],
                   lambda p: pick(p, "Laisser faire", "Subir l'attaque"))
    total = 0
    for seat, text in screens(session).items():
        windows = [m for m in SURVEILLANCE.findall(text) if int(m) - 1 != seat]
        asked = re.findall(r"^\s+\d+\. Laisser faire\s*$", text, re.M)
        assert len(asked) == len(windows), (seat, windows)
        targeted = re.findall(rf"Joueur \d vise Joueur {seat + 1}\.", text)
        answered = re.findall(r"^\s+\d+\. Subir l'attaque\s*$", text, re.M)
        assert len(answered) == len(targeted), seat
        total += len(windows)
    assert total
