"""French typography on every screen and PDF (issue 16 §5): no ordinary, breakable space
before « ; : ! ? » or inside « » in what is shown — the rendered pages of the site and of
the classroom app, every screen the phones and the projector show during whole games of
the four games (what they are sent and what the page draws from it), and the text of the
PDFs. Checked on the rendered output, not the YAML."""

from __future__ import annotations

import contextlib
import json
import random
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

import ludinum
from ludinum.content.typography import breakable_spaces, french_spacing
from ludinum.games import get_game
from ludinum.server.catalog import Catalog
from ludinum.site.catalog import PRINTABLE, catalog
from ludinum.site.debrief_files import build_debrief, debrief_html
from ludinum.site.pdf.deck import build_print_pdf
from tests.drawing import Screen
from tests.server.helpers import create_room, hello, join, make_app
from tests.server.test_play import play_to_end
from tests.site.helpers import client as site_client
from tests.site.helpers import pdf_text
from tests.site.test_debrief import play

GAMES = [g.name for g in Catalog.default().games()]


class _Text(HTMLParser):
    """The text a reader sees: text nodes, and the words of ``alt``, ``title``,
    ``aria-label`` and ``placeholder``; not scripts or styles."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if name in ("alt", "title", "aria-label", "placeholder") and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.parts.append(data)


def shown_text(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    return parser.parts


def problems_in(where: str, texts: list[str]) -> list[str]:
    found = []
    for text in texts:
        # Line breaks in the source are spaces on screen: judge the text as shown.
        line = " ".join(text.split(" ")).replace("\n", " ")
        for problem in breakable_spaces(line):
            found.append(f"{where}: {problem}: {line.strip()[:90]!r}")
    return found


def test_french_spacing_is_idempotent_and_leaves_other_text_alone() -> None:
    assert french_spacing("Prêt ? Il dit : « oui ! »") == (
        "Prêt\u202f? Il dit\u00a0: «\u202foui\u202f!\u202f»")
    done = french_spacing("Prêt ? Il dit : « oui ! »")
    assert french_spacing(done) == done and not breakable_spaces(done)
    for text in ("Ready? Yes: no!", "à 10:30", "http://192.0.2.1:8000/j/ABCD", "a;b"):
        assert french_spacing(text) == text
    assert breakable_spaces("Tu joues ?") and breakable_spaces("« Bonjour»")


def test_site_pages_have_no_breakable_space_before_high_punctuation() -> None:
    client = site_client()
    paths = ["/apprendre", "/apprendre/quiz", "/apprendre/quiz/reglages?theme=sante&par=3",
             "/apprendre/quiz/questions", "/diplome/verifier",
             "/diplome/verifier?pseudo=Zébu&code=0000-0000-0000-0000-0000",
             *sorted(catalog().paths())]
    found: list[str] = []
    for path in paths:
        response = client.get(path)
        assert response.status_code in (200, 400), path
        found += problems_in(path, shown_text(response.text))
    assert not found, found[:10]


def test_app_pages_have_no_breakable_space(sqlite_url: str, catalog: Catalog) -> None:
    with TestClient(make_app(sqlite_url, catalog)) as client:
        found: list[str] = []
        paths = ["/", "/join?code=ZZZZ", *(f"/new/{g}" for g in GAMES)]
        for game in GAMES:
            code, _ = create_room(client, game, catalog.game(game).min_players)
            paths += [f"/host/{code}", f"/j/{code}", f"/watch/{code}"]
        for path in paths:
            found += problems_in(path, shown_text(client.get(path).text))
    assert not found, found[:10]


#: The page scripts of the web app (the games' drawings space their words as they show them).
SCRIPTS = Path(ludinum.__file__).parent / "web" / "static"
#: A string literal of a script, quotes and escapes included.
LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def dialog_texts(script: str) -> list[str]:
    """The string literals of a script's native dialogs (``confirm``, ``prompt``): text
    written whole in the source, shown by the browser as it is. A call runs to the end of
    its line or the next one (« en ? … : … » across two lines)."""
    texts = []
    for call in re.finditer(r"\b(?:confirm|prompt)\(", script):
        rest = script[call.end():].split("\n")
        source = rest[0] + (rest[1] if rest[0].rstrip().endswith(('"', "+")) else "")
        texts += [json.loads(lit) for lit in LITERAL.findall(source)]
    return texts


def test_the_native_dialogs_are_spaced() -> None:
    """« Terminer la partie pour tout le monde ? », asked by the browser's own dialog, had
    an ordinary space before « ? » (the teacher's rename prompt and the « Retirer ce
    joueur » question too)."""
    found: list[str] = []
    seen = 0
    for script in sorted(SCRIPTS.glob("*.js")):
        texts = dialog_texts(script.read_text(encoding="utf-8"))
        seen += len(texts)
        found += problems_in(script.name, texts)
    assert seen >= 10, seen  # the dialogs of app.js and class.js were read
    assert not found, found


def _frame_texts(message: dict[str, Any], screen: Screen) -> list[str]:
    """What a page shows after ``message``: the room's fragments and its drawing of the
    game (issue 19), the moves' labels and the message's own words."""
    texts: list[str] = []
    if message.get("type") == "update":
        screen.apply(message)
        for value in screen.shown().values():
            texts += shown_text(value)
    for action in message.get("actions", []):
        texts.append(str(action.get("label", "")))
    for key in ("status", "title", "message"):
        if isinstance(message.get(key), str):
            texts.append(message[key])
    return texts


@pytest.mark.parametrize("game", GAMES)
def test_every_frame_of_a_whole_game_is_spaced(game: str, sqlite_url: str,
                                              catalog: Catalog) -> None:
    g = catalog.game(game)
    players = max(g.min_players, min(3, g.max_players))
    with TestClient(make_app(sqlite_url, catalog)) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, game, players, mode="turns", seed=7)
        host = hello(client, code, stack, role="host", token=host_token)
        people = []
        for name in ("Léa", "Noé"):
            _, token = join(client, code, name)
            people.append(hello(client, code, stack, role="player", token=token))
        host.send(type="start", level="random")
        play_to_end(people, random.Random(3), host)
        found: list[str] = []
        for conn in (host, *people):
            conn.sync()
            screen = Screen(g)
            for message in conn.messages:
                found += problems_in(f"{game} {message.get('type')}",
                                     _frame_texts(message, screen))
    assert not found, sorted(set(found))[:10]


@pytest.mark.parametrize("game", sorted(PRINTABLE))
def test_printed_pdfs_are_spaced(game: str) -> None:
    text = pdf_text(build_print_pdf(game, "http://192.0.2.10:8000"))
    assert not problems_in(game, text)[:5]


def test_the_json_of_frames_keeps_the_spaces_as_characters() -> None:
    # A no-break space travels in the frames' JSON as itself (or its escape), never as a
    # plain space the phone could break.
    data = json.loads(json.dumps({"t": french_spacing("Prêt ?")}))
    assert data["t"] == "Prêt\u202f?"


@pytest.mark.parametrize("game", GAMES)
def test_debrief_pdf_and_page_are_spaced(game: str) -> None:
    config, log = play(game, get_game(game).min_players + 1, 4)
    names = ["Loutre Agile", "Panda Zen", "Lynx Rusé", "Yak Calme", "Zébu Sage"]
    data = build_debrief(config, [(s, a) for s, a in log], names, "fr")
    text = " ".join(pdf_text(data))
    assert "Bilan de la partie" in text
    assert not problems_in(f"{game} PDF", pdf_text(data))[:5]
    html = debrief_html(config, [(s, a) for s, a in log], names, "fr")
    assert not problems_in(f"{game} page", shown_text(html))[:5]


def test_content_check_reports_an_ordinary_space_before_high_punctuation(tmp_path: Any) -> None:
    import shutil

    from ludinum.cli.content_cmd import check_folder
    from ludinum.content import BUILTIN

    folder = tmp_path / "gnou"
    shutil.copytree(BUILTIN / "gnou", folder)
    assert not check_folder(folder)[0]  # the built-in content has its no-break spaces
    file = folder / "quiz" / "utiliser.yaml"
    text = file.read_text(encoding="utf-8")
    assert "\u202f?" in text
    file.write_text(text.replace("\u202f?", " ?", 1), encoding="utf-8")
    problems = [str(p) for p in check_folder(folder)[0]]
    assert len(problems) == 1 and "espace ordinaire avant « ? »" in problems[0], problems
    assert "utiliser.yaml:" in problems[0]


@pytest.mark.parametrize("game", GAMES)
def test_the_terminal_is_spaced_too(game: str) -> None:
    from click.testing import CliRunner

    from ludinum.cli.main import cli

    players = str(max(get_game(game).min_players, 3))
    result = CliRunner().invoke(cli, ["play", game, "--players", players, "--seed", "3"],
                                input="1\n" * 600)
    out = result.output
    assert "Ton choix" in out
    # What the game prints (not the prompt line typed by click, nor rich's line wrapping).
    # The Gnou's track drawn as symbols (« ! » marks a danger cell) is a drawing, not prose.
    track = set("♞✓!SLCG★· ")
    lines = [line for line in out.splitlines()
             if "Ton choix" not in line and not set(line) <= track]
    assert not problems_in(f"{game} terminal", lines)[:5]



@settings(max_examples=2000, deadline=None)
@given(st.text(alphabet=" \t:;!?«»ab1.\u00a0\u202f\n", max_size=24))
def test_spacing_a_space_at_a_time_is_the_expressions_spacing(text: str) -> None:
    """The fast path (plain replacements, issue 19) spaces every text as the regular
    expressions do."""
    from ludinum.content.typography import _space, _spaced

    assert _space(text) == _spaced(text)


def test_spaced_texts_are_remembered() -> None:
    """french_spacing keeps what it spaced (issue 19): the second time is a lookup, with
    the same result; a subclass of str (ready-made HTML) is spaced without the memo."""
    from markupsafe import Markup

    from ludinum.content.typography import NNBSP, french_spacing

    plain = "Attention : c'est « secret » !"
    first = french_spacing(plain)
    assert french_spacing(plain) is first
    assert type(first) is str and " !" not in first and NNBSP + "!" in first
    assert str(french_spacing(Markup(plain))) == first
