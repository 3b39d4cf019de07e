"""A Hacker phone reads its accounts in sentences: the drawn board shows every account's
owner and viruses to everyone, so the phone's text says only what this seat sees besides
(its bills, the viruses it knows), without the terminal's table (« │ » columns, « ▮J3 »)."""

from __future__ import annotations

import html
import random
import re

from tests.drawing import slot
from tests.server import socketless


def test_the_phone_says_its_accounts_in_words_and_the_terminal_keeps_its_table() -> None:
    room = socketless.playing_room("hacker", 4, 5)
    socketless.random_moves(room, random.Random(5), 120)
    for lang, title in (("fr", "Tes billets"), ("en", "Your bills")):
        shown = html.unescape(slot(room, 0, "board", lang))
        text = re.sub(r"<[^>]+>", " ", shown)
        assert title in text
        assert "│" not in text and "▮" not in text and not re.search(r"\b[JP]\d\b", text)
    terminal = room.game.text.view(room.state.view(0), "fr")  # board=True: the table
    assert "│" in terminal and "▮" in terminal


def test_a_single_bill_is_said_alone() -> None:
    """« compte 6 : 3 = 3 » summed one bill: the sum is written from two bills on, the
    same in the terminal (text.py) and on the phone (hacker.js, kept equal by
    tests/server/test_page_lines.py)."""
    from ludinum.games.hacker.words import bills

    assert bills([3], "fr") == "3"
    assert bills([3, 2], "fr") == "3 + 2 = 5"
    assert bills([], "fr") == "aucun" and bills([], "en") == "none"
    room = socketless.playing_room("hacker", 4, 5)
    socketless.random_moves(room, random.Random(5), 3)  # a few bills credited
    terminal = room.game.text.view(room.state.view(0), "fr")
    assert not re.search(r"(?<![+\d] )\b(\d+) = \1\b", terminal), terminal


def test_english_lines_have_no_space_before_a_semicolon() -> None:
    """« Your bills: account 5: none ; account 7: none » on an English phone: the French
    spacing (a space before « ; ») was written into the English lines, on the phone
    (hacker.js), in the terminal (screen.py) and in the board's spoken title."""
    room = socketless.playing_room("hacker", 4, 5)
    socketless.random_moves(room, random.Random(5), 120)
    for seat in range(4):
        shown = html.unescape(slot(room, seat, "board", "en"))
        text = re.sub(r"<[^>]+>", " ", shown)
        assert "Your bills:" in text and not re.search(r"\S[ \u00a0\u202f][;:]", text), text
        terminal = room.game.text.view(room.state.view(seat), "en")
        assert not re.search(r"\S[ \u00a0\u202f]; ", terminal), terminal
        assert "; " in slot(room, seat, "map", "en")  # the title lists the accounts
        assert not re.search(r"\S[ \u00a0\u202f]; ", slot(room, seat, "map", "en"))
    french = html.unescape(slot(room, 0, "board", "fr"))
    assert re.search(r"\S\u202f; ", french), french  # French keeps its thin space


def test_a_player_out_of_viruses_during_a_trip_is_told_why_they_wait() -> None:
    """H3: during a trip every player but the traveller may drop viruses. A player whose
    viruses were all dropped (or who said « J'ai fini ») read « Attends ton tour… » while
    the others played on: it read as a game stuck or a turn skipped. They are told why and
    what they wait for; the traveller still reads what goes on at the bank."""
    from ludinum.games import get_game

    text = get_game("hacker").text
    trip = {"phase": "trip", "traveller": 3, "you": 0, "hand": 0, "done": False}
    assert text.waiting(trip, "fr") == (
        "Tu n'as plus de virus pour ce tour : attends la fin du trajet.")
    assert text.waiting({**trip, "hand": 2, "done": True}, "fr") == (
        "Tu as fini pour ce trajet : attends qu'il se termine.")
    assert text.waiting(trip, "en") == (
        "You have no virus left this round: wait for the trip to end.")
    assert text.waiting({**trip, "hand": 2, "done": True}, "en") == (
        "You are done for this trip: wait for it to end.")
    # The traveller: a timed trip (H3) ends with its clock, a turn-based one (trip_seconds
    # at 0) when the others have all finished; no clock is promised where there is none.
    assert text.waiting({**trip, "you": 3, "live": True}, "fr") == (
        "Tu es à la banque : pendant ce temps, les autres peuvent poser des virus en secret. "
        "Tu reviens quand le temps est écoulé.")
    assert text.waiting({**trip, "you": 3, "live": False}, "fr") == (
        "Tu es à la banque : pendant ce temps, les autres peuvent poser des virus en secret. "
        "Tu reviens quand ils ont tous fini.")
    assert text.waiting({**trip, "you": 3, "live": False}, "en").endswith(
        "You come back when they have all finished.")
    assert text.waiting({**trip, "phase": "protect"}, "fr") == ""
    assert text.waiting({**trip, "hand": 2}, "fr") == ""  # still dropping: a decision


