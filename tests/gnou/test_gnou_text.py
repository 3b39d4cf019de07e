"""What the Gnou says in each language: quiz question, choices, hint, explanation and
danger cards in English when the language is English, in French otherwise, with the same
hidden information (G4: a solo quiz is the answerer's alone until answered)."""

from __future__ import annotations

from markupsafe import escape

from ludinum.content.typography import french_spacing
from ludinum.engine import Action, Event
from ludinum.games.gnou import GAME, GnouState
from ludinum.games.gnou.content import Question, load_bank, load_dangers
from ludinum.games.gnou.text import _quiz_line, localised_quiz
from ludinum.server import framecache
from ludinum.server.rooms import PLAYING, Room
from ludinum.server.seats import Seat
from tests.drawing import slot
from tests.gnou.helpers import answer, game, roll
from tests.reading import plain_spaces

TEXT = GAME.text


def _question(state: GnouState, seat: int) -> Question:
    bank = load_bank()
    return bank.questions[bank.by_id[state.view(seat)["quiz"]["id"]]]


def _seeking(**options: object) -> GnouState:
    """Player 0 on an awareness cell (6), answering a team quiz on anti-spy tools."""
    state = game(pos=0, dice=(6,), **options)
    roll(state)
    state.apply(0, Action.make("seek", protection="anti_espion"))
    return state


def test_a_quiz_view_in_english_and_in_french() -> None:
    state = _seeking()
    q = _question(state, 0)
    assert q.question_en and q.question_en != q.question
    for seat in (0, 1, None):  # a team quiz: everyone sees it (G4)
        view = state.view(seat)
        english, french = TEXT.view(view, "en"), TEXT.view(view, "fr")
        assert q.question_en in english and q.question not in english
        assert q.question in french and q.question_en not in french
    view = state.view(0)
    answers = [a for a in state.legal_actions(0) if a.kind == "answer"]
    assert [TEXT.action(a, view, "en") for a in answers] == [
        f"{chr(65 + i)}. {c}" for i, c in enumerate(q.choices_en)
    ]
    assert [TEXT.action(a, view, "fr") for a in answers] == [
        f"{chr(65 + i)}. {c}" for i, c in enumerate(q.choices)
    ]


def test_the_hint_in_english() -> None:
    state = _seeking(game_master=True)
    q = _question(state, 0)
    assert "hint" not in localised_quiz(state.view(0)["quiz"], "en")
    state.apply(0, Action.make("hint"))
    view = state.view(None)
    assert f"Hint: {q.hint_en}" in TEXT.view(view, "en")
    assert f"Indice : {q.hint}" in TEXT.view(view, "fr")
    assert TEXT.localised(view, "en")["quiz"]["hint"] == q.hint_en
    assert TEXT.localised(view, "fr") is view


def test_the_explanation_follows_the_answer() -> None:
    for right in (True, False):
        state = _seeking()
        q = _question(state, 0)
        (event,) = [e for e in answer(state, right) if e.kind == "answer"]
        english, french = TEXT.event(event, "en"), TEXT.event(event, "fr")
        key = chr(65 + q.answer)
        # The right answer said once: « Bonne réponse : D. … », or which one it was; then
        # the explanation as a sentence of its own, named (a browser review read the choice
        # and the explanation run together as one sentence).
        assert english == ("Right answer: " if right else "Wrong answer. Correct answer: ") + (
            f"{key}. {q.choices_en[q.answer]}. Explanation: {q.explanation_en}")
        assert french == ("Bonne réponse : " if right else "Mauvaise réponse. Réponse "
                          "correcte : ") + (
            f"{key}. {q.choices[q.answer]}. Explication : {q.explanation}")


def test_a_solo_quiz_stays_hidden_in_english() -> None:
    """G4: during a transmission only the learner sees the question, in any language; the
    English never adds what the view does not show, nor the answer."""
    state = game(dice=(2,), protections={2: ["anti_espion"]})
    roll(state)
    state.apply(2, Action.make("transmit"))
    q = _question(state, 0)
    mine = TEXT.localised(state.view(0), "en")["quiz"]
    assert mine["question"] == q.question_en and mine["choices"] == list(q.choices_en)
    assert "answer" not in mine
    for other in (1, 2, 3, None):
        view = state.view(other)
        quiz = TEXT.localised(view, "en")["quiz"]
        assert "question" not in quiz and "choices" not in quiz and "id" not in quiz
        shown = TEXT.view(view, "en")
        assert q.question_en not in shown and q.question not in shown
        assert "Player 1 answers alone." in shown


