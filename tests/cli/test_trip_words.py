"""The terminal's feed told whose trip a virus came in as « (trajet de Bleu (J2)) »: a
parenthesis inside another, the seat's label in it as if it were an aside. It reads as a
sentence now, naming the seat as the rest of the terminal does (« Bleu (J2) »):
« Un virus apparaît sur le compte 5 pendant le trajet de Bleu (J2). »"""

from __future__ import annotations

import re

from ludinum.engine import Event
from ludinum.games.hacker import GAME
from tests.cli.terminal import play

#: A parenthesis opened inside another one.
NESTED = re.compile(r"\([^()]*\(")


def test_a_terminal_game_never_nests_parentheses_in_its_feed() -> None:
    text = play(["hacker", "--seed", "2"], lambda prompt: 1).text().replace("\xa0", " ")
    feed = [line for line in text.splitlines() if line.startswith("• ")]
    drops = [line for line in feed if "Un virus apparaît" in line]
    assert drops, feed[:20]
    assert not [line for line in feed if NESTED.search(line)], feed
    assert "(trajet de" not in text
    # Another seat's trip is summed up in one line, its drops with it (cli/digest.py).
    assert any(re.fullmatch(r"• Trajet (?:de |d')\w+ \(J\d\) : (?:\d+|aucun) virus.*\.", line)
               for line in feed), feed


def test_the_drop_line_in_each_language_and_to_the_traveller() -> None:
    dropped = Event("dropped", {"account": 4, "trip": 1})
    text = GAME.text
    assert text.event(dropped, "fr") == ("Un virus apparaît sur le compte 5 pendant le "
                                         "trajet de Bleu (J2).")
    assert text.event(dropped, "en") == "A virus appears on account 5 during Blue (P2)'s trip."
    # French elides before a colour that starts with a vowel
    orange = Event("dropped", {"account": 0, "trip": 6})
    assert text.event(orange, "fr") == ("Un virus apparaît sur le compte 1 pendant le "
                                        "trajet d'Orange (J7).")
    # the traveller reads « ton trajet », without brackets either
    assert [line for _, line in text.told([dropped], 1)] == [
        "Un virus apparaît sur le compte 5 pendant ton trajet."]
    assert [line for _, line in text.told([dropped], 1, "en")] == [
        "A virus appears on account 5 during your trip."]


def test_a_screen_with_nicknames_reads_the_nickname_in_the_sentence() -> None:
    line = GAME.text.event(Event("dropped", {"account": 4, "trip": 1}), "fr")
    said = GAME.text.with_names(line, ["Léa", "Inès"], "fr")
    assert said == "Un virus apparaît sur le compte 5 pendant le trajet d'Inès."
