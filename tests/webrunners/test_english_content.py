"""English of the Web Runners content: ``message_en`` for the cards, ``resources_en``,
``parents_en`` and ``what_en`` for the themes, all or nothing per file
(``ludinum.content.schema.english_problems``), shown when the language is English."""

from __future__ import annotations

import json
import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from ludinum.content.schema import check_kind, english_key
from ludinum.content.yamldoc import load
from ludinum.engine import public
from ludinum.games.webrunners import GAME, THEME_DATA, card_message, theme_texts
from ludinum.games.webrunners.content import CARD_TEXTS, DECK, THEME_KIND
from ludinum.games.webrunners.data import DECK_DATA, FOLDER
from ludinum.games.webrunners.events import MESSAGE
from ludinum.games.webrunners.text import CHARACTER_NAMES
from ludinum.site.debrief import collect

MISSING = "anglais incomplet : « {} » manquant (le fichier donne l'anglais d'autres entrées)"
#: Services and tools named in the French: the English names them too.
NAMES = (
    "3018", "CNIL", "Pharos", "SignalConso", "PEGI", "Lumni", "Arcom", "Scratch", "Python",
    "Creative Commons", "e-Enfance", "ADEME", "CLEMI", "Internet Sans Crainte",
    "Joueurs Info Service", "Fil Santé Jeunes",
)


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "webrunners"
    shutil.copytree(FOLDER, folder)
    return folder


def _read(file: Path) -> Any:
    return yaml.safe_load(file.read_text(encoding="utf-8"))


def _rewrite(file: Path, data: Any) -> None:
    file.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _messages(kind: Any, folder: Path) -> list[tuple[str, int, str]]:
    problems, _ = check_kind(kind, folder)
    return [(Path(p.file).name, p.line, p.message) for p in problems]


