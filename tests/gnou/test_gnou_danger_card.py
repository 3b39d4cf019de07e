"""Le jeu du Gnou's danger card while it is being resolved (G5: an offer to pass its
protection on, then the learner's quiz): a screen with no seat (the projector, a
spectator's) shows it in its spotlight, in large type where the quiz is, and no longer
under the board, where six players' protections pushed it past the projector's bottom; a
seat's screen keeps it under its board, its decision on top. The transmission's narrated
line leaves out how to protect oneself, which the screens then show."""

from __future__ import annotations

from ludinum.engine import Action
from ludinum.games.gnou import GAME, GnouState
from ludinum.games.gnou.content import load_dangers
from ludinum.games.gnou.text import localised_quiz
from tests.drawing import slot
from tests.gnou.helpers import game, playing_room, roll, said

TEXT = GAME.text
CARD = load_dangers()[2]  # a tracker (G1): the anti-spy tools remove it



def _offered() -> GnouState:
    """Player 1 on danger 2 without its protection, player 3 holding it: the offer (G5)."""
    state = game(dice=(2,), protections={2: ["anti_espion"]})
    roll(state)
    assert state.step == "offer"
    return state



def test_the_projector_shows_the_card_in_its_spotlight_not_under_its_board() -> None:
    for state in (_offered(), _learning()):
        room = playing_room(state)
        spot, board = said(slot(room, None, "spotlight")), said(slot(room, None, "board"))
        assert 'class="spotlight danger-card"' in spot
        for words in (CARD.title, CARD.text, "Comment s'en protéger ?", CARD.alternative):
            assert said(words) in spot, words
            assert said(words) not in board, words
        # The server's text of that screen says the same (tests/server/test_page_lines.py).
        assert CARD.title not in TEXT.view(state.view(None), "fr", board=False)
        assert CARD.title in TEXT.view(state.view(None), "fr")  # the terminal keeps it


def test_a_seats_screen_keeps_the_card_under_its_board() -> None:
    for state in (_offered(), _learning()):
        room = playing_room(state)
        for seat in range(4):
            spot, board = slot(room, seat, "spotlight"), said(slot(room, seat, "board"))
            assert "danger-card" not in spot
            assert said(CARD.text) in board and said(CARD.alternative) in board


def _learning() -> GnouState:
    """The offer taken: player 1 answers alone a quiz of the protection (G4, G5)."""
    state = _offered()
    state.apply(2, Action.make("transmit"))
    assert state.step == "answer" and state.danger == 2
    return state


def test_beside_the_learners_quiz_only_the_cards_text_may_give_way() -> None:
    """On a small projector (app.js, fitSpotlight) the card's text, read while the offer
    was pending, may give way beside the quiz, and the secret question's sentence before
    it; never the title nor how to protect oneself. While the offer is pending, nothing."""
    offered = slot(playing_room(_offered()), None, "spotlight")
    assert "data-gives-way" not in offered
    learning = slot(playing_room(_learning()), None, "spotlight")
    assert learning.count("data-gives-way") == 2
    assert '<p class="quiz-question" data-gives-way="1">' in learning
    assert '<p class="danger-text" data-gives-way="2">' in learning


def test_the_transmission_is_narrated_without_how_to_protect_oneself() -> None:
    """The journal line says how to protect oneself (G5); the narration, beside the card
    shown whole, names the danger only."""
    state = _offered()
    (told,) = [e for e in state.apply(2, Action.make("transmit")) if e.kind == "transmission"]
    for lang in ("fr", "en"):
        brief = TEXT.headline(told, lang)
        assert brief is not None and brief == TEXT.moment(told, lang)
        assert CARD.alternative_in(lang) in TEXT.event(told, lang)
        assert CARD.alternative_in(lang) not in brief
    assert TEXT.headline(told, "fr") == f"Joueur 3 explique le danger « {CARD.title} » à Joueur 1."


