"""How Hacker's phones draw the accounts and a seat's decision
(``games/hacker/web/board.js``): grouped by owner, or in place order under brouillage (H7),
every move once, on the account it is about or as a button."""

from __future__ import annotations

import re
from html import unescape

from ludinum.engine import Action
from ludinum.games import get_game
from tests.conformance.playout import phone_decisions
from tests.drawing import controls, decision, shared

GAME = get_game("hacker")


def _rows(html: str) -> list[list[int]]:
    """The account numbers of each row of a drawn decision, in order."""
    rows = re.split(r'<div class="account-row', html)[1:]
    return [[int(n) for n in re.findall(r"n° (\d+)", row)] for row in rows]


def test_accounts_grouped_by_owner_or_three_a_row_under_brouillage() -> None:
    accounts = [{"id": k, "owner": k % 4, "stack": []} for k in range(8)]
    drops = [Action.make("drop", account=k) for k in range(8)]
    view = {"players": 4, "accounts": accounts, "you": 0}
    assert _rows(decision(GAME, 0, view, drops)) == [[1, 5], [2, 6], [3, 7], [4, 8]]
    hidden = [{"id": k, "owner": None, "stack": []} for k in range(8)]  # H7: no owner shown
    blurred = {"players": 4, "accounts": hidden, "blurred": True, "you": 0}
    assert _rows(decision(GAME, 0, blurred, drops)) == [list(range(1, 9))]  # in place order
    board = shared().screen(GAME, {"lang": "fr", "seat": None, "view": blurred,
                                   "names": []}, ("map",))["map"]
    assert board.count('<g class="row">') == 3  # three a row on the board


def test_every_choice_is_an_account_tile_or_a_button_once() -> None:
    kinds_seen: set[str] = set()
    for seat, view, legal in phone_decisions(GAME, 5, range(3), 200):
        html = decision(GAME, seat, view, legal)
        assert sorted(map(repr, controls(html))) == sorted(repr(a.to_json()) for a in legal)
        tiles = re.findall(r'<button[^>]*class="act account-tile[^"]*"[^>]*data-action="([^"]*)"',
                           html)
        on_accounts = [a for a in legal if a.get("account") is not None]
        assert len(tiles) == len(on_accounts)
        kinds_seen.update(a.kind for a in on_accounts)
    assert {"drop", "credit", "protect"} <= kinds_seen


def test_a_guess_a_theft_and_a_credit_say_what_they_are_about() -> None:
    """« Désigner Tom » alone asked nothing: the guess names the account and the trip its
    virus came in, and what a wrong guess costs; a theft names whose account; a credit the
    bill's value."""
    import random as random_lib

    from tests.server import socketless

    said = socketless.decisions_shown(socketless.playing_room("hacker", 4, 3),
                                      random_lib.Random(3), ("guess", "steal", "credit"))
    assert set(said) == {"guess", "steal", "credit"}
    assert "Qui a posé ce virus sur ton compte " in said["guess"]
    assert "Il a été posé pendant le trajet de " in said["guess"]
    assert "son auteur te prend un billet de ce compte" in said["guess"]
    assert "n'a pas deviné que c'était toi : prends-lui un billet du compte " in said["steal"]
    assert "Touche le compte où ranger ton billet de " in said["credit"]


def test_a_guess_on_a_virus_of_your_own_trip_says_ton_trajet() -> None:
    """The guesser is told during whose trip the virus came: « pendant le trajet de
    Élève 2 » was said to Élève 2 himself when it came during his own trip."""
    guesses = [Action.make("guess", player=p) for p in (1, 2, 3)]

    def asked(trip: int, lang: str = "fr") -> str:
        accounts = [{"id": k, "owner": k % 4, "stack": [], "bills": None} for k in range(12)]
        accounts[4]["stack"] = [{"trip": 2, "owner": None}, {"trip": trip, "owner": None}]
        view = {"players": 4, "accounts": accounts, "you": 0, "current": 4,
                "phase": "protect", "protector": 0}
        return decision(GAME, 0, view, guesses, lang)

    assert "Il a été posé pendant ton trajet." in asked(0)
    assert "pendant le trajet d'Élève 1" not in unescape(asked(0))
    assert "Il a été posé pendant le trajet d'Élève 4." in unescape(asked(3))  # elided
    assert "It was dropped during your trip." in asked(0, "en")


