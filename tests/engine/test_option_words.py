"""The rule options in a teacher's words (the set-up page /new/<game>, a class's set-up and
the debrief): what each option changes, never the designers' words about the original
rules (« les deux questions du texte », « (réglé) », « choix de l'hôte (siège 1) »), and
values short enough for a list box on a 390 px phone, else buttons to tick."""

from __future__ import annotations

import re

import pytest

from ludinum.engine import Option, OptionError
from ludinum.games import registry
from ludinum.server import forms

GAMES = ("gnou", "hacker", "voleur", "webrunners")

#: The names in code, API and saved games: their words change, never these.
NAMES = {
    "webrunners": ("theme", "first_player", "characters", "power_ends_turn",
                   "response_seconds", "one_minute_seconds", "forced_move_colours", "deck",
                   "session_minutes", "max_rounds"),
    "gnou": ("variant", "difficulty", "turn_limit", "quiz_level", "handicap", "hard_mode",
             "game_master"),
    "hacker": ("trip_seconds", "vigilance", "traveller_vigilance", "reveal", "theft",
               "brouillage", "cryptage", "viruses_3p"),
    "voleur": ("thief_seat", "expert", "foil_points", "defence", "response_seconds",
               "measure_board", "empty_pile", "rounds"),
}

#: Words for designers, not for a teacher who never read the original rules: « le texte »
#: (the rules), « réglé » (a tuned deck), « siège » and « hôte » (the page says « place »
#: and « animateur »), the rules' own sections, a remark on the right word.
DESIGNERS = {
    "fr": re.compile(r"\btextes?\b|\brégl[ée]e?s?\b|\bsièges?\b|\bhôtes?\b|\bprincipes\b|"
                     r"\bdécompte\b|tableau de la règle|mot juste|en ligne seulement|"
                     r"\bvariante à 3\b", re.IGNORECASE),
    "en": re.compile(r"\btexts?\b|\btuned\b|rules' table|\bprinciples\b|scoring section|"
                     r"online only|right word", re.IGNORECASE),
}

#: The longest value a list box shows whole on a 390 px phone (its width, in characters of
#: the page's font; « Chaque carte une fois, comme le texte », 37, was cut).
LONGEST_VALUE = forms.LIST_BOX_CHARACTERS


def words(option: Option, lang: str) -> list[str]:
    """Every text of an option a teacher may read in ``lang``: its help (the form's label),
    its short name (the debrief), the words of each of its values."""
    en = lang == "en"
    said = [option.help_en if en else option.help_fr, option.title(lang)]
    said += [label for v in option.values() if (label := option.label(v, lang))]
    said += [english if en else fr for _, fr, english in option.named]
    return said


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_option_speaks_the_designers_words(game: str, lang: str) -> None:
    for option in registry().get(game).options:
        for text in words(option, lang):
            found = DESIGNERS[lang].search(text)
            assert not found, (game, option.name, lang, found.group(0), text)


@pytest.mark.parametrize("game", GAMES)
def test_every_option_has_a_short_name_in_both_languages(game: str) -> None:
    """The debrief lists « Premier joueur : Tirage au sort », not the whole help line."""
    for option in registry().get(game).options:
        for lang in ("fr", "en"):
            title = option.title(lang)
            assert title and len(title) <= 48 and not title.endswith("."), (option.name, title)
        assert option.title("fr") != option.title("en"), option.name


@pytest.mark.parametrize("game", GAMES)
def test_the_option_names_do_not_change(game: str) -> None:
    assert tuple(o.name for o in registry().get(game).options) == NAMES[game]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_value_fits_a_phone_list_box_or_is_a_button(game: str, lang: str) -> None:
    """A value longer than a list box shows on a phone is drawn as a button to tick, its
    words whole (a content's names, the themes of W16, keep their length); the page's
    widths are measured in tests/browser/test_option_fields_fit.py."""
    drawn = {f.option.name: f.input for f in forms.fields(registry().get(game), lang)}
    for option in registry().get(game).options:
        labels = [option.label(value, lang) or "" for value in option.values()]
        if any(len(label) > LONGEST_VALUE for label in labels):
            assert drawn[option.name] == "radios", (game, option.name, labels)
        elif option.kind == "choice" and not option.seats_of:
            assert drawn[option.name] == "select", (game, option.name, labels)


