"""Quiz answers are knowledge, not search: the ISMCTS bot answers with its level's
accuracy (``knows_answer``) and never finds the key by searching the determinised state."""

from __future__ import annotations

import random

from ludinum.games import get_game, make_bot
from ludinum.games.gnou.content import answer_key


def quiz_positions(count: int) -> list[tuple[object, int]]:
    game = get_game("gnou")
    found = []
    seed = 0
    while len(found) < count:
        state = game.new_state(4, seed)
        rng = random.Random(seed)
        seed += 1
        while not state.is_terminal():
            player = state.active_players()[0]
            legal = state.legal_actions(player)
            if state.view(player)["step"] == "answer":
                found.append((state.clone(), player))
                break
            state.apply(player, legal[rng.randrange(len(legal))])
    return found


def test_hard_bot_answers_with_its_accuracy_not_the_key() -> None:
    for state, player in quiz_positions(6):
        quiz = state.view(player)["quiz"]  # type: ignore[attr-defined]
        right = answer_key(quiz["id"])
        sure = make_bot("gnou", "hard", seed=1, quiz_accuracy=1.0)
        never = make_bot("gnou", "hard", seed=1, quiz_accuracy=0.0)
        assert sure.choose(state, player).number("choice") == right  # type: ignore[arg-type]
        assert never.choose(state, player).number("choice") != right  # type: ignore[arg-type]
