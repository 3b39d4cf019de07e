"""What each Gnou seat may see (``view``) and a redraw of what it may not (``redraw``, for
the search bots' determinisations).

Everything is public but the order of the quiz piles and a solo question (G4) while its
answerer alone reads it."""

from __future__ import annotations

import random
from typing import Any

from ludinum.games.gnou.content import PROTECTIONS
from ludinum.games.gnou.rules import END, SERIES_INDEX, SHIELD, SOLO, Rules


def view(s: Rules, player: int | None) -> dict[str, Any]:
    """What ``player`` (None: the table, a spectator) may see: everything but the order of
    the quiz piles, and a solo question (G4) while another seat answers it; on a screen
    with no seat, the quiz the last move answered (:func:`answered`)."""
    quiz: dict[str, Any] | None = None
    if s.quiz is not None:
        q = s.bank.questions[s.quiz[0]]
        answerer = s.quiz[2]
        solo = s.quiz[1] in SOLO
        quiz = {
            "answerer": answerer,
            "series": q.series,
            "level": q.level,
            "purpose": s.quiz[1],
            "solo": solo,
        }
        # G4: a solo question is hidden from the teammates until it is answered.
        if not solo or player == answerer:
            quiz["id"] = q.id
            quiz["question"] = q.question
            quiz["choices"] = list(q.choices)
            if s.quiz[4]:
                quiz["hint"] = q.hint
    offer = None
    if s.step == "offer":
        offer = {
            "learner": s.current,
            "cell": s.danger,
            "protection": PROTECTIONS[SHIELD[s.cells[s.danger].detail]],
            "holders": list(s.offer),
        }
    return {
        "game": "gnou",
        "seat": player,
        "players": s.n,
        "turn": s.turn,
        "turn_limit": s.limit,
        "dice": s.dice,
        "pawn": s.pos,
        "current": s.current,
        "step": s.step,
        "removed": [c for c in range(END) if s.removed >> c & 1],
        "protections": [
            [PROTECTIONS[i] for i in range(len(PROTECTIONS)) if s.prot[p] >> i & 1]
            for p in range(s.n)
        ],
        "levels": list(s.levels),
        "danger": s.danger if s.danger >= 0 else None,
        "quiz": quiz,
        "answered": answered(s) if player is None else None,
        "offer": offer,
        "hard_mode": s.hard,
        "game_master": s.gm,
        "result": s.result or None,
    }


def answered(s: Rules) -> dict[str, Any] | None:
    """The quiz the last move answered, for the screens with no seat (the projector, a
    spectator's), which show it in the answered quiz's place until the next move: the
    question, its choices, the right one and the one chosen, and the explanation, all
    public once answered (G4 hides a solo question only until its answer). None when no
    quiz was just answered. Where the spotlight is taken at once (a new quiz asked, a
    danger card being resolved) it is not drawn (board.js), and the narration says the
    answer and its explanation (``GnouText.headline``)."""
    if s.answered is None:
        return None
    index, answerer, choice = s.answered
    q = s.bank.questions[index]
    return {
        "id": q.id,
        "answerer": answerer,
        "series": q.series,
        "level": q.level,
        "question": q.question,
        "choices": list(q.choices),
        "answer": q.answer,
        "choice": choice,
        "explanation": q.explanation,
    }


def redraw(s: Rules, twin: Rules, observer: int, rng: random.Random) -> None:
    """In ``twin``, a copy of ``s``: the quiz cards ``observer`` has not seen redrawn from
    ``rng``, and a solo question it cannot see (G4) too."""
    keep = -1
    if s.quiz is not None:
        hidden = s.quiz[1] in SOLO and observer != s.quiz[2]
        keep = -1 if hidden else s.quiz[0]
    for key, pile in enumerate(twin.piles):
        if pile is None:
            continue  # never drawn: it will be shuffled by the twin's own generator
        # Sorted first: the determinisation depends on what the observer knows and on
        # ``rng`` only, never on the hidden order of the real pile.
        cards = sorted(pile)
        if keep in cards:
            cards.remove(keep)
            rng.shuffle(cards)
            cards.append(keep)
        else:
            rng.shuffle(cards)
        twin.piles[key] = tuple(cards)
    if twin.quiz is not None and keep == -1:
        q = s.bank.questions[s.quiz[0]] if s.quiz else None
        assert q is not None
        key = SERIES_INDEX[q.series] * 3 + q.level - 1
        pile = twin.piles[key]
        assert pile is not None  # the pending question was drawn from it
        options = [i for i in pile if len(s.bank.questions[i].choices) == len(q.choices)]
        pick = options[rng.randrange(len(options))]
        rest = [i for i in pile if i != pick]
        twin.piles[key] = (*rest, pick)
        twin.quiz[0] = pick
