"""The characters' portraits (``site/static/persos``): shown next to a card's message on the
learning site (ruling W16), on a game's page and, through the kit, on the app's cards and
seats. Each is a drawing of its own (no initials written in a circle), self-contained (no
font, no external reference: the site makes no external request), small, and keeps its
character's colour as the ground of the picture."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import combinations

import pytest

from ludinum.server.kits import portraits
from ludinum.site import render
from ludinum.site.catalog import catalog

from .helpers import client

SVG = "{http://www.w3.org/2000/svg}"
FOLDER = render.STATIC / "persos"
NAMES = sorted(p.stem for p in FOLDER.glob("*.svg"))

#: Each character's colour, the disc behind the drawing (a cue the pages keep).
COLOURS = {
    "cyber_activiste": "#b3261e",
    "geekcolo": "#1b6e2d",
    "gestionnaire": "#0b6070",
    "gnou": "#6b4a1f",
    "influenceuse": "#8e2a7a",
    "voleur": "#333333",
    "white_hat": "#1f4fa3",
}

#: Attributes that only colour a shape: two drawings differing in these alone are the same.
PAINT = {"fill", "stroke", "opacity", "fill-opacity", "stroke-opacity", "stop-color"}


def tree(name: str) -> ET.Element:
    return ET.fromstring((FOLDER / f"{name}.svg").read_bytes())


def shapes(name: str) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
    """The drawing's geometry: every element with its attributes but its paint."""
    return [(el.tag, tuple(sorted((k, v) for k, v in el.attrib.items() if k not in PAINT)))
            for el in tree(name).iter() if el.tag != f"{SVG}title"]


def test_every_character_has_a_portrait_and_every_portrait_a_character() -> None:
    assert sorted(COLOURS) == NAMES
    assert set(catalog().characters) == set(NAMES)
    assert set(portraits()) == set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_portrait_is_a_small_self_contained_svg(name: str) -> None:
    data = (FOLDER / f"{name}.svg").read_bytes()
    assert len(data) < 4096
    root = tree(name)  # well-formed XML, or ParseError
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 64 64"
    assert root.get("role") == "img"
    tags = {el.tag.removeprefix(SVG) for el in root.iter()}
    assert not tags & {"text", "tspan", "textPath", "image", "use", "foreignObject",
                       "script", "style", "font", "a"}
    for el in root.iter():
        for key, value in el.attrib.items():
            assert not key.endswith("href"), (el.tag, key)
            assert not key.startswith("on"), (el.tag, key)
            assert "font" not in key, (el.tag, key)
            assert not re.search(r"url\((?!#)", value), (el.tag, key, value)
    assert len([el for el in root.iter() if el.tag == f"{SVG}path"]) >= 3  # drawn, not a bust


@pytest.mark.parametrize("name", NAMES)
def test_portrait_is_titled_with_the_characters_french_name(name: str) -> None:
    titles = [el for el in tree(name) if el.tag == f"{SVG}title"]
    assert [t.text for t in titles] == [catalog("fr").characters[name].name]


@pytest.mark.parametrize("name", NAMES)
def test_portrait_keeps_its_characters_colour_as_its_ground(name: str) -> None:
    ground = next(el for el in tree(name) if el.tag != f"{SVG}title")
    assert ground.tag == f"{SVG}circle"
    assert (ground.get("cx"), ground.get("cy")) == ("32", "32")
    assert float(ground.get("r", "0")) >= 30
    assert ground.get("fill", "").lower() == COLOURS[name]


@pytest.mark.parametrize(("one", "other"), list(combinations(NAMES, 2)))
def test_portraits_are_different_drawings(one: str, other: str) -> None:
    assert shapes(one) != shapes(other)


def test_portraits_are_served_as_svg() -> None:
    site = client()
    for name, url in portraits().items():
        response = site.get(url)
        assert response.status_code == 200, name
        assert response.headers["content-type"].startswith("image/svg+xml")
        assert response.content == (FOLDER / f"{name}.svg").read_bytes()
