"""The class debrief (issue 22 §1): tables played by bots to the end (one stopped early),
replayed and put together; the numbers are counted again here from the games' own events."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from datetime import date
from functools import lru_cache

import pytest
from markupsafe import escape

from ludinum.content.typography import finalize
from ludinum.engine import Action, Event, next_actor
from ludinum.games import get_game, make_bot
from ludinum.games.gnou.content import load_bank, load_dangers
from ludinum.site.class_debrief import (
    DebriefFormatError,
    NoTableError,
    TableError,
    TableLog,
    class_debrief,
)
from ludinum.site.class_debrief_files import (
    build_class_debrief,
    class_debrief_html,
    class_debrief_response,
)
from tests.reading import plain_spaces

from .helpers import pdf_text

DAY = date(2026, 3, 2)
NAMES = (
    ("Loutre Agile", "Panda Zen", "Lynx Rusé"),
    ("Castor Malin", "Hibou Sage"),
    ("Koala Calme", "Lama Vif", "Zèbre Doux", "Renard Roux"),
    ("Chouette Vive", "Ours Brun"),
)


def _play(game: str, players: int, seed: int, limit: int | None = None,
          level: str = "easy") -> tuple[str, list[tuple[int, object]], list[Event]]:
    """A seeded game played by bots (to the end, or ``limit`` actions): its configuration
    as JSON text, its log as stored (seat, action JSON) and its public events."""
    g = get_game(game)
    state = g.new_state(players, seed, {})
    bots = [make_bot(game, level, seed * 10 + seat) for seat in range(players)]
    log: list[tuple[int, object]] = []
    public: list[Event] = []
    while not state.is_terminal() and (limit is None or len(log) < limit):
        seat = next_actor(state, len(log))
        action = bots[seat].choose(state, seat)
        public.extend(e for e in state.apply(seat, action) if e.to is None)
        log.append((seat, action.to_json()))
    return json.dumps(state.config.to_json()), log, public


@lru_cache(maxsize=1)
def _gnou_class() -> tuple[tuple[TableLog, ...], tuple[list[Event], ...]]:
    """Four tables of Le jeu du Gnou; table 3 is stopped after 12 actions."""
    tables, events = [], []
    for i, names in enumerate(NAMES):
        config, log, public = _play("gnou", len(names), 40 + i, 12 if i == 2 else None)
        tables.append(TableLog(i + 1, config, log, names))
        events.append(public)
    return tuple(tables), tuple(events)


def _expected_questions(lang: str) -> dict[str, tuple[int, int]]:
    """Question text -> (asked, right), counted from the public ``answer`` events."""
    bank = load_bank()
    asked: Counter[str] = Counter()
    right: Counter[str] = Counter()
    for events in _gnou_class()[1]:
        for e in events:
            if e.kind == "answer":
                question = bank.get(e.data["question"])
                assert question is not None
                text = question.question_in(lang)
                asked[text] += 1
                right[text] += bool(e.data["right"])
    return {q: (asked[q], right[q]) for q in asked}


def test_questions_are_counted_over_all_tables_least_known_first() -> None:
    tables, _ = _gnou_class()
    debrief = class_debrief(tables, "fr", DAY)
    expected = _expected_questions("fr")
    assert expected  # the bots met questions
    assert {q.question: (q.asked, q.right) for q in debrief.questions} == expected
    for q in debrief.questions:
        assert q.share == round(100 * expected[q.question][1] / expected[q.question][0])
    fractions = [q.right / q.asked for q in debrief.questions]
    assert fractions == sorted(fractions)  # least known first: what the teacher discusses
    total = sum(a for a, _ in expected.values())
    assert debrief.asked == total
    assert debrief.right_share == round(100 * sum(r for _, r in expected.values()) / total)


def test_tables_pupils_and_outcomes() -> None:
    tables, _ = _gnou_class()
    debrief = class_debrief(tables, "fr", DAY)
    assert [t.number for t in debrief.tables] == [1, 2, 3, 4]
    assert debrief.pupils == sum(len(n) for n in NAMES) == 11
    assert [t.players for t in debrief.tables] == list(NAMES)
    assert [t.finished for t in debrief.tables] == [True, True, False, True]
    assert debrief.tables[2].outcome == "Partie arrêtée avant la fin."
    assert debrief.tables[2].steps == 12
    assert all(t.outcome != "Partie arrêtée avant la fin." for t in debrief.tables if t.finished)
    assert debrief.title == "Le jeu du Gnou"


def test_messages_are_shown_once_with_the_tables_that_met_them() -> None:
    tables, events = _gnou_class()
    debrief = class_debrief(tables, "fr", DAY)
    cards = load_dangers()
    met: Counter[tuple[str, str]] = Counter()
    for table in events:
        drawn = [cards[int(e.data["cell"])] for e in table if e.kind == "danger"]
        shown = {(card.title_in("fr"), card.text_in("fr")) for card in drawn}
        met.update(shown)
    assert met
    assert {(m.who, m.text): m.tables for m in debrief.messages} == dict(met)
    assert [m.tables for m in debrief.messages] == sorted(met.values(), reverse=True)
    assert len(debrief.messages) == len(met)  # each once
    series = {str(e.data["series"]) for table in events for e in table if e.kind == "quiz"}
    titles = load_bank().titles
    assert set(debrief.themes) == {titles.get(s, (s, s))[0] for s in series}


def test_the_page_is_french_with_nicknames_and_no_internal_words() -> None:
    tables, _ = _gnou_class()
    debrief = class_debrief(tables, "fr", DAY)
    html = class_debrief_html(debrief)
    assert '<html lang="fr">' in html
    text = plain_spaces(html)
    assert "Bilan de la classe — Le jeu du Gnou" in text
    assert "2 mars 2026" in text and "Élèves : 11" in text and "Tables : 4" in text
    for names in NAMES:
        assert all(n in html for n in names)
    assert "Partie arrêtée avant la fin." in text and "Table 3" in text
    least = debrief.questions[0]
    assert least.question.replace("'", "&#39;") in html
    assert f"{least.share} %" in text
    body = html.split("<body>")[1]
    for request in ('src="http', "src='http", 'href="http', "url(http", "@import"):
        assert request not in body  # no request to another host
    # The lessons' sources are shown as they are written (web addresses, references),
    # spaced and escaped as every printed text: they are not internal words.
    for lesson in debrief.lessons:
        body = body.replace(str(escape(finalize(lesson.source))), "")  # as printed
    for raw in ("config", "seat", "None", "True", "False", "gnou", "_", "{{", "answer"):
        assert raw not in body.replace("Gnou", ""), raw


def test_the_pdf_names_the_tables_a_question_and_its_share() -> None:
    tables, _ = _gnou_class()
    debrief = class_debrief(tables, "fr", DAY)
    data = build_class_debrief(debrief)
    pages = pdf_text(data)
    text = plain_spaces(" ".join(pages).replace("\n", " "))
    assert "Bilan de la classe — Le jeu du Gnou" in text
    assert all(f"Table {n}" in text for n in (1, 2, 3, 4))
    assert "Hibou Sage" in text and "Zèbre Doux" in text
    least = debrief.questions[0]
    assert least.question[:30] in text
    assert f"{least.share} %" in text
    assert "Partie arrêtée avant la fin." in text
    assert all("seuls les pseudos" in plain_spaces(p.replace("\n", " ")) for p in pages)


def test_a_table_still_playing_is_said_in_progress_not_stopped() -> None:
    """The debrief opens while the tables play: a table still in play read « Partie arrêtée
    avant la fin. » in red, on the projector, to a class still playing (a teacher's review,
    2026-12-03). A table the teacher stopped still reads stopped."""
    tables, _ = _gnou_class()
    live = [TableLog(t.number, t.config_json, t.log, t.nicknames, t.bots, playing=True)
            for t in tables]
    debrief = class_debrief(live, "fr", DAY)
    assert [t.outcome == "Partie en cours." for t in debrief.tables] == [
        False, False, True, False]  # a finished table says how it ended, live or not
    assert debrief.tables[2].playing and not debrief.tables[2].finished
    html = class_debrief_html(debrief)
    assert "Partie en cours." in html and "arrêtée" not in html
    assert 'class="stopped"' not in html
    text = " ".join(pdf_text(build_class_debrief(debrief))).replace("\n", " ")
    assert "Partie en cours." in text and "arrêtée" not in text
    english = class_debrief(live, "en", DAY)
    assert english.tables[2].outcome == "Game in progress."


def test_a_question_asked_once_reads_once_in_english() -> None:
    tables, _ = _gnou_class()
    english, french = class_debrief(tables, "en", DAY), class_debrief(tables, "fr", DAY)
    assert english.times_text(1) == "once" and english.times_text(3) == "3 times"
    assert french.times_text(1) == "1 fois" and french.times_text(3) == "3 fois"
    html = class_debrief_html(english)
    assert "1 times" not in html
    if any(q.asked == 1 for q in english.questions):
        assert "<td>once</td>" in html


def test_english_class_debrief() -> None:
    tables, _ = _gnou_class()
    debrief = class_debrief(tables, "en", DAY)
    assert {q.question: (q.asked, q.right) for q in debrief.questions} == _expected_questions("en")
    html = class_debrief_html(debrief)
    assert '<html lang="en">' in html and "Class debrief — " in html
    assert "2 March 2026" in html and "Game stopped before the end." in html
    text = " ".join(pdf_text(build_class_debrief(debrief))).replace("\n", " ")
    assert "Class debrief" in text and "Outcome per table" in text and "Table 4" in text


def test_other_games_tables_messages_and_lessons() -> None:
    """Web Runners: the cards' prevention messages, counted once per table; Hacker: the
    lessons of the finished games (GameText.lessons)."""
    wr = [TableLog(n, *_play("webrunners", 3, 60 + n)[:2], ("A", "B", "C")) for n in (1, 2)]
    debrief = class_debrief(wr, "fr", DAY)
    assert debrief.messages and debrief.themes and not debrief.questions
    assert all(1 <= m.tables <= 2 for m in debrief.messages)
    assert "Aucune question posée." in plain_spaces(class_debrief_html(debrief))
    hk = [TableLog(1, *_play("hacker", 3, 7)[:2], ("D", "E", "F"))]
    lessons = class_debrief(hk, "fr", DAY).lessons
    assert lessons and all(lesson.title and lesson.source for lesson in lessons)


def test_bad_format_and_no_table_are_refused_clearly() -> None:
    tables, _ = _gnou_class()
    with pytest.raises(DebriefFormatError) as bad:
        asyncio.run(class_debrief_response(tables, "fr", "docx"))
    assert "Format de bilan inconnu" in bad.value.fr and "docx" in bad.value.fr
    assert "Unknown debrief format" in bad.value.en
    with pytest.raises(NoTableError) as none:
        class_debrief([], "fr")
    assert "Aucune table" in none.value.fr and "No table" in none.value.en
    twice = [tables[0], TableLog(1, tables[1].config_json, tables[1].log, tables[1].nicknames)]
    with pytest.raises(TableError, match="en double"):
        class_debrief(twice, "fr")


def test_a_table_that_cannot_be_replayed_is_named() -> None:
    tables, _ = _gnou_class()
    bad_game = TableLog(5, {"game": "nope", "players": 2, "seed": 1}, [], ("A", "B"))
    with pytest.raises(TableError) as unknown:
        class_debrief([*tables, bad_game], "fr")
    assert unknown.value.fr.startswith("Table 5\u202f: ") and "nope" in unknown.value.fr
    assert unknown.value.en.startswith("Table 5: ")
    seat, _action = tables[0].log[0]
    bad_move = TableLog(2, tables[0].config_json, [(seat, "?!")], ("A", "B", "C"))
    with pytest.raises(TableError, match="Table 2"):
        class_debrief([bad_move], "en")
    with pytest.raises(TableError, match="Table 3"):
        class_debrief([TableLog(3, "{not json", [], ())], "fr")


def test_the_response_downloads_pdf_and_html() -> None:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route
    from starlette.testclient import TestClient

    tables, _ = _gnou_class()

    async def endpoint(request: Request) -> Response:
        return await class_debrief_response(tables, "fr", request.path_params["fmt"])

    client = TestClient(Starlette(routes=[Route("/classe/x.{fmt}", endpoint)]))
    pdf = client.get("/classe/x.pdf")
    assert pdf.headers["content-type"] == "application/pdf"
    assert pdf.headers["cache-control"] == "no-store"
    assert 'filename="bilan-classe.pdf"' in pdf.headers["content-disposition"]
    assert "Castor Malin" in " ".join(pdf_text(pdf.content))
    html = client.get("/classe/x.html")
    assert html.headers["content-type"].startswith("text/html")
    assert html.headers["content-disposition"].startswith("inline")  # on the projector
    assert html.headers["cache-control"] == "no-store"
    assert "Castor Malin" in html.text


def test_actions_may_be_given_as_actions_or_text() -> None:
    tables, _ = _gnou_class()
    first = tables[0]
    as_actions = TableLog(1, json.loads(str(first.config_json)),
                          [(s, Action.from_json(a)) for s, a in first.log], first.nicknames)
    assert class_debrief([as_actions], "fr", DAY) == class_debrief([first], "fr", DAY)
