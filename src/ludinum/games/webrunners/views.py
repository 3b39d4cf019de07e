"""What each Web Runners seat may see (``view``, ``observation``) and a redraw of what it
may not (``redraw``, for the search bots' determinisations).

Public: the pawns, characters and powers used, hand sizes, pile sizes, the discard's top
when it lies face up, the move under way. A seat's own: its hand, the face-down discards it
saw, and its part of an exchange (Hacker, Surveillance)."""

from __future__ import annotations

import random
from collections.abc import Collection
from itertools import compress, count
from typing import Any

from ludinum.games.webrunners import actions as A
from ludinum.games.webrunners.base import (
    CONVERT,
    GEEK,
    GREEN_PHASE,
    HACK,
    MAIN,
    OVER,
    PAY,
    PHASE_NAMES,
    RESPOND,
    SETUP_ACCOUNTS,
    SETUP_PHONE,
    SURVEIL,
    WINDOW,
)
from ludinum.games.webrunners.content import EFFECTS
from ludinum.games.webrunners.rules import ALL_SEEN, EFFECT, IDS, Rules
from ludinum.games.webrunners.session import closest

#: The other entries of a player's view, always there: what ``observation`` takes from
#: ``view`` (rarer parts).
_SCALAR_PARTS = frozenset({
    "game", "theme", "current", "first", "round", "max_rounds", "draw_size", "discard_size",
    "winner", "capped",
})
_BUILT_PARTS = frozenset({
    "characters", "powers_used", "discard_top", "session_winners", "discards_known",
})


def observation(s: Rules, player: int, parts: Collection[str]) -> dict[str, Any]:
    """The entries ``parts`` of ``view(player)``, equal to them, and only those built
    (one at a time: a rollout bot asks a few of them on every simulated decision)."""
    out: dict[str, Any] = {}
    for key in parts:
        if key == "hand":
            out[key] = _hand(s, player)
        elif key == "pawns":
            cell = s.cell
            out[key] = [[c + 1, cell[p]] for p, c in enumerate(s.circle)]
        elif key == "hand_sizes":
            out[key] = [len(h) for h in s.hands]
        elif key == "phase":
            out[key] = PHASE_NAMES[s.phase]
        elif key == "pending":
            out[key] = pending(s, player)
        elif key == "you":
            out[key] = player
        elif key == "players":
            out[key] = s.n
        elif key in _SCALAR_PARTS or key in _BUILT_PARTS:
            out[key] = view(s, player, (key,))[key]
        elif key == "answered" and s.phase in (SETUP_ACCOUNTS, SETUP_PHONE):
            asked = s.answers if s.phase == SETUP_ACCOUNTS else s.phone
            out[key] = [v >= 0 for v in asked]
    return out


def view(s: Rules, player: int | None, parts: Collection[str] | None = None
         ) -> dict[str, Any]:
    """The view; with ``parts``, only those entries (``State.observation``), the lists
    (pawns, characters, the discards this seat knows…) built when asked for only."""
    n = s.n
    bit = 0 if player is None else 1 << player
    out: dict[str, Any] = {
        "game": "webrunners",
        "you": player,
        "players": n,
        "theme": s.theme,
        "phase": PHASE_NAMES[s.phase],
        "current": s.cur,
        "first": s.first,
        # The last round played, not the one the limit stopped (« tour 5 » of 5).
        "round": min(s.round, s.max_rounds),
        "max_rounds": s.max_rounds,
    }
    if parts is None or "pawns" in parts:
        out["pawns"] = [[s.circle[p] + 1, s.cell[p]] for p in range(n)]
    if parts is None or "characters" in parts:
        out["characters"] = [A.CHARACTERS[c] if c >= 0 else None for c in s.chars]
    if parts is None or "powers_used" in parts:
        out["powers_used"] = list(s.used)
    if parts is None or "hand_sizes" in parts:
        out["hand_sizes"] = [len(h) for h in s.hands]
    out["draw_size"] = len(s.draw)
    out["discard_size"] = len(s.disc)
    if parts is None or "discard_top" in parts:
        out["discard_top"] = _discard_top(s, bit)
    out["winner"] = s.winner if s.winner >= 0 else None
    out["capped"] = s.capped
    if parts is None or "session_winners" in parts:
        out["session_winners"] = (
            list(closest(s.circle, s.cell)) if s.timed_out else None)  # W18
    if parts is None or "pending" in parts:
        out["pending"] = pending(s, player)
    if player is not None:
        if parts is None or "hand" in parts:
            out["hand"] = _hand(s, player)
        # The face-down discards this seat knows (what its determinisations keep).
        if parts is None or "discards_known" in parts:
            out["discards_known"] = _discards_known(s, bit)
    if s.phase in (SETUP_ACCOUNTS, SETUP_PHONE):
        asked = s.answers if s.phase == SETUP_ACCOUNTS else s.phone
        out["answered"] = [v >= 0 for v in asked]
    if parts is None:
        return out
    return {key: out[key] for key in parts if key in out}


