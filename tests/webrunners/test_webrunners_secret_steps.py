"""Web Runners' steps the table sees no event of, as a replay says them
(``WebRunnersText.secret_step``). Besides the green cell's discard (W5), a replay said
« Un coup secret de Joueur 4 : la table ne voit pas ce qui a été joué. » for steps whose
kind the public views show: a bridge begun and each card paid for it (W3: bridge cards
are played face up), the White Hat card shown while its value is chosen (W13: shown to
everyone) or taken back, the discard searched with Geekcolo (W13: which card is picked
stays the player's). Each is said from the public views around the step only: never a
card they do not show (the hands, the discard searched, a face-down card)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from ludinum.engine import Event, visible
from ludinum.games.webrunners import GAME
from ludinum.games.webrunners.data import DECK_DATA
from ludinum.games.webrunners.state import WebRunnersState
from tests.webrunners.helpers import act, arrange, new

TEXT = GAME.text
GENERIC = re.compile(r"^(?:Un coup secret|A secret move)")
#: Every card's printed name in each language (the words a line could give a card away by).
NAMES = {card.id: (card.name_fr, card.name_en) for card in DECK_DATA.cards}


def step(state: WebRunnersState, player: int, action: str,
         lang: str = "fr") -> tuple[str, list[Event]]:
    """The replay's line of one step (the table sees ``player`` acting alone), and its
    events: the line is asked of the public views around the step only."""
    before = state.view(None)
    events = act(state, player, action)
    assert not visible(events, None), events  # a step the table hears nothing of
    return TEXT.secret_step(before, state.view(None), player, lang), events


def named(line: str) -> set[str]:
    """The cards ``line`` names, by their printed name as a whole word (« Pont », the plain
    bridge card, is not « un pont »)."""
    return {ident for ident, names in NAMES.items()
            if any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", line) for n in names)}


def bridge_table() -> WebRunnersState:
    """Seat 0 on circle 1's three-bar bridge entry (cell 5) with four different bridge
    cards (so the payment is asked card by card); hidden cards in every hand."""
    return arrange(new(), hands={
        0: ["initiation_codage", "e_learning", "communaute", "s_informer", "bug", "plain_10"],
        1: ["hacking", "materiel_reconditionne", "plain_5"], 2: ["surveillance", "plain_2"],
        3: ["debug", "amour_distance"]}, pawns={0: (1, 5)})


@pytest.mark.parametrize(("lang", "begun", "paid"), [
    ("fr", "Joueur 1 va franchir un pont : 3 cartes PONT à jouer.",
     "Joueur 1 paie le pont avec « {card} » : encore {left} à jouer."),
    ("en", "Player 1 is about to cross a bridge: 3 bridge cards to play.",
     "Player 1 pays the bridge with “{card}”: {left} to play.")])
def test_a_bridge_begun_and_each_card_paid(lang: str, begun: str, paid: str) -> None:
    state = bridge_table()
    line, _ = step(state, 0, "cross", lang)
    assert line == begun
    first, _ = step(state, 0, "pay card=e_learning", lang)
    # W3: the card is played face up, on top of the discard for all to see
    assert state.view(None)["discard_top"] == "e_learning"
    left = ("2 cartes PONT", "2 more bridge cards")[lang == "en"]
    assert first == paid.format(card=NAMES["e_learning"][lang == "en"], left=left)
    second, _ = step(state, 0, "pay card=communaute", lang)
    left = ("1 carte PONT", "1 more bridge card")[lang == "en"]
    assert second == paid.format(card=NAMES["communaute"][lang == "en"], left=left)
    assert named(begun) == set() and named(second) == {"communaute"}
    events = act(state, 0, "pay card=initiation_codage")  # the last: the crossing is told
    assert "cross" in [e.kind for e in visible(events, None)]


def test_a_card_paid_that_the_discard_does_not_show_is_not_named() -> None:
    """Said from the public views: a discard whose top the views do not show (face down)
    says « une carte PONT », never which."""
    before = {"phase": "pay", "pending": {"seat": 2, "left": 3}, "discard_size": 4,
              "discard_top": "bug"}
    after = {"phase": "pay", "pending": {"seat": 2, "left": 2}, "discard_size": 5,
             "discard_top": None}
    assert TEXT.secret_step(before, after, 2, "fr") == (
        "Joueur 3 paie le pont avec une carte PONT : encore 2 cartes PONT à jouer.")
    assert TEXT.secret_step(before, after, None, "en") == (
        "A player pays the bridge with a bridge card: 2 more bridge cards to play.")


@pytest.mark.parametrize(("lang", "shown", "back"), [
    ("fr", "Joueur 1 montre la carte « Déplacement 5 » (pouvoir White Hat) et choisit ce "
           "qu'elle vaudra.", "Joueur 1 renonce au pouvoir White Hat et reprend sa carte."),
    ("en", "Player 1 shows the card “Move 5” (White Hat power) and chooses what it will "
           "count as.", "Player 1 gives up the White Hat power and takes the card back.")])
def test_the_white_hat_card_shown_then_taken_back(lang: str, shown: str, back: str) -> None:
    state = arrange(new(), hands={0: ["plain_5", "hacking", "initiation_codage"],
                                  1: ["contre_hacking", "plain_10"]},
                    chars={0: "white_hat"})
    line, _ = step(state, 0, "whitehat card=plain_5", lang)
    assert state.view(None)["pending"]["card"] == "plain_5"  # W13: shown to everyone
    assert line == shown and named(line) == {"plain_5"}
    line, _ = step(state, 0, "cancel", lang)
    assert line == back and named(line) == set()
    assert state.view(None)["powers_used"][0] is False  # not spent: nothing else to say


@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "Joueur 1 fouille la défausse (pouvoir Geekcolo)."),
    ("en", "Player 1 searches the discard (Geekcolo power).")])
def test_the_discard_searched_with_geekcolo(lang: str, said: str) -> None:
    """What the discard holds is shown to the Geekcolo player only: none of it is said."""
    state = arrange(new(), hands={0: ["plain_1", "plain_2"]}, chars={0: "geekcolo"},
                    discard=["hacking", "s_informer", "identite_numerique"])
    state.dseen[1] = 1 << 2  # a card only seat 2 saw go (a green cell's discard, W5)
    line, events = step(state, 0, "geekcolo", lang)
    assert line == said and named(line) == set()
    assert [e.to for e in events] == [(0,)]  # the discard is shown to the searcher only


def test_a_seat_the_table_does_not_see_acting_is_not_named() -> None:
    before = {"phase": "main", "pending": None}
    after = {"phase": "geek", "pending": {"seat": 1}}
    assert TEXT.secret_step(before, after, None, "fr") == (
        "Un joueur fouille la défausse (pouvoir Geekcolo).")
    # a step whose kind the views do not show keeps the engine's line
    assert GENERIC.match(TEXT.secret_step({"phase": "main"}, {"phase": "main"}, 1, "fr"))


def _secret_steps(games: int) -> list[tuple[str, str, dict[str, Any], list[Event]]]:
    """Random games' secret steps: the action's kind, the replay's line, the public view
    after the step and the step's events (the private ones say what the table is not
    told)."""
    out = []
    for seed in range(games):
        state = GAME.setup(GAME.make_config(players=2 + seed % 3, seed=seed))
        rng = random.Random(seed)
        for _ in range(500):
            if state.is_terminal():
                break
            player = rng.choice(list(state.active_players()))
            action = rng.choice(state.legal_actions(player))
            actor = state.public_active(None) == (player,)
            before = state.view(None)
            events = state.apply(player, action)
            if not visible(events, None):
                after = state.view(None)
                line = TEXT.secret_step(before, after, player if actor else None, "fr")
                out.append((action.kind, line, after, events))
    return out


def test_no_secret_step_of_a_real_game_keeps_the_generic_line() -> None:
    steps = _secret_steps(30)
    kinds = {kind for kind, *_ in steps}
    assert {"discard", "cross", "pay", "whitehat", "geekcolo"} <= kinds, kinds
    for kind, line, after, _ in steps:
        assert not GENERIC.match(line), (kind, line)
        shown = {after.get("discard_top"), (after.get("pending") or {}).get("card")}
        # only a card the public view shows may be named
        assert named(line) <= shown, (kind, line, after)
