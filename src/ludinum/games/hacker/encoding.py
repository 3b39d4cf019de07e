"""Hacker for learning environments: its fixed action space and observation encoding
(``ludinum.engine.encoding``; the slots are listed in docs/lab.md).

Seats are counted from the observer (slot 0 is the observer), up to 7 seats; accounts keep
their table numbers (up to 21). A virus's owner is encoded only where the view shows it
(the observer's own drops, the drops it noticed, H4); bills only on its own accounts (H2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludinum.engine.encoding import ActionSpace, Encoding, Features
from ludinum.games.hacker.base import BILL_COUNT, BILL_VALUE, PHASE_NAMES, ROUNDS
from ludinum.games.hacker.table import (
    CREDIT,
    DONE,
    DROP,
    GUESS,
    MAX_ACCOUNTS,
    MAX_PLAYERS,
    PROTECT,
    RETURN,
    STEAL,
)

#: Scales: the most viruses on one stack, in one hand, bills of one account.
MAX_STACK = 12
MAX_HAND = 12
MAX_BILLS = 12
MAX_MONEY = sum(BILL_VALUE)


class HackerEncoding(Encoding):
    env_name = "Hacker"
    simultaneous = True  # the hackers of a trip drop at the same time (H3)

    def action_space(self) -> ActionSpace:
        return ActionSpace((DONE, RETURN, *CREDIT, *DROP, *PROTECT, *GUESS, *STEAL))

    def observe(self, view: Mapping[str, Any], out: Features) -> None:
        me = view.get("you") or 0
        players = int(view["players"])

        def rel(seat: object) -> int | None:
            return None if not isinstance(seat, int) else (seat - me) % players

        seats = range(MAX_PLAYERS)
        out.scale("players", players, MAX_PLAYERS)
        out.scale("round", view["round"], ROUNDS)
        out.one_hot("phase", view["phase"], PHASE_NAMES)
        out.one_hot("first", rel(view["first"]), seats)
        out.one_hot("traveller", rel(view.get("traveller")), seats)
        out.one_hot("protector", rel(view.get("protector")), seats)
        out.one_hot("thief", rel(view.get("thief")), seats)
        out.one_hot("current", view.get("current"), range(MAX_ACCOUNTS))
        out.flag("live", view["live"])
        out.flag("blurred", view["blurred"])
        out.scale("viruses", view["viruses"], MAX_HAND)
        out.scale("bank", view["bank"], BILL_COUNT)
        options = view["options"]
        out.flag("brouillage", options["brouillage"])
        out.flag("cryptage", options["cryptage"])
        drops = {rel(t["traveller"]): t["drops"] for t in view["trips"]}
        for k in seats:
            out.scale(f"trip{k}.drops", drops.get(k), MAX_HAND)
        accounts = {a["id"]: a for a in view["accounts"]}
        pending = set(view.get("pending") or ())
        noticed = [n["account"] for n in view.get("notices") or ()]
        for k in range(MAX_ACCOUNTS):
            account = accounts.get(k)
            name = f"account{k}"
            out.flag(f"{name}.exists", account is not None)
            owner = None if account is None else rel(account["owner"])
            out.one_hot(f"{name}.owner", owner, seats)
            stack = () if account is None else account["stack"]
            out.scale(f"{name}.stack", len(stack), MAX_STACK)
            known = [rel(v["owner"]) for v in stack if v["owner"] is not None]
            out.scale(f"{name}.mine", known.count(0), MAX_STACK)
            out.scale(f"{name}.known_others", len(known) - known.count(0), MAX_STACK)
            bills = None if account is None else account["bills"]
            out.flag(f"{name}.bills_shown", bills is not None)
            out.scale(f"{name}.bills", len(bills or ()), MAX_BILLS)
            out.scale(f"{name}.money", sum(bills or ()), 3 * MAX_BILLS)
            out.flag(f"{name}.pending", k in pending)
            out.scale(f"{name}.noticed", noticed.count(k), MAX_STACK)
        out.scale("hand", view.get("hand"), MAX_HAND)
        incoming = view.get("incoming") or ()
        out.scale("incoming.bills", len(incoming), MAX_BILLS)
        out.scale("incoming.money", sum(incoming), 3 * MAX_BILLS)
        out.flag("done", view.get("done"))
        out.scale("score", view.get("score"), MAX_MONEY)


ENCODING = HackerEncoding()