def test_the_protection_phase_speaks_of_protecting() -> None:
    """« il choisit dans quel ordre il résout la protection de ses différents comptes
    attaqués » (H5): the phase, the seat (« ☂ se protège ») and the rules speak of
    protecting, the child's screen of « traiter » a compte (« Touche le compte à
    traiter. », « Traiter ton compte 4 », « Léa traite le compte 4. »), a word for adults.
    They say « protéger » now."""
    from ludinum.engine import Action, Event
    from ludinum.games import get_game
    from tests.drawing import decision

    game = get_game("hacker")
    accounts = [{"id": k, "owner": k % 4, "stack": [{"trip": 1, "owner": None}]}
                for k in range(12)]
    view = {"players": 4, "accounts": accounts, "you": 0, "phase": "protect",
            "protector": 0}
    protects = [Action.make("protect", account=k) for k in (0, 4)]
    said = html.unescape(decision(game, 0, view, protects, "fr"))
    assert "Touche le compte à protéger." in said and "traiter" not in said.lower(), said
    assert "Protéger ton compte 1" in said
    said = html.unescape(decision(game, 0, view, protects, "en"))
    assert "Tap the account to protect." in said and "Protect your account 1" in said
    told = game.text.event(Event("resolve", {"player": 0, "account": 4}), "fr")
    assert "protège le compte 5" in told and "traite" not in told, told
    told = game.text.event(Event("resolve", {"player": 0, "account": 4}), "en")
    assert "protects account 5" in told, told


def test_the_terminal_asks_who_dropped_the_virus() -> None:
    """``ludinum play``: the guess was « Rouge (J1) : 1. Désigner Bleu (J2) … » under the
    table, the account only marked « ▶ » in it; the phone asks « Qui a posé ce virus sur ton
    compte 5 ? ». The terminal asks it too, with the trip the virus came in and what a
    wrong guess costs (H5); the web's text under the board does not (its decision does)."""
    from rich.text import Text

    from ludinum.games.hacker import screen

    def render(view: dict[str, object], lang: str, board: bool) -> str:
        return Text.from_markup(screen.render(view, lang, board)).plain

    accounts = [{"id": k, "owner": k % 4, "stack": [], "bills": None} for k in range(12)]
    accounts[4]["stack"] = [{"trip": 1, "owner": None}, {"trip": 2, "owner": None}]
    view = {"players": 4, "accounts": accounts, "you": 0, "current": 4, "phase": "guess",
            "protector": 0, "round": 1, "rounds": 4, "bank": 30, "hand": 3, "viruses": 3}
    said = render(view, "fr", board=True)
    assert ("Qui a posé le virus du haut de ton compte 5 ? Il a été posé pendant le trajet "
            "de Vert (J3). Si tu te trompes, son auteur te prend un billet de ce compte."
            ) in said, said
    assert "Who dropped the virus on top of your account 5?" in render(view, "en", board=True)
    assert "Qui a posé" not in render(view, "fr", board=False)
    assert "Qui a posé" not in render({**view, "you": 1}, "fr", board=True)
    mine = {**view, "accounts": [*accounts[:4], {**accounts[4], "stack": [
        {"trip": 0, "owner": None}]}, *accounts[5:]]}
    assert "Il a été posé pendant ton trajet." in render(mine, "fr", board=True)
