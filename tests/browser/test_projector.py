"""Issue 21 on the projector (1920×1080): once the game starts the lobby folds away (the
join code stays, small, for late joiners), the board fills the screen without scrolling,
the turn banner and the narrated move are large (≥ 28 px), the room's controls fold into a
side panel; removing a pupil mid-game asks for confirmation."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ludinum.games import registry
from tests.browser.helpers import TIMEOUT, create_room, join, open_table, stale_slots
from tests.browser.test_layout_fit import paused_table

pytestmark = pytest.mark.slow

GAMES = [g.name for g in registry()]
PROJECTOR = {"viewport": {"width": 1920, "height": 1080}}


@pytest.fixture
def contexts(browser: Any) -> Iterator[list[Any]]:
    made = [browser.new_context(**PROJECTOR), browser.new_context(), browser.new_context()]
    yield made
    for context in made:
        context.close()


def font_px(page: Any, selector: str) -> float:
    """The element's font size; asked again if a fragment was swapped under the query."""
    for _ in range(20):
        size: str = page.locator(selector).first.evaluate(
            "e => e.isConnected ? getComputedStyle(e).fontSize : ''")
        if size:
            return float(size.removesuffix("px"))
        page.wait_for_timeout(50)
    raise AssertionError(f"{selector} never stayed on the page")


def start(live: Any, contexts: list[Any], game: str) -> tuple[Any, Any, str]:
    host, lea, sami = (c.new_page() for c in contexts)
    code = create_room(host, live.url, game, 3)
    join(lea, live.url, code, "Léa")
    join(sami, live.url, code, "Sami")
    host.wait_for_function(
        "() => document.querySelectorAll('.seat-human').length === 2", timeout=TIMEOUT)
    assert host.locator(".qr-box").is_visible()  # the lobby: code, QR code, controls
    assert host.locator("[data-room-panel]").get_attribute("open") is not None
    # Nothing of the game to answer yet: Web Runners' first question waits for the start.
    assert not host.locator('[data-slot="spotlight"]').is_visible()
    host.click('[data-cmd="start"]')
    host.wait_for_function("() => document.body.dataset.status === 'playing'",
                           timeout=TIMEOUT)
    return host, lea, code


@pytest.mark.parametrize("game", GAMES)
def test_the_board_fills_the_projector(game: str, live: Any, contexts: list[Any]) -> None:
    host, _, code = start(live, contexts, game)
    host.wait_for_selector('[data-slot="map"] svg', timeout=TIMEOUT)
    assert not host.locator(".qr-box").is_visible()
    assert host.locator(".room-code").is_visible()
    assert host.inner_text(".room-code").strip() == code
    assert font_px(host, ".room-code") <= 48  # small, in a corner
    assert host.locator("[data-room-panel]").get_attribute("open") is None
    assert not host.locator('[data-cmd="start"]').is_visible()
    scroll = host.evaluate("() => [document.documentElement.scrollHeight, innerHeight,"
                           " document.documentElement.scrollWidth, innerWidth]")
    assert scroll[0] <= scroll[1] and scroll[2] <= scroll[3], scroll  # no scrolling
    board = host.locator('[data-slot="map"] svg').bounding_box()
    assert board is not None
    assert board["width"] >= 0.5 * 1920 or board["height"] >= 0.6 * 1080, board
    assert board["y"] < 200  # at the top, not under the lobby
    if game == "webrunners":  # W15's first question, now that the phones can answer it
        host.wait_for_selector('[data-slot="spotlight"] .quiz-question', timeout=TIMEOUT)
    assert font_px(host, ".stage .status") >= 28
    for selector in (".stage .board-svg .legend", ".stage [data-slot='board']"):
        assert font_px(host, selector) >= 28, selector


def test_removing_a_pupil_mid_game_asks_first(live: Any, contexts: list[Any]) -> None:
    host, _, code = start(live, contexts, "gnou")
    room = live.hub.rooms[code]
    host.click("[data-room-panel] > summary")
    kick = host.locator('[data-cmd="kick"][data-seat="0"]')
    host.once("dialog", lambda dialog: dialog.dismiss())
    kick.click()
    host.wait_for_timeout(300)
    assert room.seats[0].kind == "human" and room.seats[0].nickname == "Léa"
    host.once("dialog", lambda dialog: dialog.accept())
    kick.click()
    host.wait_for_function(
        "() => document.querySelectorAll('.seat-human').length === 1", timeout=TIMEOUT)
    assert room.seats[0].kind != "human" or room.seats[0].nickname != "Léa"