def test_one_role_has_one_name() -> None:
    """Web Runners' first player (W15): the value says what it does, true on a room's
    set-up and on a class's, where no one runs each table (« Choix de l'animateur » was
    false there); the help says who puts the player in place 1 in either (it read
    « choix de l'hôte (siège 1) » next to the value's « animateur » once). The value
    stays ``host``: saved games and addresses use it."""
    first = registry().get("webrunners").options["first_player"]
    assert "host" in first.values()
    assert first.label("host") == "Le joueur 1 commence"
    assert first.label("host", "en") == "Player 1 starts"
    assert "place 1" in first.help_fr and "seat 1" in first.help_en
    assert "l'animateur" in first.help_fr and "classe" in first.help_fr
    assert "host" in first.help_en and "class" in first.help_en
    for text in words(first, "fr") + words(first, "en"):
        assert "choix de l'animateur" not in text.lower(), text
        assert "host's choice" not in text.lower(), text
    seat = registry().get("voleur").options["thief_seat"]
    assert seat.label(0) == "Place 1" and seat.label(5, "en") == "Seat 6"


def test_the_default_reads_as_the_normal_game() -> None:
    deck = registry().get("webrunners").options["deck"]
    assert deck.label(deck.default) == "Chaque carte une fois"
    assert "comme dans le jeu original" in deck.help_fr
    assert "as in the original game" in deck.help_en


def test_the_gnou_difficulty_says_its_turns() -> None:
    """The help gives the numbers of turns the game uses (not « le tableau de la règle »)."""
    from ludinum.games.gnou.options import TURN_LIMITS

    difficulty = registry().get("gnou").options["difficulty"]
    for variant, limits in TURN_LIMITS.items():
        counts = [str(limits[d]) for d in difficulty.choices]
        said = f"{counts[0]}, {counts[1]} ou {counts[2]}"
        assert said in difficulty.help_fr, (variant, said)
        assert said.replace(" ou ", " or ") in difficulty.help_en, (variant, said)


@pytest.mark.parametrize(("game", "name", "values", "players", "applied"), [
    ("hacker", "viruses_3p", {}, 4, False),
    ("hacker", "viruses_3p", {}, 3, True),
    ("hacker", "vigilance", {}, 4, True),
    ("voleur", "response_seconds", {"defence": "auto"}, 3, False),
    ("voleur", "response_seconds", {"defence": "ask"}, 3, True),
    ("gnou", "difficulty", {"turn_limit": 15}, 2, False),
    ("gnou", "difficulty", {"turn_limit": 0}, 2, True),
    ("gnou", "quiz_level", {"handicap": "1,2"}, 2, False),
    ("gnou", "handicap", {"handicap": ""}, 2, False),
    ("gnou", "handicap", {"handicap": "1,2"}, 2, True),
])
def test_an_option_says_whether_it_applied(game: str, name: str, values: dict[str, object],
                                           players: int, applied: bool) -> None:
    options = registry().get(game).options
    resolved = options.resolve(values)
    assert options[name].applied(resolved, players) is applied


def test_a_number_sent_as_text_is_told_so_and_other_digits_are_not_numbers() -> None:
    """An API call with « "vigilance": "0.5" » was answered « Valeur invalide … : 0.5
    (valeurs permises : nombre de 0 à 1) », which reads as a contradiction; and « ٣ »
    (an Arabic-Indic digit) was read as 3 by the set-up form (attack review)."""
    from ludinum.engine import OptionError
    from ludinum.games import get_game

    options = get_game("hacker").options
    with pytest.raises(OptionError) as told:
        options["vigilance"].validate("0.5")
    assert "attend un nombre, pas un texte (reçu : « 0.5 »" in told.value.fr, told.value.fr
    assert "takes a number, not a text" in told.value.en
    with pytest.raises(OptionError):
        options["brouillage"].validate("true")
    with pytest.raises(OptionError) as told:
        options["trip_seconds"].parse("٣٠")
    assert "Valeur invalide" in told.value.fr
    assert options["trip_seconds"].parse(" 30 ") == 30  # ASCII digits still read
    assert options["vigilance"].validate(0.5) == 0.5


def test_a_decimal_comma_is_read_as_a_french_reader_writes_it() -> None:
    """« -o vigilance=0,5 » was refused as an invalid value (a review of the lab,
    2026-12-03): a French reader writes a decimal with a comma."""
    options = registry().get("hacker").options
    assert options["vigilance"].parse("0,5") == 0.5 == options["vigilance"].parse("0.5")
    with pytest.raises(OptionError):
        options["vigilance"].parse("0,5,1")  # a list is no number
    with pytest.raises(OptionError):
        options["trip_seconds"].parse("1,5")  # a whole number has no decimals
