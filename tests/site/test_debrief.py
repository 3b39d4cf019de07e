"""The end-of-game debrief: replayed from the configuration and the action log, one page,
nicknames only, with the themes, questions and messages the class met."""

from __future__ import annotations

import json
import random

import pytest

from ludinum.engine import Action, UnknownGameError
from ludinum.games import get_game
from ludinum.site import build_debrief, debrief_html, debrief_response
from ludinum.site.debrief import collect
from tests.reading import plain_spaces

from .helpers import embedded_fonts, page_count, pdf_text


def play(game: str, players: int, seed: int, limit: int = 4000) -> tuple[str, list[list[object]]]:
    """A random game: its configuration as JSON and its log as stored (seat, action JSON)."""
    g = get_game(game)
    config = g.make_config(players, seed)
    state = g.setup(config)
    rng = random.Random(seed)
    log: list[list[object]] = []
    while not state.is_terminal() and len(log) < limit:
        seat = state.active_players()[0]
        action = rng.choice(list(state.legal_actions(seat)))
        state.apply(seat, action)
        log.append([seat, action.to_json()])
    return json.dumps(config.to_json()), log


def test_webrunners_debrief_lists_the_messages_shown() -> None:
    config, log = play("webrunners", 3, 5)
    names = ["Loutre Agile", "Panda Zen", "Lynx Rusé"]
    debrief = collect(config, [(s, a) for s, a in log], names)
    # The moves anyone saw: the secret ones (55 in this game) are not counted, or the
    # number would tell them (a class debrief opens during play).
    g = get_game("webrunners")
    state = g.setup(g.config_from_json(json.loads(config)))
    public = sum(any(e.to is None for e in state.apply(s, Action.from_json(a))) for s, a in log)
    assert debrief.steps == public < len(log)
    assert debrief.themes == ["Information, technique et esprit critique"]
    assert debrief.messages  # the prevention messages of the theme's cards played (W16)
    data = build_debrief(config, [(s, a) for s, a in log], names, "fr")
    assert page_count(data) == 1
    text = pdf_text(data)[0]
    assert "Bilan de la partie — Web Runners" in text
    assert "Loutre Agile" in text and "Lynx Rusé" in text
    assert "Messages de prévention affichés" in text
    assert "DejaVuSansBook" in embedded_fonts(data)


def test_gnou_debrief_counts_right_answers() -> None:
    config, log = play("gnou", 2, 3)
    debrief = collect(config, [(s, a) for s, a in log], ["Castor", "Hibou"])
    assert debrief.questions
    share = debrief.right_share
    assert share is not None and 0 <= share <= 100
    right = sum(r for _, r in debrief.questions)
    assert share == round(100 * right / len(debrief.questions))
    text = pdf_text(build_debrief(config, [(s, a) for s, a in log], ["Castor", "Hibou"], "fr"))[0]
    assert f"Bonnes réponses : {share} %" in plain_spaces(text)



def test_the_share_of_right_answers_is_spaced_in_each_language() -> None:
    """« Right answers: 50 % » carried the French space before « % » into English: the
    English debrief (PDF and page) writes « 50% », the French one « 50 % »."""
    config, log = play("gnou", 2, 3)
    actions = [(s, a) for s, a in log]
    share = collect(config, actions, ["Castor", "Hibou"]).right_share
    english = plain_spaces(pdf_text(build_debrief(config, actions, ["Castor", "Hibou"], "en"))[0])
    assert f"Right answers: {share}%" in english, english
    page = " ".join(debrief_html(config, actions, ["Castor", "Hibou"], "en").split())
    assert f"Right answers: {share}%" in page and f"{share} %" not in page, page
    french = debrief_html(config, actions, ["Castor", "Hibou"], "fr")
    assert f"Bonnes réponses\u00a0: {share}\u202f%" in french


def test_gnou_debrief_speaks_the_reader_language() -> None:
    """Questions, danger cards and series in English for an English debrief."""
    from ludinum.games.gnou.content import load_bank, load_dangers

    config, log = play("gnou", 2, 3)
    bank, cards = load_bank(), load_dangers().values()
    english = collect(config, [(s, a) for s, a in log], ["Castor", "Hibou"], "en")
    french = collect(config, [(s, a) for s, a in log], ["Castor", "Hibou"], "fr")
    assert english.questions and len(english.questions) == len(french.questions)
    assert {q for q, _ in english.questions} <= {q.question_en for q in bank.questions}
    assert {q for q, _ in french.questions} <= {q.question for q in bank.questions}
    assert english.messages and english.themes
    assert {t for t, _ in english.messages} <= {c.title_en for c in cards}
    assert set(english.themes) <= {en for _, en in bank.titles.values()}

