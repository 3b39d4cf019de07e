"""Le jeu du Gnou for learning environments: its fixed action space and observation
encoding (``ludinum.engine.encoding``; the slots are listed in docs/lab.md).

Seats are counted from the observer (slot 0 is the observer, slot 1 the next seat…), up
to 6 seats; the pawn and the turn are scaled by the board's length and the turn limit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludinum.engine.encoding import ActionSpace, Encoding, Features
from ludinum.games.gnou.content import LEVELS, PROTECTIONS, load_board
from ludinum.games.gnou.rules import ANSWERS, DECLINE, HINT, ROLL, SEEK, TRANSMIT

MAX_SEATS = 6
STEPS = ("roll", "choose", "answer", "offer", "over")
PURPOSES = ("seek", "liberty", "culture", "learn", "use", "give")
MAX_DICE = 12
MAX_TURNS = 20


class GnouEncoding(Encoding):
    env_name = "Gnou"
    simultaneous = True  # a protection's holders may all offer it at once (G5)

    def action_space(self) -> ActionSpace:
        return ActionSpace((ROLL, HINT, TRANSMIT, DECLINE, *ANSWERS, *SEEK))

    def observe(self, view: Mapping[str, Any], out: Features) -> None:
        me = int(view["seat"]) if view.get("seat") is not None else 0
        players = int(view["players"])
        cells = len(load_board())

        def rel(seat: object) -> int | None:
            return None if not isinstance(seat, int) else (seat - me) % players

        out.scale("players", players, MAX_SEATS)
        out.scale("turn", view["turn"], MAX_TURNS)
        out.scale("turn_limit", view["turn_limit"], MAX_TURNS)
        out.scale("dice", view.get("dice"), MAX_DICE)
        out.scale("pawn", view["pawn"], cells - 1)
        out.one_hot("current", rel(view.get("current")), range(MAX_SEATS))
        out.one_hot("step", view["step"], STEPS)
        out.counts("removed", view.get("removed") or (), PROTECTIONS, 1)
        protections = view["protections"]
        levels = view["levels"]
        for k in range(MAX_SEATS):
            seat = (me + k) % players if k < players else None
            held = protections[seat] if seat is not None else ()
            out.counts(f"seat{k}.holds", held, PROTECTIONS, 1)
            out.scale(f"seat{k}.level", levels[seat] if seat is not None else 0, max(LEVELS))
        danger = view.get("danger")
        out.flag("danger", danger is not None)
        out.scale("danger.cell", danger, cells - 1)
        quiz = view.get("quiz") or {}
        out.flag("quiz", bool(quiz))
        out.one_hot("quiz.answerer", rel(quiz.get("answerer")), range(MAX_SEATS))
        out.scale("quiz.level", quiz.get("level"), max(LEVELS))
        out.one_hot("quiz.purpose", quiz.get("purpose"), PURPOSES)
        out.flag("quiz.solo", quiz.get("solo"))
        out.scale("quiz.choices", len(quiz.get("choices") or ()), len(ANSWERS))
        offer = view.get("offer") or {}
        out.flag("offer", bool(offer))
        out.one_hot("offer.learner", rel(offer.get("learner")), range(MAX_SEATS))
        out.one_hot("offer.protection", offer.get("protection"), PROTECTIONS)
        out.flag("offer.mine", me in (offer.get("holders") or ()))
        out.flag("hard_mode", view.get("hard_mode"))
        out.flag("game_master", view.get("game_master"))
        out.one_hot("result", view.get("result"), ("win", "lose"))


ENCODING = GnouEncoding()