def test_danger_cards_in_english_and_in_french() -> None:
    card = load_dangers()[2]
    assert card.title_en and card.text_en and card.alternative_en
    state = game(dice=(2,), protections={2: ["anti_espion"]})
    events = roll(state)
    (danger,) = [e for e in events if e.kind == "danger"]
    assert f"“{card.title_en}”" in TEXT.event(danger, "en")
    assert f"« {card.title} »" in TEXT.event(danger, "fr")
    view = state.view(None)  # the offer to pass on a protection shows the card
    assert card.text_en in TEXT.view(view, "en") and card.text not in TEXT.view(view, "en")
    assert card.text in TEXT.view(view, "fr")


def test_the_free_alternative_when_a_danger_is_removed() -> None:
    """The card's verso (the free alternative) is read with the danger (G5); the removal
    says that the cell becomes a free alternative."""
    card = load_dangers()[2]
    state = game(dice=(2,), protections={0: ["anti_espion"]})
    events = roll(state)
    (danger,) = [e for e in events if e.kind == "danger"]
    (removed,) = [e for e in events if e.kind == "danger_removed"]
    assert TEXT.event(danger, "en").endswith(card.alternative_en)
    assert TEXT.event(danger, "fr").endswith(card.alternative)
    assert TEXT.event(removed, "fr") == (
        "Danger éliminé par Joueur 1 (Dispositifs anti-espion) : la case devient une "
        "alternative libre.")


def test_an_unknown_question_or_card_falls_back() -> None:
    assert TEXT.event(Event("answer", {"question": "nope-1-01", "right": True}), "en") == (
        "Right answer!"
    )
    quiz = {"id": "nope-1-01", "question": "Qui ?", "choices": ["a", "b", "c"]}
    assert localised_quiz(quiz, "en") == quiz


def test_the_web_spotlight_speaks_the_client_language() -> None:
    state = _seeking()
    q = _question(state, 0)
    room = Room(1, "ABCD", GAME, state.config, "live", [Seat(i) for i in range(4)], "", state,
                status=PLAYING)
    english, french = slot(room, 0, "spotlight", "en"), slot(room, 0, "spotlight", "fr")
    en, fr = escape(q.question_en), escape(french_spacing(q.question))  # issue 16 §5
    assert en in english and fr not in english
    assert fr in french and en not in french


def test_a_public_quiz_is_said_with_its_question_and_a_solo_one_is_not() -> None:
    """Who did not answer (a teammate, a person watching a bot in the terminal) reads what
    was asked; a solo question stays the answerer's until answered (G4)."""
    bank = load_bank()
    q = bank.questions[0]
    public = Event("quiz", {"answerer": 1, "series": q.series, "level": q.level,
                            "purpose": "seek", "solo": False, "question": q.id})
    from ludinum.games.gnou.text import _quoted  # inner quotes made second-level ones

    assert TEXT.event(public, "fr").endswith(_quoted(q.question, "fr"))
    assert TEXT.event(public, "en").endswith(_quoted(q.question_en, "en"))
    solo = Event("quiz", {"answerer": 1, "series": q.series, "level": q.level,
                          "purpose": "learn", "solo": True})
    assert "«" not in TEXT.event(solo, "fr") and "“" not in TEXT.event(solo, "en")


def test_the_quiz_is_said_once_where_a_board_is_drawn_beside_the_text() -> None:
    """On the web the spotlight draws the quiz; the seat's text does not repeat it. The
    terminal (board=True) still prints it."""
    state = _seeking()
    q = _question(state, 0)
    assert q.question in TEXT.view(state.view(0), "fr")
    assert q.question not in TEXT.view(state.view(0), "fr", board=False)