def test_the_danger_met_is_narrated_by_its_title_while_its_card_is_shown() -> None:
    """A spectator's screen narrated the danger met in full (title, text, how to protect
    oneself) under the card its spotlight shows whole: the card read twice. While the
    card is on the screen (the offer pending, G5), the narration of every screen that
    shows it (spotlight or under the board) names the danger only; the journal keeps the
    whole card. When the card is not shown (its danger removed at once), read in full."""
    from ludinum.server.framecache import FrameCache

    state = game(dice=(2,), protections={2: ["anti_espion"]})
    (met,) = [e for e in roll(state) if e.kind == "danger"]
    assert state.step == "offer"
    cache = FrameCache(playing_room(state), 0.0, ["random"])
    for seat in (None, 0, 2):  # the projector and a spectator, the player, the holder
        line, brief = cache.event_text(met, "fr", seat)
        assert said(CARD.text) in said(line) and said(CARD.alternative) in said(line)
        assert brief is not None
        assert said(CARD.title) in said(brief), brief
        assert said(CARD.text) not in said(brief) and "protéger" not in brief, brief
    assert TEXT.headline(met, "en", state.view(None)) == TEXT.moment(met, "en")
    # The card not on the screen: the narration reads it in full (no shorter form).
    removed = game(dice=(2,), protections={0: ["anti_espion"]})
    (met,) = [e for e in roll(removed) if e.kind == "danger"]
    assert removed.view(None).get("danger") is None
    assert FrameCache(playing_room(removed), 0.0, ["random"]).event_text(met, "fr", None)[1] is None


def test_the_projector_names_the_danger_that_sent_the_pawn_back_to_a_quiz() -> None:
    """The pawn sent back from a danger onto « la communauté du libre »: the next player's
    quiz fills the projector's spotlight, and the danger's line, read in full, was the first
    to give way in the narration's column (app.js fitNarration): the projector said « le pion
    recule en case 1 » and never which danger. It now names it by its title there; a
    player's screen, which scrolls, still reads the card in full."""
    from ludinum.server.framecache import FrameCache

    state = game(dice=(2,))
    (met,) = [e for e in roll(state) if e.kind == "danger"]
    assert state.view(None)["quiz"] is not None and state.view(None)["danger"] is None
    cache = FrameCache(playing_room(state), 0.0, ["random"])
    line, brief = cache.event_text(met, "fr", None)
    assert said(CARD.text) in said(line)  # the journal keeps the whole card
    assert brief is not None and len(brief) < 140  # app.js LONG_LINE: kept before the rest
    assert brief.startswith("Danger en case 2 «") and "protéger" not in brief
    for seat in (0, 1):
        assert cache.event_text(met, "fr", seat)[1] is None


def test_the_projector_names_the_danger_that_sent_the_pawn_back_to_an_awareness_cell() -> None:
    """The pawn sent back from the DRM danger (cell 7) onto an awareness cell (6): the
    projector's spotlight says « Léa choisit sur son écran la protection à chercher », and
    the danger's line, read in full (about 600 characters), gave way in the narration's
    column at 1280×720 and at 1920×1080 alike (met in play): the class read « Pas de
    protection : le pion recule en case 6 » and never which danger. Named by its title
    there, as beside a quiz; a player's screen, which scrolls, still reads it in full."""
    from ludinum.server.framecache import FrameCache

    state = game(pos=6, dice=(1,))
    (met,) = [e for e in roll(state) if e.kind == "danger"]
    assert state.step == "choose" and state.view(None)["quiz"] is None
    cache = FrameCache(playing_room(state), 0.0, ["random"])
    line, brief = cache.event_text(met, "fr", None)
    assert "Comment s'en protéger" in said(line)  # the journal keeps the whole card
    assert brief is not None and len(brief) < 140  # app.js LONG_LINE: kept before the rest
    assert brief.startswith("Danger en case 7 «") and "protéger" not in brief
    for seat in (0, 1):
        assert cache.event_text(met, "fr", seat)[1] is None


def test_the_learners_terminal_quiz_leaves_the_legend_and_protections_out() -> None:
    """In the terminal the learner's quiz under the card (G4, G5) is the screen's decision:
    the track and the turn stay, the card's title and how to protect oneself stay (what the
    giver explains), the track's legend and the seats' protections give way. Six players
    with protections ran that screen to 29 rows of a 24-row terminal."""
    state = game(players=6, dice=(2,), protections={
        1: ["logiciels_libres"], 2: ["anti_espion"], 3: ["action_citoyenne"],
        4: ["oeuvres_libres"], 5: ["services_decentralises"]})
    roll(state)
    offered = TEXT.view(state.view(0), "fr")
    assert "= pion" in offered and "Protections :" in offered  # the offer's screen keeps them
    state.apply(2, Action.make("transmit"))
    for lang, legend, held in (("fr", "= pion", "Protections :"), ("en", "= pawn", "Protections:")):
        learner = TEXT.view(state.view(0), lang)
        assert legend not in learner and held not in learner, learner
        assert CARD.title_in(lang) in learner and CARD.alternative_in(lang) in learner
        assert localised_quiz(state.view(0)["quiz"], lang)["question"] in learner
        assert learner.splitlines()[2].startswith("Turn" if lang == "en" else "Tour")
        # The web's text under its board (board=False) is unchanged: it keeps them.
        assert held in TEXT.view(state.view(0), lang, board=False)
