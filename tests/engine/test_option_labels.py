"""Every option value in words (issue 21): the set-up form never shows ``true``,
``victim`` or a number without its unit."""

from __future__ import annotations

import re

import pytest

from ludinum.engine import Option, OptionValue
from ludinum.games import registry

GAMES = ("gnou", "hacker", "voleur", "webrunners")


def offered(option: Option) -> list[OptionValue]:
    """The values to check: every listed value, else the bounds and the default."""
    listed = list(option.values())
    if listed:
        return listed
    return [v for v in (option.minimum, option.default, option.maximum) if v is not None]


@pytest.mark.parametrize("game", GAMES)
def test_every_allowed_value_has_a_french_and_an_english_label(game: str) -> None:
    for option in registry().get(game).options:
        if option.kind == "text":
            continue  # free text, typed by the host
        for value in offered(option):
            if option.kind == "int":
                value = int(value)
            for lang in ("fr", "en"):
                label = option.label(value, lang)
                assert label, (game, option.name, value, lang)
                assert label != str(value), label  # the raw value is never the label
                assert not re.search(r"\b[a-z]+_[a-z_]+\b|\b(?:true|false|True|False)\b",
                                     label), label


def test_numbers_say_their_unit_and_agree() -> None:
    option = Option("t", "int", 12, "Durée.", "Length.", minimum=0, maximum=120,
                    named=((0, "Sans limite", "No limit"),), unit_fr="secondes",
                    unit_en="seconds")
    assert option.label(0) == "Sans limite"
    assert option.label(1) == "1 seconde" and option.label(1, "en") == "1 second"
    assert option.label(12) == "12 secondes" and option.label(12, "en") == "12 seconds"
    chance = Option("v", "float", 0.2, "Chance.", "Chance.", minimum=0.0, maximum=1.0,
                    percent=True)
    assert chance.label(0.2) == "20\u202f%" and chance.label(0.2, "en") == "20%"
    assert 0.2 in chance.values() and len(chance.values()) == 11
    flag = Option("f", "bool", False, "Oui ?", "Yes?", named=((False, "Non", "No"),
                                                              (True, "Oui", "Yes")))
    assert flag.label(True) == "Oui" and flag.label(False, "en") == "No"
    assert Option("n", "int", 1, "N.", "N.").label(1) is None  # no words: none made up


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_set_up_form_shows_no_raw_value(game: str, lang: str) -> None:
    from ludinum.server import forms, render

    g = registry().get(game)
    html = render.page(lang, "new.html", game=g, fields=forms.fields(g, lang), players=3,
                       mode="turns", error=None)
    shown = re.findall(r"<option value=\"[^\"]*\"[^>]*>([^<]*)</option>", html)
    shown += re.findall(r'<span class="(?:unit|option-name)"[^>]*>([^<]*)</span>', html)
    raw = {str(v) for o in g.options for v in o.values() if o.kind in ("choice", "bool")}
    raw |= {o.name for o in g.options}
    for text in shown:
        assert text.strip() not in raw, (game, text)
        assert not re.search(r"\b(?:true|false|True|False)\b|\b[a-z]+_[a-z_]+\b", text), text
    for option in g.options:  # the option's own name is never printed
        assert f">{option.name}<" not in html and f"> {option.name} " not in html
        # nor its ruling ID, a designer's reference (« règle V1 » meant nothing to a teacher)
        assert not option.ruling or not re.search(rf"\b{option.ruling}\b", html), option.ruling
    assert "= 0" not in html and "-1 :" not in html  # no zero-based seat numbers


def test_a_number_whose_every_value_has_words_lists_them() -> None:
    """``ludinum games``: the Voleur's thief seat reads « 0 : Tiré au sort, 1 : Place 1, … »
    rather than « nombre entier de -1 à 5 » explained in its help; typed as it reads, a
    seat counted from 1 (``from_one``: its value in the game counts from 0)."""
    seat = registry().get("voleur").options["thief_seat"]
    assert seat.allowed("fr").startswith("0\u00a0: Tiré au sort, 1\u00a0: Place 1, ")
    assert seat.allowed("en").endswith("6: Seat 6")
    answer = registry().get("voleur").options["response_seconds"]  # only 0 has words
    assert answer.allowed("fr").startswith("nombre entier de 0 à ")


def test_a_value_whose_words_start_with_it_is_not_said_twice() -> None:
    """A terminal review read « 1 : 1 : facile, 2 : 2 : moyen » for the Gnou's quiz level,
    whose words already start with the number. Its words are « 1 – facile », not
    « 1 : facile »: a debrief read « Niveau des questions : 1 : facile »."""
    level = registry().get("gnou").options["quiz_level"]
    assert level.allowed("fr") == "1 – facile, 2 – moyen, 3 – difficile"
    assert level.allowed("en") == "1 – easy, 2 – medium, 3 – hard"


@pytest.mark.parametrize(("lang", "words"), [("fr", "Selon la difficulté"),
                                             ("en", "Set by the difficulty")])
def test_a_number_at_its_named_default_is_an_empty_field_saying_it(lang: str,
                                                                   words: str) -> None:
    """The Gnou's set-up showed « 0 tours » for its number of turns, which meant « set by
    the difficulty »: the field is empty and says so; sent empty, it is that default. A
    number at a default without words (Hacker's trip, 12 s) shows it as before."""
    from ludinum.server import forms, render

    gnou = registry().get("gnou")
    html = render.page(lang, "new.html", game=gnou, fields=forms.fields(gnou, lang),
                       players=3, mode="turns", error=None)
    field = re.search(r'<input type="number" id="opt_turn_limit"[^>]*>', html)
    assert field is not None, html
    assert 'value=""' in field.group() and f'placeholder="{words}"' in field.group()
    assert forms.parse(gnou, {"opt_turn_limit": ""}).get("turn_limit", 0) == 0
    assert forms.parse(gnou, {"opt_turn_limit": "9"})["turn_limit"] == 9
    hacker = registry().get("hacker")
    trip = next(f for f in forms.fields(hacker, lang) if f.option.name == "trip_seconds")
    assert trip.value == 12 and not trip.placeholder
    # A host's 0 (no limit), not the default, stays written: sent empty it would be 12.
    trip = next(f for f in forms.fields(hacker, lang, {"trip_seconds": 0})
                if f.option.name == "trip_seconds")
    assert trip.value == 0 and not trip.placeholder
