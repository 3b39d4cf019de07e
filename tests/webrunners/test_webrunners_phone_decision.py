"""How a Web Runners phone draws a seat's decision (``games/webrunners/web/board.js``,
issue 21): every move once, the cards in hand it cannot play now greyed on its own turn
only."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from ludinum.games import get_game
from ludinum.games.webrunners import GAME
from ludinum.games.webrunners.data import BRIDGE, DECK_DATA
from tests.conformance.playout import phone_decisions
from tests.drawing import controls, decision
from tests.reading import unescaped
from tests.webrunners.helpers import act, arrange, new

OWN_TURN = {"move", "stay", "attack", "pay", "discard", "whitehat", "cross"}
#: The bridge cards of the deck (their face's symbol: P).
BRIDGES = {c.id for c in DECK_DATA.cards if c.kind == BRIDGE}


def test_every_choice_is_drawn_once_and_idle_cards_only_on_the_pupils_turn() -> None:
    game = get_game("webrunners")
    seen: set[str] = set()
    for seat, view, legal in phone_decisions(game, 4, range(4), 150):
        html = decision(game, seat, view, legal)
        sent = controls(html)
        # a crossing is sent by each bridge card of the hand (W3), every other move once
        bridges = {c for c in view.get("hand") or [] if c in BRIDGES}
        crossing = [a for a in sent if a["kind"] == "cross"]
        if any(a.kind == "cross" for a in legal) and bridges:
            assert len(crossing) == len(bridges)
            sent = [a for a in sent if a["kind"] != "cross"] + crossing[:1]
        assert sorted(map(repr, sent)) == sorted(repr(a.to_json()) for a in legal)
        # a card used two ways is tapped, then one of its uses
        picked = set(re.findall(r'data-card="([^"]+)"', html))
        for card in picked:
            assert game.text.card_face(card, "fr") is not None
        # the pupil's own turn: a card to play or use (not an answer to someone else's)
        own = any(a.kind in OWN_TURN and a.get("card") and a.kind not in ("target", "influence")
                  for a in legal)
        idle = re.findall(r'class="card-tile tone-\w+ idle"', html)
        # the cards a tap plays (staying in place and White Hat's power are buttons below)
        played = {str(a.get("card")) for a in legal if a.get("card")
                  and a.kind not in ("target", "influence", "stay", "whitehat")}
        if any(a.kind == "cross" for a in legal):
            played |= bridges
        if own and played:  # the hand is drawn when a card of it is played
            hand = [c for c in view.get("hand") or [] if c not in played]
            assert len(idle) == len(dict.fromkeys(hand))
            seen.update({"idle"} if idle else set())
        else:
            assert not idle
        seen.update(k for k, present in (
            ("targets", 'class="act target"' in html), ("picked", bool(picked)),
            ("extra", "more-choices" in html), ("played", 'class="card-tile' in html))
            if present)
    assert {"targets", "extra", "played", "idle"} <= seen


def _prompt(state: Any, seat: int, lang: str = "fr") -> str:
    """The step prompt the phone of ``seat`` draws above its cards (empty when none), its
    French no-break spaces read as spaces."""
    html = decision(GAME, seat, state.view(seat), state.legal_actions(seat), lang)
    found = re.search(r'<div class="prompt step"><p>(.*?)</p>', html)
    return unescaped(found.group(1)) if found else ""


def test_each_step_says_whose_cards_and_what_a_tap_does() -> None:
    """A green cell, a Hacking exchange, a Surveillance draw, Geekcolo's search, White Hat's
    conversion and a Bug's distance showed only « À toi de jouer ! » above cards: a pupil
    could not tell the hacked hand from their own, nor that « Terminer » ends the discards.
    Each step now says it (W5, W8, W9, W10, W13)."""
    names = [f"Élève {i + 1}" for i in range(8)]
    s = arrange(new(3), hands={0: ["plain_2", "bug"]}, pawns={0: (1, 4)})
    act(s, 0, "move card=plain_2")  # cell 6: green
    # The end button says what it does (« Garder toutes mes cartes »…): not named here.
    assert _prompt(s, 0) == ("Case verte : touche les cartes à défausser, une à une ; "
                             "tu en repioches autant à la fin.")

    s = arrange(new(3), hands={0: ["hacking", "plain_2"], 1: ["plain_5", "bug"]})
    act(s, 0, "attack card=hacking")
    act(s, 0, "target seat=1")
    act(s, 1, "accept")
    # « d'Élève 2 »: « de » elided before a vowel (engine/game.py, with_word)
    assert _prompt(s, 0) == (f"Touche une carte de la main d'{names[1]} pour la prendre "
                             "(2 au plus), ou « Terminer ».")
    assert _prompt(s, 0, "en") == (f"Tap a card of {names[1]}'s hand to take it (2 at most), "
                                    "or “Done”.")
    act(s, 0, "take card=bug")
    assert _prompt(s, 0) == (f"Touche une carte de ta main à donner à {names[1]} "
                             "en échange.")
    assert _prompt(s, 1) == ""  # the hacked player decides nothing now

    s = arrange(new(3), hands={0: ["surveillance", "plain_5"]})
    act(s, 0, "attack card=surveillance")
    act(s, 1, "pass")
    act(s, 2, "pass")
    assert _prompt(s, 0).startswith("Touche une carte piochée pour la garder (2 au plus)")

    s = arrange(new(3), hands={0: ["plain_5"]}, chars={0: "geekcolo"}, discard=["bug"])
    act(s, 0, "geekcolo")
    assert _prompt(s, 0) == "Pouvoir Geekcolo : touche la carte de la défausse à récupérer."

    s = arrange(new(3), hands={0: ["plain_5"]}, chars={0: "white_hat"})
    act(s, 0, "whitehat card=plain_5")
    assert _prompt(s, 0) == "Pouvoir White Hat : choisis comment jouer ta carte."

    s = arrange(new(3), hands={0: ["bug"]}, pawns={1: (1, 10)})
    act(s, 0, "attack card=bug")
    act(s, 0, "target seat=1")
    act(s, 1, "accept")
    assert _prompt(s, 0) == f"Choisis de combien de cases faire reculer {names[1]}."


def test_a_bridge_is_crossed_by_tapping_a_bridge_card() -> None:
    """W3. On a bridge's entry the PONT cards of the hand were drawn dashed, as cards that
    can do nothing, and the crossing was a button below them: a pupil tapping the card
    they pay with got nothing. Each bridge card now sends the crossing and says where it
    leads."""
    s = arrange(new(2), hands={0: ["plain_pont", "e_learning", "plain_2"]}, pawns={0: (1, 12)})
    html = decision(GAME, 0, s.view(0), s.legal_actions(0))
    tiles = re.findall(r'<button[^>]*class="card-tile[^"]*"[^>]*data-action="([^"]*)"', html)
    crossing = [t for t in tiles if "cross" in unescape(t)]
    assert len(crossing) == 2  # Pont and E-learning
    assert not re.search(r'class="card-tile[^"]* idle"', html)
    assert "Franchir le pont (2 cartes PONT)" in unescape(html).replace("\xa0", " ")


def test_paying_a_bridge_says_how_many_cards_are_left() -> None:
    """W3. A 2-bar bridge paid with two kinds of PONT cards asks which to play: the phone
    said « Touche les cartes PONT à jouer » and never how many, so a pupil tapped one and
    waited. It now counts down."""
    s = arrange(new(2), hands={0: ["plain_pont", "e_learning", "plain_pont", "plain_2"]},
                pawns={0: (1, 12)})
    act(s, 0, "cross")
    assert _prompt(s, 0) == ("Il reste 2 cartes PONT à payer pour franchir le pont : "
                             "touche-les une à une.")
    assert _prompt(s, 0, "en") == ("2 bridge cards left to pay to cross the bridge: tap them "
                                   "one by one.")
    s = arrange(new(2), hands={0: ["plain_pont", "e_learning", "communaute", "s_informer"]},
                pawns={0: (1, 5)})  # a 3-bar bridge, four kinds of PONT cards
    act(s, 0, "cross")
    assert _prompt(s, 0).startswith("Il reste 3 cartes PONT")
    act(s, 0, "pay card=e_learning")
    act(s, 0, "pay card=communaute")
    assert _prompt(s, 0) == "Il reste 1 carte PONT à payer pour franchir le pont : touche-la."


#: The longest label a phone puts on a card (read aloud to a child): « Avancer de 10 →
#: case 15 (verte : défausser et repiocher) » is 56 characters.
CARD_LABEL_MAX = 60


def test_a_card_on_the_phone_says_what_the_tap_does_not_the_cards_name_again() -> None:
    """The phone draws the card with its name: its label says what happens (« Avancer de
    5 → case 12 »), never « Jouer Identité numérique, 5 cases : avancer de 5 → … »; the
    terminal, with no card pictures, keeps the name (:meth:`action`)."""
    from ludinum.games.webrunners.text import plain_name
    from ludinum.server import render

    game = get_game("webrunners")
    kinds: set[str] = set()
    for _seat, view, legal in phone_decisions(game, 4, range(8), 150):
        for a, label in render.labelled(game, view, legal, "fr"):
            card = a.get("card")
            if card is None or a.kind in ("stay", "whitehat"):  # buttons, no card drawn
                continue
            name = plain_name(str(card), "fr")
            assert name not in label, label
            assert len(label) <= CARD_LABEL_MAX, label
            assert name in game.text.action(a, view, "fr")  # the terminal's
            kinds.add(a.kind)
    assert {"move", "attack", "discard"} <= kinds, kinds


def test_a_move_on_the_phone_reads_where_the_pawn_lands() -> None:
    """A move stays on its circle (W4): « Avancer de 2 → case 14 (jaune : rejouer) »."""
    from ludinum.server import render

    game = get_game("webrunners")
    moves = [label for _seat, view, legal in phone_decisions(game, 2, range(2), 40)
             for a, label in render.labelled(game, view, legal, "fr") if a.kind == "move"]
    assert moves
    for label in moves:
        assert re.fullmatch(r"Avancer de \d+( → (case \d+|case «\u202f\d+\u202f»|START).*)?",
                            label), label


def test_giving_up_an_exchange_is_set_apart_and_asked_first() -> None:
    """W12: during a Hacking or Surveillance exchange the phone offered « Abandonner cette
    action » as a large button among the others: one tap cancelled the pupil's whole
    attack. It is now a small secondary button, apart, that asks first, and says what it
    gives up."""
    game = get_game("webrunners")
    met = 0
    for seat, view, legal in phone_decisions(game, 4, range(6), 400):
        if not any(a.kind == "timeout" for a in legal):
            continue
        raw = decision(game, seat, view, legal)
        html = unescape(raw)
        found = re.search(r'<button type="button" class="act secondary"([^>]*)>([^<]+)</button>',
                          raw)
        assert found, html
        assert controls(found.group(0)) == [{"kind": "timeout"}]
        assert unescape(found.group(2)) == "Abandonner l'échange"
        asks = re.search(r'data-confirm="([^"]+)"', found.group(1))
        assert asks and "Aucune carte ne sera échangée" in unescape(asks.group(1))
        buttons = html.split('<div class="buttons">', 1)[-1].split("</div>", 1)[0]
        assert "Abandonner" not in buttons
        met += 1
    assert met, "no exchange met"


def test_a_plain_turn_says_to_tap_a_card() -> None:
    """A normal turn showed « À toi de jouer ! » above the cards and nothing telling a child
    what to do: the phone now says to tap a card, as the other steps say theirs; not to a
    seat waiting for another's turn, nor with an empty hand (nothing to tap but « Rester
    sur place »)."""
    s = arrange(new(3), hands={0: ["plain_2", "bug"]})
    assert _prompt(s, 0) == "Touche une carte pour la jouer."
    assert _prompt(s, 0, "en") == "Tap a card to play it."
    assert _prompt(s, 1) == ""
    empty = arrange(new(3), hands={0: []})
    assert _prompt(empty, 0) == ""
