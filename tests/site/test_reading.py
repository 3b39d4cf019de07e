"""The learning pages as a visitor reads them: the lines of text a browser lays out (block
elements start a new line), the links a source gives, what the index promises."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

import pytest

from ludinum.games import get_game
from ludinum.games.hacker.content import load_lessons
from ludinum.site.catalog import catalog
from tests.reading import single_spaced

from .helpers import client

CLIENT = client()
#: Elements a browser lays out as blocks: their text never shares a line with the next one.
BLOCKS = {"p", "li", "ul", "ol", "div", "section", "h1", "h2", "h3", "h4", "br", "table",
          "tr", "details", "summary", "blockquote", "figure", "figcaption", "footer",
          "header", "nav", "main", "fieldset", "legend", "form"}


class Lines(HTMLParser):
    """The page's visible text, one entry per laid-out line (roughly ``innerText``)."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.lines: list[str] = [""]
        self.skip = 0
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script", "title"):
            self.skip += 1
        if tag in BLOCKS:
            self.lines.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script", "title"):
            self.skip -= 1
        if tag in BLOCKS:
            self.lines.append("")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.lines[-1] += data

    def text(self) -> list[str]:
        return [single_spaced(line) for line in self.lines if line.strip()]


def lines(path: str) -> list[str]:
    response = CLIENT.get(path)
    assert response.status_code == 200, path
    return Lines(response.text).text()


THEMES = sorted(catalog().themes)


@pytest.mark.parametrize("path", [*THEMES, "/cartes/webrunners/pornographie",
                                  "/cartes/voleur/hameconnage"])
def test_a_resource_s_contact_and_its_source_are_on_separate_lines(path: str) -> None:
    # « 3018 — 3018.frSource : https://… » : the contact ran into its source.
    for line in lines(path):
        if "Source" in line:
            assert line.startswith("Source"), (path, line)


def test_every_hacker_lesson_source_is_a_link_set_apart_from_its_advice() -> None:
    html = unescape(CLIENT.get("/apprendre/hacker").text)
    for lesson in load_lessons():
        for ref in lesson.source.split(";"):  # an address is the link, a note after it not
            assert f'href="{ref.split()[0]}"' in html, ref
    for line in lines("/apprendre/hacker"):
        assert "Source" not in line or line.startswith("Source"), line


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_index_shows_a_card_list_only_for_games_that_have_cards(lang: str) -> None:
    text = lines(f"/apprendre?lang={lang}")
    counts = [re.search(r"\b(\d+) (cartes|cards)\b", line) for line in text]
    found = [int(m.group(1)) for m in counts if m]
    assert found and 0 not in found, text  # « Les 0 cartes » under Hacker


@pytest.mark.parametrize("path", ["/apprendre", *THEMES])
def test_a_card_s_kind_is_not_wrapped_in_a_second_pair_of_brackets(path: str) -> None:
    # « Annuaire interne (Carte donnée standard (1 pt)) »
    for line in lines(path):
        assert "))" not in line, (path, line)


def test_the_print_section_does_not_single_out_some_of_the_printed_games() -> None:
    # It said « les plateaux du Gnou et de Web Runners » while the Voleur's PDF has its
    # boards too: the list below names each game, the sentence speaks of all of them.
    html = CLIENT.get("/apprendre").text
    section = html[html.index('id="imprimer"'):]
    intro = unescape(section[section.index("<p>"):section.index("</p>")])
    titles = re.findall(r'\.pdf">([^<]+) \(PDF\)', section)
    assert len(titles) == 3
    for title in titles:
        assert title.split()[-1] not in intro, intro


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_home_link_keeps_the_page_s_language(lang: str) -> None:
    html = CLIENT.get(f"/apprendre/quiz?lang={lang}").text
    assert f'href="/lang/{lang}?next=/"' in html


@pytest.mark.parametrize("game", ["webrunners", "gnou"])
def test_a_game_page_names_its_game_after_of_without_a_capital_the(game: str) -> None:
    # "Print the cards of The Gnu game (PDF, in French)"
    text = " ".join(lines(f"/apprendre/{game}?lang=en"))
    assert "Print the cards of " in text and " of The " not in text


@pytest.mark.parametrize("game", ["webrunners", "gnou"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_game_page_says_what_the_game_is(game: str, lang: str) -> None:
    # It went from its title straight to « Les thèmes »: a parent who scanned a card did
    # not learn what the game is.
    played = get_game(game)
    summary = played.summary_en if lang == "en" else played.summary_fr
    text = lines(f"/apprendre/{game}?lang={lang}")
    assert text.index(single_spaced(summary)) == text.index(
        next(line for line in text if line in ("Les thèmes", "The themes"))) - 1