def own_view(s: Rules, player: int) -> dict[str, Any]:
    """The entries of ``view(player)`` the public view lacks or may show otherwise
    (``State.own_view``): the seat, its hand, the discards it saw face down, the
    discard's top when it saw it, its part of the move under way."""
    bit = 1 << player
    return {
        "you": player,
        "discard_top": _discard_top(s, bit),
        "pending": pending(s, player),
        "hand": _hand(s, player),
        "discards_known": _discards_known(s, bit),
    }


def _hand(s: Rules, player: int) -> list[str]:
    """The seat's hand, its cards' names in order."""
    return sorted(map(IDS.__getitem__, s.hands[player]))


def _discard_top(s: Rules, bit: int) -> str | None:
    """The discard's top card when it lies face up or the seat of ``bit`` saw it."""
    if s.disc and (s.dseen[-1] == ALL_SEEN or s.dseen[-1] & bit):
        return IDS[s.disc[-1]]
    return None


def _discards_known(s: Rules, bit: int) -> list[list[Any]]:
    """The face-down discards the seat of ``bit`` knows, by place in the pile (the pile
    looked through without a Python loop: it grows long, and every seat's view after
    every move asks)."""
    disc = s.disc
    return [[i, IDS[disc[i]]] for i in compress(count(), map(_KNOWS[bit].__getitem__, s.dseen))]


#: For each seat's bit (0: the public), whether a discard seen by the seats of each mask
#: is a face-down card that seat knows.
_KNOWS = {bit: tuple(bool(m & bit) and m != ALL_SEEN for m in range(ALL_SEEN + 1))
          for bit in (0, 1, 2, 4, 8)}


def pending(s: Rules, player: int | None) -> dict[str, Any] | None:
    """What the move under way shows ``player`` (None: the public): an attack, a window, an
    exchange, a draw, a payment…; None between moves."""
    phase = s.phase
    if phase in (MAIN, OVER) or phase <= SETUP_PHONE:
        return None
    out: dict[str, Any] = {"seat": s.active_players()[0] if phase != WINDOW else None}
    if s.a_card >= 0:
        out["attack"] = {
            "card": IDS[s.a_card], "effect": EFFECTS[EFFECT[s.a_card]],
            "by": s.a_by, "target": s.a_tgt if s.a_tgt >= 0 else None,
            "returned_by": s.a_retro if s.a_retro >= 0 else None,
        }
    if phase in (RESPOND, WINDOW) and player is not None and player in s.active_players():
        # W7, W9: the window opens whatever the hand holds (nobody learns what is in it);
        # its own seat is told whether it has an answer, not « Tu peux répondre » above
        # « Subir l'attaque » alone.
        out["answers"] = len(s.legal_actions(player)) > 1
    if phase == WINDOW:
        out["waiting"] = list(s.waiting)
    if phase == HACK:
        out["hacker"], out["victim"] = s.inf, s.vic
        out["steps"] = [len(s.x_takes), len(s.x_gives)]
        if player == s.inf:
            out["shown"] = sorted(IDS[c] for c in s.hands[s.vic])
        if player in (s.inf, s.vic):
            out["takes"] = [IDS[c] for c in s.x_takes]
            out["gives"] = [IDS[c] for c in s.x_gives]
    if phase == SURVEIL:
        out["steps"] = [len(s.x_takes), len(s.x_gives)]
        out["drawn"] = len(s.s_cards)
        if player == s.s_by:
            out["cards"] = sorted(IDS[c] for c in s.s_cards)
            out["keeps"] = [IDS[c] for c in s.x_takes]
            out["gives"] = [IDS[c] for c in s.x_gives]
    if phase == GEEK and player == s.cur:
        out["discard"] = sorted(IDS[c] for c in s.disc)
    if phase == CONVERT:  # the White Hat card is shown when converted
        out["card"] = IDS[s.wh_card]
    if phase == PAY:
        out["left"] = s.pay_left
    if phase == GREEN_PHASE:
        out["discarded"] = s.green_n
    return out


