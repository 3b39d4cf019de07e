"""The Gnou heuristic bot: seeks the protection the team lacks most, passes protections on."""

from __future__ import annotations

from ludinum.bots.base import Bot, knows_answer
from ludinum.engine import Action, State
from ludinum.games.gnou.content import PROTECTION_FOR, answer_key, load_board
from ludinum.games.gnou.rules import HINT, TRANSMIT

HINT_BONUS = 0.15
LOOKAHEAD = 14


class GnouBot(Bot):
    level = "heuristic"

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        view = state.view(player)
        step = view["step"]
        if step == "offer":
            return TRANSMIT  # passing a protection on beats a certain push back (G5)
        if step == "answer":
            if HINT in legal:
                return HINT
            quiz = view["quiz"]
            bonus = HINT_BONUS if "hint" in quiz else 0.0
            choice = knows_answer(self, answer_key(quiz["id"]), len(quiz["choices"]), bonus)
            return Action.make("answer", choice=choice)
        if step == "choose":
            return max(legal, key=lambda a: self._worth(view, a.word("protection")))
        return legal[self.rng.randrange(len(legal))]

    def _worth(self, view: dict[str, object], protection: str) -> float:
        """Active dangers of that protection's type ahead, nearer ones counting more;
        halved when a teammate already has it (it can be passed on)."""
        board = load_board()
        pawn = int(view["pawn"])  # type: ignore[call-overload]
        removed = set(view["removed"])  # type: ignore[call-overload]
        worth = 0.0
        for cell in board[pawn + 1 :]:
            if (
                cell.kind == "danger"
                and cell.index not in removed
                and PROTECTION_FOR[cell.detail] == protection
            ):
                worth += 2.0 if cell.index - pawn <= LOOKAHEAD else 0.5
        team = view["protections"]
        if any(protection in have for have in team):  # type: ignore[attr-defined]
            worth *= 0.5
        return worth + self.rng.random() * 0.01
