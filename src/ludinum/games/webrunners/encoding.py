"""Web Runners for learning environments: its fixed action space and observation encoding
(``ludinum.engine.encoding``; the slots are listed in docs/lab.md).

Seats are counted from the observer (slot 0 is the observer), up to 4 seats. A pawn is its
circle (one-hot: circles 1-3, the inner circle, the centre) and its cell scaled by the
largest circle. Cards are counted by type (one slot per card type of the deck): the
observer's hand, and the cards a pending decision shows it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludinum.engine.encoding import ActionSpace, Encoding, Features
from ludinum.games.webrunners.actions import CHARACTERS, DECODE, MAX_SEATS
from ludinum.games.webrunners.base import PHASE_NAMES
from ludinum.games.webrunners.data import BOARD_DATA, CENTRE, DECK_DATA

MAX_ROUNDS = 200
MAX_HAND = 24
MAX_PILE = len(DECK_DATA.cards) * 4
MAX_COPIES = 4
#: The lists of cards a pending decision may show its seat.
PENDING_CARDS = ("cards", "shown", "discard", "keeps", "gives", "takes")


class WebRunnersEncoding(Encoding):
    env_name = "WebRunners"
    simultaneous = True  # seats may answer an attack in its response window (W7)

    def action_space(self) -> ActionSpace:
        return ActionSpace(DECODE)

    def observe(self, view: Mapping[str, Any], out: Features) -> None:
        me = view.get("you") or 0
        players = int(view["players"])
        cards = tuple(c.id for c in DECK_DATA.cards)
        cells = max(BOARD_DATA.sizes)

        def rel(seat: object) -> int | None:
            return None if not isinstance(seat, int) or seat < 0 else (seat - me) % players

        seats = range(MAX_SEATS)
        out.scale("players", players, MAX_SEATS)
        out.one_hot("phase", view["phase"], PHASE_NAMES)
        out.one_hot("current", rel(view.get("current")), seats)
        out.one_hot("first", rel(view.get("first")), seats)
        out.scale("round", view["round"], MAX_ROUNDS)
        out.scale("max_rounds", view["max_rounds"], MAX_ROUNDS)
        out.scale("draw_size", view["draw_size"], MAX_PILE)
        out.scale("discard_size", view["discard_size"], MAX_PILE)
        out.one_hot("discard_top", view.get("discard_top"), cards)
        out.one_hot("winner", rel(view.get("winner")), seats)
        out.flag("capped", view.get("capped"))
        for k in seats:
            seat = (me + k) % players if k < players else None
            name = f"seat{k}"
            pawn = view["pawns"][seat] if seat is not None else None
            out.one_hot(f"{name}.circle", None if pawn is None else pawn[0], range(1, CENTRE + 2))
            out.scale(f"{name}.cell", None if pawn is None else pawn[1], cells)
            character = view["characters"][seat] if seat is not None else None
            out.one_hot(f"{name}.character", character, CHARACTERS)
            out.flag(f"{name}.power_used", seat is not None and view["powers_used"][seat])
            out.scale(f"{name}.hand", view["hand_sizes"][seat] if seat is not None else 0, MAX_HAND)
        out.counts("hand", view.get("hand") or (), cards, MAX_COPIES)
        pending = view.get("pending") or {}
        out.flag("pending", bool(pending))
        out.one_hot("pending.seat", rel(pending.get("seat")), seats)
        attack = pending.get("attack") or {}
        out.one_hot("pending.attack", attack.get("card"), cards)
        out.one_hot("pending.attack.by", rel(attack.get("by")), seats)
        out.one_hot("pending.attack.target", rel(attack.get("target")), seats)
        out.one_hot("pending.attack.returned_by", rel(attack.get("returned_by")), seats)
        out.one_hot("pending.hacker", rel(pending.get("hacker")), seats)
        out.one_hot("pending.victim", rel(pending.get("victim")), seats)
        waiting = {rel(s) for s in pending.get("waiting") or ()}
        for k in seats:
            out.flag(f"pending.waiting.seat{k}", k in waiting)
        out.one_hot("pending.card", pending.get("card"), cards)
        out.scale("pending.drawn", pending.get("drawn"), MAX_HAND)
        out.scale("pending.left", pending.get("left"), MAX_HAND)
        out.scale("pending.discarded", pending.get("discarded"), MAX_HAND)
        for key in PENDING_CARDS:
            out.counts(f"pending.{key}", pending.get(key) or (), cards, MAX_COPIES)


ENCODING = WebRunnersEncoding()
