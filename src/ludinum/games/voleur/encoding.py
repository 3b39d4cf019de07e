"""Le Voleur de Données for learning environments: its fixed action space and observation
encoding (``ludinum.engine.encoding``; the slots are listed in docs/lab.md).

Seats are counted from the observer (slot 0 is the observer), up to 6 seats. Cards are
counted by type, one slot per card type of the deck: in the observer's hand, on each board
(data and measures shown; measures hidden only on the observer's own boards), in the
discards, the loot and the proofs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludinum.engine.encoding import ActionSpace, Encoding, Features
from ludinum.games.voleur.actions import MAX_SEATS
from ludinum.games.voleur.content import ATTACK, BOARDS, DATA, MEASURE, Deck
from ludinum.games.voleur.game import VoleurGame
from ludinum.games.voleur.rules import PHASES

MAX_ROUNDS = 30
MAX_SCORE = 60
MAX_COPIES = 6
MAX_PILE = 120


class VoleurEncoding(Encoding):
    env_name = "Voleur"

    def __init__(self, game: VoleurGame) -> None:
        self.game = game
        deck: Deck = game.deck
        self.data = tuple(c.id for c in deck.cards if c.kind == DATA)
        self.attacks = tuple(c.id for c in deck.cards if c.kind == ATTACK)
        self.measures = tuple(c.id for c in deck.cards if c.kind == MEASURE)
        self.cards = tuple(c.id for c in deck.cards)

    def action_space(self) -> ActionSpace:
        return ActionSpace(self.game.table.decode)

    def observe(self, view: Mapping[str, Any], out: Features) -> None:
        me = view.get("you") or 0
        players = len(view["players"])

        def rel(seat: object) -> int | None:
            return None if not isinstance(seat, int) else (seat - me) % players

        seats = range(MAX_SEATS)
        out.scale("players", players, MAX_SEATS)
        out.flag("thief", view["role"] == "thief")
        out.one_hot("thief_seat", rel(view["thief"]), seats)
        out.scale("round", view["round"], MAX_ROUNDS)
        out.scale("rounds", view["rounds"], MAX_ROUNDS)
        out.one_hot("phase", view["phase"], PHASES)
        out.one_hot("turn", rel(view.get("turn")), seats)
        out.scale("pile", view["pile"], MAX_PILE)
        out.scale("thief_pile", view["thief_pile"], MAX_PILE)
        options = view["options"]
        out.flag("expert", options["expert"])
        out.scale("foil_points", options["foil_points"], MAX_SCORE)
        out.flag("defence_ask", options["defence"] == "ask")
        out.flag("measure_board_matching", options["measure_board"] == "matching")
        out.counts("hand", view.get("hand") or (), self.cards, MAX_COPIES)
        out.counts("discard", view["discard"], self.cards, MAX_COPIES)
        out.counts("thief_discard", view["thief_discard"], self.attacks, MAX_COPIES)
        out.counts("loot", view["loot"], self.data, MAX_COPIES)
        by_seat = {rel(p["seat"]): p for p in view["players"]}
        for k in seats:
            player = by_seat.get(k, {})
            name = f"seat{k}"
            out.flag(f"{name}.present", bool(player))
            out.flag(f"{name}.thief", player.get("role") == "thief")
            out.scale(f"{name}.hand", player.get("hand"), MAX_COPIES)
            out.scale(f"{name}.score", player.get("score"), MAX_SCORE)
            out.scale(f"{name}.skips", player.get("skips"), MAX_ROUNDS)
            out.counts(f"{name}.proofs", player.get("proofs") or (), self.attacks, MAX_COPIES)
            boards = player.get("boards") or {}
            for board_name in BOARDS:
                board = boards.get(board_name) or {}
                where = f"{name}.{board_name}"
                out.flag(f"{where}.opened", board.get("opened"))
                out.counts(f"{where}.data", board.get("data") or (), self.data, MAX_COPIES)
                out.counts(f"{where}.shown", board.get("shown") or (), self.measures, MAX_COPIES)
                out.scale(f"{where}.hidden", board.get("hidden"), MAX_COPIES)
                out.counts(
                    f"{where}.hidden_cards", board.get("hidden_cards") or (), self.measures,
                    MAX_COPIES,
                )
        attack = view.get("attack") or {}
        out.flag("attack", bool(attack))
        out.one_hot("attack.card", attack.get("card"), self.attacks)
        out.one_hot("attack.target", rel(attack.get("target")), seats)
        out.one_hot("attack.board", attack.get("board"), BOARDS)