def test_the_narration_leaves_the_question_to_the_spotlight() -> None:
    """While a public quiz is asked the screens show its question in large type: the
    narration's line (``brief``) names who answers and the series, the journal's line keeps
    the question for who reads it later."""
    state = _seeking()
    room = Room(1, "ABCD", GAME, state.config, "live", [Seat(i) for i in range(4)], "", state,
                status=PLAYING)
    cache = framecache.FrameCache(room, 0.0, [])
    q = load_bank().questions[0]
    quiz = Event("quiz", {"answerer": 1, "series": q.series, "level": q.level,
                          "purpose": "seek", "solo": False, "question": q.id})
    text, brief = cache.event_text(quiz, "fr")
    word = max(q.question.split(), key=len).strip("«»?!.,:;\u202f“”")  # the question's
    assert word in text
    assert brief is not None and text.startswith(brief) and brief.endswith(
        f"niveau {q.level}.")
    assert "«" not in brief and word not in brief
    english = cache.event_text(quiz, "en")[1]
    assert english is not None and english.startswith("Quiz for ") and "“" not in english
    assert TEXT.headline(Event("roll", {"player": 0, "dice": [3], "to": 3}), "fr") is None


def test_the_phone_says_what_seeking_and_passing_on_are_about() -> None:
    """« Transmettre ma protection » and five « Chercher … » came without a word on which
    protection, for whom, or what follows."""
    import random

    from tests.server import socketless

    said = socketless.decisions_shown(socketless.playing_room("gnou", 3, 3), random.Random(3),
                                      ("seek", "transmit"))
    assert set(said) == {"seek", "transmit"}
    assert "choisis la protection que tu veux gagner. Une question suit" in said["seek"]
    assert 'class="act primary"' not in said["seek"]  # no choice nudged
    assert "est sur un danger (case " in said["transmit"]
    assert "répond bien à la question qui suit, le danger est éliminé" in said["transmit"]


def _fills(svg: str) -> dict[str, set[str]]:
    """The colour of each kind of cell on a drawn board (``cell-KIND``: its square's fill)."""
    import re

    square = r'<g class="cell cell-([a-z]+)[^"]*"><rect [^>]*fill="(#[0-9a-f]+)"'
    found: dict[str, set[str]] = {}
    for kind, fill in re.findall(square, svg):
        found.setdefault(kind, set()).add(fill)
    return found


def test_the_board_has_the_colours_of_the_paper_board() -> None:
    """« 30 cases danger, de couleur rouge clair » ; « 4 cases libertés, de couleur bleue » ;
    « 1 case GULL […] bleue » ; « 1 case communauté du libre, de couleur bleue » ; « 5 cases
    sensibilisation, de couleur verte » ; « 1 case arrivée société libre, de couleur verte » ;
    « lorsque le danger est éliminé, la case devient une case alternative libre, vert clair »
    (G1). A player who knows the paper board finds its colours, each with its symbol."""
    state = game(dice=(2,), protections={0: ["anti_espion"]})
    roll(state)  # the danger of cell 2 removed: a free alternative
    room = Room(1, "ABCD", GAME, state.config, "live", [Seat(i) for i in range(4)], "", state,
                status=PLAYING)
    ground, drawn = _fills(slot(room, None, "ground")), _fills(slot(room, None, "map"))
    red, blue, green, light_green = "#fecaca", "#bfdbfe", "#86efac", "#dcfce7"
    assert ground["danger"] == {red}
    for kind in ("liberty", "gull", "community"):
        assert ground[kind] == {blue}, kind
    assert ground["awareness"] == {green} and ground["end"] == {green}
    assert drawn["danger"] == {light_green}
    assert light_green not in {c for fills in ground.values() for c in fills}


def test_the_answerer_s_phone_does_not_narrate_its_own_quiz_again() -> None:
    """The answerer's phone read « Action citoyenne · niveau 1 · question pour Noé » above
    the question and its answers, then under them « Quiz pour Noé : Action citoyenne,
    niveau 1. »: the same words twice, a box more to scroll past. Its spotlight says it:
    nothing is narrated there; the other screens keep the line (G4: a teammate of a solo
    question sees no question, the line tells whose it is)."""
    state = game(dice=(1,))
    (quiz,) = [e for e in roll(state) if e.kind == "quiz"]
    answerer = quiz.data["answerer"]
    assert TEXT.headline(quiz, "fr", state.view(answerer)) == ""
    room = Room(1, "ABCD", GAME, state.config, "live", [Seat(i) for i in range(4)], "", state,
                status=PLAYING)
    cache = framecache.FrameCache(room, 0.0, [])
    assert cache.event_text(quiz, "fr", answerer)[1] == ""