def test_a_pupils_seat_goes_to_a_bot_only_when_asked_twice(live: Any, contexts: list[Any]
                                                            ) -> None:
    """In the lobby the free seat's « Confier à un bot » and a pupil's « Remplacer par un
    bot » differ, and the second asks first: one tap on the wrong row took a child's seat."""
    host, lea = contexts[0].new_page(), contexts[1].new_page()
    code = create_room(host, live.url, "gnou", 3)
    join(lea, live.url, code, "Léa")
    host.wait_for_function(
        "() => document.querySelectorAll('.seat-human').length === 1", timeout=TIMEOUT)
    room = live.hub.rooms[code]
    pupil = host.locator('[data-cmd="bot"][data-seat="0"]')
    assert pupil.inner_text() == "Remplacer par un bot"
    assert host.locator('[data-cmd="bot"][data-seat="1"]').inner_text() == "Confier à un bot"
    asked: list[str] = []

    def dismiss(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    host.once("dialog", dismiss)
    pupil.click()
    host.wait_for_timeout(300)
    assert asked and "Léa" in asked[0], asked
    assert room.seats[0].kind == "human" and room.seats[0].nickname == "Léa"
    host.once("dialog", lambda dialog: dialog.accept())
    pupil.click()
    host.wait_for_function(
        "() => document.querySelectorAll('.seat-human').length === 0", timeout=TIMEOUT)
    assert room.seats[0].kind == "bot"


def test_the_quiz_explanation_is_large_on_the_projector(live: Any, browser: Any) -> None:
    """After a Gnou answer, the projector shows it in large type: the correct answer marked
    and the card's explanation (G4) in the answered quiz's place (its narration, which
    said them, ran to ~450 characters), the narration saying, with the pupil's nickname,
    whether the answer was right."""
    from tests.browser.test_phone_screens import PHONE, play_until

    contexts: list[Any] = []
    try:
        host, _, phones = open_table(browser, live.url, "gnou", ("Léa", "Sami", "Tom"),
                                     contexts, PHONE)

        # Every answered quiz the projector shows is kept: the next move takes it away.
        host.evaluate("""() => {
          window.answers = [];
          new MutationObserver(() => {
            const why = document.querySelector('.stage .answered-explanation');
            const lead = document.querySelector('.narration-lead');
            if (why) window.answers.push({
              why: why.textContent, size: parseFloat(getComputedStyle(why).fontSize),
              right: document.querySelector('.stage .answered-choice').textContent,
              lead: lead ? lead.textContent : ''});
          }).observe(document.querySelector('.stage [data-slot="spotlight"]'),
                     {childList: true, subtree: true});
        }""")

        def answered(_: Any) -> bool:
            return bool(host.evaluate("() => window.answers.length > 0"))

        play_until(phones, answered, 150)
        shown = host.evaluate("() => window.answers[0]")
        assert "La bonne réponse" in shown["right"] and "✓" in shown["right"], shown
        assert len(shown["why"]) > 60, shown  # the explanation
        assert shown["size"] >= 28, shown
        assert any(f"réponse de {name}" in shown["lead"] for name in ("Léa", "Sami", "Tom")), shown
        scroll = host.evaluate("() => document.documentElement.scrollHeight - innerHeight")
        assert scroll <= 0
    finally:
        for context in contexts:
            context.close()


#: A narrated move as long as Le jeu du Gnou's longest danger cards with their protection.
LONG_LEAD = ("Danger en case 16 « L'abonnement obligatoire » (logiciels privateurs). Avant, on "
             "achetait un logiciel une fois pour toutes. Maintenant, certains ne marchent que si "
             "l'on paie chaque mois. Si tu arrêtes de payer, tu ne peux plus ouvrir tes propres "
             "créations. Comment s'en protéger ? Les logiciels libres s'utilisent sans limite de "
             "durée : GIMP et Krita pour dessiner, Inkscape pour les illustrations, Kdenlive "
             "pour monter des vidéos, LibreOffice pour les documents, Audacity pour le son.")


def test_the_narration_does_not_repeat_the_quiz_shown_beside_it(live: Any, browser: Any
                                                                ) -> None:
    """While a team quiz is asked, its question is in the spotlight: the narration says who
    answers and on what, not the question a second time."""
    from tests.browser.test_phone_screens import PHONE, play_until

    contexts: list[Any] = []
    try:
        host, _, phones = open_table(browser, live.url, "gnou", ("Léa", "Sami"), contexts,
                                     PHONE)
        play_until(phones, lambda _: host.locator(".stage .quiz-question").count() > 0, 150)
        host.wait_for_selector(".narration:not([hidden])", timeout=TIMEOUT)
        question = " ".join(host.inner_text(".stage .quiz-question").split())
        narrated = " ".join(host.inner_text("[data-narration]").split())
        assert question[:30] not in narrated, (question, narrated)
    finally:
        for context in contexts:
            context.close()


def test_a_long_narration_beside_a_quiz_is_never_cut(live: Any, browser: Any) -> None:
    """The projector's column holds the quiz first; a long narrated move beside it gives
    up its secondary lines, steps down to 28 px, then moves under the board where the
    drawing leaves room, else gives way entirely: shown whole or not at all, no text cut
    (the checks of tests/browser/test_whole_games.py and test_small_projector.py: it
    showed its first lines above a scroll bar that no one scrolls on a projector)."""
    from tests.browser.test_phone_screens import PHONE, play_until
    from tests.browser.test_small_projector import stage_problems
    from tests.browser.test_whole_games import CUT_TEXT

    contexts: list[Any] = []
    try:
        host, _, phones = open_table(browser, live.url, "gnou", ("Léa", "Sami"), contexts,
                                     PHONE)
        play_until(phones, lambda _: host.locator(".stage .quiz-question").count() > 0, 150)
        host.evaluate("""(lead) => {
          const box = document.querySelector('[data-narration]');
          box.innerHTML = '<p class="narration-lead"></p><p class="narration-more"></p>';
          box.querySelector('.narration-lead').textContent = lead;
          box.querySelector('.narration-more').textContent = 'Sami lance 5 + 4 · ' + lead;
          box.hidden = false;
          window.dispatchEvent(new Event('resize'));
        }""", LONG_LEAD)
        assert host.locator(".stage .quiz-question").is_visible()
        if host.locator(".narration-lead").is_visible():
            assert font_px(host, ".narration-lead") >= 28
        assert host.evaluate(CUT_TEXT, False) == []
        assert stage_problems(host) == []
    finally:
        for context in contexts:
            context.close()


def test_a_narration_too_long_for_its_column_keeps_what_follows_the_move(
    live: Any, contexts: list[Any]
) -> None:
    """A roll onto a danger without protection narrates the roll, the danger card's long
    text, the pawn's step back, whose turn it is and the next quiz: when they do not all
    fit beside the board, the card's text gives way first (the log keeps it), then the
    lines from the last up; the line that says why the pawn stands on 13 after « le pion
    va à la case 14 » goes last."""
    from tests.browser.test_whole_games import CUT_TEXT

    host, _, _ = start(live, contexts, "gnou")
    host.wait_for_selector('[data-slot="map"] svg', timeout=TIMEOUT)
    host.evaluate("""([lead, card]) => {
      const box = document.querySelector('[data-narration]');
      box.innerHTML = '<p class="narration-lead"></p><div class="narration-more"></div>';
      box.querySelector('.narration-lead').textContent = lead;
      for (const text of [card, card, 'Pas de protection : le pion recule en case 13.',
                          'Tour 5 : Léa.', 'Quiz pour Léa : Liberté d’étudier, niveau 1.']) {
        const line = document.createElement('p');
        line.textContent = text;
        box.querySelector('.narration-more').appendChild(line);
      }
      box.hidden = false;
      window.dispatchEvent(new Event('resize'));
    }""", ["Tom lance 5 + 3 : le pion va à la case 14 (restrictions d'usage).", LONG_LEAD])
    shown = host.evaluate("""() => Array.from(document.querySelectorAll('.narration-more p'))
      .filter((p) => p.offsetParent !== null).map((p) => p.textContent)""")
    assert "Pas de protection : le pion recule en case 13." in shown, shown
    assert shown.count(LONG_LEAD) < 2  # a card's text gave way: they did not all fit
    if LONG_LEAD not in shown:  # both cards went: the shorter lines go from the last up
        order = ["Pas de protection : le pion recule en case 13.", "Tour 5 : Léa.",
                 "Quiz pour Léa : Liberté d’étudier, niveau 1."]
        assert shown == order[:len(shown)], shown
    assert host.locator(".narration-lead").is_visible()
    assert font_px(host, ".narration-lead") >= 28
    assert host.evaluate(CUT_TEXT, False) == []


@pytest.mark.parametrize("game", ["webrunners", "hacker"])
def test_the_games_text_ends_above_the_folded_room_panel(
    game: str, live: Any, contexts: list[Any]
) -> None:
    """The room panel's button stays at the bottom right of the projector: the game's own
    text (its region scrolls) ends above it, so no line of it is hidden under the button."""
    host, _, _ = start(live, contexts, game)
    host.wait_for_selector('[data-slot="board"] .game-text', timeout=TIMEOUT)
    host.wait_for_function(
        "() => !document.querySelector('[data-room-panel]').open", timeout=TIMEOUT)
    text = host.locator('[data-slot="board"]').bounding_box()
    button = host.locator("[data-room-panel] > summary").bounding_box()
    assert text is not None and button is not None
    overlaps_across = text["x"] < button["x"] + button["width"] and button["x"] < (
        text["x"] + text["width"])
    assert not overlaps_across or text["y"] + text["height"] <= button["y"], (text, button)


#: Where the projector's drawing lies on the screen (x, y, width, height in px), its frame
#: (viewBox) and the box the page laid it out in (app.js: fitBoard).
DRAWING = """() => {
  const svg = document.querySelector('.stage [data-slot="map"] svg');
  const r = svg.getBoundingClientRect();
  return {at: [r.x, r.y, r.width, r.height].map(Math.round),
          viewBox: svg.getAttribute('viewBox'), box: document.querySelector('.stage').dataset.box};
}"""


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("game", GAMES)
def test_a_stopped_game_keeps_its_board_in_place(
    game: str, size: tuple[int, int], live: Any, browser: Any
) -> None:
    """« Terminer »: the projector used to fall back to the lobby's layout (the join code
    and QR code large, the board under them, laid out again without the stage's box, below
    the fold at 1280×720). The stage keeps its play's layout (app.css, app.js: fitBoard):
    the board stays where it was, in the same frame, drawn from what the server sent, and
    the stop is said in the status (« Partie arrêtée avant la fin »)."""
    made: list[Any] = []
    try:
        host, _ = paused_table(browser, live, made, game, 3, size)
        room = live.hub.rooms[host.eval_on_selector("body", "b => b.dataset.code")]
        during = host.evaluate(DRAWING)
        assert during["box"]
        host.on("dialog", lambda dialog: dialog.accept())
        host.evaluate("() => document.querySelector('[data-cmd=\"end\"]').click()")
        host.wait_for_function("() => document.body.dataset.status === 'ended'",
                               timeout=TIMEOUT)
        host.wait_for_timeout(300)
        assert host.evaluate(DRAWING) == during
        # Nobody acts any more: no « Léa lance les dés. », no quiz left to answer.
        assert host.locator(".stage .spotlight:is(.now, .quiz):visible").count() == 0
        assert host.evaluate("() => document.scrollingElement.scrollHeight") <= size[1]
        assert "arrêtée" in host.inner_text(".stage .status")
        assert host.locator(".stage .qr-box").is_hidden()
        assert stale_slots(live, room, host, "host") == []
    finally:
        for context in made:
            context.close()


def test_the_host_can_end_a_game_only_once_it_has_begun(live: Any, browser: Any) -> None:
    """« Terminer » in the lobby ended a game never begun: the projector showed its board
    as « Partie arrêtée avant la fin » and the phones offered to replay it. Before the
    start the host has nothing to end (« Fermer la salle » keeps newcomers out); the button
    shows once the game is under way, and goes at its end."""
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        host = context.new_page()
        create_room(host, live.url, "voleur", 3)
        assert host.locator('[data-cmd="start"]').is_visible()
        assert host.locator('[data-cmd="end"]').is_hidden()
        host.click('[data-cmd="start"]')
        host.wait_for_function("() => document.body.dataset.status === 'playing'",
                               timeout=TIMEOUT)
        host.locator("[data-room-panel] > summary").click()
        assert host.locator('[data-cmd="end"]').is_visible()
    finally:
        context.close()
