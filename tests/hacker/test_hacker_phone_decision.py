"""How Hacker's screens group the accounts and sort a seat's decision before drawing them
(``HackerText.rows`` and ``decision``: frag/actions_hacker.html, boards/hacker.html)."""

from __future__ import annotations

from ludinum.games import get_game
from tests.conformance.playout import phone_decisions


def test_accounts_grouped_by_owner_or_three_a_row_under_brouillage() -> None:
    text = get_game("hacker").text
    accounts = [{"id": k, "owner": k % 4, "stack": []} for k in range(8)]
    rows = text.rows({"players": 4, "accounts": accounts})
    assert [owner for owner, _ in rows] == [0, 1, 2, 3]
    assert [[a["id"] for a in group] for _, group in rows] == [[0, 4], [1, 5], [2, 6], [3, 7]]
    hidden = [{"id": k, "owner": None, "stack": []} for k in range(8)]  # H7: no owner shown
    blurred = {"players": 4, "accounts": hidden, "blurred": True}
    assert [[a["id"] for a in g] for _, g in text.rows(blurred)] == [[0, 1, 2], [3, 4, 5], [6, 7]]
    assert text.rows(blurred, together=True) == [(None, hidden)]


def test_every_choice_is_an_account_tile_or_a_button_once() -> None:
    game = get_game("hacker")
    kinds_seen: set[str] = set()
    for _seat, view, choices in phone_decisions(game, 5, range(3), 200):
        d = game.text.decision(choices, view)
        assert all(c[0].get("account") is None for c in d["others"])
        assert {k: c[0].get("account") for k, c in d["by_account"].items()} == {
            k: k for k in d["by_account"]}
        assert len(d["by_account"]) + len(d["others"]) == len(choices)
        assert d["kinds"] == list(dict.fromkeys(c[0].kind for c in d["by_account"].values()))
        kinds_seen.update(d["kinds"])
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
