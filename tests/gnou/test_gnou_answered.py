"""Le jeu du Gnou's quiz once answered, on a screen with no seat (the projector, a
spectator's): the quiz went from the spotlight with the answer, and its explanation, the
point of the quiz, was only in the narration's answer line (up to ~450 characters), of
which only the first sentence showed beside a long quiz on a 1280×720 projector. The
answered quiz's place now shows the right choice, marked, and the whole explanation until
the next move; the narration says only whether the answer was right. A seat's screen (a
phone) keeps the whole line under its decision."""

from __future__ import annotations

from ludinum.engine import Action
from ludinum.games.gnou import GAME, GnouState
from ludinum.games.gnou.content import answer_key, load_bank
from tests.drawing import slot
from tests.gnou.helpers import answer, game, playing_room, roll
from tests.gnou.helpers import said as plain

TEXT = GAME.text




def _asked() -> GnouState:
    """Player 1 on an awareness cell (6), the protection chosen: a team quiz (G4); the next
    player's roll planned (1: onto a danger)."""
    state = game(dice=(6, 1))
    roll(state)
    assert state.step == "choose"
    state.apply(0, state.legal_actions(0)[0])
    assert state.quiz is not None and state.step == "answer"
    return state


def test_the_projector_shows_the_answered_quiz_until_the_next_move() -> None:
    state = _asked()
    question = load_bank().get(state.view(0)["quiz"]["id"])
    assert question is not None
    events = answer(state, right=False)
    shown = state.view(None)["answered"]
    key = answer_key(question.id)
    assert shown["id"] == question.id and shown["answer"] == key
    assert shown["choice"] != key and shown["explanation"] == question.explanation
    spot = plain(slot(playing_room(state), None, "spotlight"))
    assert 'class="spotlight answered"' in spot
    assert plain(question.explanation) in spot
    assert plain(f'La bonne réponse :</span> <span class="answered-mark" aria-hidden="true">✓'
                 f'</span> <span class="letter">{"ABCD"[key]}</span> '
                 f'{question.choices[key]}') in spot
    # The narration says whether it was right; the journal keeps the whole line.
    said = next(e for e in events if e.kind == "answer")
    assert TEXT.headline(said, "fr", state.view(None)) == (
        f"Mauvaise réponse de Joueur 1 ({'ABCD'[shown['choice']]}).")
    assert question.explanation in TEXT.event(said, "fr")
    # A seat's screen: nothing drawn, its narration the whole line.
    for seat in range(4):
        assert state.view(seat)["answered"] is None
        assert "answered" not in slot(playing_room(state), seat, "spotlight")
        assert TEXT.headline(said, "fr", state.view(seat)) is None
    # The next move: gone.
    roll(state)
    assert state.view(None)["answered"] is None
    assert "answered" not in slot(playing_room(state), None, "spotlight")


def test_a_right_answer_and_the_english_screen() -> None:
    state = _asked()
    question = load_bank().get(state.view(0)["quiz"]["id"])
    assert question is not None
    events = answer(state, right=True)
    said = next(e for e in events if e.kind == "answer")
    assert TEXT.headline(said, "fr", state.view(None)) == "Bonne réponse de Joueur 1 !"
    english = TEXT.localised(state.view(None), "en")["answered"]
    assert english["explanation"] == question.explanation_in("en")
    assert english["choices"] == list(question.choices_in("en"))
    spot = plain(slot(playing_room(state), None, "spotlight", "en"))
    assert "The right answer:" in spot and plain(question.explanation_in("en")) in spot


def test_rollouts_keep_no_answered_quiz() -> None:
    """Nobody reads a rollout's screens: ``advance`` without events keeps none (the fast
    paths' states stay those of ``apply``: test_gnou_speed_paths)."""
    state = _asked()
    assert state.quiz is not None
    key = answer_key(state.view(0)["quiz"]["id"])
    state.advance(0, Action.make("answer", choice=key))
    assert state.view(None)["answered"] is None


