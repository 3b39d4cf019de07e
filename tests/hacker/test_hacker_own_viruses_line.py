"""A pupil who dropped two viruses on one account during one trip read it twice on their
phone: « Tes virus sur : compte 4 (trajet de Tom) ; compte 5 (trajet de Tom) ; compte 5
(trajet de Tom). », as if the screen stuttered. The same account and trip is said once,
with how many: « compte 5 (trajet de Tom) ×2 », in the server's text and the page's."""

from __future__ import annotations

from typing import Any

from ludinum.games.hacker.screen import _accounts_in_words
from tests.server.test_page_lines import page_lines

STACKS = {4: [{"owner": 0, "trip": 2}], 5: [{"owner": 0, "trip": 2}, {"owner": 0, "trip": 2},
                                            {"owner": 1, "trip": 2}]}
VIEW: dict[str, Any] = {
    "phase": "drop", "accounts": [{"id": i, "bills": None, "stack": s} for i, s in STACKS.items()],
}


def test_the_server_says_each_account_and_trip_once() -> None:
    lines = _accounts_in_words(VIEW, 0, "fr")
    mine = [line for line in lines if line.startswith("Tes virus sur")]
    assert len(mine) == 1 and mine[0].count("compte 6") == 1, lines
    assert mine[0].endswith("compte 6 (trajet de [green]Vert (J3)[/green]) ×2."), lines
    en = [line for line in _accounts_in_words(VIEW, 0, "en") if line.startswith("Your viruses on")]
    assert len(en) == 1 and en[0].count("account 6") == 1 and en[0].endswith(") ×2."), en


def test_the_page_says_each_account_and_trip_once() -> None:
    state = {"names": ["Léa", "Sami", "Tom"], "view": {**VIEW, "you": 0}}
    lines = page_lines("hacker", state, 0, "fr")
    mine = [line for line in lines if line.startswith("Tes virus sur")]
    assert len(mine) == 1 and mine[0].count("compte 6") == 1, lines
    assert mine[0].endswith("compte 6 (trajet de Tom) ×2."), lines


def test_the_english_lines_say_whose_trip_with_a_possessive() -> None:
    """« account 6 (trip of Tom) » read as a word-for-word French « trajet de Tom »:
    English says « account 6 (Tom's trip) », in the server's text and the page's alike,
    as the narration does (« A virus appears on account 5 (Léa's trip). »)."""
    view = {**VIEW, "accounts": [*VIEW["accounts"],
                                 {"id": 7, "bills": None, "stack": [{"owner": 1, "trip": 2}]}]}
    server = _accounts_in_words(view, 0, "en")
    assert not [line for line in server if "trip of" in line], server
    assert any(line.endswith("account 6 ([green]Green (P3)[/green]'s trip) ×2.")
               for line in server), server
    state = {"names": ["Léa", "Sami", "Tom"], "view": {**view, "you": 0, "seen": []}}
    page = page_lines("hacker", state, 0, "en")
    assert not [line for line in page if "trip of" in line], page
    assert any(line.endswith("account 6 (Tom's trip) ×2.") for line in page), page