def _pairs(data: Any) -> Iterator[tuple[dict[str, Any], str]]:
    """Every French text field of the content (``message`` and ``*_fr``) with its entry."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in CARD_TEXTS or key.endswith("_fr"):
                yield data, key
            yield from _pairs(value)
    elif isinstance(data, list):
        for value in data:
            yield from _pairs(value)


# -- the built-in content ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["deck.yaml", "themes.yaml", "board.yaml"])
def test_every_french_text_has_its_english(name: str) -> None:
    pairs = list(_pairs(_read(FOLDER / name)))
    if name == "board.yaml":
        assert pairs == []  # only numbers and colours: nothing to read aloud
    for entry, key in pairs:
        english = entry.get(english_key(key))
        assert isinstance(english, str) and english.strip(), (entry.get("id"), key)
        if key != "name_fr":  # some names are the same in both (Fake news, Hacking…)
            assert english != entry[key], (entry.get("id"), key)


def test_counts_of_english_texts() -> None:
    deck = _read(FOLDER / "deck.yaml")["cards"]
    assert sum("message_en" in c for c in deck) == sum("message" in c for c in deck) == 35
    themes = _read(FOLDER / "themes.yaml")["themes"]
    assert all("resources_en" in t and "parents_en" in t for t in themes)
    assert sum(len(t["resources"]) for t in themes) == 17


def _english_texts() -> list[tuple[str, str, str]]:
    """(where, French, English) for every translated text."""
    out = []
    for name in ("deck.yaml", "themes.yaml"):
        out += _english_of(name)
    return out


def _english_of(name: str) -> list[tuple[str, str, str]]:
    out = []
    for entry, key in _pairs(_read(FOLDER / name)):
        out.append((f"{entry.get('id', entry.get('name'))}.{key}", entry[key],
                    entry[english_key(key)]))
    return out


def _numbers(text: str, time: str) -> set[str]:
    """Numbers, phone numbers and web addresses of ``text``, times of day left out."""
    text = re.sub(time, "", text)
    found = set(re.findall(r"[a-z0-9.-]+\.(?:gouv\.fr|fr|com|info)\b", text))
    text = re.sub(r"[a-z0-9.-]+\.(?:gouv\.fr|fr|com|info)\b", "", text)
    found |= {n.replace(" ", "") for n in re.findall(r"\d+(?: \d+)*", text)}
    return found


@pytest.mark.parametrize(("where", "french", "english"), _english_texts())
def test_english_keeps_the_facts_and_english_typography(
    where: str, french: str, english: str
) -> None:
    """Same numbers, phone numbers, sites and services; English punctuation, no tu."""
    assert _numbers(french, r"\d+ h\b") <= _numbers(english, r"\d+ (?:am|pm)\b"), where
    for name in NAMES:
        if name in french:
            assert name in english, (where, name)
    assert not re.search(r"[\s\u00a0\u202f][?!:;]", english), where
    assert "«" not in english and "»" not in english and '"' not in english, where
    assert english == english.strip() and "  " not in english, where
    assert not re.search(r"\b(tu|ton|ta|tes|te|et|les|des)\b", english), where


# -- the content check: all or nothing per file ------------------------------------------


def test_french_only_files_still_pass(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    deck = _read(folder / "deck.yaml")
    for card in deck["cards"]:
        card.pop("message_en", None)
    _rewrite(folder / "deck.yaml", deck)
    themes = _read(folder / "themes.yaml")
    for theme in themes["themes"]:
        del theme["resources_en"], theme["parents_en"]
        for resource in theme["resources"]:
            del resource["what_en"]
    _rewrite(folder / "themes.yaml", themes)
    assert _messages(DECK, folder) == []
    assert _messages(THEME_KIND, folder) == []


def test_a_missing_message_en_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    file = folder / "deck.yaml"
    data = _read(file)
    index = next(i for i, c in enumerate(data["cards"]) if c["id"] == "hacking")
    del data["cards"][index]["message_en"]
    _rewrite(file, data)
    line = load(file).line(("cards", index))
    assert _messages(DECK, folder) == [("deck.yaml", line, MISSING.format("message_en"))]
    assert str(check_kind(DECK, folder)[0][0]).startswith(f"{file}:{line}: ")


def test_english_without_french_is_refused(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    file = folder / "deck.yaml"
    data = _read(file)
    index = next(i for i, c in enumerate(data["cards"]) if c["id"] == "plain_2")
    data["cards"][index]["message_en"] = "A message for a plain card."
    _rewrite(file, data)
    line = load(file).line(("cards", index, "message_en"))
    assert _messages(DECK, folder) == [("deck.yaml", line, "« message_en » sans « message »")]


def test_a_missing_theme_or_resource_english_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    file = folder / "themes.yaml"
    data = _read(file)
    del data["themes"][1]["parents_en"]
    del data["themes"][2]["resources"][3]["what_en"]
    _rewrite(file, data)
    doc = load(file)
    assert sorted(_messages(THEME_KIND, folder)) == sorted([
        ("themes.yaml", doc.line(("themes", 1)), MISSING.format("parents_en")),
        ("themes.yaml", doc.line(("themes", 2, "resources", 3)), MISSING.format("what_en")),
    ])


def test_english_resources_alone_need_the_themes_english(tmp_path: Path) -> None:
    """All or nothing for the whole file: English for the resources only is incomplete."""
    folder = _copy(tmp_path)
    file = folder / "themes.yaml"
    data = _read(file)
    for theme in data["themes"]:
        del theme["resources_en"], theme["parents_en"]
    _rewrite(file, data)
    doc = load(file)
    assert sorted(_messages(THEME_KIND, folder)) == sorted(
        ("themes.yaml", doc.line(("themes", i)), MISSING.format(name))
        for i in range(4)
        for name in ("resources_en", "parents_en")
    )


def test_an_unknown_english_field_is_refused(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    file = folder / "themes.yaml"
    data = _read(file)
    data["themes"][0]["resources"][0]["contact_en"] = "3018"
    _rewrite(file, data)
    found = _messages(THEME_KIND, folder)
    assert len(found) == 1 and "contact_en" in found[0][2]


# -- what the game shows ---------------------------------------------------------------


def test_the_english_game_text_shows_the_english_message() -> None:
    raw = {c["id"]: c for c in _read(FOLDER / "deck.yaml")["cards"]}
    shown = 0
    for card, event in zip(DECK_DATA.cards, MESSAGE, strict=True):
        if event is None:
            assert "message" not in raw[card.id]
            continue
        english, french = GAME.text.event(event, "en"), GAME.text.event(event, "fr")
        assert card.message_en == raw[card.id]["message_en"]
        assert english.endswith(f": “{raw[card.id]['message_en']}”"), card.id
        assert card.name_en in english and raw[card.id]["message"] not in english
        assert french.endswith(f" : « {raw[card.id]['message']} »"), card.id
        assert card.message_in("en") == card.message_en and card.message_in("fr") == card.message
        message = card_message(card.id)
        assert message is not None and message["message_en"] == card.message_en
        shown += 1
    assert shown == 35


def test_an_event_of_unknown_card_keeps_its_text() -> None:
    """A stored event whose card has no English (or no longer exists) shows its own text."""
    event = MESSAGE[DECK_DATA.by_id["bug"]]
    assert event is not None
    odd = public("message", **{**event.data, "card": "no_such_card"})
    assert event.data["text"] in GAME.text.event(odd, "en")


@pytest.mark.parametrize("theme", sorted(THEME_DATA))
def test_theme_texts_in_english(theme: str) -> None:
    raw = next(t for t in _read(FOLDER / "themes.yaml")["themes"] if t["id"] == theme)
    english, french = theme_texts(theme, "en"), theme_texts(theme, "fr")
    assert english["name"] == raw["name_en"] and french["name"] == raw["name_fr"]
    assert english["intro"] == raw["resources_en"] and french["intro"] == raw["resources_fr"]
    assert english["parents"] == raw["parents_en"] and french["parents"] == raw["parents_fr"]
    assert [r["what"] for r in english["resources"]] == [r["what_en"] for r in raw["resources"]]
    assert [r["what"] for r in french["resources"]] == [r["what_fr"] for r in raw["resources"]]
    assert [(r["name"], r["contact"]) for r in english["resources"]] == [
        (r["name"], r["contact"]) for r in raw["resources"]
    ]


def test_english_debrief_lists_the_english_messages() -> None:
    config = GAME.make_config(3, 5)
    state = GAME.setup(config)
    rng = random.Random(5)
    log: list[tuple[int, object]] = []
    while not state.is_terminal() and len(log) < 4000:
        seat = state.active_players()[0]
        action = rng.choice(list(state.legal_actions(seat)))
        state.apply(seat, action)
        log.append((seat, action.to_json()))
    config_json = json.dumps(config.to_json())
    english = collect(config_json, log, ["A", "B", "C"], "en")
    french = collect(config_json, log, ["A", "B", "C"], "fr")
    assert english.messages and len(english.messages) == len(french.messages)
    cards = [c for c in DECK_DATA.cards if c.message_en]
    assert {text for _, text in english.messages} <= {c.message_en for c in cards}
    assert {text for _, text in french.messages} <= {c.message for c in cards}
    # headed « card — speaker » (« Bug — White Hat »), each in English
    assert {who.split(" — ")[1] for who, _ in english.messages} <= {
        en for _, en in CHARACTER_NAMES.values()}
    assert {who.split(" — ")[0] for who, _ in english.messages} <= {c.name_en for c in cards}
    theme = str(config.options["theme"])
    assert english.themes == [THEME_DATA[theme]["name_en"]]
    assert french.themes == [THEME_DATA[theme]["name_fr"]]
