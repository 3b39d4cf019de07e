"""A straight-line Gnou simulator with no engine: the yardstick for the engine's speed.

Same board, same rules, same random choices as the random bot (uniform among the legal
choices), but plain local variables and no actions, events, views or checks. ``ludinum
bench`` compares the engine's random-play games/s with this one's.
"""

from __future__ import annotations

import random

from ludinum.games.gnou.content import PROTECTION_FOR, PROTECTIONS, load_bank, load_board
from ludinum.games.gnou.options import DICE, TURN_LIMITS


def simulate(
    games: int,
    players: int = 4,
    seed: int = 0,
    variant: str = "galopant",
    difficulty: str = "intermediaire",
) -> int:
    """Play ``games`` games at random; return how many the team won."""
    board = load_board()
    kinds = [c.kind for c in board]
    shield = [
        PROTECTIONS.index(PROTECTION_FOR[c.detail]) if c.kind == "danger" else -1 for c in board
    ]
    awareness = [c.index for c in board if c.kind == "awareness"]
    bank = load_bank()
    choices = {
        key: [len(bank.questions[i].choices) for i in pile] for key, pile in bank.piles.items()
    }
    mean_choices = sum(sum(v) for v in choices.values()) / sum(len(v) for v in choices.values())
    p_right = 1.0 / mean_choices
    dice = DICE[variant]
    limit = TURN_LIMITS[variant][difficulty]
    rng = random.Random(seed)
    rand = rng.random
    wins = 0
    for _ in range(games):
        pos = 0
        removed = 0
        prot = [0] * players
        turn = 1
        current = 0
        last_push = -1
        then_cell = False
        won = False
        while True:
            roll_again = True
            if then_cell:
                kind = kinds[pos]
                if kind == "awareness" and prot[current] != 31:
                    lacking = [i for i in range(5) if not prot[current] >> i & 1]
                    if rand() < p_right:
                        prot[current] |= 1 << lacking[int(rand() * len(lacking))]
                    roll_again = False
                    then_cell = False
                elif kind in ("liberty", "community", "gull"):
                    if rand() < p_right:
                        if kind == "gull":
                            won = True
                            break
                        pos = next(a for a in awareness if a > pos)
                        then_cell = True
                    else:
                        then_cell = False
                    roll_again = False
            next_cell = False
            while roll_again:
                total = sum(rng.randint(1, 6) for _ in range(dice))
                target = min(pos + total, 42)
                if target == last_push and not removed >> target & 1:
                    continue
                last_push = -1
                pos = target
                if pos == 42:
                    won = True
                    break
                kind = kinds[pos]
                if kind == "danger":
                    if removed >> pos & 1:
                        continue
                    s = shield[pos]
                    if prot[current] >> s & 1:
                        removed |= 1 << pos
                        break
                    holders = [p for p in range(players) if p != current and prot[p] >> s & 1]
                    transmitted = False
                    for _h in holders:
                        if rand() < 0.5:
                            transmitted = True
                            break
                    if transmitted and rand() < p_right:
                        prot[current] |= 1 << s
                        removed |= 1 << pos
                        break
                    back = pos - 1
                    while back > 0 and kinds[back] == "danger" and not removed >> back & 1:
                        back -= 1
                    last_push = pos
                    pos = back
                    next_cell = True
                    break
                if kind == "awareness":
                    if prot[current] == 31:
                        continue
                    lacking = [i for i in range(5) if not prot[current] >> i & 1]
                    if rand() < p_right:
                        prot[current] |= 1 << lacking[int(rand() * len(lacking))]
                    break
                if kind in ("liberty", "community", "gull"):
                    if rand() < p_right:
                        if kind == "gull":
                            won = True
                            break
                        pos = next(a for a in awareness if a > pos)
                        next_cell = True
                    break
                break
            if won:
                break
            if turn >= limit:
                break
            turn += 1
            current = (current + 1) % players
            then_cell = next_cell
        wins += won
    return wins