def test_a_spotlight_taken_at_once_leaves_the_whole_line_to_the_narration() -> None:
    """A new quiz asked at once (G5: a failed learner's pawn pushed back onto a liberty
    cell, G7: the giver's question then the learner's) or a danger card being resolved
    fills the spotlight: the answered quiz is not drawn there, and the narration keeps its
    whole line (it gives way sentence by sentence: docs/web.md). Told again after a later
    move (a screen reloaded once a new quiz was asked, narrating nothing), it reads as it
    did then: the view no longer has the quiz answered."""
    state = _asked()
    events = answer(state, right=True)
    said = next(e for e in events if e.kind == "answer")
    public = state.view(None)
    asked_at_once = {**public, "quiz": {"answerer": 1, "series": "culture", "level": 1}}
    assert TEXT.headline(said, "fr", asked_at_once) is None
    assert TEXT.headline(said, "fr", {**public, "danger": 2}) is None
    assert TEXT.headline(said, "fr", {**public, "answered": None}) == (
        "Bonne réponse de Joueur 1 !")


def test_a_protection_sought_right_after_the_answer_says_it_whole() -> None:
    """An answer right on a community cell brings the pawn to an awareness cell (6), where
    the next player chooses a protection: the projector showed the answered quiz beside that
    choice, its narration « Bonne réponse de Joueur 1 ! ». The chosen protection's quiz then
    took the spotlight, narrating nothing, so the narration kept that short line and the
    projector no longer said the right choice nor its explanation. The quiz's narration on
    a screen with no seat now says the answer whole, who gave it named; a seat's screen,
    which keeps the whole line under its decision, narrates nothing new."""
    state = game(dice=(1,))
    roll(state)  # cell 1, a community cell: Joueur 1's culture quiz
    question = load_bank().get(state.view(0)["quiz"]["id"])
    assert question is not None
    answer(state, right=True)
    assert state.pos == 6 and state.step == "choose" and state.current == 1
    assert state.view(None)["answered"]["id"] == question.id
    events = state.apply(1, state.legal_actions(1)[0])  # Joueur 2 seeks a protection
    asked = next(e for e in events if e.kind == "quiz")
    public = state.view(None)
    assert public["quiz"] is not None and public["answered"]["id"] == question.id
    key = answer_key(question.id)
    recap = TEXT.headline(asked, "fr", public)
    assert recap == (f"Bonne réponse de Joueur 1 : {'ABCD'[key]}. "
                     f"{question.choices[key].rstrip('.')}. "
                     f"Explication : {question.explanation}")
    # Only the spotlight's quiz is drawn: the answered one is not beside it.
    spot = slot(playing_room(state), None, "spotlight")
    assert "answered" not in spot and 'class="spotlight quiz' in spot
    for seat in range(4):
        assert TEXT.headline(asked, "fr", state.view(seat)) == ""
    english = TEXT.headline(asked, "en", TEXT.localised(public, "en"))
    assert english is not None and english.startswith("Right answer from Player 1: ")
    assert english.endswith(question.explanation_in("en"))
    # The next move: the answered quiz is gone from the view.
    answer(state, right=False)
    assert state.view(None)["answered"]["id"] != question.id


def test_a_wrong_answer_said_whole_names_the_right_choice() -> None:
    state = game(dice=(1,))
    roll(state)
    question = load_bank().get(state.view(0)["quiz"]["id"])
    assert question is not None
    events = answer(state, right=False)
    assert state.step == "roll"  # a wrong answer: the pawn stays, the next player rolls
    done = state.view(None)["answered"]
    said = next(e for e in events if e.kind == "answer")
    key = answer_key(question.id)
    from ludinum.games.gnou.text import _recap

    assert _recap(done, "fr").startswith(
        f"Mauvaise réponse de Joueur 1 ({'ABCD'[done['choice']]}). "
        f"Réponse correcte : {'ABCD'[key]}.")
    assert TEXT.event(said, "fr").startswith("Mauvaise réponse. Réponse correcte :")
