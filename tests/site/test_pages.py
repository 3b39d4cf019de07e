"""The learning pages (ruling W16): every card of every game that carries content has a
stable, readable page with its message, speaker, theme and resources; every theme has a
page with resources and a separate section for parents; all reachable from /apprendre."""

from __future__ import annotations

import itertools
import re
from html import unescape
from html.parser import HTMLParser

import pytest

from ludinum.games.gnou.content import LIBERTIES, PROTECTIONS, load_dangers
from ludinum.games.voleur.content import load_deck
from ludinum.games.webrunners.site import raw
from ludinum.site.catalog import catalog
from tests.reading import unescaped

from .helpers import client

CLIENT = client()


class Page(HTMLParser):
    """What the accessibility checks need: lang, headings, images, links, sources."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.lang = ""
        self.headings: list[str] = []
        self.images: list[dict[str, str | None]] = []
        self.links: list[str] = []
        self.sources: list[str] = []
        self.viewport = False
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang") or ""
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append(tag)
        if tag == "img":
            self.images.append(a)
        if tag == "a" and a.get("href"):
            self.links.append(str(a["href"]))
        if tag == "meta" and a.get("name") == "viewport":
            self.viewport = True
        for key in ("src", "href"):
            if tag in ("img", "script", "link") and a.get(key):
                self.sources.append(str(a[key]))


def get(path: str) -> Page:
    response = CLIENT.get(path)
    assert response.status_code == 200, path
    assert response.headers["content-type"].startswith("text/html")
    return Page(response.text)


def reachable_from_index() -> set[str]:
    """Pages reached from /apprendre by following site links, two clicks deep."""
    seen = {"/apprendre"}
    frontier = ["/apprendre"]
    for _ in range(2):
        nxt = []
        for path in frontier:
            for link in get(path).links:
                link = link.split("#")[0]
                if link.startswith(("/apprendre", "/cartes")) and link not in seen:
                    seen.add(link)
                    nxt.append(link)
        frontier = nxt
    return seen


def test_every_card_and_theme_page_is_reachable_from_the_index() -> None:
    cat = catalog()
    reached = reachable_from_index()
    assert set(cat.paths()) <= reached
    assert "/apprendre/quiz" in reached


def test_every_card_with_content_has_a_page() -> None:
    """W16, G1, V2: the 35 named Web Runners cards, the 30 Gnou dangers and 10 quiz series,
    and every Voleur card (data, attack, measure)."""
    paths = set(catalog().cards)
    deck, _ = raw()
    named = [c["id"] for c in deck if c.get("theme") and c.get("message")]
    assert len(named) == 35
    assert {f"/cartes/webrunners/{c}" for c in named} <= paths
    assert {f"/cartes/gnou/danger/{cell}" for cell in load_dangers()} <= paths
    assert len(load_dangers()) == 30
    assert {f"/cartes/voleur/{c.id}" for c in load_deck().cards} <= paths
    assert {f"/apprendre/gnou/{t}" for t in (*PROTECTIONS, *LIBERTIES)} <= set(catalog().themes)


@pytest.mark.parametrize("path", [*sorted(catalog().paths()), "/apprendre", "/apprendre/quiz"])
def test_pages_are_accessible_and_self_contained(path: str) -> None:
    page = get(path)
    assert page.lang == "fr"
    assert page.viewport  # works on a phone
    assert page.headings.count("h1") == 1 and page.headings[0] == "h1"
    levels = [int(h[1]) for h in page.headings]
    assert all(b - a <= 1 for a, b in itertools.pairwise(levels)), levels
    for image in page.images:
        assert image.get("alt"), image
    # No external request: every asset comes from this server (or is written in the page:
    # its empty icon, « data:, », which spares a request for /favicon.ico).
    assert all(s.startswith("/") or s == "data:," for s in page.sources), page.sources


def test_a_web_runners_card_page_shows_message_speaker_theme_and_resources() -> None:
    html = unescaped(CLIENT.get("/cartes/webrunners/cyberviolence").text)
    deck, _ = raw()
    card = next(c for c in deck if c["id"] == "cyberviolence")
    assert " ".join(card["message"].split())[:60] in html
    assert "Cyber-activiste" in html  # the speaking character
    assert 'href="/apprendre/webrunners/relations"' in html
    assert "3018" in html and "Pharos" in html  # the theme's resources
    assert "symbole rouge" in html  # the colour also said in words


def test_a_theme_page_has_resources_and_a_separate_parents_section() -> None:
    html = CLIENT.get("/apprendre/webrunners/sante").text
    assert 'id="ressources"' in html and 'id="parents"' in html
    assert "Pour les parents" in html and "PEGI" in html
    assert 'href="/cartes/webrunners/lumiere_bleue"' in html


def test_gnou_danger_and_voleur_pages() -> None:
    html = unescape(CLIENT.get("/cartes/gnou/danger/2").text)
    assert "Les cookies publicitaires" in html and "alternative libre" in html
    assert 'href="/apprendre/gnou/anti_espion"' in html
    html = unescape(CLIENT.get("/cartes/voleur/hameconnage").text)
    assert "Hameçonnage" in html and "Le voleur" in html
    assert 'href="/cartes/voleur/' in html  # the measure that counters it
    html = CLIENT.get("/apprendre/voleur").text
    assert "CNIL" in html and 'id="parents"' in html


@pytest.mark.parametrize(
    "path",
    ["/cartes/webrunners/plain_1", "/cartes/webrunners/nope", "/cartes/gnou/danger/1",
     "/cartes/voleur/nope", "/apprendre/gnou/nope", "/imprimer/hacker.pdf"],
)
def test_unknown_pages_are_404(path: str) -> None:
    assert CLIENT.get(path).status_code == 404


def test_static_css_and_fonts_are_served_locally() -> None:
    css = CLIENT.get("/apprendre/static/site.css")
    assert css.status_code == 200
    assert "http" not in css.text  # fonts from this server only
    for font in re.findall(r'url\("([^"]+)"\)', css.text):
        assert CLIENT.get(f"/apprendre/static/{font}").status_code == 200


def _luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_text_colours_have_enough_contrast() -> None:
    """WCAG AA: at least 4.5:1 for text on its background."""
    css = CLIENT.get("/apprendre/static/site.css").text
    var = dict(re.findall(r"--([a-z]+): (#[0-9a-f]{6})", css))
    link = re.search(r"\ba \{ color: (#[0-9a-f]{6})", css).group(1)  # type: ignore[union-attr]
    error = re.search(r"\.error \{ color: (#[0-9a-f]{6})", css).group(1)  # type: ignore[union-attr]
    for fg, bg in [
        (var["ink"], var["paper"]), (var["muted"], var["paper"]), (var["accent"], var["paper"]),
        (var["ink"], var["soft"]), (var["muted"], var["soft"]), (link, var["paper"]),
        (link, var["soft"]), (error, var["paper"]), ("#ffffff", var["accent"]),
    ]:
        assert contrast(fg, bg) >= 4.5, (fg, bg)
