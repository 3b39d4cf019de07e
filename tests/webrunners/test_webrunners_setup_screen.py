"""The setup on the projector (W15, W13): while the table answers the two questions that
choose who starts, then picks characters, the shared screen said only « À qui le tour :
Léa, Sami, Tom », never what was being asked. Its spotlight now says it in large type,
in French and English, and nothing anyone answered."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from ludinum.engine import Action
from ludinum.games import registry
from ludinum.server.rooms import PLAYING, Room, Seat
from tests.drawing import slot
from tests.reading import unescaped


def _room(players: int = 3, **options: str) -> Room:
    game = registry().get("webrunners")
    state = game.new_state(players, seed=4, options=options or None)
    seats = [Seat(i) for i in range(players)]
    for seat, name in zip(seats, ("Inès", "Sami", "Tom", "Léa"), strict=False):
        seat.make_human(name, "x")
    return Room(1, "SETUP", game, state.config, "turns", seats, "", state, status=PLAYING)


def _said(room: Room, seat: int | None = None, lang: str = "fr") -> list[str]:
    """The spotlight's paragraphs, French no-break spaces read as spaces."""
    html = slot(room, seat, "spotlight", lang)
    return [unescaped(re.sub(r"<[^>]+>", "", p))
            for p in re.findall(r"<p[^>]*>(.*?)</p>", html)]


def test_the_projector_says_which_question_the_table_answers() -> None:
    room = _room()
    assert _said(room) == [
        "Qui commence ? Question 1 sur 2",
        "Combien as-tu de comptes sur les réseaux sociaux ?",
        # no « sur son téléphone »: a device passed from hand to hand shows it too
        "Chacun répond en secret : celui ou celle qui a le moins de comptes commence."]
    assert _said(room, lang="en")[:2] == ["Who starts? Question 1 of 2",
                                          "How many social-network accounts do you have?"]
    assert _said(room, 0) == []  # a phone asks the question itself, above its answers
    room.apply(0, Action.make("accounts", n=3), 0.0)
    assert _said(room)[0] == "Qui commence ? Question 1 sur 2"  # until everyone answered
    room.apply(1, Action.make("accounts", n=3), 1.0)
    room.apply(2, Action.make("accounts", n=7), 2.0)
    said = _said(room)
    assert said[:2] == ["Qui commence ? Question 2 sur 2",
                        "À quel âge as-tu eu ton premier téléphone ?"]
    # the same words whether the first question was a tie or not (W15): no answer shown
    assert "égalité à la première question" in said[2]
    assert not any(re.search(r"\b[37]\b", line) for line in said)
    for p, age in enumerate((11, 12, 13)):
        room.apply(p, Action.make("phone", age=age), 3.0 + p)
    assert room.state.view(None)["phase"] == "main"
    assert _said(room) == []  # the game is under way: the board and the narration


def test_the_projector_says_who_chooses_a_character_and_which_are_free() -> None:
    room = _room(first_player="host", characters="chosen")
    assert _said(room) == [
        "Choix des personnages", "Inès choisit son personnage.",
        "Encore libres : White Hat, Influenceuse, Cyber-activiste, Geekcolo. Chaque "
        "personnage a un pouvoir, à utiliser une fois dans la partie."]
    room.apply(0, Action.make("character", name="influenceuse"), 0.0)
    assert _said(room)[1:] == [
        "Sami choisit son personnage.",
        "Encore libres : White Hat, Cyber-activiste, Geekcolo. Chaque personnage a un "
        "pouvoir, à utiliser une fois dans la partie."]
    assert _said(room, lang="en") == [
        "Choosing the characters", "Sami chooses a character.",
        "Still free: White Hat, Cyber-activist, Geekcolo. Each character has a power, to "
        "use once in the game."]


def test_the_set_up_form_says_what_each_theme_speaks_of() -> None:
    # The theme list read « Relations, Santé, Information, Éducation »: a teacher could not
    # tell that « Relations » is the theme whose cards speak of nudes and pornography.
    from ludinum.games.webrunners.options import OPTIONS

    theme = OPTIONS["theme"]
    assert [theme.named_label(t, "fr") for t in theme.choices] == [
        "Vie relationnelle, affective et sexuelle",
        "Santé physique, mentale et environnementale",
        "Information, technique et esprit critique", "Éducation et culture"]
    assert theme.named_label("relations", "en") == "Relationships, love and sexuality"


def test_a_theme_has_one_name_on_the_form_and_the_board() -> None:
    """The set-up list said « Information et esprit critique », the projector's header
    (the game's content, W16) « Information, technique et esprit critique »: the theme
    the teacher picked is named the same on the form, the board (its text and the page's)
    and the debrief's options."""
    from ludinum.games.webrunners.data import THEME_DATA
    from ludinum.games.webrunners.options import OPTIONS
    from ludinum.server import render
    from tests.drawing import state_of
    from tests.server.test_page_lines import page_lines

    game = registry().get("webrunners")
    for lang in ("fr", "en"):
        for name in OPTIONS["theme"].choices:
            said = OPTIONS["theme"].label(name, lang)
            assert said == THEME_DATA[name]["name_en" if lang == "en" else "name_fr"]
            state = game.new_state(3, seed=1, options={"theme": name})
            seats = [Seat(i) for i in range(3)]
            for seat in seats:
                seat.make_human(f"Joueur{seat.index + 1}", "x")
            room = Room(1, "THEME", game, state.config, "turns", seats, "", state,
                        status=PLAYING)
            server = render.lines(game, state.view(None), lang, [])
            page = page_lines("webrunners", state_of(room, None, lang), None, lang)
            for lines in (server, page):
                assert lines[0].startswith(f"Web Runners — {said}"), (lang, lines)


def test_a_finished_game_shows_nobody_to_play() -> None:
    # The end screen's board still read « Sami : White Hat ⟵ à son tour » and « ▶ Sami ».
    from ludinum.games.webrunners.base import MAIN, OVER

    room = _room()
    state: Any = room.state
    state.cur = 1
    for phase, shown in ((MAIN, True), (OVER, False)):
        state.phase = phase
        drawn = " ".join(unescape(re.sub(r"<[^>]+>", " ", slot(room, None, name)))
                         for name in ("map", "board"))
        assert ("à son tour" in drawn) is shown, drawn
        assert ("▶ " in room.game.text.view(state.view(None), "fr")) is shown