def redraw(s: Rules, twin: Rules, observer: int, rng: random.Random) -> None:
    """In ``twin``, a copy of ``s``: redraw what ``observer`` cannot know (other hands, the
    draw pile, face-down discards, the Surveillance draw of another seat, the others'
    setup answers) from what it knows and ``rng`` only."""
    bit = 1 << observer
    phase = s.phase
    pinned: dict[int, list[int]] = {}  # cards known to stay in a given hand
    fixed_hands = {observer}
    if phase == HACK and observer == s.inf:
        fixed_hands.add(s.vic)
    if phase == HACK and observer == s.vic:
        pinned[s.inf] = list(s.x_gives)
    if phase == CONVERT and observer != s.cur:
        pinned[s.cur] = [s.wh_card]  # shown to everyone while converted (W13)
    pool: list[int] = list(twin.draw)
    for q in range(s.n):
        if q in fixed_hands:
            continue
        rest = twin.hands[q][:]
        for c in pinned.get(q, []):
            rest.remove(c)
        pool.extend(rest)
    hidden_disc = [i for i, m in enumerate(s.dseen)
                   if not (m & bit) and not (phase == GEEK and observer == s.cur)]
    pool.extend(twin.disc[i] for i in hidden_disc)
    own_surv = phase == SURVEIL and observer == s.s_by
    if phase == SURVEIL and not own_surv:
        pool.extend(twin.s_cards)
    # Sorted first: the draw depends on what the observer knows and on ``rng`` only,
    # never on the hidden order of the real cards.
    pool.sort()
    rng.shuffle(pool)
    for q in range(s.n):
        if q in fixed_hands:
            continue
        keep = pinned.get(q, [])
        size = len(twin.hands[q])
        twin.hands[q] = keep + [pool.pop() for _ in range(size - len(keep))]
    for i in hidden_disc:
        twin.disc[i] = pool.pop()
    if phase == SURVEIL and not own_surv:
        twin.s_cards = [pool.pop() for _ in twin.s_cards]
        twin.x_takes = twin.s_cards[: len(s.x_takes)]
        twin.x_gives = twin.hands[s.s_by][: len(s.x_gives)]
    if phase == HACK and observer not in (s.inf, s.vic):
        twin.x_takes = twin.hands[s.vic][: len(s.x_takes)]
        twin.x_gives = twin.hands[s.inf][: len(s.x_gives)]
    twin.draw = pool
    # A hand's order is nobody's knowledge (views sort it): the copy's hands are sorted,
    # the observer's too, so that nothing of the real order reaches it.
    twin.hands = [sorted(h) for h in twin.hands]
    if phase == SETUP_ACCOUNTS:
        twin.answers = [v if q == observer or v < 0 else rng.choice(A.ACCOUNT_VALUES)
                        for q, v in enumerate(s.answers)]
    elif phase == SETUP_PHONE:
        twin.answers = [v if q == observer else rng.choice(A.ACCOUNT_VALUES)
                        for q, v in enumerate(s.answers)]
        twin.phone = [v if q == observer or v < 0 else rng.choice(A.PHONE_VALUES[1:])
                      for q, v in enumerate(s.phone)]