def test_a_drop_says_whose_trip_it_is() -> None:
    """At the table during a trip (H3), the prompt names who is at the bank first: on a
    small phone who walks to the bank was below seven rows of accounts."""
    accounts = [{"id": k, "owner": k % 4, "stack": []} for k in range(12)]
    drops = [Action.make("drop", account=k) for k in range(12) if k % 4 != 1]
    view = {"players": 4, "accounts": accounts, "you": 1, "phase": "trip", "traveller": 2}
    names = ["Léa", "Sami", "Inès", "Tom"]
    said = unescape(decision(GAME, 1, view, drops, "fr", names))
    assert "Inès est à la banque\u00a0: touche un compte pour y poser un virus" in said, said
    said = unescape(decision(GAME, 1, view, drops, "en", names))
    assert "Inès is at the bank: tap an account to drop" in said, said


def _theft(blurred: bool) -> tuple[dict[str, object], list[Action]]:
    """Seat 0's view as the thief of a bill of account 5, protected by seat 2 (its owner
    not shown under brouillage, H7), and its three choices."""
    accounts = [{"id": k, "owner": None if blurred else (k + 1) % 4, "stack": [], "bills": None}
                for k in range(12)]
    view = {"players": 4, "accounts": accounts, "you": 0, "current": 5, "phase": "steal",
            "protector": 2, "thief": 0, "blurred": blurred}
    return view, [Action.make("steal", slot=i) for i in range(3)]


def test_a_theft_under_brouillage_says_what_it_is() -> None:
    """H7: in the last round under brouillage no account shows its owner, and the thief's
    phone showed seven buttons « Prendre le billet n° 1 … 7 » and not a word of what was
    happening (the sentence named the account's owner, hidden). Who protects is public
    (« Raté pour Noé sur le compte 6 »): the sentence names them."""
    names = ["Léa", "Sami", "Inès", "Tom"]
    for blurred in (False, True):
        view, steals = _theft(blurred)
        said = unescape(decision(GAME, 0, view, steals, "fr", names))
        assert ("Inès n'a pas deviné que c'était toi\u00a0: prends-lui un billet du "
                "compte 6, sans en voir la valeur.") in said, (blurred, said)
        said = unescape(decision(GAME, 0, view, steals, "en", names))
        assert "Inès did not find you: take one of their bills" in said, (blurred, said)


def test_the_thief_touches_the_bill_he_takes() -> None:
    """A child acts by touching the thing he acts on: the bills under the account are drawn
    face down, one to tap each (« n° 1 », its value unseen), not a column of buttons."""
    view, steals = _theft(False)
    html = decision(GAME, 0, view, steals)
    tiles = re.findall(r'<button[^>]*class="card-tile[^"]*act[^"]*"[^>]*data-action="([^"]*)"',
                       html)
    assert len(tiles) == 3, html
    assert sorted(map(repr, controls(html))) == sorted(repr(a.to_json()) for a in steals)
    assert 'class="act"' not in html and 'class="act primary"' not in html
    assert "face cachée" in unescape(html)


def test_the_board_under_brouillage_says_comptes_brouilles_once() -> None:
    """H7: the projector's board in the last round wrote « ? comptes brouillés » over each
    row of three places (five times with 5 players, seven with 7): the table reads it once,
    over the first row; the rows keep their places."""
    hidden = [{"id": k, "owner": None, "stack": []} for k in range(15)]
    blurred = {"players": 5, "accounts": hidden, "blurred": True, "you": None, "round": 4,
               "rounds": 4, "phase": "trip", "bank": 12}
    for lang, words in (("fr", "comptes brouillés"), ("en", "scrambled accounts")):
        board = shared().screen(GAME, {"lang": lang, "seat": None, "view": blurred,
                                       "names": []}, ("map",))["map"]
        assert board.count('<g class="row">') == 5
        assert board.count(words) == 1, board


def test_an_english_account_is_named_with_a_possessive() -> None:
    """« Drop a virus on account 5 of Léa » was the French « le compte 5 de Léa » word for
    word: English says « Drop a virus on Léa's account 5 »."""
    accounts = [{"id": k, "owner": k % 4, "stack": []} for k in range(12)]
    view = {"players": 4, "accounts": accounts, "you": 1, "phase": "trip", "traveller": 2,
            "names": ["Léa", "Sami", "Inès", "Tom"]}
    said = GAME.text.action(Action.make("drop", account=4), view, "en")
    assert said.startswith("Drop a virus on ") and "'s account 5" in said, said
    assert " of " not in said, said
    assert GAME.text.action(Action.make("drop", account=4), view, "fr").startswith(
        "Poser un virus sur le compte 5 de "), said