def test_no_screen_narrates_a_quiz_its_spotlight_shows() -> None:
    """The projector and the teammates' phones read « Action citoyenne · niveau 1 ·
    question pour Tom » above the question, then « Quiz pour Tom : Action citoyenne,
    niveau 1. » under it (met in play, 1920×1080 and 390×844): said twice. A solo question
    (G4), hidden from the teammates, was said three times there: the heading, « Tom répond
    sans l'aide de l'équipe : la question reste secrète jusqu'à sa réponse », the line.
    While a screen's spotlight shows the quiz, none narrates it; once answered, the journal
    line comes back (the view has no quiz)."""
    team = game(dice=(1,))
    (asked,) = [e for e in roll(team) if e.kind == "quiz"]
    solo = game(dice=(2,), protections={3: ["anti_espion"]})
    roll(solo)
    (alone,) = [e for e in solo.apply(3, Action.make("transmit")) if e.kind == "quiz"]
    assert alone.data["solo"] and not asked.data["solo"]
    for state, quiz in ((team, asked), (solo, alone)):
        room = Room(1, "ABCD", GAME, state.config, "live", [Seat(i) for i in range(4)], "",
                    state, status=PLAYING)
        cache = framecache.FrameCache(room, 0.0, [])
        for seat in (None, *range(4)):
            assert state.view(seat)["quiz"]["answerer"] == quiz.data["answerer"]
            assert cache.event_text(quiz, "fr", seat)[1] == "", seat
    answer(team, True)
    assert TEXT.headline(asked, "fr", team.view(None)) == _quiz_line(asked.data, "fr")


def test_a_teammate_s_phone_says_to_talk_a_team_question_over() -> None:
    """While a team question was asked (G4: the team may discuss before the answerer
    answers), the teammates' phones said « Attends ton tour… » under it: a pupil read it
    as « not your business ». They now say to talk it over, the answerer choosing on their
    phone; beside a solo question (G4, G5), that no help is given this time; between
    quizzes, « Attends ton tour… » as before."""
    team = game(dice=(1,))
    roll(team)
    solo = game(dice=(2,), protections={3: ["anti_espion"]})
    roll(solo)
    solo.apply(3, Action.make("transmit"))
    for state, said in ((team, "discutez ensemble de la réponse"), (solo, "Pas d'aide")):
        room = Room(1, "ABCD", GAME, state.config, "live", [Seat(i) for i in range(4)], "",
                    state, status=PLAYING)
        cache = framecache.FrameCache(room, 0.0, [])
        answerer = state.view(None)["quiz"]["answerer"]
        assert cache.wait(answerer, "fr") == ""  # its decision: the answers
        for seat in set(range(4)) - {answerer}:
            assert said in cache.wait(seat, "fr"), cache.wait(seat, "fr")
            assert "Attends ton tour" not in cache.wait(seat, "fr")
            assert cache.wait(seat, "en") and "Attends" not in cache.wait(seat, "en")
    answer(team, True)
    room = Room(1, "ABCD", GAME, team.config, "live", [Seat(i) for i in range(4)], "", team,
                status=PLAYING)
    waiting = set(range(4)) - {team.current}
    assert {framecache.FrameCache(room, 0.0, []).wait(s, "fr") for s in waiting} == {
        "Attends ton tour…"}


def test_a_hint_is_narrated_as_asked_by_the_answerer() -> None:
    """With hints on (G8's option: « celui qui répond à un quiz peut demander un indice »),
    the answerer taps « Demander un indice » on the phone, and every screen read « Le meneur
    de jeu donne un indice. »: no game master was there (met in play). It now says who
    asked."""
    state = game(dice=(1,), game_master=True)
    roll(state)
    answerer = state.view(None)["quiz"]["answerer"]
    (hint,) = state.apply(answerer, Action.make("hint"))
    assert hint.kind == "hint"
    said = TEXT.with_names(TEXT.event(hint, "fr"), ["Léa", "Tom", "Inès", "Noah"], "fr")
    assert said == f"{['Léa', 'Tom', 'Inès', 'Noah'][answerer]} demande un indice.", said
    assert "meneur" not in said
    english = TEXT.event(hint, "en")
    assert english.endswith("asks for a hint.") and "game master" not in english


