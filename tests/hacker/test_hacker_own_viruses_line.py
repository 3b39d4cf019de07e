"""A player's own viruses on their phone. It read « Tes virus sur : compte 2 (trajet de
Noé) », which a child took for a riddle (and before that the same account twice, as if the
screen stuttered). It now says whose account each virus sits on, counted: « Tu as posé
2 virus sur le compte 6 de Tom et 1 virus sur le compte 5 de Sami. », in the server's
text and the page's alike. Only what the seat may know: the accounts' owners the board
shows everyone (none under brouillage, H7), its own viruses (H2)."""

from __future__ import annotations

from typing import Any

from ludinum.games import registry
from ludinum.games.hacker.screen import _accounts_in_words
from ludinum.server import render
from tests.server.test_page_lines import page_lines

NAMES = ["Léa", "Sami", "Tom"]
STACKS = {4: (1, [{"owner": 0, "trip": 2}]),
          5: (2, [{"owner": 0, "trip": 2}, {"owner": 0, "trip": 2}, {"owner": 1, "trip": 2}]),
          6: (1, [{"owner": 2, "trip": 1}])}
VIEW: dict[str, Any] = {
    "phase": "drop", "you": 0, "round": 1, "rounds": 4, "viruses": 3,
    "accounts": [{"id": i, "owner": o, "bills": None, "stack": s}
                 for i, (o, s) in STACKS.items()],
}
FR = "Tu as posé 1 virus sur le compte 5 de Sami et 2 virus sur le compte 6 de Tom."
EN = "You dropped 1 virus on Sami's account 5 and 2 viruses on Tom's account 6."


def _server(view: dict[str, Any], lang: str) -> list[str]:
    return render.lines(registry().get("hacker"), view, lang, NAMES)


def test_the_server_says_whose_account_each_virus_is_on() -> None:
    lines = _server(VIEW, "fr")
    assert FR in lines, lines
    assert not [line for line in lines if "Tes virus sur" in line], lines
    assert EN in _server(VIEW, "en")


def test_the_page_says_it_in_the_same_words() -> None:
    state = {"names": NAMES, "view": VIEW}
    assert FR in page_lines("hacker", state, 0, "fr")
    assert EN in page_lines("hacker", state, 0, "en")


def test_under_brouillage_the_owner_is_not_told() -> None:
    """H7: the accounts show no colour, the view no owner: the line says the account only."""
    blurred = {**VIEW, "blurred": True,
               "accounts": [{**a, "owner": None} for a in VIEW["accounts"]]}
    fr = "Tu as posé 1 virus sur le compte 5 et 2 virus sur le compte 6."
    assert fr in _server(blurred, "fr")
    assert fr in page_lines("hacker", {"names": NAMES, "view": blurred}, 0, "fr")


def test_ones_own_account_is_yours() -> None:
    own = {**VIEW, "accounts": [{"id": 2, "owner": 0, "bills": None,
                                 "stack": [{"owner": 0, "trip": 1}]}]}
    assert "Tu as posé 1 virus sur ton compte 3." in _server(own, "fr")
    assert "You dropped 1 virus on your account 3." in _server(own, "en")
    assert [line for line in _accounts_in_words(own, 0, "fr") if "ton compte 3" in line]


#: Sami's virus on Tom's account 6, which Léa noticed (H4), and two of Tom's on Sami's
#: account 5 and Léa's account 4: « Tu sais à qui : le virus du compte 6 (trajet de Tom)
#: est à Sami » was the old riddle, with the trip no child could follow.
NOTICED: dict[str, Any] = {
    "phase": "drop", "you": 0, "round": 1, "rounds": 4, "viruses": 3,
    "accounts": [{"id": 3, "owner": 0, "bills": None, "stack": [{"owner": 2, "trip": 0}]},
                 {"id": 4, "owner": 1, "bills": None,
                  "stack": [{"owner": 2, "trip": 1}, {"owner": 0, "trip": 1}]},
                 {"id": 5, "owner": 2, "bills": None, "stack": [{"owner": 1, "trip": 2}]}],
}
NOTICED_FR = ["Tu as posé 1 virus sur le compte 5 de Sami.",
              "Tu sais que Tom a posé 1 virus sur ton compte 4 et 1 virus sur le compte 5 "
              "de Sami.",
              "Tu sais que Sami a posé 1 virus sur le compte 6 de Tom."]
NOTICED_EN = ["You dropped 1 virus on Sami's account 5.",
              "You know Tom dropped 1 virus on your account 4 and 1 virus on Sami's "
              "account 5.",
              "You know Sami dropped 1 virus on Tom's account 6."]


def test_another_s_noticed_virus_says_who_dropped_it_on_whose_account() -> None:
    for lang, said in (("fr", NOTICED_FR), ("en", NOTICED_EN)):
        server = _server(NOTICED, lang)
        page = page_lines("hacker", {"names": NAMES, "view": NOTICED}, 0, lang)
        for line in said:
            assert line in server, (line, server)
            assert line in page, (line, page)
        for lines in (server, page):
            assert not [x for x in lines if "trajet" in x or "trip" in x or "sais à qui" in x]


def test_a_noticed_virus_under_brouillage_names_no_account_owner() -> None:
    """H7: no account's owner, even where the seat knows the virus's."""
    blurred = {**NOTICED, "blurred": True,
               "accounts": [{**a, "owner": None} for a in NOTICED["accounts"]]}
    fr = "Tu sais que Tom a posé 1 virus sur le compte 4 et 1 virus sur le compte 5."
    assert fr in _server(blurred, "fr")
    assert fr in page_lines("hacker", {"names": NAMES, "view": blurred}, 0, "fr")