def test_voleur_debrief_in_english_and_html() -> None:
    config, log = play("voleur", 3, 2, limit=800)
    actions = [(s, Action.from_json(a)) for s, a in log]
    text = pdf_text(build_debrief(json.loads(config), actions, ["A", "B", "C"], "en"))[0]
    assert "Game debrief — " in text and "Players: A, B, C" in text
    html = debrief_html(config, actions, ["A", "B", "C"], "fr")
    assert '<html lang="fr">' in html and "Bilan de la partie" in html
    body = html.split("<body>")[1]
    for request in ('src="http', "src='http", 'href="http', "url(http", "@import"):
        assert request not in body  # no external request in the file (a source is text)
    assert "Ce que la partie nous apprend" in html and "Messages de prévention" in html


def test_an_unfinished_game_says_so() -> None:
    config, log = play("webrunners", 2, 9, limit=10)
    debrief = collect(config, log, ["Zèbre Calme", "Renard Vif"])
    assert debrief.outcome == "Partie arrêtée avant la fin."


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(UnknownGameError):
        collect({"game": "nope", "players": 2, "seed": 1}, [], [])


def test_debrief_response_downloads_pdf_and_html() -> None:
    """What the app's /debrief route returns: the PDF as an attachment, the HTML page
    opened in the browser (« Bilan (page web) »)."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route
    from starlette.testclient import TestClient

    config, log = play("gnou", 2, 4, limit=200)

    async def endpoint(request: Request) -> Response:
        fmt = request.path_params["fmt"]
        return await debrief_response(config, log, ["Koala", "Lama"], "fr", fmt)

    app = Starlette(routes=[Route("/debrief/x.{fmt}", endpoint)])
    client = TestClient(app)
    pdf = client.get("/debrief/x.pdf")
    assert pdf.headers["content-type"] == "application/pdf"
    assert "attachment" in pdf.headers["content-disposition"]
    assert "Koala" in pdf_text(pdf.content)[0]
    html = client.get("/debrief/x.html")
    assert html.headers["content-type"].startswith("text/html")
    assert html.headers["content-disposition"].startswith("inline")  # « page web »: opened
    assert "Koala" in html.text and "Le jeu du Gnou" in html.text


def test_the_debrief_names_no_game() -> None:
    """What each game lists comes from its GameText.debrief: the site only replays and lays
    out (nothing outside ``games/`` names a game)."""
    from pathlib import Path

    import ludinum.site.class_debrief
    import ludinum.site.debrief
    import ludinum.site.pdf.class_debrief
    import ludinum.site.pdf.debrief

    for module in (ludinum.site.debrief, ludinum.site.class_debrief,
                   ludinum.site.pdf.debrief, ludinum.site.pdf.class_debrief):
        source = Path(str(module.__file__)).read_text(encoding="utf-8").lower()
        for name in ("webrunners", "gnou", "voleur", "hacker"):
            assert name not in source, (module.__name__, name)


def test_each_game_lists_what_it_showed() -> None:
    """GameText.debrief: Hacker keeps the default (no quiz, no message during play: its
    advice is its lessons), the Voleur speaks English in English (V2)."""
    from ludinum.engine import DebriefItems
    from ludinum.games.voleur.content import load_deck

    config, log = play("hacker", 3, 1)
    hacker = get_game("hacker")
    assert hacker.text.debrief(hacker.config_from_json(json.loads(config)), [], "fr") == (
        DebriefItems())
    assert collect(config, log, ["A", "B", "C"]).lessons
    config, log = play("voleur", 3, 2, limit=800)
    english = collect(config, log, ["A", "B", "C"], "en")
    assert english.messages
    deck = load_deck()
    names = {deck.card(c).name("en") for c in deck.index}
    assert {who for who, _ in english.messages} <= names
    assert set(english.themes) <= names


@pytest.mark.parametrize(("lang", "one", "tie"), [
    ("fr", "Résultat : Panda Zen a gagné.", "Résultat : Égalité : Loutre Agile, Panda Zen et "
                                            "Lynx Rusé ont gagné."),
    ("en", "Outcome: Panda Zen won.", "Outcome: A tie: Loutre Agile, Panda Zen and Lynx Rusé won."),
])
def test_the_outcome_is_a_sentence_and_the_day_is_in_words(lang: str, one: str,
                                                           tie: str) -> None:
    # It read « Résultat : Gagnant : Panda Zen » and, in English, "Date: 2026-11-28".
    from ludinum.site.debrief import _outcome, day_text

    class Over:
        def __init__(self, winners: list[int]) -> None:
            self.winners, self.team = winners, False

        def is_terminal(self) -> bool:
            return True

        def outcome(self) -> Over:
            return self

    names = ["Loutre Agile", "Panda Zen", "Lynx Rusé"]
    config, log = play("hacker", 4, 5)
    debrief = collect(config, [(s, a) for s, a in log], [*names, "Chouette"], lang)
    words = debrief.words()
    head = f"{words['outcome']}{words['sep']}"
    assert plain_spaces(f"{head}{_outcome(Over([1]), names, words)}") == one
    assert plain_spaces(f"{head}{_outcome(Over([0, 1, 2]), names, words)}") == tie
    assert debrief.day.strftime("%Y") in day_text(debrief)
    assert "-" not in day_text(debrief)
    html = plain_spaces(debrief_html(config, [(s, a) for s, a in log], [*names, "Chouette"], lang))
    assert "Gagnant :" not in html and "Winner:" not in html


def test_the_debrief_lists_only_the_options_that_applied() -> None:
    """A 4-player Hacker debrief listed « Nombre de virus par joueur à 3 joueurs »: an
    option that changed nothing in this game is not listed; the others are, by their
    short name (« Billet volé : Le voleur le choisit », not the whole help line)."""
    config, log = play("hacker", 4, 3, limit=200)
    for lang in ("fr", "en"):
        debrief = collect(config, log, ["A", "B", "C", "D"], lang)
        listed = dict(debrief.options)
        assert "Virus par joueur (à 3 joueurs)" not in listed
        assert "Viruses per player (3 players)" not in listed
        assert not any("3 joueurs" in name or "3 players" in name for name in listed)
        assert len(listed) == len(get_game("hacker").options) - 1
        html = debrief_html(config, log, ["A", "B", "C", "D"], lang)
        assert "3 joueurs" not in html and "3 players" not in html
    assert dict(collect(config, log, ["A", "B", "C", "D"]).options)["Billet volé"] == (
        "Le voleur le choisit")
    config, log = play("hacker", 3, 3, limit=200)
    assert dict(collect(config, log, ["A", "B", "C"]).options)[
        "Virus par joueur (à 3 joueurs)"] == "4 virus"
    # The Voleur's time to decide counts only when the manager decides (defence=ask).
    voleur = get_game("voleur")
    auto = json.dumps(voleur.make_config(3, 2, {"defence": "auto"}).to_json())
    assert "Temps pour décider de contrer" not in dict(collect(auto, [], ["A", "B", "C"]).options)
    ask = json.dumps(voleur.make_config(3, 2).to_json())
    assert "Temps pour décider de contrer" in dict(collect(ask, [], ["A", "B", "C"]).options)


def test_a_game_without_themes_has_no_themes_section() -> None:
    """Hacker has no themes: no « Thèmes abordés : aucun » on its page nor in its PDF."""
    config, log = play("hacker", 4, 3, limit=200)
    for lang, heading in (("fr", "Thèmes abordés"), ("en", "Themes met")):
        assert heading not in debrief_html(config, log, ["A", "B", "C", "D"], lang)
        text = plain_spaces(" ".join(pdf_text(build_debrief(config, log, ["A", "B", "C", "D"],
                                                             lang))))
        assert heading not in text
    config, log = play("webrunners", 3, 5)
    assert "Thèmes abordés" in debrief_html(config, log, ["A", "B", "C"], "fr")


def test_the_voleur_debrief_names_its_cards_for_what_they_are() -> None:
    """The Voleur's list is of attack and security measure cards, not of themes: its
    section says so."""
    config, log = play("voleur", 3, 2, limit=800)
    french = collect(config, log, ["A", "B", "C"])
    assert french.themes and french.themes_heading == "Attaques et mesures de sécurité jouées"
    html = debrief_html(config, log, ["A", "B", "C"], "fr")
    assert "Attaques et mesures de sécurité jouées" in html and "Thèmes abordés" not in html
    english = collect(config, log, ["A", "B", "C"], "en")
    assert english.themes_heading == "Attacks and security measures played"
    assert "Attacks and security measures played" in plain_spaces(" ".join(pdf_text(build_debrief(
        config, log, ["A", "B", "C"], "en"))))


@pytest.mark.parametrize(("lang", "said"), [("fr", "L'équipe a perdu cette fois."),
                                            ("en", "The team lost this time.")])
def test_a_lost_cooperative_game_says_the_team_lost(lang: str, said: str) -> None:
    # Le jeu du Gnou's team lost on its last turn: its debrief read « Résultat : Pas de
    # gagnant. », a race's words, while the end screen said « L'équipe a perdu cette fois. »
    for seed in range(3, 40):
        config, log = play("gnou", 2, seed)
        game = get_game("gnou")
        state = game.setup(game.config_from_json(json.loads(config)))
        for seat, action in log:
            state.apply(int(str(seat)), Action.from_json(action))
        if not state.outcome().winners:
            break
    else:
        pytest.fail("no lost Gnou game among the seeds")
    debrief = collect(config, [(s, a) for s, a in log], ["Castor", "Hibou"], lang)
    assert debrief.outcome == said