def test_the_game_s_card_says_its_player_count_once() -> None:
    """The home page's card read « Jeu coopératif (2 à 6 joueurs) : l'équipe… » then, under
    it, « 2 à 6 joueurs · coopératif » (frag/game_meta.html), and the terminal's list
    prints the count before the summary too: said twice. The summary no longer says it."""
    for summary in (GAME.summary_fr, GAME.summary_en):
        assert f"{GAME.min_players} à {GAME.max_players}" not in summary
        assert f"{GAME.min_players} to {GAME.max_players}" not in summary
    assert GAME.summary_fr.startswith("Jeu coopératif : l'équipe")


def test_an_ended_game_says_none_not_none_yet() -> None:
    """The end screen read « Joueur 1 : aucune pour l'instant »: once the game is over
    there is no « pour l'instant » (nor "yet"), on the terminal's line of seats without
    any as on each seat's line."""
    state = game(protections={2: ["anti_espion"]})
    playing = state.view(0)
    for lang, yet in (("fr", "aucune pour l'instant"), ("en", "none yet")):
        assert yet in TEXT.view(playing, lang, board=False).lower()
    ended = {**playing, "result": "lose"}
    for board in (True, False):
        fr, en = TEXT.view(ended, "fr", board=board), TEXT.view(ended, "en", board=board)
        assert "pour l'instant" not in fr and "yet" not in en.lower(), (fr, en)
    assert "Joueur 1 (toi) : aucune" in plain_spaces(TEXT.view(ended, "fr", board=False))
    assert "Aucune : Joueur 1 (toi), Joueur 2, Joueur 4" in plain_spaces(
        TEXT.view(ended, "fr", board=True))


def test_a_solo_quiz_s_answer_tells_its_question() -> None:
    """G4 hides a solo question until it is answered: its answer's line read « Bonne
    réponse : A. VLC. » to a table that never heard the question. Once answered, the line
    tells the question first; a team quiz's was told with the quiz, and is not repeated."""
    state = game(dice=(2,), protections={2: ["anti_espion"]})
    roll(state)
    state.apply(2, Action.make("transmit"))
    q = _question(state, 0)
    said = {ev.kind: ev for ev in answer(state, True)}["answer"]
    assert said.data["solo"] is True
    fr, en = TEXT.event(said, "fr"), TEXT.event(said, "en")
    assert plain_spaces(fr).startswith(f"« {plain_spaces(q.question)} » Bonne réponse : "), fr
    assert en.startswith(f"“{q.question_en}” Right answer: "), en
    team = _seeking()
    question = _question(team, 0)
    said = {ev.kind: ev for ev in answer(team, True)}["answer"]
    assert said.data["solo"] is False
    assert question.question not in TEXT.event(said, "fr")
    assert plain_spaces(TEXT.event(said, "fr")).startswith("Bonne réponse : ")


def test_a_teammate_s_terminal_lists_a_team_question_s_choices() -> None:
    """One device passed around: « Ton tour est fini » under a bot's question showed the
    question alone, nothing to talk over (G4: the team discusses). A teammate's terminal
    lists the choices; the answerer's has them in its menu, not twice; a solo question
    shows neither to the teammates."""
    state = _seeking()
    q = _question(state, 0)
    teammate = plain_spaces(TEXT.view(state.view(1), "fr"))
    assert all(f"  {chr(65 + i)}. {plain_spaces(c)}" in teammate
               for i, c in enumerate(q.choices)), teammate
    answerer = plain_spaces(TEXT.view(state.view(0), "fr"))
    assert plain_spaces(q.question) in answerer
    assert f"  A. {plain_spaces(q.choices[0])}" not in answerer
    solo = game(dice=(2,), protections={2: ["anti_espion"]})
    roll(solo)
    solo.apply(2, Action.make("transmit"))
    hidden = _question(solo, 0)
    shown = TEXT.view(solo.view(1), "fr")
    assert hidden.question not in shown and hidden.choices[0] not in shown
